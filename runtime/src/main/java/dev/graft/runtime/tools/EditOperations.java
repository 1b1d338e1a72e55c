package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;

/** The file-system access of the edit tool. */
interface EditOperations {

  /** Fails with the usual exceptions when the file cannot be both read and written. */
  void checkEditable(Path file) throws IOException;

  byte[] readAllBytes(Path file) throws IOException;

  void write(Path file, byte[] content) throws IOException;
}
