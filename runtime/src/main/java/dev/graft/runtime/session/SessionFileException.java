package dev.graft.runtime.session;

/** A session file that cannot be used at all; the message is one line a user can act on. */
public final class SessionFileException extends Exception {
  public SessionFileException(String message) {
    super(message);
  }

  public SessionFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
