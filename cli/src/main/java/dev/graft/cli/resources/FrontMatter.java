package dev.graft.cli.resources;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A markdown file's YAML front matter and body, split as the reference splits them: the file starts
 * with {@code ---}, the front matter ends at the next line starting with {@code ---}, and the body
 * is what follows, trimmed. Each top-level key keeps the line it is on (in the file), so that a
 * problem can name it; YAML that does not parse is a problem with its line.
 */
public record FrontMatter(
    Map<String, Object> fields, Map<String, Integer> lines, String body, Optional<String> problem) {
  /** The largest front matter read (a skill's is a few lines). */
  private static final int MAX_CHARS = 64 * 1024;

  public FrontMatter {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    lines = Map.copyOf(lines);
  }

  /**
   * A markdown file's text as the reference reads it (Node's UTF-8): a byte that is not UTF-8 is
   * U+FFFD, so that a Latin-1 "café" does not keep a skill or template from loading.
   */
  public static String read(Path file) throws IOException {
    return decode(Files.readAllBytes(file));
  }

  /** A markdown file's bytes as {@link #read} makes them text. */
  public static String decode(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  public static FrontMatter parse(String content) {
    String text = content.replace("\r\n", "\n").replace('\r', '\n');
    if (!text.startsWith("---")) {
      return new FrontMatter(Map.of(), Map.of(), text, Optional.empty());
    }
    int end = text.indexOf("\n---", 3);
    if (end < 0) {
      return new FrontMatter(
          Map.of(),
          Map.of(),
          text,
          Optional.of("line 1: the front matter has no closing --- line"));
    }
    String yaml = text.substring(Math.min(4, end), end);
    String body = text.substring(end + 4).strip();
    if (yaml.length() > MAX_CHARS) {
      return new FrontMatter(
          Map.of(),
          Map.of(),
          body,
          Optional.of("line 2: the front matter is longer than " + MAX_CHARS / 1024 + " KiB"));
    }
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(20);
    options.setCodePointLimit(MAX_CHARS * 2);
    try {
      Object loaded = new Yaml(new SafeConstructor(options)).load(yaml);
      if (loaded == null) {
        return new FrontMatter(Map.of(), Map.of(), body, Optional.empty());
      }
      if (!(loaded instanceof Map<?, ?> map)) {
        return new FrontMatter(
            Map.of(),
            Map.of(),
            body,
            Optional.of("line 2: the front matter is not a set of" + " \"key: value\" lines"));
      }
      Map<String, Object> fields = new LinkedHashMap<>();
      map.forEach((k, v) -> fields.put(String.valueOf(k), v));
      return new FrontMatter(fields, keyLines(yaml, options), body, Optional.empty());
    } catch (MarkedYAMLException e) {
      int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 2 : 2;
      String why = Optional.ofNullable(e.getProblem()).orElse("not valid YAML");
      String context = Optional.ofNullable(e.getContext()).map(c -> " (" + c + ")").orElse("");
      return new FrontMatter(
          Map.of(),
          Map.of(),
          body,
          Optional.of("line " + line + ": the front matter is not valid YAML: " + why + context));
    } catch (YAMLException e) {
      return new FrontMatter(
          Map.of(),
          Map.of(),
          body,
          Optional.of(
              "line 2: the front matter is not valid YAML: "
                  + String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
    }
  }

  /** The line (in the file: the front matter starts on line 2) of each top-level key. */
  private static Map<String, Integer> keyLines(String yaml, LoaderOptions options) {
    Map<String, Integer> out = new LinkedHashMap<>();
    Node root = new Yaml(new SafeConstructor(options)).compose(new StringReader(yaml));
    if (root instanceof MappingNode m) {
      List<NodeTuple> tuples = m.getValue();
      for (NodeTuple t : tuples) {
        if (t.getKeyNode() instanceof ScalarNode k) {
          out.put(k.getValue(), k.getStartMark().getLine() + 2);
        }
      }
    }
    return out;
  }

  /** The text of {@code key}, when it is a string (a number or a date is not). */
  public Optional<String> text(String key) {
    return fields.get(key) instanceof String s ? Optional.of(s) : Optional.empty();
  }

  /** Where {@code key} is, as "line N: ", or "" when the front matter does not have it. */
  public String at(String key) {
    Integer line = lines.get(key);
    return line == null ? "" : "line " + line + ": ";
  }
}
