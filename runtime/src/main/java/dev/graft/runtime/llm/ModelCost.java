package dev.graft.runtime.llm;

import dev.graft.runtime.message.Usage;

/** Prices in US dollars per million tokens. */
public record ModelCost(double input, double output, double cacheRead, double cacheWrite) {
  public static final ModelCost FREE = new ModelCost(0, 0, 0, 0);

  public ModelCost {
    check("input", input);
    check("output", output);
    check("cacheRead", cacheRead);
    check("cacheWrite", cacheWrite);
  }

  private static void check(String field, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(
          "cost." + field + " must be a finite number >= 0, was " + value);
    }
  }

  /** Usage with these token counts and what they cost at these prices. */
  public Usage usage(long input, long output, long cacheRead, long cacheWrite) {
    double in = this.input / 1_000_000 * input;
    double out = this.output / 1_000_000 * output;
    double read = this.cacheRead / 1_000_000 * cacheRead;
    double write = this.cacheWrite / 1_000_000 * cacheWrite;
    return new Usage(
        input,
        output,
        cacheRead,
        cacheWrite,
        input + output + cacheRead + cacheWrite,
        new Usage.Cost(in, out, read, write, in + out + read + write, null),
        null);
  }
}
