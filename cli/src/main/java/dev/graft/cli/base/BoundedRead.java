package dev.graft.cli.base;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * Reads a file a repository controls (a lock file, a script to fingerprint) without trusting its
 * size: never more than a cap, as a stream, so a 3 GB file costs a refusal, not the heap.
 */
public final class BoundedRead {
  private BoundedRead() {}

  /** A file longer than its cap; the message names it and the cap. */
  public static final class TooLarge extends IOException {
    public TooLarge(Path file, long cap, String what) {
      super(file + " is larger than " + size(cap) + " (the cap on " + what + ")");
    }
  }

  /**
   * {@code file} as UTF-8 text, if it is at most {@code cap} bytes; {@code what} names the cap in
   * the message.
   */
  public static String text(Path file, long cap, String what) throws IOException {
    if (Files.size(file) > cap) {
      throw new TooLarge(file, cap, what);
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
      if (bytes.length > cap) {
        throw new TooLarge(file, cap, what);
      }
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  /**
   * The SHA-256 (lower-case hex) of {@code file}, read as a stream of at most {@code cap} bytes.
   */
  public static String sha256(Path file, long cap, String what) throws IOException {
    if (Files.size(file) > cap) {
      throw new TooLarge(file, cap, what);
    }
    MessageDigest digest = Sha256.digest();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      long read = 0;
      for (int n; (n = in.read(buffer)) > 0; ) {
        read += n;
        if (read > cap) {
          throw new TooLarge(file, cap, what);
        }
        digest.update(buffer, 0, n);
      }
    }
    return Sha256.hex(digest.digest());
  }

  /** "64 MiB", or "512 KiB" below a mebibyte. */
  public static String size(long bytes) {
    return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
  }
}
