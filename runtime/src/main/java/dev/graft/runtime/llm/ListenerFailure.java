package dev.graft.runtime.llm;

/**
 * Carries an exception thrown by the caller's event listener through provider code, so that it is
 * rethrown to the caller instead of being mistaken for a provider failure.
 */
final class ListenerFailure extends RuntimeException {
  ListenerFailure(RuntimeException cause) {
    super(cause.getMessage(), cause, false, false);
  }

  RuntimeException original() {
    return (RuntimeException) getCause();
  }
}
