package dev.graft.runtime.llm;

/**
 * Repairs JSON that models and proxies commonly get wrong inside string literals: raw control
 * characters (a literal newline in a file's content) and backslashes before characters that are not
 * escapes (Windows paths). Structure is never invented, so truncated JSON stays invalid.
 */
final class JsonRepair {
  private JsonRepair() {}

  static String repair(String json) {
    StringBuilder out = new StringBuilder(json.length() + 16);
    boolean inString = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (!inString) {
        out.append(c);
        if (c == '"') {
          inString = true;
        }
        continue;
      }
      if (c == '"') {
        out.append(c);
        inString = false;
      } else if (c == '\\') {
        if (i + 1 >= json.length()) {
          out.append("\\\\");
        } else {
          char next = json.charAt(i + 1);
          if (next == 'u' && isHex4(json, i + 2)) {
            out.append(json, i, i + 6);
            i += 5;
          } else if ("\"\\/bfnrt".indexOf(next) >= 0) {
            out.append('\\').append(next);
            i++;
          } else {
            out.append("\\\\");
          }
        }
      } else if (c < 0x20) {
        switch (c) {
          case '\b' -> out.append("\\b");
          case '\f' -> out.append("\\f");
          case '\n' -> out.append("\\n");
          case '\r' -> out.append("\\r");
          case '\t' -> out.append("\\t");
          default -> out.append(String.format("\\u%04x", (int) c));
        }
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isHex4(String s, int from) {
    if (from + 4 > s.length()) {
      return false;
    }
    for (int i = from; i < from + 4; i++) {
      if (Character.digit(s.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }
}
