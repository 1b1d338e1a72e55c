package dev.graft.cli.base;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 as trust fingerprints and package lock files write it: lower-case hex. */
public final class Sha256 {
  private Sha256() {}

  public static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }

  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  public static String ofBytes(byte[] bytes) {
    return hex(digest().digest(bytes));
  }

  public static String ofText(String text) {
    return ofBytes(text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The file's hash, read as a stream; an unreadable file is an {@link UncheckedIOException} naming
   * it.
   */
  public static String ofFile(Path file) {
    MessageDigest digest = digest();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return hex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
