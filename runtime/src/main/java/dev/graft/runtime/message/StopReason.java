package dev.graft.runtime.message;

import java.util.Optional;

/** Why an assistant turn ended, with the names session files use. */
public enum StopReason {
  /** The model finished its answer. */
  STOP("stop"),
  /** The answer hit the output token limit. */
  LENGTH("length"),
  /** The model wants tools to run. */
  TOOL_USE("toolUse"),
  /** The provider or the connection failed; the message carries {@code errorMessage}. */
  ERROR("error"),
  /** The caller aborted the turn. */
  ABORTED("aborted");

  private final String wire;

  StopReason(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** True for {@link #ERROR} and {@link #ABORTED}: the turn did not complete. */
  public boolean failed() {
    return this == ERROR || this == ABORTED;
  }

  /**
   * The stop reason named {@code wire}; empty for one graft does not know (a session file may hold
   * any).
   */
  public static Optional<StopReason> of(String wire) {
    for (StopReason r : values()) {
      if (r.wire.equals(wire)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  public static StopReason fromWire(String wire) {
    return of(wire).orElseThrow(() -> new IllegalArgumentException("unknown stop reason: " + wire));
  }
}
