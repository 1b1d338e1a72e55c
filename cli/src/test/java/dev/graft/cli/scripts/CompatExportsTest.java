package dev.graft.cli.scripts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in pi-coding-agent's truncateHead, truncateTail, formatSize and parseFrontmatter give
 * what the reference's own functions give (its dist files, run by node), imported through the
 * {@code @earendil-works} scope.
 */
class CompatExportsTest {
  @TempDir Path temp;

  /**
   * The calls, as a JS function body over (truncateHead, truncateTail, formatSize,
   * parseFrontmatter).
   */
  private static final String CASES =
      """
      const long = "x".repeat(120);
      const multi = "é€😀".repeat(10);
      return [
        truncateHead("a\\nb\\nc\\nd", { maxLines: 2 }),
        truncateHead("one\\ntwo", {}),
        truncateHead(long + "\\nshort", { maxBytes: 100 }),
        truncateHead("ab\\n" + multi + "\\ncd", { maxBytes: 30 }),
        truncateTail("a\\nb\\nc\\nd", { maxLines: 3 }),
        truncateTail("first\\n" + multi, { maxBytes: 17 }),
        truncateTail("x\\n" + "y".repeat(40), { maxBytes: 10, maxLines: 5 }),
        [0, 1023, 1024, 1536, 1048575, 2621440].map(formatSize),
        parseFrontmatter("---\\nname: pdf-tools\\ndescription: Extract text. Use for PDFs.\\nlicense: MIT\\n---\\n\\n# Body\\n"),
        parseFrontmatter("---\\r\\ndescription: >\\r\\n  Folded text\\r\\n  over lines\\r\\nargument-hint: \\"[FILE]\\"\\r\\n---\\r\\nBody"),
        parseFrontmatter("---\\nallowed-tools: [read, bash]\\nmetadata:\\n  author: team\\n  version: 2\\nflag: true\\nn: 1.5\\n"
          + "items:\\n  - one\\n  - 'two'\\nblock: |\\n  line 1\\n  line 2\\n---\\nrest"),
        parseFrontmatter("no front matter\\n"),
        parseFrontmatter("---\\n---\\nempty"),
      ];
      """;

  private static Path reference() {
    Path dist =
        Path.of(
            System.getProperty("graft.oracle.dir", "nowhere"),
            "node_modules/@mariozechner/pi-coding-agent/dist");
    if (!Files.isRegularFile(dist.resolve("core/tools/truncate.js"))) {
      throw new AssertionError(
          "reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)");
    }
    return dist;
  }

  @Test
  void theExportsGiveWhatTheReferencesGive() throws Exception {
    Path dist = reference();
    Path probe = temp.resolve("probe.mjs");
    Files.writeString(
        probe,
        "import { truncateHead, truncateTail, formatSize } from \""
            + dist.resolve("core/tools/truncate.js").toUri()
            + "\";\nimport { parseFrontmatter } from \""
            + dist.resolve("utils/frontmatter.js").toUri()
            + "\";\n"
            + "console.log(JSON.stringify((() => {\n"
            + CASES
            + "})()));\n");
    Process node =
        new ProcessBuilder("node", probe.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String theirs = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(node.exitValue()).isZero();

    Path script = temp.resolve("scripts/compat.js");
    Files.createDirectories(script.getParent());
    Files.writeString(
        script,
        "import { truncateHead, truncateTail, formatSize, parseFrontmatter, getAgentDir,"
            + " APP_NAME, CONFIG_DIR_NAME, ENV_AGENT_DIR }"
            + " from \"@earendil-works/pi-coding-agent\";\n"
            + "export default function (pi) {\n"
            + "  pi.registerCommand(\"probe\", { handler: async () => JSON.stringify((() => {\n"
            + CASES
            + "})()) });\n"
            + "  pi.registerCommand(\"dir\", { handler: async () => getAgentDir() });\n"
            + "  pi.registerCommand(\"names\", { handler: async () =>"
            + " [APP_NAME, CONFIG_DIR_NAME, ENV_AGENT_DIR].join(\" \") });\n"
            + "}\n");
    try (ScriptEngine engine =
        ScriptEngine.start(
            ScriptSettings.defaults(),
            ScriptProbe.noAgent(NodeAccess::of),
            (ScriptLog) (f, l, t) -> {})) {
      LoadReport report = engine.load(ScriptSources.of(script.getParent()));
      assertThat(report.problems()).isEmpty();
      String ours =
          engine.runCommand("probe", "", EventContext.EMPTY).get(30, TimeUnit.SECONDS).asText();
      JsonNode o = Json.parse(ours);
      JsonNode t = Json.parse(theirs.strip());
      for (int i = 0; i < t.size(); i++) {
        assertThat(o.get(i)).as("case " + i).isEqualTo(t.get(i));
      }
      assertThat(
              engine.runCommand("dir", "", EventContext.EMPTY).get(30, TimeUnit.SECONDS).asText())
          .isNotBlank();
      assertThat(
              engine.runCommand("names", "", EventContext.EMPTY).get(30, TimeUnit.SECONDS).asText())
          .isEqualTo("graft .graft GRAFT_HOME");
    }
  }
}
