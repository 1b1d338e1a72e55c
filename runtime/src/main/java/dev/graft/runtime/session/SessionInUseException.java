package dev.graft.runtime.session;

/** Another graft process works in this session; the message says what to do instead. */
public final class SessionInUseException extends java.io.UncheckedIOException {
  public SessionInUseException(String message) {
    super(message, new java.io.IOException(message));
  }
}
