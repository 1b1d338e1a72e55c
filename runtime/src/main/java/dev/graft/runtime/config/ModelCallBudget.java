package dev.graft.runtime.config;

/**
 * How many model calls each hook script may make ({@code ctx.complete}): {@code perRun} from the
 * start of one prompt to the start of the next (calls made while graft waits, from a timer or a
 * command, count toward the prompt before), and {@code inFlight} waiting for an answer at once.
 * Settings {@code scripts.modelCallsPerRun} and {@code scripts.modelCallsInFlight}.
 */
public record ModelCallBudget(int perRun, int inFlight) {
  /** The most either setting may be. */
  public static final int MAX_PER_RUN = 100_000;

  public static final int MAX_IN_FLIGHT = 100;

  /**
   * 100 a run: the examples make one call per prompt, command or compaction, and 100 leaves room
   * for a script that summarises every tool result of a long run, while a loop gone wrong stops at
   * 100 calls (without this budget, one prompt made 601). 4 at once: a few summaries in parallel,
   * where a burst of 300 was sent before.
   */
  public static final ModelCallBudget DEFAULTS = new ModelCallBudget(100, 4);

  public ModelCallBudget {
    if (perRun < 0 || perRun > MAX_PER_RUN) {
      throw new IllegalArgumentException("perRun must be from 0 to " + MAX_PER_RUN);
    }
    if (inFlight < 1 || inFlight > MAX_IN_FLIGHT) {
      throw new IllegalArgumentException("inFlight must be from 1 to " + MAX_IN_FLIGHT);
    }
  }
}
