package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads a {@link SessionSummary} from a session file without parsing it: the header, the first
 * user message, the latest name and the count of messages come from one pass that finds line
 * starts eight bytes at a time and looks only at how each line begins. graft and the reference
 * write {@code {"type":"} first, unspaced; a line written otherwise (spaces, another key first,
 * an escape in the type) is a valid line all the same, and its type is read by {@link
 * LineScanner}.
 */
final class SessionSummaries {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long NEWLINES = ONES * '\n';
  private static final byte[] MESSAGE = "{\"type\":\"message\"".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SESSION_INFO =
      "{\"type\":\"session_info\"".getBytes(StandardCharsets.US_ASCII);

  /** How every line graft and the reference write begins. */
  private static final byte[] TYPE_FIRST = "{\"type\":\"".getBytes(StandardCharsets.US_ASCII);

  private static final int CHUNK = 1 << 20;

  private SessionSummaries() {}

  /** What a scan found, enough to continue the scan later from {@code scannedTo}. */
  record State(
      SessionHeader header,
      String firstMessage,
      String name,
      int messages,
      long scannedTo,
      long headerHash) {}

  /** A finished scan: the state, and the file's size and modification time when it was read. */
  record Scanned(State state, long size, Instant modified) {}

  /**
   * Scans {@code path}; with {@code from}, only what was appended after {@code from.scannedTo()}
   * (session files are append-only). Falls back to a whole scan when the file is not the one {@code
   * from} describes (shorter, or a different header).
   */
  static Optional<Scanned> scan(Path path, State from) {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long size = channel.size();
      Instant modified = Files.getLastModifiedTime(path).toInstant();
      Lines lines = new Lines();
      long pos = 0;
      if (from != null
          && from.scannedTo() <= size
          && from.scannedTo() > 0
          && headerHash(channel) == from.headerHash()
          && endsLine(channel, from.scannedTo())) {
        lines.header = from.header();
        lines.firstMessage = from.firstMessage();
        lines.name = from.name();
        lines.messages = from.messages();
        pos = from.scannedTo();
      }
      byte[] buf = new byte[(int) Math.min(CHUNK, Math.max(size - pos, 0) + 8)];
      int carry = 0; // bytes of an unfinished line kept at the start of buf
      long lineEnd = pos; // offset just past the last complete line
      while (true) {
        if (carry == buf.length) {
          // A line longer than the buffer: held once, at its own size (as SessionFile indexes).
          long end = lineEnd(channel, pos);
          if (end - (pos - carry) > Integer.MAX_VALUE - 8) {
            return Optional.empty();
          }
          buf = Arrays.copyOf(buf, (int) (end - (pos - carry) + 1));
        }
        int n = channel.read(ByteBuffer.wrap(buf, carry, buf.length - carry), pos);
        boolean eof = n < 0;
        int filled = carry + Math.max(n, 0);
        pos += Math.max(n, 0);
        int lineStart = 0;
        int nl;
        while ((nl = nextNewline(buf, lineStart, filled)) >= 0) {
          if (!lines.accept(buf, lineStart, nl - lineStart)) {
            return Optional.empty();
          }
          lineStart = nl + 1;
        }
        lineEnd = pos - (filled - lineStart);
        if (eof) {
          if (lineStart < filled
              && lines.header == null
              && !lines.accept(buf, lineStart, filled - lineStart)) {
            return Optional.empty();
          }
          break;
        }
        carry = filled - lineStart;
        if (buf.length > CHUNK && carry < CHUNK) {
          buf = Arrays.copyOfRange(buf, lineStart, lineStart + CHUNK); // a long line is done
        } else {
          System.arraycopy(buf, lineStart, buf, 0, carry);
        }
      }
      if (lines.header == null) {
        return Optional.empty();
      }
      // A cut last line is left for the next scan to read once it is complete.
      State state =
          new State(
              lines.header,
              lines.firstMessage,
              lines.name,
              lines.messages,
              lineEnd,
              headerHash(channel));
      return Optional.of(new Scanned(state, size, modified));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  static SessionSummary summary(Path path, State s, long size, Instant modified) {
    return new SessionSummary(
        path.toAbsolutePath(),
        s.header().id(),
        s.header().cwd(),
        Optional.ofNullable(s.name()),
        s.header().parentSession(),
        s.header().timestamp(),
        modified,
        size,
        s.messages(),
        s.firstMessage() == null ? "(no messages)" : s.firstMessage());
  }

  /**
   * A hash of the file's first bytes, to notice a file that was replaced rather than appended to.
   */
  private static long headerHash(FileChannel channel) throws IOException {
    ByteBuffer head = ByteBuffer.allocate(512);
    channel.read(head, 0);
    return Arrays.hashCode(Arrays.copyOf(head.array(), head.position()));
  }

  private static boolean endsLine(FileChannel channel, long offset) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(1);
    return channel.read(b, offset - 1) == 1 && b.get(0) == '\n';
  }

  /** What one pass over the lines has found so far. */
  private static final class Lines {
    SessionHeader header;
    String firstMessage;
    String name;
    int messages;

    /** False when the file turns out not to be a session file. */
    boolean accept(byte[] buf, int start, int length) {
      if (header == null) {
        header = header(buf, start, length);
        return header != null;
      }
      String type;
      if (startsWith(buf, start, length, MESSAGE)) {
        type = "message";
      } else if (startsWith(buf, start, length, SESSION_INFO)) {
        type = "session_info";
      } else if (startsWith(buf, start, length, TYPE_FIRST) && !escapedType(buf, start, length)) {
        type = null; // another type: model_change, compaction...
      } else {
        type = typeOf(buf, start, length);
      }
      if ("message".equals(type)) {
        messages++;
        if (firstMessage == null) {
          firstMessage = userText(buf, start, length);
        }
      } else if ("session_info".equals(type)) {
        name = name(Arrays.copyOfRange(buf, start, start + length)).orElse(null);
      }
      return true;
    }

    private LineScanner scanner;

    /**
     * The type of a line that does not begin as graft writes it; null for a line that is not valid
     * JSON.
     */
    private String typeOf(byte[] buf, int start, int length) {
      if (scanner == null) {
        scanner = new LineScanner();
      }
      try {
        return scanner.scan(buf, start, length).type();
      } catch (LineScanner.BadLine e) {
        return null; // the reference skips a line JSON.parse refuses
      }
    }
  }

  /**
   * Whether the type's value, after {@code {"type":"}, holds an escape before its closing quote: a
   * letter written as a JSON escape still makes "message" to JSON.parse.
   */
  private static boolean escapedType(byte[] buf, int start, int length) {
    for (int i = start + TYPE_FIRST.length; i < start + length && buf[i] != '"'; i++) {
      if (buf[i] == '\\') {
        return true;
      }
    }
    return false;
  }

  /** The offset just past the newline that ends the line running at {@code offset}, or EOF. */
  static long lineEnd(FileChannel channel, long offset) throws IOException {
    byte[] scratch = new byte[64 * 1024];
    long pos = offset;
    while (true) {
      int n = channel.read(ByteBuffer.wrap(scratch), pos);
      if (n <= 0) {
        return pos;
      }
      int nl = nextNewline(scratch, 0, n);
      if (nl >= 0) {
        return pos + nl + 1;
      }
      pos += n;
    }
  }

  /** The index of the next '\n' in [from, to), or -1; eight bytes per step. */
  static int nextNewline(byte[] buf, int from, int to) {
    int i = from;
    while (i + 8 <= to) {
      long word = (long) LONGS.get(buf, i) ^ NEWLINES;
      long found = (word - ONES) & ~word & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
      i += 8;
    }
    for (; i < to; i++) {
      if (buf[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static boolean startsWith(byte[] buf, int start, int length, byte[] prefix) {
    if (length < prefix.length) {
      return false;
    }
    return Arrays.equals(buf, start, start + prefix.length, prefix, 0, prefix.length);
  }

  private static SessionHeader header(byte[] buf, int start, int length) {
    try {
      JsonNode json = Json.parse(buf, start, length);
      return json instanceof ObjectNode o ? SessionHeader.fromJson(o).orElse(null) : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** The text of a user message line, or null when the line is not one (or has no text). */
  private static String userText(byte[] buf, int start, int length) {
    try {
      JsonNode json = Json.parse(buf, start, length);
      if (MessageCodec.decode(json.path("message")) instanceof AgentMessage.User u) {
        String text = u.content().text(" ");
        return text.isEmpty() ? null : text;
      }
    } catch (IOException e) {
      // a malformed line is not the first message
    }
    return null;
  }

  private static Optional<String> name(byte[] line) {
    if (line == null) {
      return Optional.empty();
    }
    try {
      JsonNode json = Json.parse(line, 0, line.length);
      String name = json.path("name").isTextual() ? json.get("name").textValue().trim() : "";
      return name.isEmpty() ? Optional.empty() : Optional.of(name);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
