package dev.graft.cli.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes gzipped ustar archives with whatever entries a hostile package author could put in one
 * (owners, setuid modes, links, FIFOs, devices, sizes far above what is stored), which neither
 * {@code tar} nor {@code npm pack} make on request.
 */
final class TarBuilder implements AutoCloseable {
  private final OutputStream out;

  private TarBuilder(OutputStream out) {
    this.out = out;
  }

  static TarBuilder gzip(Path file) throws IOException {
    return new TarBuilder(
        new GZIPOutputStream(Files.newOutputStream(file), 1 << 16) {
          {
            def.setLevel(Deflater.BEST_COMPRESSION);
          }
        });
  }

  TarBuilder file(String name, String content) throws IOException {
    return file(name, content, 0644, 0);
  }

  TarBuilder file(String name, String content, int mode, int uid) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    header(name, mode, uid, bytes.length, '0', "", 0, 0);
    out.write(bytes);
    pad(bytes.length);
    return this;
  }

  /** A file of {@code size} zero bytes, written without holding them. */
  TarBuilder zeros(String name, long size) throws IOException {
    header(name, 0644, 0, size, '0', "", 0, 0);
    byte[] block = new byte[1 << 16];
    for (long left = size; left > 0; left -= block.length) {
      out.write(block, 0, (int) Math.min(block.length, left));
    }
    pad(size);
    return this;
  }

  /** A file whose name a GNU long-name entry holds, for names of any length. */
  TarBuilder longFile(String name, String content) throws IOException {
    byte[] longName = (name + "\0").getBytes(StandardCharsets.UTF_8);
    header("././@LongLink", 0644, 0, longName.length, 'L', "", 0, 0);
    out.write(longName);
    pad(longName.length);
    return file(name.substring(0, Math.min(name.length(), 99)), content);
  }

  TarBuilder dir(String name) throws IOException {
    header(name.endsWith("/") ? name : name + "/", 0755, 0, 0, '5', "", 0, 0);
    return this;
  }

  TarBuilder symlink(String name, String target) throws IOException {
    header(name, 0777, 0, 0, '2', target, 0, 0);
    return this;
  }

  TarBuilder hardlink(String name, String target) throws IOException {
    header(name, 0644, 0, 0, '1', target, 0, 0);
    return this;
  }

  TarBuilder fifo(String name) throws IOException {
    header(name, 0644, 0, 0, '6', "", 0, 0);
    return this;
  }

  TarBuilder charDevice(String name, int major, int minor) throws IOException {
    header(name, 0666, 0, 0, '3', "", major, minor);
    return this;
  }

  private void header(
      String name, int mode, int uid, long size, char type, String link, int major, int minor)
      throws IOException {
    byte[] h = new byte[512];
    put(h, 0, 100, name);
    octal(h, 100, 8, mode);
    octal(h, 108, 8, uid);
    octal(h, 116, 8, uid);
    octal(h, 124, 12, size);
    octal(h, 136, 12, 1_700_000_000L);
    for (int i = 148; i < 156; i++) {
      h[i] = ' ';
    }
    h[156] = (byte) type;
    put(h, 157, 100, link);
    put(h, 257, 6, "ustar");
    put(h, 263, 2, "00");
    put(h, 265, 32, "hostile");
    put(h, 297, 32, "hostile");
    octal(h, 329, 8, major);
    octal(h, 337, 8, minor);
    long sum = 0;
    for (byte b : h) {
      sum += b & 0xff;
    }
    octal(h, 148, 7, sum);
    out.write(h);
  }

  private void pad(long size) throws IOException {
    int rest = (int) (size % 512);
    if (rest != 0) {
      out.write(new byte[512 - rest]);
    }
  }

  private static void put(byte[] h, int at, int len, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    if (b.length > len) {
      throw new IllegalArgumentException(s + " is longer than " + len + " bytes");
    }
    System.arraycopy(b, 0, h, at, b.length);
  }

  private static void octal(byte[] h, int at, int len, long value) {
    String s = Long.toOctalString(value);
    String padded = "0".repeat(Math.max(0, len - 1 - s.length())) + s;
    put(h, at, len - 1, padded);
  }

  @Override
  public void close() throws IOException {
    out.write(new byte[1024]);
    out.close();
  }
}
