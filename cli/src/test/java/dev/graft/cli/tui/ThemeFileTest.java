package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Theme files in the reference's format: its own dark.json and light.json read as they are, and
 * wrong files named.
 */
class ThemeFileTest {
  @TempDir Path temp;

  private static Path referenceTheme(String name) {
    Path p =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-coding-agent/dist/modes/interactive/theme",
            name + ".json");
    if (!Files.isRegularFile(p)) {
      throw new AssertionError(
          "reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)");
    }
    return p;
  }

  @Test
  void theReferencesThemesReadAsTheyAre() throws Exception {
    Path mine = temp.resolve("ocean.json");
    Files.writeString(
        mine,
        Files.readString(referenceTheme("dark"))
            .replace("\"name\": \"dark\"", "\"name\": \"ocean\""));
    ThemeFile.Loaded loaded = ThemeFile.loadAll(List.of(mine, referenceTheme("light")));
    assertThat(loaded.names()).containsExactly("dark", "light", "ocean");
    assertThat(loaded.problems())
        .singleElement()
        .asString()
        .contains("a theme named \"light\" exists already");
    ThemeFile ocean = loaded.find("ocean").orElseThrow();
    assertThat(ocean.colors()).hasSize(ThemeRole.values().length);
    // "border": "blue" and vars.blue "#5f87ff"; "text": "" (the terminal's own)
    assertThat(ocean.colors().get(ThemeRole.BORDER)).isEqualTo("#5f87ff");
    assertThat(ocean.colors().get(ThemeRole.TEXT)).isEmpty();
    Theme theme = loaded.theme("ocean", ColorMode.TRUECOLOR).orElseThrow();
    assertThat(theme.name()).isEqualTo("ocean");
    assertThat(theme.fg(ThemeRole.BORDER, "x")).isEqualTo("\033[38;2;95;135;255mx\033[39m");
  }

  @Test
  void aWrongThemeSaysWhatIsWrong() throws Exception {
    Path missing = temp.resolve("missing.json");
    Files.writeString(missing, "{\"name\": \"half\", \"colors\": {\"accent\": \"#ffffff\"}}");
    assertThatThrownBy(() -> ThemeFile.read(missing))
        .hasMessageContaining("theme \"half\" lacks the colours")
        .hasMessageContaining("bashMode")
        .hasMessageContaining("border");
    Path loop = temp.resolve("loop.json");
    String colors =
        Files.readString(referenceTheme("dark"))
            .replace("\"accent\": \"accent\"", "\"accent\": \"a\"")
            .replace("\"vars\": {", "\"vars\": {\"a\": \"b\", \"b\": \"a\",");
    Files.writeString(loop, colors);
    assertThatThrownBy(() -> ThemeFile.read(loop))
        .hasMessageContaining("colors.accent: circular variable reference");
    Path bad = temp.resolve("bad.json");
    Files.writeString(
        bad,
        Files.readString(referenceTheme("dark"))
            .replace("\"accent\": \"accent\"", "\"accent\": \"#12\""));
    assertThatThrownBy(() -> ThemeFile.read(bad))
        .hasMessageContaining("colors.accent")
        .hasMessageContaining("use #rrggbb, a number 0 to 255");
  }

  @Test
  void aThemeNameThatIsNoneIsToldWithTheNamesThereAre() throws Exception {
    Path mine = temp.resolve("ocean.json");
    Files.writeString(
        mine,
        Files.readString(referenceTheme("dark"))
            .replace("\"name\": \"dark\"", "\"name\": \"ocean\""));
    ThemeFile.Loaded loaded = ThemeFile.loadAll(List.of(mine));
    assertThat(loaded.unknown("ocean")).isEmpty();
    assertThat(loaded.unknown("light")).isEmpty();
    assertThat(loaded.unknown("solarized"))
        .hasValue("theme \"solarized\" is none of dark, light, ocean; dark is used");
  }
}
