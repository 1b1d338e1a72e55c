package dev.graft.runtime.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Parses a JSON text holding very long string values (a tool result of hundreds of megabytes)
 * without Jackson's text buffer. Jackson gathers such a string in UTF-16 segments, joins them in a
 * builder and copies that into the String: five bytes of heap per ASCII character on top of the
 * line's bytes. Here each long string is unescaped from the UTF-8 bytes into one String, and
 * Jackson parses the rest of the line, in which each long string is a short placeholder. Anything
 * unusual in a long string (a lone surrogate escape, a control character, bytes that are not UTF-8)
 * leaves the whole text to Jackson, so errors and values stay exactly Jackson's.
 */
final class LongStrings {
  /** String values at least this long (in bytes, as escaped in the text) are decoded here. */
  static final int MIN_LENGTH = 1 << 20;

  /** Marks a placeholder; random per process, so no text read can hold it by chance. */
  private static final String MARK = "\u0000graft-long-string-" + UUID.randomUUID() + "-";

  private LongStrings() {}

  /**
   * The parsed text, or null when it holds no long string value (or one Jackson should judge). With
   * {@code inPlace}, the long strings are unescaped over {@code utf8}, which is then garbage.
   */
  static JsonNode parse(byte[] utf8, int offset, int length, boolean inPlace, int maxChars)
      throws IOException {
    int end = offset + length;
    List<int[]> tokens = longTokens(utf8, offset, end);
    if (tokens.isEmpty()) {
      return null;
    }
    // The line with each long string's token replaced by its placeholder, escaped as JSON.
    ByteArrayOutputStream rest =
        new ByteArrayOutputStream(length - sum(tokens) + tokens.size() * 64);
    int from = offset;
    for (int i = 0; i < tokens.size(); i++) {
      int[] t = tokens.get(i);
      rest.write(utf8, from, t[0] - from);
      String placeholder = "\"\\u0000" + MARK.substring(1) + i + "\"";
      rest.writeBytes(placeholder.getBytes(StandardCharsets.UTF_8));
      from = t[1] + 1;
    }
    rest.write(utf8, from, end - from);
    byte[] restBytes = rest.toByteArray();
    JsonNode tree;
    try {
      tree = Json.parseWithJackson(restBytes, 0, restBytes.length);
    } catch (IOException e) {
      return null; // Jackson reports it on the whole text, with the right columns
    }
    // Everything that would make Jackson refuse a long string is found before a byte is changed.
    for (int[] t : tokens) {
      // escapes make the text longer than the string: counted only when the text is past the limit
      if (t[1] - t[0] - 1 > maxChars && Utf8.jsonStringUnits(utf8, t[0] + 1, t[1]) > maxChars
          || unescape(utf8, t[0] + 1, t[1], null, 0) < 0
          || !Utf8.isValid(utf8, t[0] + 1, t[1])) {
        return null;
      }
    }
    String[] values = new String[tokens.size()];
    for (int i = 0; i < tokens.size(); i++) {
      int[] t = tokens.get(i);
      byte[] target = inPlace ? utf8 : new byte[t[1] - t[0] - 1];
      int at = inPlace ? t[0] + 1 : 0;
      int n = unescape(utf8, t[0] + 1, t[1], target, at);
      values[i] = new String(target, at, n, StandardCharsets.UTF_8);
    }
    String top = value(tree, values);
    if (top != null) {
      return TextNode.valueOf(top);
    }
    replace(tree, values);
    return tree;
  }

  private static int sum(List<int[]> tokens) {
    int total = 0;
    for (int[] t : tokens) {
      total += t[1] - t[0] + 1;
    }
    return total;
  }

  /**
   * The [opening quote, closing quote] of each string value at least {@link #MIN_LENGTH} long; none
   * when the text's strings do not close (Jackson reports that).
   */
  private static List<int[]> longTokens(byte[] b, int from, int end) {
    List<int[]> tokens = new ArrayList<>();
    int i = from;
    while (i < end) {
      if (b[i] != '"') {
        i++;
        continue;
      }
      int j = i + 1;
      while (j < end && b[j] != '"') {
        j += b[j] == '\\' ? 2 : 1;
      }
      if (j >= end) {
        return List.of();
      }
      if (j - i - 1 >= MIN_LENGTH && !isKey(b, j + 1, end)) {
        tokens.add(new int[] {i, j});
      }
      i = j + 1;
    }
    return tokens;
  }

  private static boolean isKey(byte[] b, int i, int end) {
    while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
      i++;
    }
    return i < end && b[i] == ':';
  }

  /**
   * Unescapes the string body {@code b[from, to)} into {@code out} at {@code at} (which may be
   * {@code from} itself: the output never runs ahead of the input; a null {@code out} only checks).
   * Returns the length written, or -1 for what Jackson should judge: a control character, a bad
   * escape, a lone surrogate.
   */
  private static int unescape(byte[] b, int from, int to, byte[] out, int at) {
    int w = at;
    int i = from;
    while (i < to) {
      byte c = b[i];
      if (c != '\\') {
        if (c >= 0 && c < 0x20) {
          return -1;
        }
        if (out != null) {
          out[w] = c;
        }
        w++;
        i++;
        continue;
      }
      if (i + 1 >= to) {
        return -1;
      }
      byte e = b[i + 1];
      i += 2;
      int simple = simpleEscape(e);
      if (simple >= 0) {
        if (out != null) {
          out[w] = (byte) simple;
        }
        w++;
        continue;
      }
      if (e != 'u') {
        return -1;
      }
      int cp = hex4(b, i, to);
      if (cp < 0) {
        return -1;
      }
      i += 4;
      if (Character.isHighSurrogate((char) cp)) {
        int low = i + 1 < to && b[i] == '\\' && b[i + 1] == 'u' ? hex4(b, i + 2, to) : -1;
        if (low < 0 || !Character.isLowSurrogate((char) low)) {
          return -1;
        }
        i += 6;
        cp = Character.toCodePoint((char) cp, (char) low);
      } else if (Character.isLowSurrogate((char) cp)) {
        return -1;
      }
      w = out != null ? Utf8.encode(cp, out, w) : w + Utf8.length(cp);
    }
    return w - at;
  }

  /** The byte a one-letter escape stands for, or -1. */
  private static int simpleEscape(byte e) {
    return switch (e) {
      case '"', '\\', '/' -> e;
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      default -> -1;
    };
  }

  private static int hex4(byte[] b, int i, int to) {
    if (i + 4 > to) {
      return -1;
    }
    int v = 0;
    for (int k = i; k < i + 4; k++) {
      int d = Character.digit(b[k], 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }

  /**
   * Puts each value where its placeholder is (a placeholder Jackson dropped, a repeated key's, is
   * dropped as its value would have been).
   */
  private static void replace(JsonNode tree, String[] values) {
    ArrayDeque<JsonNode> containers = new ArrayDeque<>();
    containers.push(tree);
    while (!containers.isEmpty()) {
      JsonNode node = containers.pop();
      if (node instanceof ObjectNode o) {
        for (Map.Entry<String, JsonNode> e : o.properties()) {
          String value = value(e.getValue(), values);
          if (value != null) {
            e.setValue(TextNode.valueOf(value));
          } else if (e.getValue().isContainerNode()) {
            containers.push(e.getValue());
          }
        }
      } else if (node instanceof ArrayNode a) {
        for (int i = 0; i < a.size(); i++) {
          String value = value(a.get(i), values);
          if (value != null) {
            a.set(i, TextNode.valueOf(value));
          } else if (a.get(i).isContainerNode()) {
            containers.push(a.get(i));
          }
        }
      }
    }
  }

  private static String value(JsonNode node, String[] values) {
    if (!node.isTextual() || !node.textValue().startsWith(MARK)) {
      return null;
    }
    try {
      int i = Integer.parseInt(node.textValue().substring(MARK.length()));
      return i >= 0 && i < values.length ? values[i] : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
