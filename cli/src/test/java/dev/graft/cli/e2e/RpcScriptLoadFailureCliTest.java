package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script that fails to load in {@code --mode rpc}: the client reading stdout is told, as an
 * {@code extension_error} with event {@code load}, before anything else; stderr keeps its line; the
 * other scripts run. graft runs as a process of its own, as a client starts it.
 */
class RpcScriptLoadFailureCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void aScriptThatFailsToLoadIsAnExtensionErrorOnStdout() throws Exception {
    Path scripts = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        scripts.resolve("a-good.js"),
        "export default function (graft) { graft.registerCommand(\"hello\", { handler() {} }); }\n");
    Files.writeString(
        scripts.resolve("b-syntax.js"),
        "export default function (graft) { graft.on(\"context\", ; }\n");
    Files.writeString(
        scripts.resolve("c-throws.js"),
        "export default function (graft) {\n  throw new Error(\"boom at load\");\n}\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"hi\"}\n");
    Path out = home.resolve("stdout.jsonl");
    Path err = home.resolve("stderr.txt");
    ProcessBuilder pb =
        new ProcessBuilder(
                CliRun.processCommand(
                    "--mode",
                    "rpc",
                    "--scripts",
                    "scripts",
                    "--provider",
                    "scripted",
                    "--model",
                    "turns.jsonl",
                    "--no-session"))
            .directory(work.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    Process graft = pb.start();
    try (OutputStream stdin = graft.getOutputStream()) {
      stdin.write("{\"id\":\"c\",\"type\":\"get_commands\"}\n".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(graft.waitFor(60, TimeUnit.SECONDS)).as("graft ends when stdin does").isTrue();
    String stderr = Files.readString(err);
    assertThat(graft.exitValue()).as(stderr).isZero();

    List<JsonNode> lines = new ArrayList<>();
    for (String line : Files.readAllLines(out)) {
      lines.add(Json.parse(line));
    }
    assertThat(lines).as(stderr).hasSize(3);
    Path syntax = scripts.resolve("b-syntax.js").toRealPath();
    Path throwing = scripts.resolve("c-throws.js").toRealPath();
    JsonNode first = lines.get(0);
    assertThat(first.path("type").asText()).isEqualTo("extension_error");
    assertThat(first.path("extensionPath").asText()).isEqualTo(syntax.toString());
    assertThat(first.path("event").asText()).isEqualTo("load");
    assertThat(first.path("error").asText())
        .startsWith("script " + syntax + " not loaded: loading failed: SyntaxError: ")
        .endsWith("(at b-syntax.js:1)");
    JsonNode second = lines.get(1);
    assertThat(second.path("type").asText()).isEqualTo("extension_error");
    assertThat(second.path("extensionPath").asText()).isEqualTo(throwing.toString());
    assertThat(second.path("event").asText()).isEqualTo("load");
    assertThat(second.path("error").asText())
        .isEqualTo(
            "script "
                + throwing
                + " not loaded: loading failed: Error: boom at load (at c-throws.js:2)");
    // the script that loaded runs
    JsonNode commands = lines.get(2);
    assertThat(commands.path("command").asText()).isEqualTo("get_commands");
    assertThat(commands.at("/data/commands/0/name").asText()).isEqualTo("hello");
    assertThat(commands.at("/data/commands")).hasSize(1);
    // stderr keeps its lines
    assertThat(stderr)
        .contains("graft: script " + syntax + " not loaded: loading failed: SyntaxError: ")
        .contains("graft: script " + throwing + " not loaded: loading failed: Error: boom at load");
  }
}
