package dev.graft.scripting;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;

/**
 * One script's way into the {@link ScriptLog}: long lines are cut, and a script printing in a loop
 * is held to a budget of lines per second (the excess counted and reported, not shown). The log
 * tags each line with the script, so a line names it no more.
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

  void line(ScriptLog.Level level, String text) {
    line(level, text, 0);
  }

  /** {@code more}: how many characters of the line after {@code text} were not kept. */
  synchronized void line(ScriptLog.Level level, String text, long more) {
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
    deliver(level, cut(text, more));
  }

  /**
   * Reports directly (engine messages about the script), outside the budget; without the script's
   * path a failure's message starts with.
   */
  void report(ScriptLog.Level level, String text) {
    deliver(level, cut(GuestErrors.withoutScript(script, text), 0));
  }

  /** A log that fails must not fail the script that printed. */
  private void deliver(ScriptLog.Level level, String text) {
    try {
      log.line(script, level, text);
    } catch (RuntimeException e) {
      // nowhere left to report it
    }
  }

  /**
   * {@code text}, followed by {@code more} characters not kept, as graft shows a line: at most
   * {@link ScriptText#MAX_SHOWN} characters with the note of how many of the whole line were left
   * out, so that {@link ScriptText#safeLine} shows it as it is and the count is said once.
   */
  static String cut(String text, long more) {
    long whole = text.length() + more;
    if (whole <= ScriptText.MAX_SHOWN) {
      return text;
    }
    int keep = Math.min(text.length(), ScriptText.MAX_SHOWN - note(whole).length());
    if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
      keep--; // do not split a surrogate pair
    }
    return text.substring(0, keep) + note(whole - keep);
  }

  /** ScriptText's own note, so that a line cut here reads as one cut there. */
  private static String note(long left) {
    return "… (" + left + " more characters)";
  }
}
