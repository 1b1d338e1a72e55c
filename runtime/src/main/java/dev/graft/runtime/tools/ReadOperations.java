package dev.graft.runtime.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

/** The file-system access of the read tool; tests and remote sessions may supply their own. */
interface ReadOperations {

  /** Fails with the usual exceptions (no such file, access denied, is a directory). */
  void checkReadable(Path file) throws IOException;

  /** The image format, if the file starts like one the model can be sent. */
  Optional<ImageType> detectImage(Path file) throws IOException;

  byte[] readAllBytes(Path file) throws IOException;

  InputStream open(Path file) throws IOException;
}
