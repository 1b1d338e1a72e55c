package dev.graft.runtime.tools;

/** The limits on what one tool result may hold, the same as the reference agent's. */
final class OutputLimits {
  private OutputLimits() {}

  static final int MAX_LINES = 2000;
  static final int MAX_BYTES = 50 * 1024;

  /** Characters of one grep line shown before it is cut. */
  static final int GREP_MAX_LINE_LENGTH = 500;

  /**
   * "No line limit" for outputs already capped by a count of entries. It is JavaScript's largest
   * safe integer, so details read the same as the reference's.
   */
  static final long NO_LINE_LIMIT = 9_007_199_254_740_991L;
}
