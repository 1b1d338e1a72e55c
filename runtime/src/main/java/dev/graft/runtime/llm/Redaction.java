package dev.graft.runtime.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Removes the credentials graft sent from text a provider sent back. An error body may quote the
 * key ("invalid key sk-..."); such text reaches scripts ({@code ctx.complete}), the session file
 * and the terminal, so it is redacted before it leaves the provider.
 */
final class Redaction {
  static final String MARK = "[redacted]";

  /** Shorter values are too common to be secrets worth hiding (and would mangle the text). */
  private static final int MIN_SECRET = 8;

  private final List<String> secrets;

  private Redaction(List<String> secrets) {
    this.secrets = secrets;
  }

  /** The key and the values of the model's headers that look like credentials. */
  static Redaction of(ApiKey key, Map<String, String> headers) {
    List<String> secrets = new ArrayList<>();
    if (key.value().length() >= MIN_SECRET) {
      secrets.add(key.value());
    }
    headers.forEach((name, value) -> {
      String n = name.toLowerCase(Locale.ROOT);
      boolean credential =
          n.contains("auth") || n.contains("key") || n.contains("token") || n.contains("secret");
      if (credential && value.length() >= MIN_SECRET) {
        secrets.add(value.startsWith("Bearer ") ? value.substring(7) : value);
      }
    });
    // Longest first, so a key that contains another is removed whole.
    secrets.sort((a, b) -> b.length() - a.length());
    return new Redaction(List.copyOf(secrets));
  }

  String apply(String text) {
    String out = text;
    for (String secret : secrets) {
      if (out.contains(secret)) {
        out = out.replace(secret, MARK);
      }
    }
    return out;
  }
}
