package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Widths of text as graft's terminal UI measures them ({@link Ansi#width}) against the reference's
 * pi-tui {@code visibleWidth}, run with node on the same strings: emoji sequences, flags, marks,
 * CJK and styled text.
 */
public class AnsiWidthReferenceTest {
  @TempDir Path temp;

  public static final List<String> STRINGS =
      List.of(
          "plain ascii",
          "日本語のテキスト",
          "e\u0301 cafe\u0301",
          "🙂",
          "👨‍👩‍👧",
          "👨‍👩‍👧 family",
          "👩‍💻 at work",
          "🇩🇪",
          "🇩🇪🇺🇸🇫🇷",
          "flag 🇩🇪 here",
          "🇩",
          "👍🏽",
          "👍🏽👍",
          "1️⃣ 2️⃣",
          "#️⃣",
          "❤️",
          "❤",
          "☺️ ☺",
          "©️ ™",
          "🏳️‍🌈",
          "🏴‍☠️",
          "🐈‍⬛",
          "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
          "กำลัง",
          "각 한국어",
          "ＡＢＣ fullwidth",
          "ｶﾞｷﾞ",
          "a\u200bb",
          "a\u200db",
          "\u0301",
          "─── box ───",
          "● ⎿ ✓ ✗ …",
          "\033[31m👨‍👩‍👧\033[39m and \033[1m🇩🇪\033[22m",
          "\033]8;;https://example.com\007link 🇩🇪\033]8;;\007",
          "mixed 日本 🙂 👨‍👩‍👧 🇩🇪 e\u0301 end");

  private static Path referenceTui() {
    Path p =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-tui/dist/utils.js");
    if (!Files.isRegularFile(p)) {
      throw new AssertionError(
          "reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)");
    }
    return p;
  }

  private List<Integer> referenceWidths(List<String> strings) throws Exception {
    Path script = temp.resolve("widths.mjs");
    Files.writeString(
        script,
        "import { visibleWidth } from "
            + Json.write(Json.NODES.textNode(referenceTui().toUri().toString()))
            + ";\n"
            + "import { readFileSync } from 'node:fs';\n"
            + "const strings = JSON.parse(readFileSync(0, 'utf8'));\n"
            + "console.log(JSON.stringify(strings.map((s) => visibleWidth(s))));\n");
    Process node = new ProcessBuilder("node", script.toString()).redirectErrorStream(true).start();
    try (var in = node.getOutputStream()) {
      in.write(Json.write(Json.MAPPER.valueToTree(strings)).getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(node.exitValue()).as(out).isZero();
    List<Integer> widths = new ArrayList<>();
    for (JsonNode w : Json.parse(out.strip())) {
      widths.add(w.asInt());
    }
    return widths;
  }

  @Test
  void widthsAreTheReferencesVisibleWidths() throws Exception {
    List<Integer> reference = referenceWidths(STRINGS);
    List<String> mine = new ArrayList<>();
    List<String> theirs = new ArrayList<>();
    for (int i = 0; i < STRINGS.size(); i++) {
      String shown = Json.write(Json.NODES.textNode(STRINGS.get(i)));
      mine.add(shown + " " + Ansi.width(STRINGS.get(i)));
      theirs.add(shown + " " + reference.get(i));
    }
    assertThat(mine).containsExactlyElementsOf(theirs);
  }

  @Test
  void emojiSequencesAndFlagsTakeTwoColumns() {
    assertThat(Ansi.width("👨‍👩‍👧")).isEqualTo(2);
    assertThat(Ansi.width("🇩🇪")).isEqualTo(2);
    assertThat(Ansi.width("👍🏽")).isEqualTo(2);
    assertThat(Ansi.width("\033[31m🇩🇪🇺🇸\033[39m")).isEqualTo(4);
  }

  @Test
  void cuttingAndWrappingKeepClustersWhole() {
    String family = "👨‍👩‍👧";
    assertThat(Ansi.truncate("ab" + family + family + "cd", 5, "…")).isEqualTo("ab" + family + "…");
    assertThat(Ansi.truncate("🇩🇪🇺🇸🇫🇷", 4, "")).isEqualTo("🇩🇪🇺🇸");
    assertThat(Ansi.insertAt("🇩🇪x", 2, "|")).isEqualTo("🇩🇪|x");
    assertThat(Wrap.lines("🇩🇪🇺🇸🇫🇷", 4)).containsExactly("🇩🇪🇺🇸", "🇫🇷");
  }
}
