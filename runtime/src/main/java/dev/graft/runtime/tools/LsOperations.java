package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The file-system access of the ls tool. */
interface LsOperations {

  boolean exists(Path path);

  /** Whether {@code path} is a directory, following symbolic links. */
  boolean isDirectory(Path path) throws IOException;

  /** The names of the entries of {@code directory}, in no particular order. */
  List<String> list(Path directory) throws IOException;
}
