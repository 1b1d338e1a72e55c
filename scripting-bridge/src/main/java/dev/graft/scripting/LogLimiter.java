package dev.graft.scripting;

import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;

/**
 * One script's way into the {@link ScriptLog}: long lines are cut, and a script printing in a loop
 * is held to a budget of lines per second (the excess counted and reported, not shown).
 */
final class LogLimiter {
  private static final int LINES_PER_SECOND = 1000;
  private static final long SECOND = 1_000_000_000L;

  private final ScriptFile script;
  private final ScriptLog log;
  private long windowStart = System.nanoTime();
  private int lines;
  private int dropped;

  LogLimiter(ScriptFile script, ScriptLog log) {
    this.script = script;
    this.log = log;
  }

  synchronized void line(ScriptLog.Level level, String text) {
    long now = System.nanoTime();
    if (now - windowStart > SECOND) {
      if (dropped > 0) {
        deliver(
            ScriptLog.Level.WARN,
            dropped + " lines of output dropped (more than " + LINES_PER_SECOND + " a second)");
      }
      windowStart = now;
      lines = 0;
      dropped = 0;
    }
    if (++lines > LINES_PER_SECOND) {
      dropped++;
      return;
    }
    deliver(level, text);
  }

  /** Reports directly (engine messages about the script), outside the budget. */
  void report(ScriptLog.Level level, String text) {
    deliver(level, text);
  }

  /** A log that fails must not fail the script that printed. */
  private void deliver(ScriptLog.Level level, String text) {
    try {
      log.line(script, level, cut(text));
    } catch (RuntimeException e) {
      // nowhere left to report it
    }
  }

  static String cut(String text) {
    if (text.length() <= LogStream.MAX_LINE) {
      return text;
    }
    return text.substring(0, LogStream.MAX_LINE)
        + "... ("
        + (text.length() - LogStream.MAX_LINE)
        + " more characters)";
  }
}
