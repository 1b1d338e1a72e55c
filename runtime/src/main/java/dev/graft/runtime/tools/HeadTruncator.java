package dev.graft.runtime.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps the first lines of a text fed to it line by line, until the line limit or the byte limit is
 * reached, so a big file can be cut while it is read rather than after. A line that cannot be kept
 * may be fed cut short, as long as its full byte count is given.
 */
final class HeadTruncator {
  private final long maxLines;
  private final long maxBytes;
  private final List<String> kept = new ArrayList<>();
  private long keptBytes;
  private boolean collecting = true;
  private boolean stoppedByBytes;
  private int totalLines;
  private long totalBytes;
  private long firstLineBytes;

  HeadTruncator(long maxLines, long maxBytes) {
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
  }

  void accept(String line, long lineBytes) {
    long withSeparator = lineBytes + (totalLines > 0 ? 1 : 0);
    if (totalLines == 0) {
      firstLineBytes = lineBytes;
    }
    totalLines++;
    totalBytes += withSeparator;
    if (!collecting) {
      return;
    }
    if (kept.size() >= maxLines) {
      collecting = false;
    } else if (keptBytes + withSeparator > maxBytes) {
      collecting = false;
      stoppedByBytes = true;
    } else {
      kept.add(line);
      keptBytes += withSeparator;
    }
  }

  /** Byte size of the first line fed, whole. */
  long firstLineBytes() {
    return firstLineBytes;
  }

  Truncation finish() {
    if (totalLines <= maxLines && totalBytes <= maxBytes) {
      return Truncation.whole(String.join("\n", kept), totalLines, totalBytes, maxLines, maxBytes);
    }
    if (firstLineBytes > maxBytes) {
      return new Truncation(
          "",
          true,
          Optional.of(Truncation.TruncatedBy.BYTES),
          totalLines,
          totalBytes,
          0,
          0,
          false,
          true,
          maxLines,
          maxBytes);
    }
    String content = String.join("\n", kept);
    Truncation.TruncatedBy by =
        stoppedByBytes ? Truncation.TruncatedBy.BYTES : Truncation.TruncatedBy.LINES;
    return new Truncation(
        content,
        true,
        Optional.of(by),
        totalLines,
        totalBytes,
        kept.size(),
        Utf8.length(content),
        false,
        false,
        maxLines,
        maxBytes);
  }
}
