package dev.graft.runtime.session;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Another graft process works in this session; the message says what to do instead. */
public final class SessionInUseException extends UncheckedIOException {
  public SessionInUseException(String message) {
    super(message, new IOException(message));
  }
}
