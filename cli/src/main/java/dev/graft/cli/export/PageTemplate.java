package dev.graft.cli.export;

import dev.graft.cli.base.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/**
 * The page around the session's data: page.html with page.css and page.js inlined. The page's
 * Content-Security-Policy allows exactly that style and that script (by their SHA-256), images from
 * data: URLs and nothing else, so the page loads nothing from the network and runs no script that
 * came from a session, even if some text escaped the renderer's escaping.
 */
record PageTemplate(String head, String tail) {
  private static final String DATA = "{{DATA}}";

  static PageTemplate load() {
    String html = resource("page.html");
    String css = resource("page.css");
    String js = resource("page.js");
    if (js.toLowerCase(Locale.ROOT).contains("</script")
        || css.toLowerCase(Locale.ROOT).contains("</style")) {
      throw new IllegalStateException("page.js or page.css would end its own element");
    }
    String csp =
        "default-src 'none'; script-src '"
            + sha256(js)
            + "'; style-src '"
            + sha256(css)
            + "'; img-src data:; base-uri 'none'; form-action 'none'";
    String page = html.replace("{{CSP}}", csp).replace("{{STYLE}}", css).replace("{{SCRIPT}}", js);
    int data = page.indexOf(DATA);
    if (data < 0) {
      throw new IllegalStateException("page.html has no " + DATA + " marker");
    }
    return new PageTemplate(page.substring(0, data), page.substring(data + DATA.length()));
  }

  /** The part before the data, with the page's title. */
  String head(String title) {
    return head.replace("{{TITLE}}", escapeText(title));
  }

  static String escapeText(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private static String resource(String name) {
    try (InputStream in = PageTemplate.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sha256(String text) {
    byte[] digest = Sha256.digest().digest(text.getBytes(StandardCharsets.UTF_8));
    return "sha256-" + Base64.getEncoder().encodeToString(digest);
  }
}
