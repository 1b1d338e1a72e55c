package dev.graft.runtime.llm;

/**
 * Removes unpaired UTF-16 surrogates, which cannot be encoded as UTF-8: Jackson refuses to write
 * them and providers reject the request. Properly paired surrogates (emoji) stay.
 */
final class Surrogates {
  private Surrogates() {}

  static String strip(String text) {
    int n = text.length();
    StringBuilder out = null;
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      boolean lone;
      if (Character.isHighSurrogate(c)) {
        lone = i + 1 >= n || !Character.isLowSurrogate(text.charAt(i + 1));
        if (!lone) {
          if (out != null) {
            out.append(c).append(text.charAt(i + 1));
          }
          i++;
          continue;
        }
      } else {
        lone = Character.isLowSurrogate(c);
      }
      if (lone) {
        if (out == null) {
          out = new StringBuilder(n).append(text, 0, i);
        }
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text : out.toString();
  }
}
