package dev.graft.cli.tui;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A theme file in the reference's format: {@code {"name": "...", "vars": {"blue": "#5f87ff"},
 * "colors": {"accent": "blue", "border": "#505050", "text": "", "mdHeading": 75, ...}}}. Every role
 * of {@link ThemeRole} is required; a colour is {@code #rrggbb}, an xterm colour number 0–255,
 * {@code ""} (the terminal's own) or the name of a var (which may name another var).
 */
public record ThemeFile(String name, Map<ThemeRole, String> colors, Path file) {
  /** The largest theme file read. */
  private static final long MAX_BYTES = 256 * 1024;

  public ThemeFile {
    colors = Map.copyOf(colors);
  }

  /**
   * The themes read from {@code files} (the first of a name wins), and what was wrong with the
   * others.
   */
  public record Loaded(List<ThemeFile> themes, List<String> problems) {
    public Loaded {
      themes = List.copyOf(themes);
      problems = List.copyOf(problems);
    }

    public Optional<ThemeFile> find(String name) {
      return themes.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** Every theme's name: graft's own first, then these. */
    public List<String> names() {
      List<String> out = new ArrayList<>(Themes.NAMES);
      themes.stream().map(ThemeFile::name).filter(n -> !out.contains(n)).forEach(out::add);
      return out;
    }

    /** Why {@code name} names no theme (the dark one is used then), or empty when it names one. */
    public Optional<String> unknown(String name) {
      return Themes.NAMES.contains(name) || find(name).isPresent()
          ? Optional.empty()
          : Optional.of(
              "theme \"" + name + "\" is none of " + String.join(", ", names()) + "; dark is used");
    }

    /** The theme called {@code name}: graft's own, or one of these. */
    public Optional<Theme> theme(String name, ColorMode mode) {
      return Themes.named(name, mode).or(() -> find(name).map(t -> t.theme(mode)));
    }
  }

  public static Loaded loadAll(List<Path> files) {
    List<ThemeFile> themes = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      try {
        ThemeFile t = read(f);
        if (Themes.NAMES.contains(t.name())
            || themes.stream().anyMatch(o -> o.name().equals(t.name()))) {
          problems.add(
              f + ": a theme named \"" + t.name() + "\" exists already; this one is not used");
        } else {
          themes.add(t);
        }
      } catch (IllegalArgumentException e) {
        problems.add(f + ": " + e.getMessage());
      }
    }
    return new Loaded(themes, problems);
  }

  /**
   * Reads {@code file}; a wrong file is an IllegalArgumentException saying what is wrong, every
   * missing role named.
   */
  public static ThemeFile read(Path file) {
    JsonNode root;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new IllegalArgumentException("larger than " + MAX_BYTES / 1024 + " KiB");
      }
      root = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "not a theme file ("
              + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
              + ")");
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(
          "not a theme: a theme file is a JSON object {name, vars?, colors}");
    }
    if (!root.path("name").isTextual() || root.path("name").asText().isBlank()) {
      throw new IllegalArgumentException("the theme has no \"name\"");
    }
    String name = root.path("name").asText();
    JsonNode colors = root.path("colors");
    if (!colors.isObject()) {
      throw new IllegalArgumentException("theme \"" + name + "\" has no \"colors\" object");
    }
    Set<String> missing = new TreeSet<>();
    for (ThemeRole role : ThemeRole.values()) {
      if (!colors.has(role.key())) {
        missing.add(role.key());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "theme \""
              + name
              + "\" lacks the colours "
              + String.join(", ", missing)
              + " (see the reference's dark.json for every role)");
    }
    JsonNode vars = root.path("vars");
    Map<ThemeRole, String> out = new EnumMap<>(ThemeRole.class);
    for (Iterator<Map.Entry<String, JsonNode>> it = colors.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Optional<ThemeRole> role = ThemeRole.byKey(e.getKey());
      String value = resolve(e.getKey(), e.getValue(), vars, new HashSet<>());
      try {
        Theme.sequence(value, ColorMode.TRUECOLOR, false);
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException(
            "theme \"" + name + "\": colors." + e.getKey() + ": " + bad.getMessage());
      }
      role.ifPresent(r -> out.put(r, value));
    }
    return new ThemeFile(name, out, file.toAbsolutePath().normalize());
  }

  /**
   * A colour value with var references followed (a loop or an unknown var is an error, as in the
   * reference).
   */
  private static String resolve(String key, JsonNode value, JsonNode vars, Set<String> seen) {
    if (value.isInt() || value.isLong()) {
      long n = value.asLong();
      if (n < 0 || n > 255) {
        throw new IllegalArgumentException(
            "colors." + key + ": a colour number is 0 to 255, not " + n);
      }
      return String.valueOf(n);
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException(
          "colors."
              + key
              + ": a colour is \"#rrggbb\", a number 0 to 255, \"\" or a var's"
              + " name, not "
              + value);
    }
    String s = value.asText();
    if (s.isEmpty() || s.startsWith("#")) {
      return s;
    }
    if (!seen.add(s)) {
      throw new IllegalArgumentException("colors." + key + ": circular variable reference: " + s);
    }
    if (!vars.has(s)) {
      throw new IllegalArgumentException("colors." + key + ": variable reference not found: " + s);
    }
    return resolve(key, vars.get(s), vars, seen);
  }

  public Theme theme(ColorMode mode) {
    return new Theme(name, colors, mode);
  }
}
