package dev.graft.scripting;

import dev.graft.scripting.api.ScriptLog;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A context's stderr lines on their way to the log: GraalJS's warning about an unhandled promise
 * rejection (a header, then the stack one frame a line, graft's prelude and Java frames included)
 * becomes one line naming what ran and the script's innermost frame. A rejection by graft's own
 * interrupt (a module whose top level ran too long: its evaluation's promise is rejected as it is
 * interrupted) is dropped, frames and all: the interrupt is reported already. Other lines pass as
 * they are.
 */
final class RejectionWarnings implements LogStream.Sink {
  private static final String HEADER = "[GraalVM JavaScript Warning] Unhandled promise rejection: ";

  /** " at name (file.js:3:81-97)": the file and line. */
  private static final Pattern FRAME =
      Pattern.compile("\\s+at .*\\(([^()]+?):(\\d+)(?::[\\d-]+)?\\)\\s*");

  private static final String PRELUDE = "graft-prelude.js";

  /** The reasons GraalJS gives a promise rejected by an interrupt. */
  private static final Set<String> INTERRUPTED =
      Set.of("Execution got interrupted.", "Thread was interrupted.");

  private final LogStream.Sink sink;
  private final Supplier<String> doing;
  private String pending;
  private long pendingMore;
  private String at;
  private ScriptLog.Level level;

  /** Dropping the frames of a rejection by an interrupt. */
  private boolean dropping;

  /**
   * {@code doing}: what the script runs now ("agent_start handler"), asked when a warning starts.
   */
  RejectionWarnings(LogStream.Sink sink, Supplier<String> doing) {
    this.sink = sink;
    this.doing = doing;
  }

  @Override
  public synchronized void line(ScriptLog.Level lineLevel, String text, long more) {
    if (dropping && text.startsWith("    at ")) {
      return;
    }
    dropping = false;
    if (pending != null && text.startsWith("    at ")) {
      if (at == null) {
        Matcher m = FRAME.matcher(text);
        if (m.matches() && !m.group(1).equals(PRELUDE) && !m.group(1).startsWith("org.graalvm")) {
          at = m.group(1) + ":" + m.group(2);
        }
      }
      return;
    }
    flush();
    if (text.startsWith(HEADER) && INTERRUPTED.contains(text.substring(HEADER.length()).strip())) {
      dropping = true;
      return;
    }
    if (text.startsWith(HEADER)) {
      pending =
          "unhandled promise rejection in " + doing.get() + ": " + text.substring(HEADER.length());
      pendingMore = more;
      level = lineLevel;
      at = null;
      return;
    }
    sink.line(lineLevel, text, more);
  }

  /**
   * Writes the warning being collected, if any (its frames have all arrived by the end of a run).
   */
  synchronized void flush() {
    if (pending != null) {
      // Cut, the place is past the part kept: counted with the rest.
      String place = at == null ? "" : " (at " + at + ")";
      String line = pendingMore == 0 ? pending + place : pending;
      long more = pendingMore == 0 ? 0 : pendingMore + place.length();
      pending = null;
      sink.line(level, line, more);
    }
  }
}
