package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * graft against a real HTTP server speaking the OpenAI Chat Completions protocol: {@link
 * MockChatCompletionsServer}, run as a separate process on 127.0.0.1, declared as a custom provider
 * in models.json. Proves the whole path: models.json, the request graft sends, the streamed answer,
 * the tool run in between, retries and the error report.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OpenAiCompatibleServerTest {
  @TempDir Path home;
  @TempDir Path work;
  @TempDir Path scratch;

  private Process server;
  private Path record;

  @AfterEach
  void stopServer() throws InterruptedException {
    if (server != null) {
      server.destroyForcibly();
      server.waitFor(5, TimeUnit.SECONDS);
    }
  }

  /** Starts the server with its responses, writes models.json for it, and returns its port. */
  private int start(String... responses) throws Exception {
    record = scratch.resolve("requests.jsonl");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                MockChatCompletionsServer.class.getName(),
                record.toString()));
    command.addAll(List.of(responses));
    server =
        new ProcessBuilder(command).redirectError(scratch.resolve("server.err").toFile()).start();
    BufferedReader stdout =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    String first =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return stdout.readLine();
                  } catch (IOException e) {
                    return null;
                  }
                })
            .get(20, TimeUnit.SECONDS);
    assertThat(first)
        .as("the server's port; its stderr: %s", Files.readString(scratch.resolve("server.err")))
        .isNotNull();
    int port = Integer.parseInt(first.strip());
    Files.writeString(
        home.resolve("models.json"),
        """
        {
          // a local OpenAI-compatible server, as a user would declare one
          "providers": {
            "mockai": {
              "baseUrl": "http://127.0.0.1:%d/v1",
              "api": "openai-completions",
              "apiKey": "sk-mock-key",
              "models": [{"id": "mock-model", "name": "Mock Model", "contextWindow": 32000, "maxTokens": 2048}]
            }
          }
        }
        """
            .formatted(port));
    return port;
  }

  private static String sse(String name) throws Exception {
    return "sse:"
        + Path.of(OpenAiCompatibleServerTest.class.getResource("/openai/" + name).toURI());
  }

  private List<JsonNode> requests() throws IOException {
    if (!Files.exists(record)) {
      return List.of();
    }
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(record, StandardCharsets.UTF_8)) {
      out.add(Json.parse(line));
    }
    return out;
  }

  private static List<String> roles(JsonNode body) {
    List<String> roles = new ArrayList<>();
    body.get("messages").forEach(m -> roles.add(m.get("role").asText()));
    return roles;
  }

  private Path sessionFile() throws IOException {
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      return files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
    }
  }

  @Test
  void beforeProviderRequestChangesTheBodyGraftSends() throws Exception {
    start(sse("text.sse"));
    Files.writeString(
        work.resolve("payload.js"),
        """
        export default function (pi) {
          pi.on("before_provider_request", (event) => ({ ...event.payload, temperature: 0.25, seen: event.payload.model }));
          pi.on("before_provider_request", (event) => ({ ...event.payload, second: event.payload.temperature }));
        }
        """);
    Files.writeString(
        work.resolve("watch.js"),
        """
        export default function (pi) {
          pi.on("before_provider_request", (event) => { if (event.payload.second !== 0.25) throw new Error("not chained"); });
        }
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--no-session",
            "--provider",
            "mockai",
            "--model",
            "mock-model",
            "-s",
            "payload.js",
            "-s",
            "watch.js",
            "hi");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).doesNotContain("not chained");
    JsonNode body = requests().getFirst().get("body");
    assertThat(body.get("temperature").asDouble()).isEqualTo(0.25);
    assertThat(body.get("seen").asText()).isEqualTo("mock-model");
    assertThat(body.get("second").asDouble()).isEqualTo(0.25);
    assertThat(body.get("messages").size()).isGreaterThan(0);
  }

  @Test
  void aToolCallTurnThenATextTurnFromTheServer() throws Exception {
    start(sse("tool-call.sse"), sse("text.sse"));
    Files.writeString(work.resolve("notes.txt"), "buy milk\n");

    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "mockai",
            "--model",
            "mock-model",
            "What do my notes say?");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("Your notes say: buy milk.\n");
    assertThat(run.err()).isEmpty();
    assertThat(work.resolve("proof.txt")).hasContent("ran");

    List<JsonNode> requests = requests();
    assertThat(requests).hasSize(2);
    for (JsonNode r : requests) {
      assertThat(r.get("path").asText()).isEqualTo("/v1/chat/completions");
      assertThat(r.get("authorization").asText()).isEqualTo("Bearer sk-mock-key");
      JsonNode body = r.get("body");
      assertThat(body.get("model").asText()).isEqualTo("mock-model");
      assertThat(body.get("stream").asBoolean()).isTrue();
      assertThat(body.get("tools").findValues("name"))
          .extracting(JsonNode::asText)
          .containsExactly("read", "bash", "edit", "write");
      assertThat(body.get("tools").get(0).get("type").asText()).isEqualTo("function");
      assertThat(body.at("/tools/1/function/parameters/required/0").asText()).isEqualTo("command");
    }
    JsonNode first = requests.get(0).get("body");
    assertThat(roles(first)).containsExactly("system", "user");
    assertThat(first.at("/messages/0/content").asText()).contains("read", "bash");
    assertThat(first.at("/messages/1").toString()).contains("What do my notes say?");

    JsonNode second = requests.get(1).get("body");
    assertThat(roles(second)).containsExactly("system", "user", "assistant", "tool");
    JsonNode assistant = second.at("/messages/2");
    assertThat(assistant.toString()).contains("Checking the notes.");
    assertThat(assistant.at("/tool_calls/0/id").asText()).isEqualTo("call_mock_1");
    assertThat(assistant.at("/tool_calls/0/function/name").asText()).isEqualTo("bash");
    assertThat(Json.parse(assistant.at("/tool_calls/0/function/arguments").asText()))
        .isEqualTo(Json.object().put("command", "cat notes.txt && echo ran > proof.txt"));
    JsonNode tool = second.at("/messages/3");
    assertThat(tool.get("tool_call_id").asText()).isEqualTo("call_mock_1");
    assertThat(tool.get("content").toString()).contains("buy milk");

    try (Session s = Session.open(sessionFile())) {
      SessionContext context = s.buildContext();
      assertThat(context.messages())
          .extracting(AgentMessage::role)
          .containsExactly("user", "assistant", "toolResult", "assistant");
      AgentMessage.Assistant answer = (AgentMessage.Assistant) context.messages().get(3);
      assertThat(answer.provider()).isEqualTo("mockai");
      assertThat(answer.model()).isEqualTo("mock-model");
      assertThat(answer.api()).isEqualTo("openai-completions");
      assertThat(answer.stopReason()).isEqualTo("stop");
      assertThat(answer.usage().input()).isEqualTo(880);
      assertThat(((AgentMessage.Assistant) context.messages().get(1)).stopReason())
          .isEqualTo("toolUse");
      assertThat(context.model()).contains(new SessionContext.ModelRef("mockai", "mock-model"));
    }
  }

  @Test
  void aSilentServerIsGivenUpOnAfterTheWaitSettingsJsonNames() throws Exception {
    int port = start("silent");
    Files.writeString(
        home.resolve("settings.json"), "{\"retry\": {\"provider\": {\"timeoutMs\": 1500}}}\n");

    // the class's 60 s timeout fails the test if graft waits its default 5 minutes
    CliRun run =
        CliRun.run(home, work, "-p", "--provider", "mockai", "--model", "mock-model", "hello?");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines().findFirst().orElseThrow())
        .isEqualTo(
            "graft: the model call failed: No response from 127.0.0.1:"
                + port
                + " within 1.5 s (retry.provider.timeoutMs in settings.json sets this wait)");
    assertThat(requests()).hasSize(1);
  }

  @Test
  void aStreamCutOnEveryAttemptPrintsOnlyTheErrorAsTheReference() throws Exception {
    // each attempt streams some text, then the stream ends before its end marker
    start(sse("cut.sse"), sse("cut.sse"), sse("cut.sse"));

    CliRun failed =
        CliRun.run(home, work, "-p", "--provider", "mockai", "--model", "mock-model", "hello");

    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(requests()).hasSize(3); // the first attempt and two retries
    // The reference's -p prints a failed turn's error alone: no partial answer on stdout.
    assertThat(failed.out()).isEmpty();
    assertThat(failed.err().lines().findFirst().orElseThrow())
        .startsWith("graft: the model call failed: ");
  }

  @Test
  void aServerFailingThreeTimesEndsInOneLineAndTheSessionGoesOn() throws Exception {
    start("500", "500", "500", sse("text.sse"));

    CliRun failed =
        CliRun.run(home, work, "-p", "--provider", "mockai", "--model", "mock-model", "first try");

    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.out()).isEmpty();
    assertThat(requests()).hasSize(3); // the first attempt and two retries
    Path file = sessionFile();
    List<String> err = failed.err().lines().toList();
    assertThat(err).hasSize(2);
    assertThat(err.get(0))
        .startsWith("graft: the model call failed: ")
        .contains("500")
        .contains("The server had an error while processing your request");
    assertThat(err.get(1)).isEqualTo("(the session is kept in " + file + "; continue it with -c)");

    // The file is intact: graft's own check passes and it opens without warnings.
    CliRun check = CliRun.run(home, work, "session", "check", file.toString());
    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    try (Session s = Session.open(file)) {
      assertThat(s.warnings()).isEmpty();
      assertThat(s.buildContext().messages())
          .extracting(AgentMessage::role)
          .containsExactly("user", "assistant");
      AgentMessage.Assistant error = (AgentMessage.Assistant) s.buildContext().messages().get(1);
      assertThat(error.stopReason()).isEqualTo("error");
      assertThat(error.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("500"));
    }

    CliRun again =
        CliRun.run(
            home, work, "-c", "-p", "--provider", "mockai", "--model", "mock-model", "second try");

    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).isEqualTo("Your notes say: buy milk.\n");
    List<JsonNode> requests = requests();
    assertThat(requests).hasSize(4);
    // The first prompt goes along; the failed turn does not (as in the reference).
    JsonNode sent = requests.get(3).get("body");
    assertThat(roles(sent)).containsExactly("system", "user", "user");
    // a prompt goes as text blocks, as the reference sends it
    assertThat(sent.at("/messages/1/content/0/text").asText()).isEqualTo("first try");
    assertThat(sent.at("/messages/2/content/0/text").asText()).isEqualTo("second try");
    try (Session s = Session.open(file)) {
      assertThat(s.buildContext().messages())
          .extracting(AgentMessage::role)
          .containsExactly("user", "assistant", "user", "assistant");
    }
  }
}
