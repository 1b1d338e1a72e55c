package dev.graft.runtime.llm;

import dev.graft.runtime.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Incremental parser for {@code text/event-stream}, following the WHATWG rules: lines end in CRLF,
 * LF or CR (a CRLF split across two chunks counts once); lines starting with {@code :} are
 * comments; {@code data:} lines of one event are joined with newlines; a blank line dispatches the
 * event; events without data are dropped.
 *
 * <p>Lines are cut on bytes before decoding, which is safe because CR and LF never occur inside a
 * UTF-8 multi-byte sequence, so a character split across chunks decodes intact.
 *
 * <p>At the end of the stream, an event whose lines all arrived complete is still dispatched
 * (servers often omit the final blank line), and so is one whose last data line lacks only its
 * newline but holds a whole JSON value; one cut off in the middle of a line is dropped: its data is
 * truncated and would only produce a confusing parse error.
 */
final class SseParser {
  /** A longer line means a broken or hostile server; no real event comes near it. */
  static final int MAX_LINE_BYTES = 64 * 1024 * 1024;

  private byte[] line = new byte[1024];
  private int lineLength;
  private boolean skipNextLf;
  private boolean firstLine = true;
  private String eventName = "";
  private final StringBuilder data = new StringBuilder();
  private boolean hasData;
  private boolean truncated;

  /** Parses {@code chunk}, returning the events it completed. */
  List<SseEvent> feed(ByteBuffer chunk) throws StreamFailure {
    List<SseEvent> out = new ArrayList<>();
    while (chunk.hasRemaining()) {
      byte b = chunk.get();
      if (skipNextLf) {
        skipNextLf = false;
        if (b == '\n') {
          continue;
        }
      }
      if (b == '\n' || b == '\r') {
        skipNextLf = b == '\r';
        endLine(out);
      } else {
        append(b);
      }
    }
    return out;
  }

  /** Ends the stream, returning a last event that lacked its blank line, if complete. */
  List<SseEvent> finish() {
    List<SseEvent> out = new ArrayList<>();
    if (lineLength > 0) {
      // The body ended without the last line's newline. A data line holding a whole JSON value
      // (or [DONE]) arrived complete, as some files and servers end; anything else was cut off.
      endLine(out);
      if (!hasData || !whole(data.toString())) {
        truncated = true;
        resetEvent();
        return out;
      }
    }
    dispatch(out);
    return out;
  }

  private static boolean whole(String value) {
    String v = value.strip();
    if (v.equals("[DONE]")) {
      return true;
    }
    if (!v.startsWith("{") && !v.startsWith("[")) {
      return false;
    }
    try {
      Json.parse(v);
      return true;
    } catch (Exception cut) {
      return false;
    }
  }

  /** Whether {@link #finish()} dropped an event cut off mid-line. */
  boolean truncated() {
    return truncated;
  }

  private void append(byte b) throws StreamFailure {
    if (lineLength == line.length) {
      if (line.length >= MAX_LINE_BYTES) {
        throw new StreamFailure(
            ErrorKind.PROTOCOL, "server sent an event line longer than 64 MiB", false);
      }
      line = Arrays.copyOf(line, Math.min(line.length * 2, MAX_LINE_BYTES));
    }
    line[lineLength++] = b;
  }

  private void endLine(List<SseEvent> out) {
    int start = 0;
    if (firstLine) {
      firstLine = false;
      // A UTF-8 byte order mark may precede the first line.
      if (lineLength >= 3
          && (line[0] & 0xff) == 0xef
          && (line[1] & 0xff) == 0xbb
          && (line[2] & 0xff) == 0xbf) {
        start = 3;
      }
    }
    String text = new String(line, start, lineLength - start, StandardCharsets.UTF_8);
    lineLength = 0;
    if (text.isEmpty()) {
      dispatch(out);
      return;
    }
    if (text.charAt(0) == ':') {
      return;
    }
    int colon = text.indexOf(':');
    String field = colon < 0 ? text : text.substring(0, colon);
    String value = colon < 0 ? "" : text.substring(colon + 1);
    if (value.startsWith(" ")) {
      value = value.substring(1);
    }
    switch (field) {
      case "event" -> eventName = value;
      case "data" -> {
        if (hasData) {
          data.append('\n');
        }
        data.append(value);
        hasData = true;
      }
      default -> {
        // id and retry matter for browsers reconnecting; a model stream is never resumed.
      }
    }
  }

  private void dispatch(List<SseEvent> out) {
    if (hasData) {
      out.add(new SseEvent(eventName, data.toString()));
    }
    resetEvent();
  }

  private void resetEvent() {
    eventName = "";
    data.setLength(0);
    hasData = false;
  }
}
