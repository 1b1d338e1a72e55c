package dev.graft.runtime.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Collects a command's output with bounded memory: it decodes the bytes as UTF-8 as they come (a
 * character split across two reads is joined), keeps only a rolling tail of the text for display,
 * and once the output passes the line or byte limit writes all of it, raw, to a temp file the model
 * can read later. Safe to use from the thread that reads the output and the one that shows it.
 */
final class OutputCapture implements AutoCloseable {
  private final long maxLines;
  private final long maxBytes;
  private final long maxRollingBytes;
  private final Path tempDir;
  private final String tempPrefix;

  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
  private ByteBuffer undecoded = ByteBuffer.allocate(0);
  private final StringBuilder tail = new StringBuilder();
  private long tailBytes;
  private boolean tailStartsAtLineBoundary = true;
  private long totalRawBytes;
  private long totalDecodedBytes;
  private long totalLines = 1;
  private long currentLineBytes;
  private boolean finished;

  /** Raw output kept until it is known whether a temp file is needed. */
  private ByteArrayOutputStream pendingRaw = new ByteArrayOutputStream();

  private Path tempFile;
  private OutputStream tempOut;
  private boolean tempFailed;

  /** A snapshot of the output for display: its kept end, and where all of it is if saved. */
  record Snapshot(String content, Truncation truncation, Optional<Path> fullOutputPath) {}

  OutputCapture(Path tempDir, String tempPrefix, long maxLines, long maxBytes) {
    this.tempDir = tempDir;
    this.tempPrefix = tempPrefix;
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
    this.maxRollingBytes = Math.max(maxBytes * 2, 1);
  }

  synchronized void append(byte[] data, int offset, int length) {
    if (finished) {
      throw new IllegalStateException("output capture already finished");
    }
    totalRawBytes += length;
    ByteBuffer input = ByteBuffer.allocate(undecoded.remaining() + length);
    input.put(undecoded).put(data, offset, length).flip();
    CharBuffer chars = CharBuffer.allocate(Math.max(16, input.remaining() + 1));
    decoder.decode(input, chars, false);
    undecoded = input.slice();
    appendDecoded(chars.flip());
    if (tempOut != null || needsTempFile()) {
      openTempFile();
      writeTemp(data, offset, length);
    } else {
      pendingRaw.write(data, offset, length);
    }
  }

  synchronized void finish() {
    if (finished) {
      return;
    }
    finished = true;
    CharBuffer chars = CharBuffer.allocate(undecoded.remaining() * 2 + 16);
    decoder.decode(undecoded, chars, true);
    decoder.flush(chars);
    appendDecoded(chars.flip());
    if (needsTempFile()) {
      openTempFile();
    }
  }

  /**
   * The last lines within the limits. With {@code persistIfTruncated}, output past the limits is
   * saved to the temp file (if it is not already), so the path in the snapshot can be read.
   */
  synchronized Snapshot snapshot(boolean persistIfTruncated) {
    Truncation tailCut = Truncation.tail(snapshotText(), maxLines, maxBytes);
    boolean truncated = totalLines > maxLines || totalDecodedBytes > maxBytes;
    Optional<Truncation.TruncatedBy> by = Optional.empty();
    if (truncated) {
      by =
          Optional.of(
              tailCut
                  .truncatedBy()
                  .orElse(
                      totalDecodedBytes > maxBytes
                          ? Truncation.TruncatedBy.BYTES
                          : Truncation.TruncatedBy.LINES));
    }
    Truncation truncation =
        new Truncation(
            tailCut.content(),
            truncated,
            by,
            (int) Math.min(Integer.MAX_VALUE, totalLines),
            totalDecodedBytes,
            tailCut.outputLines(),
            tailCut.outputBytes(),
            tailCut.lastLinePartial(),
            false,
            maxLines,
            maxBytes);
    if (persistIfTruncated && truncated) {
      openTempFile();
    }
    return new Snapshot(tailCut.content(), truncation, Optional.ofNullable(tempFile));
  }

  /** UTF-8 bytes of the last line so far (the one without a newline yet). */
  synchronized long lastLineBytes() {
    return currentLineBytes;
  }

  @Override
  public synchronized void close() {
    if (tempOut != null) {
      try {
        tempOut.close();
      } catch (IOException e) {
        tempFailed = true;
      }
      tempOut = null;
    }
  }

  private void appendDecoded(CharSequence text) {
    if (text.isEmpty()) {
      return;
    }
    long bytes = Utf8.length(text);
    totalDecodedBytes += bytes;
    tail.append(text);
    tailBytes += bytes;
    if (tailBytes > maxRollingBytes * 2) {
      trimTail();
    }
    int lastNewline = -1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        totalLines++;
        lastNewline = i;
      }
    }
    currentLineBytes =
        lastNewline < 0
            ? currentLineBytes + bytes
            : Utf8.length(text.subSequence(lastNewline + 1, text.length()));
  }

  /** Keeps the last maxRollingBytes of the tail, at a character boundary. */
  private void trimTail() {
    long kept = 0;
    int start = tail.length();
    while (start > 0) {
      int previous = start - 1;
      if (Character.isLowSurrogate(tail.charAt(previous))
          && previous > 0
          && Character.isHighSurrogate(tail.charAt(previous - 1))) {
        previous--;
      }
      int size = Utf8.length(tail, previous);
      if (kept + size > maxRollingBytes) {
        break;
      }
      kept += size;
      start = previous;
    }
    if (start > 0) {
      tailStartsAtLineBoundary = tail.charAt(start - 1) == '\n';
      tail.delete(0, start);
    }
    tailBytes = kept;
  }

  /** The tail, without a first line that was cut by trimming. */
  private String snapshotText() {
    if (tailStartsAtLineBoundary) {
      return tail.toString();
    }
    int newline = tail.indexOf("\n");
    return newline < 0 ? tail.toString() : tail.substring(newline + 1);
  }

  private boolean needsTempFile() {
    return totalRawBytes > maxBytes || totalDecodedBytes > maxBytes || totalLines > maxLines;
  }

  private void openTempFile() {
    if (tempFile != null || tempFailed) {
      return;
    }
    try {
      byte[] id = new byte[8];
      new SecureRandom().nextBytes(id);
      Path file = tempDir.resolve(tempPrefix + "-" + HexFormat.of().formatHex(id) + ".log");
      tempOut =
          Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      tempFile = file;
      pendingRaw.writeTo(tempOut);
    } catch (IOException e) {
      // Without a temp file the output is still shown cut; only the full copy is missing.
      tempFailed = true;
    }
    pendingRaw = new ByteArrayOutputStream();
  }

  private void writeTemp(byte[] data, int offset, int length) {
    if (tempOut == null) {
      return;
    }
    try {
      tempOut.write(data, offset, length);
    } catch (IOException e) {
      tempFailed = true;
    }
  }
}
