package dev.graft.runtime.config;

import java.util.Optional;

/**
 * How the user's queued steering or follow-up messages are delivered (settings.json's {@code
 * steeringMode} and {@code followUpMode}, the reference's): one per model call, or all at once.
 */
public enum QueueMode {
  /** One message per model call, the next with the call after (the reference's default). */
  ONE_AT_A_TIME("one-at-a-time"),
  /** Every message waiting, before the same model call. */
  ALL("all");

  private final String wire;

  QueueMode(String wire) {
    this.wire = wire;
  }

  /** The name in settings.json and the RPC protocol. */
  public String wire() {
    return wire;
  }

  public static Optional<QueueMode> parse(String text) {
    for (QueueMode m : values()) {
      if (m.wire.equals(text)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }
}
