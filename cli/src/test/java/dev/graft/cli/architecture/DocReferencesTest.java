package dev.graft.cli.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs name only what exists: every relative link of the README, CONTRIBUTING.md and docs/
 * leads to a file, and each file the architecture walk-through names is there.
 */
class DocReferencesTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A markdown link's target: group 1, without its #fragment. */
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(?:#[^)]*)?\\)");

  /** A path the walk-through names, in its short form: {@code cli/setup/AgentSetup.java}. */
  private static final Pattern SHORT_PATH = Pattern.compile("`((?:cli|runtime|bridge)/[\\w/.-]+)`");

  private static final Map<String, String> SHORT_FORMS =
      Map.of(
          "cli/", "cli/src/main/java/dev/graft/cli/",
          "runtime/", "runtime/src/main/java/dev/graft/runtime/",
          "bridge/src/", "scripting-bridge/src/",
          "bridge/", "scripting-bridge/src/main/java/dev/graft/scripting/");

  @Test
  void everyRelativeLinkInTheDocsLeadsToAFile() throws IOException {
    List<Path> docs =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
    try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).forEach(docs::add);
    }
    List<String> broken = new ArrayList<>();
    for (Path doc : docs) {
      Matcher m = LINK.matcher(Files.readString(doc));
      while (m.find()) {
        String target = m.group(1);
        if (target.contains("://") || target.startsWith("mailto:")) {
          continue;
        }
        if (!Files.exists(doc.getParent().resolve(target))) {
          broken.add(ROOT.relativize(doc) + " -> " + target);
        }
      }
    }
    assertThat(broken).as("links to files that do not exist").isEmpty();
  }

  @Test
  void theArchitectureWalkThroughNamesFilesThatExist() throws IOException {
    String doc = Files.readString(ROOT.resolve("docs/architecture.md"));
    String walk = doc.substring(doc.indexOf("## Walking the code"), doc.indexOf("## Threads"));
    List<String> named = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    Matcher m = SHORT_PATH.matcher(walk);
    while (m.find()) {
      String path = longForm(m.group(1));
      named.add(path);
      if (!Files.exists(ROOT.resolve(path))) {
        missing.add(m.group(1) + " (" + path + ")");
      }
    }
    assertThat(named).as("files the walk-through names").hasSizeGreaterThan(15);
    assertThat(missing).as("files named in the walk-through that do not exist").isEmpty();
  }

  private static String longForm(String shortPath) {
    return SHORT_FORMS.entrySet().stream()
        .filter(e -> shortPath.startsWith(e.getKey()))
        .max((a, b) -> Integer.compare(a.getKey().length(), b.getKey().length()))
        .map(e -> e.getValue() + shortPath.substring(e.getKey().length()))
        .orElse(shortPath);
  }
}
