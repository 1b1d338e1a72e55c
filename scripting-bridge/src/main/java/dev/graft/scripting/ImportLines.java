package dev.graft.scripting;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line of a script that imports a module which failed to load: the engine's error names the
 * module, not the import, so a load failure would say which file but not where.
 */
final class ImportLines {
  private static final Pattern REFUSED =
      Pattern.compile(
          "cannot import (/[^:]+):|Cannot find module '([^']+)'(?: imported from (/\\S+))?");
  private static final Pattern SPECIFIER =
      Pattern.compile("(?:\\bfrom|\\bimport)\\s*\\(?\\s*([\"'])([^\"'\\n]+)\\1");

  private ImportLines() {}

  /** " (at bad.js:3)" for a failure about an import of {@code script}'s, else "". */
  static String of(Path script, Path root, String message) {
    Matcher m = REFUSED.matcher(message);
    if (!m.find()) {
      return "";
    }
    Path target = Path.of(m.group(1) != null ? m.group(1) : m.group(2)).normalize();
    Path importer = m.group(3) != null ? Path.of(m.group(3)) : script;
    List<String> lines;
    try {
      lines = Files.readAllLines(importer);
    } catch (IOException | RuntimeException e) {
      return "";
    }
    for (int i = 0; i < lines.size(); i++) {
      Matcher s = SPECIFIER.matcher(lines.get(i));
      while (s.find()) {
        String spec = s.group(2);
        if ((spec.startsWith("./") || spec.startsWith("../") || spec.startsWith("/"))
            && names(importer.toAbsolutePath().getParent().resolve(spec).normalize(), target)) {
          Path shown = importer.startsWith(root) ? root.relativize(importer) : importer;
          return " (at " + shown + ":" + (i + 1) + ")";
        }
      }
    }
    return "";
  }

  /** Whether the import of {@code path} is the module {@code target}, links resolved. */
  private static boolean names(Path path, Path target) {
    if (path.equals(target)) {
      return true;
    }
    try {
      return path.toRealPath().equals(target.toRealPath());
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
