package dev.graft.cli.packages;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tar archive read entry by entry from a stream (ustar, GNU long names, pax headers), so graft
 * decides what of it lands on disk instead of {@code tar}, which would create the archive's owners,
 * modes, devices and FIFOs.
 */
final class TarArchive {
  /** What an entry is. */
  enum Type {
    FILE,
    DIRECTORY,
    SYMLINK,
    HARDLINK,
    CHARACTER_DEVICE,
    BLOCK_DEVICE,
    FIFO,
    OTHER
  }

  /** One entry: its path as the archive names it, its type, size and (links) target. */
  record Entry(String path, Type type, long size, String linkTarget) {}

  /** pax headers and GNU long names larger than this are refused. */
  private static final int MAX_META = 1 << 20;

  private final InputStream in;
  private long left;
  private long padding;

  TarArchive(InputStream in) {
    this.in = in;
  }

  /** The next entry (what was not read of the one before is skipped), or empty at the end. */
  Optional<Entry> next() throws IOException {
    skip(left + padding);
    left = 0;
    padding = 0;
    String longName = null;
    String longLink = null;
    String paxPath = null;
    String paxLink = null;
    Long paxSize = null;
    while (true) {
      byte[] h = new byte[512];
      int n = in.readNBytes(h, 0, 512);
      if (n == 0 || isZero(h, n)) {
        return Optional.empty();
      }
      if (n < 512) {
        throw new PackageContent.Refused("the archive ends in the middle of an entry");
      }
      checkSum(h);
      char flag = (char) h[156];
      long size = number(h, 124, 12);
      if (size < 0) {
        throw new PackageContent.Refused("an entry of the archive has a negative size");
      }
      switch (flag) {
        case 'L', 'K', 'x' -> {
          String meta = meta(size);
          if (flag == 'L') {
            longName = strip(meta);
          } else if (flag == 'K') {
            longLink = strip(meta);
          } else {
            for (String[] kv : pax(meta)) {
              switch (kv[0]) {
                case "path" -> paxPath = kv[1];
                case "linkpath" -> paxLink = kv[1];
                case "size" -> paxSize = parseSize(kv[1]);
                default -> {}
              }
            }
          }
          continue;
        }
        case 'g' -> {
          meta(size);
          continue;
        }
        default -> {}
      }
      String name = paxPath != null ? paxPath : longName != null ? longName : name(h);
      String link = paxLink != null ? paxLink : longLink != null ? longLink : string(h, 157, 100);
      if (paxSize != null) {
        size = paxSize;
      }
      Type type =
          switch (flag) {
            case '0', '\0', '7' -> name.endsWith("/") ? Type.DIRECTORY : Type.FILE;
            case '1' -> Type.HARDLINK;
            case '2' -> Type.SYMLINK;
            case '3' -> Type.CHARACTER_DEVICE;
            case '4' -> Type.BLOCK_DEVICE;
            case '5' -> Type.DIRECTORY;
            case '6' -> Type.FIFO;
            default -> Type.OTHER;
          };
      // Links, devices and FIFOs store nothing, whatever size their header claims.
      long stored = type == Type.FILE || type == Type.DIRECTORY || type == Type.OTHER ? size : 0;
      left = stored;
      padding = (512 - stored % 512) % 512;
      return Optional.of(new Entry(name, type, type == Type.FILE ? size : 0, link));
    }
  }

  /** The content of the entry {@link #next} returned last (a file's bytes). */
  InputStream content() {
    return new InputStream() {
      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
          return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n < 0) {
          throw new EOFException("the archive ends in the middle of a file");
        }
        left -= n;
        return n;
      }
    };
  }

  private String meta(long size) throws IOException {
    if (size > MAX_META) {
      throw new PackageContent.Refused(
          "the archive has a header of " + size + " bytes (at most " + MAX_META + ")");
    }
    byte[] b = in.readNBytes((int) size);
    if (b.length < size) {
      throw new PackageContent.Refused("the archive ends in the middle of an entry");
    }
    skip((512 - size % 512) % 512);
    return new String(b, StandardCharsets.UTF_8);
  }

  /** pax records: {@code LENGTH key=value\n}. */
  private static List<String[]> pax(String text) {
    List<String[]> out = new ArrayList<>();
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    int at = 0;
    while (at < bytes.length) {
      int space = at;
      while (space < bytes.length && bytes[space] != ' ') {
        space++;
      }
      int length;
      try {
        length = Integer.parseInt(new String(bytes, at, space - at, StandardCharsets.US_ASCII));
      } catch (NumberFormatException e) {
        throw new PackageContent.Refused("the archive has a malformed pax header");
      }
      if (length <= space - at || at + length > bytes.length) {
        throw new PackageContent.Refused("the archive has a malformed pax header");
      }
      String record = new String(bytes, space + 1, at + length - space - 2, StandardCharsets.UTF_8);
      int eq = record.indexOf('=');
      if (eq > 0) {
        out.add(new String[] {record.substring(0, eq), record.substring(eq + 1)});
      }
      at += length;
    }
    return out;
  }

  private static long parseSize(String s) {
    try {
      return Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      throw new PackageContent.Refused("the archive has a malformed pax size");
    }
  }

  private void skip(long n) throws IOException {
    while (n > 0) {
      long skipped = in.skip(n);
      if (skipped <= 0) {
        if (in.read() < 0) {
          throw new PackageContent.Refused("the archive ends in the middle of an entry");
        }
        skipped = 1;
      }
      n -= skipped;
    }
  }

  private static String name(byte[] h) {
    String name = string(h, 0, 100);
    boolean ustar = string(h, 257, 6).startsWith("ustar");
    String prefix = ustar ? string(h, 345, 155) : "";
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  private static String string(byte[] h, int at, int len) {
    int end = at;
    while (end < at + len && h[end] != 0) {
      end++;
    }
    return new String(h, at, end - at, StandardCharsets.UTF_8);
  }

  private static String strip(String s) {
    int nul = s.indexOf('\0');
    return nul < 0 ? s : s.substring(0, nul);
  }

  /** An octal field, or GNU's base-256 form (first byte's high bit set). */
  private static long number(byte[] h, int at, int len) {
    if ((h[at] & 0x80) != 0) {
      long v = h[at] & 0x3f;
      for (int i = at + 1; i < at + len; i++) {
        if (v > (Long.MAX_VALUE >> 8)) {
          throw new PackageContent.Refused("an entry of the archive has an impossible size");
        }
        v = (v << 8) | (h[i] & 0xff);
      }
      return v;
    }
    String s = string(h, at, len).strip();
    if (s.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(s, 8);
    } catch (NumberFormatException e) {
      throw new PackageContent.Refused("not a tar archive (a header's number is not octal)");
    }
  }

  private static void checkSum(byte[] h) {
    long sum = 0;
    for (int i = 0; i < 512; i++) {
      sum += i >= 148 && i < 156 ? ' ' : h[i] & 0xff;
    }
    if (number(h, 148, 8) != sum) {
      throw new PackageContent.Refused("not a tar archive (a header's checksum is wrong)");
    }
  }

  private static boolean isZero(byte[] h, int n) {
    for (int i = 0; i < n; i++) {
      if (h[i] != 0) {
        return false;
      }
    }
    return true;
  }
}
