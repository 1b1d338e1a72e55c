package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Words for file-system failures, in the errno style the reference agent's messages carry ({@code
 * ENOENT: no such file or directory, open '/x'}), which models know how to act on.
 */
final class FileErrors {
  private FileErrors() {}

  /** The errno name for a failure, or {@code EIO} when Java does not say. */
  static String code(IOException e) {
    return switch (e) {
      case NoSuchFileException ignored -> "ENOENT";
      case AccessDeniedException ignored -> "EACCES";
      case FileAlreadyExistsException ignored -> "EEXIST";
      case NotDirectoryException ignored -> "ENOTDIR";
      case DirectoryNotEmptyException ignored -> "ENOTEMPTY";
      case FileSystemException fse when isDirectoryReason(fse) -> "EISDIR";
      case FileSystemException fse when "Not a directory".equals(fse.getReason()) -> "ENOTDIR";
      case FileSystemException fse when "Not a regular file".equals(fse.getReason()) -> "EINVAL";
      default -> "EIO";
    };
  }

  static String describe(IOException e) {
    String code = code(e);
    String what =
        switch (code) {
          case "ENOENT" -> "no such file or directory";
          case "EACCES" -> "permission denied";
          case "EEXIST" -> "file already exists";
          case "ENOTDIR" -> "not a directory";
          case "EISDIR" -> "illegal operation on a directory";
          case "ENOTEMPTY" -> "directory not empty";
          case "EINVAL" -> "not a regular file";
          default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
    if (e instanceof FileSystemException fse && fse.getFile() != null) {
      return code + ": " + what + ", '" + fse.getFile() + "'";
    }
    return code + ": " + what;
  }

  private static boolean isDirectoryReason(FileSystemException e) {
    return "Is a directory".equals(e.getReason());
  }
}
