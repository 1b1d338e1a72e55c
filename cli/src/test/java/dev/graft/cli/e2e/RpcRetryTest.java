package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
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
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's automatic retry over RPC, against a model server on 127.0.0.1 ({@link
 * MockChatCompletionsServer}) that fails as a real one does: {@code set_auto_retry}, {@code
 * abort_retry}, and settings.json's {@code retry.enabled}, {@code retry.maxRetries} and {@code
 * retry.baseDelayMs}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RpcRetryTest {
  @TempDir Path home;
  @TempDir Path work;
  @TempDir Path scratch;

  private Process server;

  @AfterEach
  void stopServer() throws InterruptedException {
    if (server != null) {
      server.destroyForcibly();
      server.waitFor(5, TimeUnit.SECONDS);
    }
  }

  /** The server with its responses, declared in models.json; graft --mode rpc on its model. */
  private RpcDriver start(String... responses) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                MockChatCompletionsServer.class.getName(),
                scratch.resolve("requests.jsonl").toString()));
    command.addAll(List.of(responses));
    server =
        new ProcessBuilder(command).redirectError(scratch.resolve("server.err").toFile()).start();
    BufferedReader stdout =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    String port =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return stdout.readLine();
                  } catch (IOException e) {
                    return null;
                  }
                })
            .get(20, TimeUnit.SECONDS);
    assertThat(port).as("the server's port").isNotNull();
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {"mockai": {"baseUrl": "http://127.0.0.1:%s/v1", "api": "openai-completions",
          "apiKey": "sk-mock-key",
          "models": [{"id": "mock-model", "contextWindow": 32000, "maxTokens": 2048}]}}}
        """
            .formatted(port.strip()));
    return new RpcDriver(
        home, work, "--mode", "rpc", "--provider", "mockai", "--model", "mock-model");
  }

  private static String sse(String name) throws Exception {
    return "sse:" + Path.of(RpcRetryTest.class.getResource("/openai/" + name).toURI());
  }

  private long requests() throws IOException {
    Path record = scratch.resolve("requests.jsonl");
    return Files.exists(record) ? Files.readAllLines(record).size() : 0;
  }

  private static boolean assistantEnd(JsonNode l) {
    return l.path("type").asText().equals("message_end")
        && l.at("/message/role").asText().equals("assistant");
  }

  @Test
  void setAutoRetrySwitchesRetriesAndKeepsItInTheUsersSettings() throws Exception {
    try (RpcDriver rpc = start("500", "500", sse("text.sse"))) {
      JsonNode off =
          rpc.call("r0", "{\"id\":\"r0\",\"type\":\"set_auto_retry\",\"enabled\":false}");
      assertThat(off.path("success").asBoolean()).as(off.toString()).isTrue();
      assertThat(Json.parse(Files.readString(home.resolve("settings.json"))).at("/retry/enabled"))
          .hasToString("false");
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"hi\"}");
      JsonNode failed = rpc.await(RpcRetryTest::assistantEnd, "the failed answer");
      rpc.event("agent_end");
      // one request, its error the answer: no retry
      assertThat(failed.at("/message/stopReason").asText()).isEqualTo("error");
      assertThat(rpc.seen()).noneMatch(l -> l.path("type").asText().startsWith("auto_retry"));
      assertThat(requests()).isEqualTo(1);

      rpc.call("r1", "{\"id\":\"r1\",\"type\":\"set_auto_retry\",\"enabled\":true}");
      assertThat(Json.parse(Files.readString(home.resolve("settings.json"))).at("/retry/enabled"))
          .hasToString("true");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"again\"}");
      JsonNode end = rpc.event("auto_retry_end");
      assertThat(end.path("success").asBoolean()).isTrue();
      rpc.event("agent_end");
      assertThat(requests()).isEqualTo(3);
    }
  }

  @Test
  void retryEnabledFalseInSettingsLeavesAFailureUnretried() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"retry\": {\"enabled\": false}}");
    try (RpcDriver rpc = start("500", sse("text.sse"))) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      rpc.event("agent_end");
      assertThat(rpc.seen()).noneMatch(l -> l.path("type").asText().startsWith("auto_retry"));
      assertThat(requests()).isEqualTo(1);
    }
  }

  @Test
  void abortRetryEndsTheWaitAndTheTurnFailsWithTheErrorItWasToRetry() throws Exception {
    // a wait of ten minutes, which only abort_retry ends within the test
    Files.writeString(home.resolve("settings.json"), "{\"retry\": {\"baseDelayMs\": 600000}}");
    try (RpcDriver rpc = start("503", sse("text.sse"))) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      JsonNode start = rpc.event("auto_retry_start");
      assertThat(start.path("attempt").asInt()).isEqualTo(1);
      assertThat(start.path("delayMs").asLong()).isBetween(450_000L, 600_000L);
      JsonNode aborted = rpc.call("a", "{\"id\":\"a\",\"type\":\"abort_retry\"}");
      assertThat(aborted.path("success").asBoolean()).as(aborted.toString()).isTrue();
      // the agent thread tells the wait's end while the response is written: either comes first
      JsonNode end = rpc.find(l -> l.path("type").asText().equals("auto_retry_end"), "its end");
      assertThat(Json.write(end))
          .isEqualTo(
              "{\"type\":\"auto_retry_end\",\"success\":false,\"attempt\":1,\"finalError\":\"Retry cancelled\"}");
      JsonNode failed = rpc.find(RpcRetryTest::assistantEnd, "the failed answer");
      assertThat(failed.at("/message/stopReason").asText()).isEqualTo("error");
      assertThat(failed.at("/message/errorMessage").asText()).contains("overloaded");
      rpc.find(l -> l.path("type").asText().equals("agent_end"), "the run's end");
      assertThat(requests()).isEqualTo(1);
      // the session goes on
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"again\"}");
      JsonNode answer = rpc.await(RpcRetryTest::assistantEnd, "the answer");
      assertThat(answer.at("/message/stopReason").asText()).isEqualTo("stop");
      rpc.event("agent_end");
    }
  }

  @Test
  void abortRetryWithNoRetryWaitingChangesNothing() throws Exception {
    try (RpcDriver rpc = start(sse("text.sse"))) {
      JsonNode aborted = rpc.call("a", "{\"id\":\"a\",\"type\":\"abort_retry\"}");
      assertThat(aborted.path("success").asBoolean()).as(aborted.toString()).isTrue();
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      JsonNode answer = rpc.await(RpcRetryTest::assistantEnd, "the answer");
      assertThat(answer.at("/message/stopReason").asText()).isEqualTo("stop");
      rpc.event("agent_end");
    }
  }

  @Test
  void aCompactionsModelCallObeysTheSwitchAndAbortRetry() throws Exception {
    // retries off, and a wait of ten minutes once they are on, which only abort_retry ends
    Files.writeString(
        home.resolve("settings.json"),
        """
        {"retry": {"enabled": false, "baseDelayMs": 600000},
         "compaction": {"keepRecentTokens": 1}}
        """);
    try (RpcDriver rpc = start(sse("text.sse"), sse("text.sse"), "503", "503", sse("text.sse"))) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"first\"}");
      rpc.event("agent_end");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"second\"}");
      rpc.event("agent_end");
      JsonNode off = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"compact\"}");
      assertThat(off.path("success").asBoolean()).as(off.toString()).isFalse();
      assertThat(lastCompactionEnd(rpc).path("errorMessage").asText()).contains("overloaded");
      // the summary's call failed once and was not retried
      assertThat(requests()).isEqualTo(3);

      rpc.call("r", "{\"id\":\"r\",\"type\":\"set_auto_retry\",\"enabled\":true}");
      rpc.send("{\"id\":\"c2\",\"type\":\"compact\"}");
      // no event tells of the summary's wait: abort_retry until the compaction answers
      Predicate<JsonNode> answered =
          l -> l.path("type").asText().equals("response") && l.path("id").asText().equals("c2");
      for (int i = 0; i < 300 && rpc.seen().stream().noneMatch(answered); i++) {
        rpc.call("a" + i, "{\"id\":\"a%d\",\"type\":\"abort_retry\"}".formatted(i));
        Thread.sleep(50);
      }
      JsonNode cancelled = rpc.find(answered, "the second compaction's answer");
      assertThat(cancelled.path("success").asBoolean()).as(cancelled.toString()).isFalse();
      assertThat(lastCompactionEnd(rpc).path("errorMessage").asText()).contains("overloaded");
      assertThat(requests()).isEqualTo(4);
    }
  }

  private static JsonNode lastCompactionEnd(RpcDriver rpc) throws InterruptedException {
    rpc.find(l -> l.path("type").asText().equals("compaction_end"), "a compaction's end");
    return rpc.seen().stream()
        .filter(l -> l.path("type").asText().equals("compaction_end"))
        .reduce((first, second) -> second)
        .orElseThrow();
  }

  @Test
  void maxRetriesAndBaseDelayComeFromSettings() throws Exception {
    Files.writeString(
        home.resolve("settings.json"), "{\"retry\": {\"maxRetries\": 1, \"baseDelayMs\": 10}}");
    try (RpcDriver rpc = start("503", "503", sse("text.sse"))) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      JsonNode start = rpc.event("auto_retry_start");
      assertThat(start.path("maxAttempts").asInt()).isEqualTo(1);
      assertThat(start.path("delayMs").asLong()).isLessThanOrEqualTo(10);
      JsonNode end = rpc.event("auto_retry_end");
      assertThat(end.path("success").asBoolean()).isFalse();
      assertThat(end.path("attempt").asInt()).isEqualTo(1);
      assertThat(end.path("finalError").asText()).contains("overloaded");
      rpc.event("agent_end");
      assertThat(requests()).isEqualTo(2);
    }
  }
}
