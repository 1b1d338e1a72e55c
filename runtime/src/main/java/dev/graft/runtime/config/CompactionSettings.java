package dev.graft.runtime.config;

/**
 * When and how much to compact: compaction starts when the context exceeds the model's window minus
 * {@code reserveTokens}, and keeps about {@code keepRecentTokens} of the newest messages.
 */
public record CompactionSettings(boolean enabled, long reserveTokens, long keepRecentTokens) {
  public static final CompactionSettings DEFAULTS = new CompactionSettings(true, 16_384, 20_000);

  public CompactionSettings {
    if (reserveTokens < 0 || keepRecentTokens < 0) {
      throw new IllegalArgumentException("reserveTokens and keepRecentTokens must not be negative");
    }
  }

  /**
   * These settings for a model whose window is {@code contextWindow} tokens: a reserve as large as
   * the window (16,384 for a small local model of 8,192) would compact before every prompt with
   * nothing to summarise, so it becomes a quarter of the window; and the part kept is at most half
   * of what the context may hold before compacting, so there is something to summarise.
   */
  public CompactionSettings forWindow(long contextWindow) {
    if (contextWindow <= 0) {
      return this;
    }
    long reserve = reserveTokens >= contextWindow ? contextWindow / 4 : reserveTokens;
    long room = contextWindow - reserve;
    long keep = keepRecentTokens >= room ? room / 2 : keepRecentTokens;
    return reserve == reserveTokens && keep == keepRecentTokens
        ? this
        : new CompactionSettings(enabled, reserve, keep);
  }

  /** Whether a context of {@code tokens} in a window of {@code contextWindow} needs compacting. */
  public boolean shouldCompact(long tokens, long contextWindow) {
    return enabled && tokens > contextWindow - reserveTokens;
  }
}
