package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.graft.scripting.api.ScriptSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Type-checks hook scripts against scripts/graft.d.ts with TypeScript's compiler (installed by
 * {@code ./graft test} with {@code npm install --prefix cli/src/test/browser}): every example and
 * its lib/ pass under {@code --strict}, and scripts that misuse the API fail where they should, in
 * a directory laid out as a user's ~/.graft/scripts with graft.d.ts and jsconfig.json copied in.
 */
class ScriptTypesTest {
  private static final Path SCRIPTS = Path.of("../scripts").toAbsolutePath().normalize();
  private static final Path TSC =
      Path.of("src/test/browser/node_modules/typescript/bin/tsc").toAbsolutePath();
  private static final Pattern DIAGNOSTIC =
      Pattern.compile("^(.+?)\\((\\d+),\\d+\\): error (TS\\d+): (.*)$");

  @TempDir Path dir;

  @Test
  void everyExampleTypeChecksUnderStrict() throws Exception {
    Tsc listed = tsc(SCRIPTS, "--listFilesOnly");
    assertThat(listed.exit()).as(listed.output()).isZero();
    List<String> expected;
    try (Stream<Path> files = Files.walk(SCRIPTS.resolve("examples"))) {
      expected =
          files
              .filter(f -> f.toString().endsWith(".js") && !f.toString().endsWith(".test.js"))
              .map(f -> f.toString())
              .sorted()
              .toList();
    }
    assertThat(expected).hasSizeGreaterThan(8).anyMatch(f -> f.endsWith("lib/messages.js"));
    assertThat(listed.output().lines().map(String::strip).toList())
        .containsAll(expected)
        .contains(SCRIPTS.resolve("graft.d.ts").toString());

    Tsc checked = tsc(SCRIPTS, "--strict", "--checkJs", "--allowJs", "--noEmit");
    assertThat(checked.output()).isEmpty();
    assertThat(checked.exit()).isZero();
  }

  @Test
  void theDeclaredEventsAreExactlyTheOnesScriptsMaySubscribeTo() throws Exception {
    copySetup();
    // A Record over EventName with one key per known event: a missing key and an extra one are
    // both errors, so the declarations and ScriptSettings.KNOWN_EVENTS must agree both ways.
    String keys =
        ScriptSettings.KNOWN_EVENTS.stream()
            .sorted()
            .map(e -> "  " + e + ": true,")
            .collect(Collectors.joining("\n"));
    write(
        "events.js",
        "/** @type {Record<import(\"graft\").EventName, true>} */\nexport const events = {\n"
            + keys
            + "\n};\n");
    Tsc checked = tsc(dir, "--strict", "--checkJs", "--allowJs", "--noEmit");
    assertThat(checked.output()).isEmpty();
    assertThat(checked.exit()).isZero();

    write(
        "events.js",
        "/** @type {Record<import(\"graft\").EventName, true>} */\nexport const events = {\n"
            + keys
            + "\n  session_reload: true,\n};\n");
    assertThat(tsc(dir, "--strict", "--checkJs", "--allowJs", "--noEmit").output())
        .contains("'session_reload' does not exist");
  }

  @Test
  void misusesOfTheApiAreTypeErrors() throws Exception {
    copySetup();
    Files.createDirectories(dir.resolve("lib"));
    // A correct script and helper: the copied setup resolves "graft" from any depth.
    write(
        "lib/words.js",
        """
        /** @param {import("graft").AgentMessage} m */
        export function words(m) {
          return m.role === "user" && typeof m.content === "string" ? m.content.split(" ").length : 0;
        }
        """);
    write(
        "good.js",
        """
        import { words } from "./lib/words.js";
        /** @param {import("graft").GraftAPI} graft */
        export default function (graft) {
          graft.on("context", (event) => ({ messages: event.messages.filter((m) => words(m) < 100) }));
          graft.on("tool_call", (event) => event.toolName === "bash" ? { block: true, reason: "no" } : undefined);
          graft.registerCommand("n", { handler: async (args, ctx) => (await ctx.fork("abc")).cancelled ? "kept" : undefined });
        }
        """);
    Map<String, String> bad = new TreeMap<>();
    bad.put("payload.js", "graft.on(\"context\", (e) => e.nope.x);");
    bad.put("context-result.js", "graft.on(\"context\", () => ({ messages: \"none\" }));");
    bad.put(
        "context-message.js",
        "graft.on(\"context\", () => ({ messages: [{ role: \"user\", content: \"hi\" }] }));");
    bad.put("block.js", "graft.on(\"tool_call\", () => ({ block: \"yes\" }));");
    bad.put("event-name.js", "graft.on(\"contxt\", () => {});");
    bad.put("input.js", "graft.on(\"input\", () => ({ action: \"transform\" }));");
    bad.put(
        "compaction.js",
        "graft.on(\"session_before_compact\", () => ({ compaction: { summary: \"s\" } }));");
    bad.put(
        "tool.js",
        "graft.registerTool({ name: \"t\", description: \"d\", execute: async () => ({ content: \"text\" }) });");
    bad.put("notify.js", "graft.on(\"agent_end\", (e, ctx) => ctx.ui.notify(\"x\", \"warn\"));");
    bad.put("fork.js", "graft.on(\"agent_end\", (e, ctx) => { ctx.fork(\"x\"); });");
    bad.put(
        "complete.js",
        "graft.on(\"agent_end\", (e, ctx) => { ctx.complete({ messages: [], maxToken: 5 }); });");
    bad.put(
        "deliver.js",
        "graft.on(\"agent_end\", () => graft.sendUserMessage(\"x\", { deliverAs: \"nextTurn\" }));");
    bad.put(
        "entry.js",
        "graft.on(\"agent_end\", (e, ctx) => ctx.sessionManager.getBranch()[0].message);");
    for (Map.Entry<String, String> b : bad.entrySet()) {
      write(
          b.getKey(),
          "/** @param {import(\"graft\").GraftAPI} graft */\nexport default function (graft) {\n  "
              + b.getValue()
              + "\n}\n");
    }

    Tsc checked = tsc(dir, "--strict", "--checkJs", "--allowJs", "--noEmit");
    assertThat(checked.exit()).as(checked.output()).isNotZero();
    // Each error, with the indented lines that explain it, by file.
    Map<String, List<String>> errors = new TreeMap<>();
    List<String> last = null;
    for (String line : checked.output().lines().toList()) {
      Matcher m = DIAGNOSTIC.matcher(line);
      if (m.matches()) {
        assertThat(m.group(2)).as("the error is on the misuse's line: " + line).isEqualTo("3");
        last = errors.computeIfAbsent(m.group(1), k -> new ArrayList<>());
        last.add(m.group(3) + " " + m.group(4));
      } else if (last != null && line.startsWith(" ")) {
        last.set(last.size() - 1, last.getLast() + "\n" + line.strip());
      }
    }
    assertThat(errors.keySet()).as(checked.output()).containsExactlyElementsOf(bad.keySet());
    assertThat(errors.get("payload.js"))
        .singleElement()
        .asString()
        .contains("TS2339", "Property 'nope' does not exist on type 'ContextEvent'");
    assertThat(errors.get("context-result.js").getFirst())
        .contains("TS2322", "'string' is not assignable");
    assertThat(errors.get("context-message.js").getFirst()).contains("timestamp");
    assertThat(errors.get("block.js").getFirst())
        .contains("'string' is not assignable to type 'boolean");
    assertThat(errors.get("event-name.js").getFirst()).contains("TS2345", "\"contxt\"");
    assertThat(errors.get("input.js").getFirst()).contains("text");
    assertThat(errors.get("compaction.js").getFirst()).contains("firstKeptEntryId");
    assertThat(errors.get("tool.js").getFirst()).contains("'string' is not assignable");
    assertThat(errors.get("notify.js").getFirst()).contains("\"warn\"");
    assertThat(errors.get("fork.js").getFirst())
        .contains("Property 'fork' does not exist on type 'EventContext'");
    assertThat(errors.get("complete.js").getFirst()).contains("maxToken");
    assertThat(errors.get("deliver.js").getFirst()).contains("\"nextTurn\"");
    assertThat(errors.get("entry.js").getFirst()).contains("Property 'message' does not exist");
  }

  /**
   * graft.d.ts and jsconfig.json copied into the temporary directory, as a user copies them into
   * ~/.graft/scripts.
   */
  private void copySetup() throws IOException {
    Files.copy(SCRIPTS.resolve("graft.d.ts"), dir.resolve("graft.d.ts"));
    Files.copy(SCRIPTS.resolve("jsconfig.json"), dir.resolve("jsconfig.json"));
  }

  private void write(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text);
  }

  private record Tsc(int exit, String output) {}

  /** Runs tsc on the project of {@code jsconfigDir}/jsconfig.json with {@code options}. */
  private static Tsc tsc(Path jsconfigDir, String... options) throws Exception {
    if (!Files.isRegularFile(TSC)) {
      fail(
          "typescript is not installed: run 'npm install --prefix cli/src/test/browser' ('./graft test' does it before the tests).");
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                "node",
                TSC.toString(),
                "-p",
                jsconfigDir.resolve("jsconfig.json").toString(),
                "--pretty",
                "false"));
    command.addAll(List.of(options));
    Process process =
        new ProcessBuilder(command)
            .directory(jsconfigDir.toFile())
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    String output;
    try (var in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(120, TimeUnit.SECONDS))
          .as("tsc did not finish in 120 s:\n" + output)
          .isTrue();
    } finally {
      process.destroyForcibly();
    }
    return new Tsc(process.exitValue(), output);
  }
}
