package dev.graft.scripting.node;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * Node's Buffer encodings between strings and bytes, as Node converts them: {@code utf8} (malformed
 * bytes become U+FFFD, lone surrogates encode as EF BF BD), {@code latin1}/{@code binary}, {@code
 * ascii} (decoding drops the high bit), {@code base64} and {@code base64url} (decoding skips what
 * is not in either alphabet and stops at padding), {@code hex} (decoding stops at the first pair
 * that is not hex) and {@code utf16le}/{@code ucs2}.
 */
public final class NodeCodec {
  private NodeCodec() {}

  /** Node's name for {@code encoding} (case-insensitive, aliases folded), if it is one. */
  public static Optional<String> normalize(String encoding) {
    return Optional.ofNullable(
        switch (encoding.toLowerCase(Locale.ROOT)) {
          case "utf8", "utf-8" -> "utf8";
          case "latin1", "binary" -> "latin1";
          case "ascii" -> "ascii";
          case "base64" -> "base64";
          case "base64url" -> "base64url";
          case "hex" -> "hex";
          case "utf16le", "utf-16le", "ucs2", "ucs-2" -> "utf16le";
          default -> null;
        });
  }

  public static byte[] encode(String text, String encoding) {
    return switch (normalize(encoding).orElseThrow(() -> unknown(encoding))) {
      case "utf8" -> utf8(text);
      case "latin1", "ascii" -> latin1(text);
      case "base64", "base64url" -> decodeBase64(text);
      case "hex" -> decodeHex(text);
      case "utf16le" -> {
        byte[] out = new byte[text.length() * 2];
        for (int i = 0; i < text.length(); i++) {
          char c = text.charAt(i); // code units as they are, lone surrogates too
          out[2 * i] = (byte) c;
          out[2 * i + 1] = (byte) (c >> 8);
        }
        yield out;
      }
      default -> throw unknown(encoding);
    };
  }

  public static String decode(byte[] bytes, int from, int to, String encoding) {
    return switch (normalize(encoding).orElseThrow(() -> unknown(encoding))) {
      case "utf8" -> utf8(bytes, from, to);
      case "latin1" -> new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
      case "ascii" -> {
        char[] out = new char[to - from];
        for (int i = from; i < to; i++) {
          out[i - from] = (char) (bytes[i] & 0x7f);
        }
        yield new String(out);
      }
      case "base64" -> Base64.getEncoder().encodeToString(Arrays.copyOfRange(bytes, from, to));
      case "base64url" ->
          Base64.getUrlEncoder()
              .withoutPadding()
              .encodeToString(Arrays.copyOfRange(bytes, from, to));
      case "hex" -> {
        StringBuilder out = new StringBuilder((to - from) * 2);
        for (int i = from; i < to; i++) {
          out.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16))
              .append(Character.forDigit(bytes[i] & 0xf, 16));
        }
        yield out.toString();
      }
      case "utf16le" -> new String(bytes, from, (to - from) & ~1, StandardCharsets.UTF_16LE);
      default -> throw unknown(encoding);
    };
  }

  private static IllegalArgumentException unknown(String encoding) {
    return new IllegalArgumentException("Unknown encoding: " + encoding);
  }

  /** UTF-8 as Node writes it: a lone surrogate is U+FFFD's bytes. */
  static byte[] utf8(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int cp = c;
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        cp = Character.toCodePoint(c, text.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        cp = 0xfffd;
      }
      if (cp < 0x80) {
        out.write(cp);
      } else if (cp < 0x800) {
        out.write(0xc0 | cp >> 6);
        out.write(0x80 | cp & 0x3f);
      } else if (cp < 0x10000) {
        out.write(0xe0 | cp >> 12);
        out.write(0x80 | cp >> 6 & 0x3f);
        out.write(0x80 | cp & 0x3f);
      } else {
        out.write(0xf0 | cp >> 18);
        out.write(0x80 | cp >> 12 & 0x3f);
        out.write(0x80 | cp >> 6 & 0x3f);
        out.write(0x80 | cp & 0x3f);
      }
    }
    return out.toByteArray();
  }

  /**
   * UTF-8 decoded as the Encoding Standard (and Node) decodes it: U+FFFD for each maximal malformed
   * subpart, so an encoded surrogate (ED A0 80) is three of them, and an unfinished sequence at the
   * end is one.
   */
  static String utf8(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder(to - from);
    int codePoint = 0;
    int needed = 0;
    int seen = 0;
    int lower = 0x80;
    int upper = 0xbf;
    for (int i = from; i < to; i++) {
      int b = bytes[i] & 0xff;
      if (needed == 0) {
        if (b <= 0x7f) {
          out.append((char) b);
        } else if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          codePoint = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          lower = b == 0xe0 ? 0xa0 : 0x80;
          upper = b == 0xed ? 0x9f : 0xbf;
          needed = 2;
          codePoint = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          lower = b == 0xf0 ? 0x90 : 0x80;
          upper = b == 0xf4 ? 0x8f : 0xbf;
          needed = 3;
          codePoint = b & 0x7;
        } else {
          out.append('\ufffd');
        }
        continue;
      }
      if (b < lower || b > upper) {
        codePoint = 0;
        needed = 0;
        seen = 0;
        lower = 0x80;
        upper = 0xbf;
        out.append('\ufffd');
        i--; // the byte starts anew
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      codePoint = codePoint << 6 | b & 0x3f;
      if (++seen == needed) {
        out.appendCodePoint(codePoint);
        codePoint = 0;
        needed = 0;
        seen = 0;
      }
    }
    if (needed != 0) {
      out.append('\ufffd');
    }
    return out.toString();
  }

  static byte[] latin1(String text) {
    byte[] out = new byte[text.length()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) text.charAt(i);
    }
    return out;
  }

  /**
   * Node's lenient base64 (either alphabet): characters outside both are skipped, decoding stops at
   * the first {@code =}, and leftover bits that do not make a byte are dropped.
   */
  static byte[] decodeBase64(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() * 3 / 4 + 3);
    int acc = 0;
    int bits = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int v;
      if (c >= 'A' && c <= 'Z') {
        v = c - 'A';
      } else if (c >= 'a' && c <= 'z') {
        v = c - 'a' + 26;
      } else if (c >= '0' && c <= '9') {
        v = c - '0' + 52;
      } else if (c == '+' || c == '-') {
        v = 62;
      } else if (c == '/' || c == '_') {
        v = 63;
      } else if (c == '=') {
        break;
      } else {
        continue;
      }
      acc = acc << 6 | v;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out.write(acc >> bits & 0xff);
      }
    }
    return out.toByteArray();
  }

  /** Hex pairs up to the first that is not one (an odd last digit is dropped), as Node does. */
  static byte[] decodeHex(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() / 2);
    for (int i = 0; i + 1 < text.length(); i += 2) {
      int hi = Character.digit(text.charAt(i), 16);
      int lo = Character.digit(text.charAt(i + 1), 16);
      if (hi < 0 || lo < 0 || text.charAt(i) > 0x7f || text.charAt(i + 1) > 0x7f) {
        break;
      }
      out.write(hi << 4 | lo);
    }
    return out.toByteArray();
  }
}
