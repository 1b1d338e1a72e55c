package dev.graft.runtime.hooks;

/**
 * Where a prompt came from, as the {@code input} event's {@code source} says, as in the reference.
 */
public enum InputSource {
  /** Typed in the interactive mode, or given to {@code -p} or {@code --mode json}. */
  INTERACTIVE("interactive"),
  /** An RPC client's {@code prompt}. */
  RPC("rpc"),
  /** A script's {@code sendUserMessage}. */
  EXTENSION("extension");

  private final String wire;

  InputSource(String wire) {
    this.wire = wire;
  }

  /** The event's value. */
  public String wire() {
    return wire;
  }
}
