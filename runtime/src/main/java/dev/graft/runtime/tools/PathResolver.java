package dev.graft.runtime.tools;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Turns a path the model wrote into a file-system path, as the reference agent does: a leading
 * {@code @} (the way users mention files) is dropped, exotic Unicode spaces become plain spaces,
 * {@code ~} and {@code ~/} mean the home directory, and relative paths resolve against the
 * session's working directory.
 */
record PathResolver(Path home) {
  private static final Pattern UNICODE_SPACES =
      Pattern.compile("[\\u00A0\\u2000-\\u200A\\u202F\\u205F\\u3000]");
  private static final Pattern AM_PM = Pattern.compile(" (AM|PM)\\.", Pattern.CASE_INSENSITIVE);

  PathResolver {
    Objects.requireNonNull(home, "home");
  }

  static PathResolver ofUserHome() {
    return new PathResolver(Path.of(System.getProperty("user.home")));
  }

  /** The absolute path for {@code raw}; fails with a message naming the path if it is not one. */
  Path resolve(String raw, Path cwd) throws ToolFailure {
    String expanded = expand(raw);
    try {
      Path path = Path.of(expanded);
      return path.isAbsolute() ? path.normalize() : cwd.resolve(path).normalize();
    } catch (InvalidPathException e) {
      throw new ToolFailure("Invalid path: " + raw);
    }
  }

  /**
   * Like {@link #resolve}, but when nothing is there it tries the spellings macOS gives screenshot
   * names (a narrow no-break space before AM/PM, decomposed accents, a curly apostrophe), since
   * users paste those names typed with plain characters.
   */
  Path resolveForRead(String raw, Path cwd) throws ToolFailure {
    Path resolved = resolve(raw, cwd);
    if (Files.exists(resolved)) {
      return resolved;
    }
    String text = resolved.toString();
    String nfd = Normalizer.normalize(text, Normalizer.Form.NFD);
    List<String> variants =
        List.of(
            AM_PM.matcher(text).replaceAll("\u202F$1."),
            nfd,
            text.replace('\'', '\u2019'),
            nfd.replace('\'', '\u2019'));
    for (String variant : variants) {
      if (!variant.equals(text)) {
        try {
          Path candidate = Path.of(variant);
          if (Files.exists(candidate)) {
            return candidate;
          }
        } catch (InvalidPathException ignored) {
          // Not a usable spelling on this file system; try the next.
        }
      }
    }
    return resolved;
  }

  private String expand(String raw) {
    String path = raw.startsWith("@") ? raw.substring(1) : raw;
    path = UNICODE_SPACES.matcher(path).replaceAll(" ");
    if (path.equals("~")) {
      return home.toString();
    }
    if (path.startsWith("~/")) {
      return home + path.substring(1);
    }
    return path;
  }
}
