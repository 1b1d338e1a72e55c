package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.AotTraining;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's AOT training run goes the real paths it is meant to put in the start-up cache:
 * HTTP to a loopback model in both protocols, the read and bash tools, the training scripts' hooks,
 * a resumed session and RPC mode. A training that silently did less would make a cache that leaves
 * those classes out.
 */
class AotTrainingTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void theTrainingResumesASessionOverHttpAndRunsThreeRpcPrompts() throws Exception {
    Files.writeString(
        project.resolve("notes.txt"), "first line of the notes\nsecond line\nthird line\n");
    // A resumed session of five turns, written as the launcher writes the training's 200.
    Path session = project.resolve("resumed.jsonl");
    Process write =
        new ProcessBuilder(
                "bash", "aot-training/session.sh", session.toString(), project.toString(), "5")
            .inheritIO()
            .start();
    assertThat(write.waitFor()).isZero();
    int code =
        AotTraining.train(
            Map.of("GRAFT_HOME", home.toString()),
            project,
            Path.of("aot-training/scripts").toAbsolutePath().toString(),
            session.toString());
    assertThat(code).isZero();

    // The print-mode run: twelve tool calls over Chat Completions, read and bash in turn, then an
    // answer; gate.js cut each bash result to its first line, training.js's agent_end wrote its
    // entry.
    // (the header and the five turns' twenty messages were there before)
    List<JsonNode> all = lines(session);
    List<JsonNode> resumed = all.subList(21, all.size());
    List<JsonNode> results = messages(resumed, "toolResult");
    assertThat(results)
        .extracting(m -> m.path("toolName").asText())
        .containsExactly(
            "read", "bash", "read", "bash", "read", "bash", "read", "bash", "read", "bash", "read",
            "bash");
    assertThat(results.get(1).path("content").get(0).path("text").asText())
        .isEqualTo("first line of the notes");
    assertThat(messages(resumed, "assistant").getLast().path("provider").asText())
        .isEqualTo("training-openai");
    assertThat(resumed.getLast().path("customType").asText()).isEqualTo("training");

    // The RPC run: a new session of three prompts over Anthropic Messages, named by names.js.
    Path rpc;
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      rpc = files.filter(p -> p.toString().endsWith(".jsonl")).findFirst().orElseThrow();
    }
    List<JsonNode> prompts = lines(rpc);
    assertThat(messages(prompts, "user"))
        .extracting(m -> m.at("/content/0/text").asText())
        .containsExactly(
            "Step 1: show the notes.", "Step 2: show the notes.", "Step 3: show the notes.");
    assertThat(messages(prompts, "toolResult"))
        .hasSize(3)
        .allMatch(m -> m.path("toolName").asText().equals("bash"));
    assertThat(messages(prompts, "assistant"))
        .hasSize(6)
        .allMatch(m -> m.path("provider").asText().equals("training-anthropic"));
    assertThat(prompts)
        .anyMatch(e ->
            e.path("type").asText().equals("session_info")
                && e.path("name").asText().equals("Step 1: show the notes."));
  }

  private static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      out.add(Json.parse(line));
    }
    return out;
  }

  private static List<JsonNode> messages(List<JsonNode> entries, String role) {
    return entries.stream()
        .filter(e -> e.path("type").asText().equals("message"))
        .map(e -> e.path("message"))
        .filter(m -> m.path("role").asText().equals(role))
        .toList();
  }
}
