package dev.graft.scripting;

/**
 * Reading JSON text without parsing it: where a value ends. The text is well formed
 * (JSON.stringify's).
 */
final class JsonText {
  private JsonText() {}

  /**
   * The index just past the JSON value that starts at {@code at} in {@code text}: a string, an
   * object or array (with everything in it), or a literal or number (up to the next ',', ']' or
   * '}'). Throws IndexOutOfBoundsException when the text ends first.
   */
  static int skipValue(String text, int at) {
    char c = text.charAt(at);
    if (c == '"') {
      return skipString(text, at);
    }
    if (c != '{' && c != '[') {
      int i = at;
      while (true) {
        char d = text.charAt(i);
        if (d == ',' || d == ']' || d == '}') {
          return i;
        }
        i++;
      }
    }
    int depth = 0;
    int i = at;
    while (true) {
      char d = text.charAt(i);
      if (d == '"') {
        i = skipString(text, i);
        continue;
      }
      if (d == '{' || d == '[') {
        depth++;
      } else if ((d == '}' || d == ']') && --depth == 0) {
        return i + 1;
      }
      i++;
    }
  }

  /** The index just past the string whose opening quote is at {@code at}. */
  static int skipString(String text, int at) {
    int i = at + 1;
    while (true) {
      char d = text.charAt(i);
      if (d == '\\') {
        i += 2;
      } else if (d == '"') {
        return i + 1;
      } else {
        i++;
      }
    }
  }
}
