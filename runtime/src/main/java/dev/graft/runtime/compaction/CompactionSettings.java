package dev.graft.runtime.compaction;

/**
 * When and how much to compact: compaction starts when the context exceeds the model's window
 * minus {@code reserveTokens}, and keeps about {@code keepRecentTokens} of the newest messages.
 */
public record CompactionSettings(boolean enabled, long reserveTokens, long keepRecentTokens) {
  public static final CompactionSettings DEFAULTS = new CompactionSettings(true, 16_384, 20_000);

  public CompactionSettings {
    if (reserveTokens < 0 || keepRecentTokens < 0) {
      throw new IllegalArgumentException("reserveTokens and keepRecentTokens must not be negative");
    }
  }

  /** Whether a context of {@code tokens} in a window of {@code contextWindow} needs compacting. */
  public boolean shouldCompact(long tokens, long contextWindow) {
    return enabled && tokens > contextWindow - reserveTokens;
  }
}
