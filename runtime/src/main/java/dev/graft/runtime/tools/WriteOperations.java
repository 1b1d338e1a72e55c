package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;

/** The file-system access of the write tool. */
interface WriteOperations {

  void createDirectories(Path directory) throws IOException;

  /** Writes {@code content} as UTF-8, creating or replacing the file. */
  void write(Path file, byte[] content) throws IOException;
}
