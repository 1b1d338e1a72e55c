package dev.graft.cli.chat;

import java.util.Base64;
import java.util.Optional;

/**
 * The pixel size of a PNG, GIF, JPEG or WebP image from its first bytes, for {@code [image
 * 800x600]}.
 */
final class ImageSize {
  private ImageSize() {}

  /** Width and height of a base64-encoded image, when its format says them early. */
  static Optional<int[]> of(String base64) {
    byte[] head;
    try {
      String start =
          base64.length() > 87_400
              ? base64.substring(0, 87_400)
              : base64; // 64 KB of the image is plenty
      head =
          Base64.getDecoder()
              .decode(
                  start.length() % 4 == 0
                      ? start
                      : start.substring(0, start.length() - start.length() % 4));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    return ofBytes(head);
  }

  static Optional<int[]> ofBytes(byte[] b) {
    if (b.length >= 24 && u8(b, 0) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
      return Optional.of(new int[] {be32(b, 16), be32(b, 20)});
    }
    if (b.length >= 10 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F') {
      return Optional.of(new int[] {u8(b, 6) | u8(b, 7) << 8, u8(b, 8) | u8(b, 9) << 8});
    }
    if (b.length >= 4 && u8(b, 0) == 0xFF && u8(b, 1) == 0xD8) {
      return jpeg(b);
    }
    if (b.length >= 30
        && b[0] == 'R'
        && b[1] == 'I'
        && b[8] == 'W'
        && b[9] == 'E'
        && b[12] == 'V'
        && b[13] == 'P'
        && b[14] == '8') {
      return webp(b);
    }
    return Optional.empty();
  }

  private static Optional<int[]> jpeg(byte[] b) {
    int i = 2;
    while (i + 9 < b.length) {
      if (u8(b, i) != 0xFF) {
        i++;
        continue;
      }
      int marker = u8(b, i + 1);
      if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
        return Optional.of(new int[] {be16(b, i + 7), be16(b, i + 5)});
      }
      if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        i += 2;
        continue;
      }
      i += 2 + be16(b, i + 2);
    }
    return Optional.empty();
  }

  private static Optional<int[]> webp(byte[] b) {
    return switch (b[15]) {
      case ' ' ->
          Optional.of(
              new int[] {
                (u8(b, 26) | u8(b, 27) << 8) & 0x3fff, (u8(b, 28) | u8(b, 29) << 8) & 0x3fff
              });
      case 'L' -> {
        int bits = u8(b, 21) | u8(b, 22) << 8 | u8(b, 23) << 16 | u8(b, 24) << 24;
        yield Optional.of(new int[] {(bits & 0x3fff) + 1, (bits >> 14 & 0x3fff) + 1});
      }
      case 'X' ->
          Optional.of(
              new int[] {
                1 + (u8(b, 24) | u8(b, 25) << 8 | u8(b, 26) << 16),
                1 + (u8(b, 27) | u8(b, 28) << 8 | u8(b, 29) << 16)
              });
      default -> Optional.empty();
    };
  }

  private static int u8(byte[] b, int i) {
    return b[i] & 0xff;
  }

  private static int be16(byte[] b, int i) {
    return u8(b, i) << 8 | u8(b, i + 1);
  }

  private static int be32(byte[] b, int i) {
    return u8(b, i) << 24 | u8(b, i + 1) << 16 | u8(b, i + 2) << 8 | u8(b, i + 3);
  }

  /** {@code [image 800x600]}, or {@code [image]} when the size is unknown. */
  static String label(String base64, String mimeType) {
    return of(base64)
        .map(s -> "[image " + s[0] + "x" + s[1] + "]")
        .orElse("[image" + (mimeType == null ? "" : " " + mimeType) + "]");
  }
}
