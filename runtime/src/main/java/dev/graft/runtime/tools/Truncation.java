package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;

/**
 * Text cut to a line limit and a byte limit, whichever is hit first, keeping either the start
 * ({@link #head}, for files) or the end ({@link #tail}, for command output). Lines are split on
 * {@code \n} only; whole lines are kept, except that a tail whose last line alone is too big keeps
 * the end of that line.
 */
record Truncation(
    String content,
    boolean truncated,
    Optional<TruncatedBy> truncatedBy,
    int totalLines,
    long totalBytes,
    int outputLines,
    long outputBytes,
    boolean lastLinePartial,
    boolean firstLineExceedsLimit,
    long maxLines,
    long maxBytes) {

  enum TruncatedBy {
    LINES,
    BYTES;

    String json() {
      return this == LINES ? "lines" : "bytes";
    }
  }

  Truncation {
    Objects.requireNonNull(content, "content");
    truncatedBy = Objects.requireNonNullElse(truncatedBy, Optional.empty());
    if (truncated != truncatedBy.isPresent()) {
      throw new IllegalArgumentException("truncatedBy is given exactly when truncated");
    }
  }

  static Truncation head(String content, long maxLines, long maxBytes) {
    HeadTruncator head = new HeadTruncator(maxLines, maxBytes);
    int start = 0;
    while (true) {
      int newline = content.indexOf('\n', start);
      String line = newline < 0 ? content.substring(start) : content.substring(start, newline);
      head.accept(line, Utf8.length(line));
      if (newline < 0) {
        return head.finish();
      }
      start = newline + 1;
    }
  }

  static Truncation head(String content) {
    return head(content, OutputLimits.MAX_LINES, OutputLimits.MAX_BYTES);
  }

  static Truncation tail(String content, long maxLines, long maxBytes) {
    String[] lines = content.split("\n", -1);
    long totalBytes = Utf8.length(content);
    if (lines.length <= maxLines && totalBytes <= maxBytes) {
      return whole(content, lines.length, totalBytes, maxLines, maxBytes);
    }
    Deque<String> kept = new ArrayDeque<>();
    long keptBytes = 0;
    TruncatedBy by = TruncatedBy.LINES;
    boolean lastLinePartial = false;
    for (int i = lines.length - 1; i >= 0 && kept.size() < maxLines; i--) {
      long lineBytes = Utf8.length(lines[i]) + (kept.isEmpty() ? 0 : 1);
      if (keptBytes + lineBytes > maxBytes) {
        by = TruncatedBy.BYTES;
        if (kept.isEmpty()) {
          // The last line alone is too big: keep its end rather than nothing.
          String end = Utf8.suffix(lines[i], maxBytes);
          kept.addFirst(end);
          keptBytes = Utf8.length(end);
          lastLinePartial = true;
        }
        break;
      }
      kept.addFirst(lines[i]);
      keptBytes += lineBytes;
    }
    if (kept.size() >= maxLines && keptBytes <= maxBytes) {
      by = TruncatedBy.LINES;
    }
    String output = String.join("\n", kept);
    return new Truncation(
        output,
        true,
        Optional.of(by),
        lines.length,
        totalBytes,
        kept.size(),
        Utf8.length(output),
        lastLinePartial,
        false,
        maxLines,
        maxBytes);
  }

  static Truncation tail(String content) {
    return tail(content, OutputLimits.MAX_LINES, OutputLimits.MAX_BYTES);
  }

  static Truncation whole(String content, int lines, long bytes, long maxLines, long maxBytes) {
    return new Truncation(
        content,
        false,
        Optional.empty(),
        lines,
        bytes,
        lines,
        bytes,
        false,
        false,
        maxLines,
        maxBytes);
  }

  /**
   * The truncation facts for result details, in the reference's field names. The kept text itself
   * is left out: it is already the result's content, and would double the session file.
   */
  ObjectNode toJson() {
    ObjectNode json = Json.object();
    json.put("truncated", truncated);
    if (truncatedBy.isPresent()) {
      json.put("truncatedBy", truncatedBy.get().json());
    } else {
      json.putNull("truncatedBy");
    }
    json.put("totalLines", totalLines);
    json.put("totalBytes", totalBytes);
    json.put("outputLines", outputLines);
    json.put("outputBytes", outputBytes);
    json.put("lastLinePartial", lastLinePartial);
    json.put("firstLineExceedsLimit", firstLineExceedsLimit);
    json.put("maxLines", maxLines);
    json.put("maxBytes", maxBytes);
    return json;
  }
}
