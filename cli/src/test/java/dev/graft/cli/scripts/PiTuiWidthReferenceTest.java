package dev.graft.cli.scripts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.tui.AnsiWidthReferenceTest;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pi-tui a script imports measures and cuts text as the reference's pi-tui does: its
 * visibleWidth gives the reference's widths (run by node) on the strings graft's terminal is held
 * to ({@link AnsiWidthReferenceTest#STRINGS}: emoji sequences, flags, marks, CJK, styled text), and
 * truncateToWidth keeps an emoji sequence whole.
 */
class PiTuiWidthReferenceTest {
  @TempDir Path temp;

  private JsonNode referenceWidths() throws Exception {
    Path utils =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-tui/dist/utils.js");
    assertThat(utils)
        .as("reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)")
        .isRegularFile();
    Path script = temp.resolve("widths.mjs");
    Files.writeString(
        script,
        "import { visibleWidth } from "
            + Json.write(Json.NODES.textNode(utils.toUri().toString()))
            + ";\nimport { readFileSync } from 'node:fs';\n"
            + "console.log(JSON.stringify(JSON.parse(readFileSync(0, 'utf8')).map(visibleWidth)));\n");
    Process node = new ProcessBuilder("node", script.toString()).redirectErrorStream(true).start();
    try (var in = node.getOutputStream()) {
      in.write(
          Json.write(Json.MAPPER.valueToTree(AnsiWidthReferenceTest.STRINGS))
              .getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(node.exitValue()).as(out).isZero();
    return Json.parse(out.strip());
  }

  @Test
  void visibleWidthIsTheReferencesAndCutsKeepClustersWhole() throws Exception {
    JsonNode reference = referenceWidths();
    Path dir = Files.createDirectories(temp.resolve("scripts"));
    Files.writeString(
        dir.resolve("widths.js"),
        "import { visibleWidth, truncateToWidth } from \"@mariozechner/pi-tui\";\n"
            + "const strings = "
            + Json.write(Json.MAPPER.valueToTree(AnsiWidthReferenceTest.STRINGS))
            + ";\n"
            + "export default function (pi) {\n"
            + "  pi.registerCommand(\"widths\", { handler: async () =>"
            + " JSON.stringify(strings.map((s) => visibleWidth(s))) });\n"
            + "  pi.registerCommand(\"cut\", { handler: async () =>"
            + " truncateToWidth(\"ab👨‍👩‍👧👨‍👩‍👧cd\", 5, \"…\") });\n"
            + "}\n");
    try (ScriptEngine engine =
        ScriptEngine.start(
            ScriptSettings.defaults(),
            ScriptProbe.noAgent(NodeAccess::of),
            (ScriptLog) (f, l, t) -> {})) {
      LoadReport report = engine.load(ScriptSources.of(dir));
      assertThat(report.problems()).isEmpty();
      JsonNode ours =
          Json.parse(
              engine
                  .runCommand("widths", "", EventContext.EMPTY)
                  .get(30, TimeUnit.SECONDS)
                  .asText());
      List<String> mine = new ArrayList<>();
      List<String> theirs = new ArrayList<>();
      for (int i = 0; i < reference.size(); i++) {
        String shown = Json.write(Json.NODES.textNode(AnsiWidthReferenceTest.STRINGS.get(i)));
        mine.add(shown + " " + ours.get(i).asInt());
        theirs.add(shown + " " + reference.get(i).asInt());
      }
      assertThat(mine).containsExactlyElementsOf(theirs);
      assertThat(
              engine.runCommand("cut", "", EventContext.EMPTY).get(30, TimeUnit.SECONDS).asText())
          .isEqualTo("ab👨‍👩‍👧\033[0m…\033[0m");
    }
  }
}
