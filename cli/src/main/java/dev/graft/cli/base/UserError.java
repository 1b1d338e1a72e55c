package dev.graft.cli.base;

/** A mistake the user can fix (a bad flag value, a missing file): reported as one line, exit 1. */
public final class UserError extends RuntimeException {
  public UserError(String message) {
    super(message);
  }

  public UserError(String message, Throwable cause) {
    super(message, cause);
  }
}
