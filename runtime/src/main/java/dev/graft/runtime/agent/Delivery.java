package dev.graft.runtime.agent;

import java.util.Optional;

/**
 * When a message sent while the agent works reaches the model (a hook script's {@code deliverAs}):
 * before the next model call of the running turn, when the run would otherwise end, or with the
 * next prompt the user sends.
 */
public enum Delivery {
  STEER("steer"),
  FOLLOW_UP("followUp"),
  NEXT_TURN("nextTurn");

  private final String wire;

  Delivery(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** The delivery named {@code wire} ("steer", "followUp", "nextTurn"), if any. */
  public static Optional<Delivery> parse(String wire) {
    for (Delivery d : values()) {
      if (d.wire.equals(wire)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
