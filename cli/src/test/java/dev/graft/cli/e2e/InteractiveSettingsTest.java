package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive mode's settings and messages that need no terminal: the default thinking level
 * from settings.json and /settings writing it, a refused connection said as such and /resume's
 * message count agreeing with the recap. The interactive mode on plain lines, in-process.
 */
class InteractiveSettingsTest {
  private static final String MODELS =
      """
      {"providers": {"ollama": {"models": [{"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768}, {"id": "llama3"}]}}}
      """;

  @TempDir Path home;
  @TempDir Path work;

  private CliRun interactive(String input, String... args) throws IOException {
    Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"answer one\"}\n{\"text\": \"answer two\"}\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    int code = Graft.run(context, args);
    return new CliRun(code, out.toString(), err.toString());
  }

  @Test
  void aNewSessionStartsWithinEnabledModelsAndModelsOverridesThem() throws Exception {
    Files.writeString(home.resolve("models.json"), MODELS);
    // The default model is outside the scope: the scope's first model is taken, at its level.
    Files.writeString(
        home.resolve("settings.json"),
        "{\"defaultProvider\": \"ollama\", \"defaultModel\": \"llama3\","
            + " \"enabledModels\": [\"nope-*\", \"ollama/qwen3:8b:medium\"]}");
    CliRun run = interactive("/session\n/quit\n");
    assertThat(run.out()).as(run.err()).contains("Model:     ollama/qwen3:8b (thinking medium)");
    assertThat(run.err())
        .contains(
            "graft: warning: no model with a key matches \"nope-*\" of --models or enabledModels"
                + " (graft models lists them)");

    // --models wins over the setting; a default inside the scope stays the start model.
    CliRun flag = interactive("/session\n/quit\n", "--models", "llama*,qwen3:8b");
    assertThat(flag.out()).as(flag.err()).contains("Model:     ollama/llama3");
    assertThat(flag.err()).doesNotContain("nope-*");

    // No key for the default models: the scope's first model is taken all the same.
    Files.delete(home.resolve("settings.json"));
    CliRun keyless = interactive("/session\n/quit\n", "--models", "llama3");
    assertThat(keyless.out()).as(keyless.err()).contains("Model:     ollama/llama3");

    // --model picks the model whatever the scope says.
    CliRun named =
        interactive("/session\n/quit\n", "--models", "qwen*", "--model", "ollama/llama3");
    assertThat(named.out()).as(named.err()).contains("Model:     ollama/llama3");
  }

  @Test
  void aNewSessionTakesTheDefaultThinkingLevelOfTheSettings() throws Exception {
    Files.writeString(home.resolve("models.json"), MODELS);
    Files.writeString(
        home.resolve("settings.json"),
        "{\"defaultProvider\": \"ollama\", \"defaultModel\": \"qwen3:8b\", \"defaultThinkingLevel\": \"high\"}");
    CliRun run = interactive("/session\n/quit\n");
    assertThat(run.out()).as(run.err()).contains("Model:     ollama/qwen3:8b (thinking high)");

    Files.writeString(home.resolve("settings.json"), "{\"defaultThinkingLevel\": \"loud\"}");
    CliRun wrong = interactive("/session\n/quit\n", "--provider", "ollama", "--model", "qwen3:8b");
    assertThat(wrong.err())
        .contains(
            "settings.json: defaultThinkingLevel \"loud\" is not off, minimal, low, medium, high or xhigh; ignored");
    assertThat(wrong.out()).contains("(thinking medium)");
  }

  @Test
  void settingsChangesTheThinkingLevelAndKeepsItForNewSessions() throws Exception {
    Files.writeString(home.resolve("models.json"), MODELS);
    Files.writeString(home.resolve("settings.json"), "{\"someOtherSetting\": 3}");
    CliRun run =
        interactive("/settings\n2\n4\n\n/quit\n", "--provider", "ollama", "--model", "qwen3:8b");
    assertThat(run.out()).as(run.err()).contains("Thinking level: medium");
    var saved = Json.parse(Files.readString(home.resolve("settings.json")));
    assertThat(saved.get("defaultThinkingLevel").textValue()).isEqualTo("medium");
    assertThat(saved.get("someOtherSetting").intValue()).isEqualTo(3);
  }

  @Test
  void aRefusedConnectionIsSaidSoNotAsAnExceptionsName() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"local\": {\"baseUrl\": \"http://127.0.0.1:"
            + port
            + "/v1\", \"api\": \"openai-completions\", \"apiKey\": \"none\", \"models\": [{\"id\": \"m\"}]}}}");
    CliRun run = interactive("hello\n/quit\n", "--provider", "local", "--model", "m");
    assertThat(run.out())
        .contains(
            "Could not connect to 127.0.0.1:"
                + port
                + " (connection refused: is the server running?)")
        .doesNotContain("ClosedChannelException");
  }

  @Test
  void resumeCountsTheMessagesAsTheRecapDoes() throws Exception {
    interactive(
        "first question\nsecond question\n/quit\n",
        "--provider",
        "scripted",
        "--model",
        "turns.jsonl");
    CliRun run =
        interactive("/resume\n1\n/quit\n", "--provider", "scripted", "--model", "turns.jsonl");
    List<String> lines = new ArrayList<>(run.out().lines().toList());
    String picked =
        lines.stream().filter(l -> l.startsWith("  1) first question")).findFirst().orElseThrow();
    String count = picked.replaceAll(".* · (\\d+) messages.*", "$1");
    assertThat(run.out()).contains(count + " messages in the session");
  }
}
