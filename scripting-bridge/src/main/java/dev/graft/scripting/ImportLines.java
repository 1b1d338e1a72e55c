package dev.graft.scripting;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line that imports a module which failed to load: the engine's error names the module, not the
 * import, so a load failure would say which file but not where. The importer is the one the error
 * names ("imported from"), else the first module that imports it, looking from the script through
 * its own relative imports in the order the engine loads them: so a failure in a module the script
 * imports through another (a.js, lib/b.js, then the missing file) names lib/b.js and its line.
 */
final class ImportLines {
  private static final Pattern REFUSED =
      Pattern.compile(
          "cannot import (/[^:]+):|cannot import \"([^\"]+)\"|Cannot find module '([^']+)'(?:"
              + " imported from (/\\S+))?");
  private static final Pattern SPECIFIER =
      Pattern.compile("(?:\\bfrom|\\bimport)\\s*\\(?\\s*([\"'])([^\"'\\n]+)\\1");

  /** GraalJS places this error at the importing module's first line, not at the import. */
  private static final Pattern NO_EXPORT =
      Pattern.compile(
          "The requested module '([^']+)' does not provide an export named '([^']*)'"
              + " \\(at ([^()]+):(\\d+)\\)$");

  /**
   * The reference's packages, under its old scope and its new one: graft serves their values, not
   * their types (see {@code CompatModules}).
   */
  private static final Pattern REFERENCE_PACKAGE =
      Pattern.compile("@(?:mariozechner|earendil-works)/pi-[a-z-]+(?:/.*)?");

  private static final Pattern TYPESCRIPT = Pattern.compile(".*\\.[mc]?ts$");

  /** How many modules the search reads at most, and how large each may be. */
  private static final int MAX_MODULES = 500;

  private static final long MAX_BYTES = 1 << 20;

  private ImportLines() {}

  /** " (at lib/b.js:3)" for a failure about an import in {@code script}'s modules, else "". */
  static String of(Path script, Path root, String message) {
    Matcher m = REFUSED.matcher(message);
    if (!m.find()) {
      return "";
    }
    Importing imports;
    if (m.group(2) != null) {
      String bare = m.group(2);
      imports = (importer, spec) -> spec.equals(bare);
    } else {
      Path target = Path.of(m.group(1) != null ? m.group(1) : m.group(3)).normalize();
      imports =
          (importer, spec) ->
              relative(spec) && names(importer.getParent().resolve(spec).normalize(), target);
    }
    Path top = real(root);
    Optional<String> at =
        m.group(4) != null
            ? firstImport(real(Path.of(m.group(4))), top, imports)
            : search(real(script), top, imports, new HashSet<>());
    return at.map(a -> " (at " + a + ")").orElse("");
  }

  /**
   * {@code message} with the line of its "does not provide an export" error moved from the module's
   * first line to its import of that module. A TypeScript file that imports a name from the
   * reference's packages without {@code type} gets the hint an import from {@code "graft"} gets:
   * the reference's types are not values graft's modules have.
   */
  static String exportLine(Path root, String message) {
    Matcher m = NO_EXPORT.matcher(message);
    if (!m.find()) {
      return message;
    }
    Path top = real(root);
    String shown = m.group(3);
    Path file = real(top.resolve(shown));
    String spec = m.group(1);
    String name = m.group(2);
    String hint =
        REFERENCE_PACKAGE.matcher(spec).matches() && TYPESCRIPT.matcher(shown).matches()
            ? "; if "
                + name
                + " is a type, import it with import type { "
                + name
                + " } from \""
                + spec
                + "\""
            : "";
    String head = message.substring(0, m.start(3) - " (at ".length()) + hint + " (at ";
    return head
        + firstImport(file, top, (importer, s) -> s.equals(spec)).orElse(shown + ":" + m.group(4))
        + ")";
  }

  /** Whether {@code importer}'s import of {@code spec} is the module the failure is about. */
  private interface Importing {
    boolean test(Path importer, String spec);
  }

  /**
   * The first import {@code imports} accepts, looking in {@code file} and, depth first in import
   * order (as the engine loads them), the modules under {@code root} it imports. Paths are real.
   */
  private static Optional<String> search(Path file, Path root, Importing imports, Set<Path> seen) {
    if (!seen.add(file) || seen.size() > MAX_MODULES) {
      return Optional.empty();
    }
    List<String> lines = read(file);
    for (int i = 0; i < lines.size(); i++) {
      Matcher s = SPECIFIER.matcher(lines.get(i));
      while (s.find()) {
        String spec = s.group(2);
        if (imports.test(file, spec)) {
          return Optional.of(place(file, root, i + 1));
        }
        Optional<Path> next =
            relative(spec)
                ? module(file.getParent().resolve(spec).normalize()).map(ImportLines::real)
                : Optional.empty();
        if (next.isPresent() && next.get().startsWith(root)) {
          Optional<String> found = search(next.get(), root, imports, seen);
          if (found.isPresent()) {
            return found;
          }
        }
      }
    }
    return Optional.empty();
  }

  /** The line of {@code file}'s first import {@code imports} accepts, as "lib/b.js:2". */
  private static Optional<String> firstImport(Path file, Path root, Importing imports) {
    List<String> lines = read(file);
    for (int i = 0; i < lines.size(); i++) {
      Matcher s = SPECIFIER.matcher(lines.get(i));
      while (s.find()) {
        if (imports.test(file, s.group(2))) {
          return Optional.of(place(file, root, i + 1));
        }
      }
    }
    return Optional.empty();
  }

  private static String place(Path file, Path root, int line) {
    Path shown = file.startsWith(root) ? root.relativize(file) : file;
    return shown + ":" + line;
  }

  private static List<String> read(Path file) {
    try {
      return Files.size(file) > MAX_BYTES ? List.of() : Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException | RuntimeException e) {
      return path.toAbsolutePath().normalize();
    }
  }

  private static boolean relative(String spec) {
    return spec.startsWith("./") || spec.startsWith("../") || spec.startsWith("/");
  }

  /**
   * The file an import of {@code path} loads: itself, its TypeScript twin, or with an extension.
   */
  private static Optional<Path> module(Path path) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    List<String> candidates =
        List.of(
            name,
            name.replaceFirst("\\.js$", ".ts"),
            name.replaceFirst("\\.mjs$", ".mts"),
            name + ".js",
            name + ".ts",
            name + "/index.js",
            name + "/index.ts");
    return candidates.stream().map(path::resolveSibling).filter(Files::isRegularFile).findFirst();
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
