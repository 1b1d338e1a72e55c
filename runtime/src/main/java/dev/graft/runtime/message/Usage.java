package dev.graft.runtime.message;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;

/** Token counts of one model call and what they cost, in US dollars. */
public record Usage(
    long input,
    long output,
    long cacheRead,
    long cacheWrite,
    long totalTokens,
    Cost cost,
    ObjectNode extra) {

  public Usage {
    if (input < 0 || output < 0 || cacheRead < 0 || cacheWrite < 0 || totalTokens < 0) {
      throw new IllegalArgumentException("token counts must not be negative");
    }
    cost = cost == null ? Cost.ZERO : cost;
    extra = extra == null ? Json.object() : extra;
  }

  public static final Usage ZERO = new Usage(0, 0, 0, 0, 0, Cost.ZERO, null);

  public Usage plus(Usage other) {
    return new Usage(
        input + other.input,
        output + other.output,
        cacheRead + other.cacheRead,
        cacheWrite + other.cacheWrite,
        totalTokens + other.totalTokens,
        cost.plus(other.cost),
        null);
  }

  /** Cost per token class and in total. */
  public record Cost(
      double input,
      double output,
      double cacheRead,
      double cacheWrite,
      double total,
      ObjectNode extra) {
    public static final Cost ZERO = new Cost(0, 0, 0, 0, 0, null);

    public Cost {
      extra = extra == null ? Json.object() : extra;
    }

    public Cost plus(Cost other) {
      return new Cost(
          input + other.input,
          output + other.output,
          cacheRead + other.cacheRead,
          cacheWrite + other.cacheWrite,
          total + other.total,
          null);
    }
  }
}
