package dev.graft.cli.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Types are named through imports: no {@code java.util.List} written inline in the code of any
 * module, main or test (comments and strings may say what they like). Where two types of one simple
 * name meet in a file, one of them has to be written in full: such a file and name go in {@link
 * #CLASHES}, with the reason.
 */
class QualifiedNamesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A package of lower-case parts under a usual root, then a type's name. */
  private static final Pattern QUALIFIED =
      Pattern.compile(
          "(?<![\\w.$])((?:java|javax|com|org|dev|sun|jdk)(?:\\.[a-z_]\\w*)+)\\.[A-Z]\\w*");

  private static final Pattern IMPORT_OR_PACKAGE =
      Pattern.compile("^\\s*(import|package)\\b.*$", Pattern.MULTILINE);

  /**
   * File (from the repository's root) to the qualified names it must write in full; say why beside
   * each.
   */
  private static final Map<String, Set<String>> CLASHES = Map.of();

  @Test
  void noSourceWritesATypeByItsFullName() throws IOException {
    List<String> found = new ArrayList<>();
    for (String module : List.of("runtime", "scripting-bridge", "cli")) {
      for (String kind : List.of("main", "test")) {
        Path dir = ROOT.resolve(module).resolve("src").resolve(kind).resolve("java");
        try (Stream<Path> files = Files.walk(dir)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
            String file = ROOT.relativize(f).toString();
            for (String name : qualifiedNames(Files.readString(f))) {
              if (!CLASHES.getOrDefault(file, Set.of()).contains(name)) {
                found.add(file + ": " + name);
              }
            }
          }
        }
      }
    }
    assertThat(found)
        .as(
            "types written by their full name; import them (or, for two types of one name, list"
                + " the file in QualifiedNamesTest.CLASHES)")
        .isEmpty();
  }

  @Test
  void theFinderSeesCodeAndSkipsCommentsStringsAndImports() {
    assertThat(
            qualifiedNames(
                """
                package dev.graft.x;
                import java.util.List;
                /** {@link java.util.Map} */
                class A {
                  // java.util.Set
                  java.util.Optional<String> o = java.util.Optional.empty();
                  String s = "java.util.Deque" + '"' + \"""
                      dev.graft.cli.Main
                      \""";
                  @org.junit.jupiter.api.Test void t() { var m = java.util.Map.Entry.class; }
                }
                """))
        .containsExactly(
            "java.util.Optional",
            "java.util.Optional",
            "org.junit.jupiter.api.Test",
            "java.util.Map");
  }

  /**
   * The qualified type names written in {@code source}'s code, in order; the package's and imports'
   * skipped.
   */
  static List<String> qualifiedNames(String source) {
    String code = IMPORT_OR_PACKAGE.matcher(codeOnly(source)).replaceAll("");
    List<String> out = new ArrayList<>();
    Matcher m = QUALIFIED.matcher(code);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  /**
   * {@code source} with every comment, string, character and text block blanked out (lines kept).
   */
  static String codeOnly(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    int n = source.length();
    while (i < n) {
      int end;
      if (source.startsWith("//", i)) {
        end = source.indexOf('\n', i);
        end = end < 0 ? n : end;
      } else if (source.startsWith("/*", i)) {
        end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        end = closing(source, i + 3, "\"\"\"");
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        end = closing(source, i + 1, String.valueOf(source.charAt(i)));
      } else {
        out.append(source.charAt(i++));
        continue;
      }
      for (int j = i; j < end; j++) {
        out.append(source.charAt(j) == '\n' ? '\n' : ' ');
      }
      i = end;
    }
    return out.toString();
  }

  /**
   * Where the literal that ends with {@code quote} ends, searching from {@code from} and skipping
   * escapes.
   */
  private static int closing(String source, int from, String quote) {
    int j = from;
    while (j < source.length()) {
      if (source.charAt(j) == '\\') {
        j += 2;
      } else if (source.startsWith(quote, j)) {
        return j + quote.length();
      } else {
        j++;
      }
    }
    return source.length();
  }
}
