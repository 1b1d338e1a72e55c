package dev.graft.runtime.session;

import dev.graft.runtime.json.Json;
import dev.graft.runtime.json.Utf8;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Validates one session line as JSON (RFC 8259, UTF-8) and reads the few top-level fields the tree
 * needs: type, id, parentId and a message's role. Nothing is built; the bulk of a line (message
 * text, tool output) is only walked, eight bytes at a time where it is plain text. This is what
 * makes opening a large session cheap.
 */
final class LineScanner {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final int MAX_DEPTH = 2_000;

  /** The fields read from one line. */
  record Scan(String type, String id, String parentId, boolean parentIsString, String role) {}

  /**
   * A line that is not one JSON object. {@code invalidUtf8InMiddle}: bytes that are not UTF-8
   * before the line's end, which a line cut short by a crash cannot have.
   */
  static final class BadLine extends Exception {
    final boolean invalidUtf8InMiddle;

    /** False for valid JSON graft does not read (a string longer than it reads). */
    final boolean malformed;

    BadLine(String message, boolean invalidUtf8InMiddle) {
      this(message, invalidUtf8InMiddle, true);
    }

    BadLine(String message, boolean invalidUtf8InMiddle, boolean malformed) {
      super(message, null, false, false);
      this.invalidUtf8InMiddle = invalidUtf8InMiddle;
      this.malformed = malformed;
    }
  }

  private final int maxStringLength;
  private byte[] buf;
  private int pos;
  private int end;
  private int lineStart;

  /** A scanner refusing what {@link Json#parse} refuses: a string longer than it reads. */
  LineScanner() {
    this(Json.MAX_STRING_LENGTH);
  }

  /** A scanner refusing strings of more than {@code maxStringLength} UTF-16 units. */
  LineScanner(int maxStringLength) {
    this.maxStringLength = maxStringLength;
  }

  Scan scan(byte[] buf, int start, int length) throws BadLine {
    this.buf = buf;
    this.pos = start;
    this.end = start + length;
    this.lineStart = start;
    skipWhitespace();
    if (pos >= end || buf[pos] != '{') {
      throw bad("not a JSON object");
    }
    pos++;
    String type = null;
    String id = null;
    String parentId = null;
    boolean parentIsString = false;
    String role = null;
    skipWhitespace();
    if (peek() == '}') {
      pos++;
    } else {
      while (true) {
        String key = readKey();
        switch (key) {
          case "type" -> type = isString() ? intern(readString()) : skipValueReturningNull();
          case "id" -> id = isString() ? readString() : skipValueReturningNull();
          case "parentId" -> {
            parentIsString = isString();
            parentId = parentIsString ? readString() : skipValueReturningNull();
          }
          case "message" -> role = peek() == '{' ? scanRole() : skipValueReturningNull();
          default -> skipValue();
        }
        skipWhitespace();
        int c = next();
        if (c == '}') {
          break;
        }
        if (c != ',') {
          throw bad("expected ',' or '}' at column " + column());
        }
        skipWhitespace();
      }
    }
    skipWhitespace();
    if (pos != end) {
      throw bad("more than one JSON value on the line");
    }
    return new Scan(type, id, parentId, parentIsString, role);
  }

  /** Inside a message object: reads "role" and walks over the rest. */
  private String scanRole() throws BadLine {
    pos++; // '{'
    String role = null;
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return null;
    }
    while (true) {
      String key = readKey();
      if (key.equals("role") && isString()) {
        role = intern(readString());
      } else {
        skipValue();
      }
      skipWhitespace();
      int c = next();
      if (c == '}') {
        return role;
      }
      if (c != ',') {
        throw bad("expected ',' or '}' at column " + column());
      }
      skipWhitespace();
    }
  }

  private String readKey() throws BadLine {
    if (!isString()) {
      throw bad("expected a field name at column " + column());
    }
    String key = readString();
    skipWhitespace();
    if (next() != ':') {
      throw bad("expected ':' at column " + column());
    }
    skipWhitespace();
    return key;
  }

  private boolean isString() {
    return pos < end && buf[pos] == '"';
  }

  private int peek() {
    return pos < end ? buf[pos] & 0xff : -1;
  }

  private int next() throws BadLine {
    if (pos >= end) {
      throw bad("line ends inside a JSON value");
    }
    return buf[pos++] & 0xff;
  }

  private void skipWhitespace() {
    while (pos < end) {
      byte b = buf[pos];
      if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
        pos++;
      } else {
        return;
      }
    }
  }

  private String skipValueReturningNull() throws BadLine {
    skipValue();
    return null;
  }

  /** Walks over one value of any kind, validating it; containers without recursion. */
  private void skipValue() throws BadLine {
    int depth = 0;
    byte[] stack = null; // '{' or '[' per open container
    boolean expectValue = true;
    while (true) {
      if (expectValue) {
        int c = peek();
        switch (c) {
          case '"' -> skipString();
          case '{', '[' -> {
            pos++;
            if (stack == null) {
              stack = new byte[16];
            }
            if (depth == MAX_DEPTH) {
              throw bad("nested deeper than " + MAX_DEPTH);
            }
            if (depth == stack.length) {
              stack = Arrays.copyOf(stack, depth * 2);
            }
            stack[depth++] = (byte) c;
            skipWhitespace();
            int close = c == '{' ? '}' : ']';
            if (peek() == close) {
              pos++;
              depth--;
            } else {
              if (c == '{') {
                readKey();
              }
              continue; // a value follows
            }
          }
          case 't' -> literal("true");
          case 'f' -> literal("false");
          case 'n' -> literal("null");
          case -1 -> throw bad("line ends where a value should be");
          default -> {
            if (c == '-' || (c >= '0' && c <= '9')) {
              skipNumber();
            } else {
              throw bad("unexpected character at column " + column());
            }
          }
        }
      }
      // after a value: close containers or move to the next element
      if (depth == 0) {
        return;
      }
      skipWhitespace();
      int c = next();
      byte open = stack[depth - 1];
      if (c == ',') {
        skipWhitespace();
        if (open == '{') {
          readKey();
        }
        expectValue = true;
      } else if ((open == '{' && c == '}') || (open == '[' && c == ']')) {
        depth--;
        expectValue = false;
        if (depth == 0) {
          return;
        }
      } else {
        throw bad("expected ',' or a closing bracket at column " + column());
      }
    }
  }

  private void literal(String word) throws BadLine {
    int n = word.length();
    if (end - pos < n) {
      throw bad("line ends inside '" + word + "'");
    }
    for (int i = 0; i < n; i++) {
      if (buf[pos + i] != word.charAt(i)) {
        throw bad("unexpected character at column " + column());
      }
    }
    pos += n;
  }

  private void skipNumber() throws BadLine {
    if (peek() == '-') {
      pos++;
    }
    int c = peek();
    if (c == '0') {
      pos++;
    } else if (c >= '1' && c <= '9') {
      while (isDigit(peek())) {
        pos++;
      }
    } else {
      throw bad("malformed number at column " + column());
    }
    if (peek() == '.') {
      pos++;
      if (!isDigit(peek())) {
        throw bad("malformed number at column " + column());
      }
      while (isDigit(peek())) {
        pos++;
      }
    }
    c = peek();
    if (c == 'e' || c == 'E') {
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      if (!isDigit(peek())) {
        throw bad("malformed number at column " + column());
      }
      while (isDigit(peek())) {
        pos++;
      }
    }
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }

  /** Walks over a string; plain ASCII runs go eight bytes at a time. */
  private void skipString() throws BadLine {
    final byte[] b = buf;
    final int limit = end;
    final int first = pos + 1; // after the opening quote
    int p = first;
    while (true) {
      while (p + 8 <= limit) {
        long w = (long) LONGS.get(b, p);
        long quote = w ^ (ONES * '"');
        long backslash = w ^ (ONES * '\\');
        long special =
            ((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash) | (w - ONES * 0x20) | w;
        if ((special & HIGHS) != 0) {
          break;
        }
        p += 8;
      }
      if (p >= limit) {
        pos = p;
        throw bad("line ends inside a string");
      }
      int c = b[p] & 0xff;
      if (c == '"') {
        if (p - first > maxStringLength) {
          checkLength(first, p); // never more characters than bytes: only then counted
        }
        pos = p + 1;
        return;
      }
      if (c >= 0x20 && c < 0x80 && c != '\\') {
        p++;
        continue;
      }
      pos = p;
      if (c == '\\') {
        skipEscape();
      } else if (c < 0x20) {
        throw bad("control character in a string at column " + column());
      } else {
        skipUtf8();
      }
      p = pos;
    }
  }

  /**
   * Refuses a string longer than the parser reads, counted as it counts: in UTF-16 units (an escape
   * is one, a character of four UTF-8 bytes two).
   */
  private void checkLength(int from, int to) throws BadLine {
    long units = Utf8.jsonStringUnits(buf, from, to);
    if (units > maxStringLength) {
      pos = from - 1;
      throw new BadLine(
          String.format(
              "a string of %,d characters at column %d, longer than graft reads (%,d)",
              units, column(), maxStringLength),
          false,
          false);
    }
  }

  private void skipEscape() throws BadLine {
    if (pos + 1 >= end) {
      throw bad("line ends inside a string");
    }
    int e = buf[pos + 1] & 0xff;
    switch (e) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> pos += 2;
      case 'u' -> {
        if (pos + 6 > end) {
          throw bad("line ends inside a string");
        }
        for (int i = 2; i < 6; i++) {
          if (Character.digit(buf[pos + i], 16) < 0) {
            throw bad("malformed \\u escape at column " + column());
          }
        }
        pos += 6;
      }
      default -> throw bad("unknown escape at column " + column());
    }
  }

  /** One UTF-8 sequence starting at {@code pos}, whose lead byte is 0x80 or more. */
  private void skipUtf8() throws BadLine {
    int next = Utf8.sequenceEnd(buf, pos, end);
    if (next == Utf8.TRUNCATED) {
      throw new BadLine("line ends inside a UTF-8 character", false);
    }
    if (next < 0) {
      throw badUtf8();
    }
    pos = next;
  }

  /** Reads a string value, decoding escapes (field names and ids are short). */
  private String readString() throws BadLine {
    int start = pos + 1;
    skipString();
    int stop = pos - 1;
    boolean escaped = false;
    for (int i = start; i < stop; i++) {
      if (buf[i] == '\\') {
        escaped = true;
        break;
      }
    }
    if (!escaped) {
      return new String(buf, start, stop - start, StandardCharsets.UTF_8);
    }
    StringBuilder sb = new StringBuilder(stop - start);
    String raw = new String(buf, start, stop - start, StandardCharsets.UTF_8);
    for (int i = 0; i < raw.length(); i++) {
      char ch = raw.charAt(i);
      if (ch != '\\') {
        sb.append(ch);
        continue;
      }
      char e = raw.charAt(++i);
      switch (e) {
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          sb.append((char) Integer.parseInt(raw.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> sb.append(e);
      }
    }
    return sb.toString();
  }

  private int column() {
    return pos - lineStart + 1;
  }

  private BadLine bad(String message) {
    return new BadLine(message, false);
  }

  private BadLine badUtf8() {
    return new BadLine("not UTF-8", true);
  }

  private static String intern(String value) {
    return switch (value) {
      case "message" -> "message";
      case "custom" -> "custom";
      case "custom_message" -> "custom_message";
      case "compaction" -> "compaction";
      case "branch_summary" -> "branch_summary";
      case "label" -> "label";
      case "session_info" -> "session_info";
      case "model_change" -> "model_change";
      case "thinking_level_change" -> "thinking_level_change";
      case "session" -> "session";
      case "user" -> "user";
      case "assistant" -> "assistant";
      case "toolResult" -> "toolResult";
      case "bashExecution" -> "bashExecution";
      default -> value;
    };
  }
}
