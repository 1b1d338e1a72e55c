package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptAgentControl;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ctx's agent methods: synchronous answers, and compact/complete answered by the host later. */
class AgentControlTest {
  @TempDir Path temp;

  static class FakeAgent implements ScriptAgentControl {
    final List<String> calls = new CopyOnWriteArrayList<>();
    final LinkedBlockingQueue<CompletableFuture<JsonNode>> pending = new LinkedBlockingQueue<>();
    volatile Completion lastRequest;

    @Override
    public boolean isIdle() {
      return false;
    }

    @Override
    public void abort() {
      calls.add("abort");
    }

    @Override
    public boolean hasPendingMessages() {
      return true;
    }

    @Override
    public Optional<ContextUsage> contextUsage() {
      return Optional.of(new ContextUsage(OptionalLong.of(500), 1000, OptionalDouble.of(50)));
    }

    @Override
    public String systemPrompt() {
      return "You are graft.";
    }

    @Override
    public CompletableFuture<JsonNode> compact(Optional<String> customInstructions) {
      calls.add("compact " + customInstructions.orElse("-"));
      CompletableFuture<JsonNode> f = new CompletableFuture<>();
      pending.add(f);
      return f;
    }

    @Override
    public CompletableFuture<JsonNode> complete(Completion request) {
      lastRequest = request;
      calls.add(
          "complete "
              + request.messages().size()
              + " "
              + request.systemPrompt().orElse("-")
              + " "
              + (request.maxTokens().isPresent() ? request.maxTokens().getAsInt() : "-"));
      CompletableFuture<JsonNode> f = new CompletableFuture<>();
      pending.add(f);
      return f;
    }

    CompletableFuture<JsonNode> next() throws InterruptedException {
      CompletableFuture<JsonNode> f = pending.poll(10, TimeUnit.SECONDS);
      if (f == null) {
        throw new AssertionError("no call; calls: " + calls);
      }
      return f;
    }
  }

  private static final String SCRIPT =
      """
      export default function (pi) {
        pi.registerCommand("agent", {
          handler: async (args, ctx) => {
            switch (args) {
              case "sync": {
                ctx.abort();
                return { idle: ctx.isIdle(), pending: ctx.hasPendingMessages(), usage: ctx.getContextUsage(),
                  prompt: ctx.getSystemPrompt() };
              }
              case "complete": {
                const r = await ctx.complete({ messages: [{ role: "user", content: "sum up" }], systemPrompt: "Be brief.",
                  maxTokens: 100 });
                return r.text + "/" + r.stopReason;
              }
              case "compact": return await new Promise((resolve) => ctx.compact({
                customInstructions: "keep the plan", onComplete: (r) => resolve("done " + r.summary),
                onError: (e) => resolve("failed " + e.message) }));
              case "badComplete": return ctx.complete({ messages: [] });
              case "unknownField": return ctx.complete({ messages: [{ role: "user", content: "x" }], temperature: 1 });
              case "notJson": return ctx.complete({ messages: [{ role: "user", content: () => 1 }] });
              case "badOptions": return ctx.compact("now");
            }
          },
        });
      }
      """;

  private static CompletableFuture<JsonNode> run(ScriptFixture f, FakeAgent agent, String args) {
    return f.engine.runCommand(
        "agent", args, new EventContext(Json.object(), ScriptUi.NONE).withAgent(agent));
  }

  @Test
  void theSynchronousMethodsAnswerFromTheHost() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("agent.js", SCRIPT);
      assertThat(f.load().problems()).isEmpty();
      FakeAgent agent = new FakeAgent();
      assertThat(run(f, agent, "sync").get(10, TimeUnit.SECONDS))
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"idle":false,"pending":true,"usage":{"tokens":500,"contextWindow":1000,"percent":50},"prompt":"You are graft."}\
                  """));
      assertThat(agent.calls).containsExactly("abort");
    }
  }

  @Test
  void completeAndCompactSettleWhenTheHostAnswers() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("agent.js", SCRIPT);
      f.load();
      FakeAgent agent = new FakeAgent();
      CompletableFuture<JsonNode> completing = run(f, agent, "complete");
      CompletableFuture<JsonNode> call = agent.next();
      assertThat(agent.calls).containsExactly("complete 1 Be brief. 100");
      assertThat(agent.lastRequest.messages().getFirst())
          .isEqualTo(ScriptFixture.json("{\"role\":\"user\",\"content\":\"sum up\"}"));
      assertThat(completing).isNotDone();
      call.complete(
          ScriptFixture.json(
              "{\"text\":\"short\",\"content\":[],\"stopReason\":\"stop\",\"usage\":{}}"));
      assertThat(completing.get(10, TimeUnit.SECONDS).asText()).isEqualTo("short/stop");

      CompletableFuture<JsonNode> compacting = run(f, agent, "compact");
      agent
          .next()
          .complete(
              ScriptFixture.json(
                  "{\"summary\":\"S\",\"firstKeptEntryId\":\"e1\",\"tokensBefore\":9}"));
      assertThat(compacting.get(10, TimeUnit.SECONDS).asText()).isEqualTo("done S");
      compacting = run(f, agent, "compact");
      agent.next().completeExceptionally(new IllegalStateException("nothing to compact"));
      assertThat(compacting.get(10, TimeUnit.SECONDS).asText())
          .isEqualTo("failed ctx.compact failed: nothing to compact");
      assertThat(agent.calls).contains("compact keep the plan");
    }
  }

  @Test
  void badRequestsAreTypeErrorsNamingTheField() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("agent.js", SCRIPT);
      f.load();
      FakeAgent agent = new FakeAgent();
      assertThatThrownBy(() -> run(f, agent, "badComplete").get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasMessageContaining("TypeError: ctx.complete: messages must be a non-empty array");
      assertThatThrownBy(() -> run(f, agent, "unknownField").get(10, TimeUnit.SECONDS))
          .hasMessageContaining("the request has messages, systemPrompt and maxTokens");
      assertThatThrownBy(() -> run(f, agent, "notJson").get(10, TimeUnit.SECONDS))
          .hasMessageContaining(
              "ctx.complete: request is not JSON: .messages[0].content is a function");
      assertThatThrownBy(() -> run(f, agent, "badOptions").get(10, TimeUnit.SECONDS))
          .hasMessageContaining("TypeError: ctx.compact: the options must be an object");
      assertThat(agent.calls).isEmpty();
    }
  }

  @Test
  void withoutAnAgentCompleteIsRejectedPlainly() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("agent.js", SCRIPT);
      f.load();
      assertThatThrownBy(() ->
              f.engine
                  .runCommand("agent", "complete", EventContext.EMPTY)
                  .get(10, TimeUnit.SECONDS))
          .hasMessageContaining("ctx.complete failed: there is no agent whose model to call");
      assertThat(
              f.engine
                  .runCommand("agent", "sync", EventContext.EMPTY)
                  .get(10, TimeUnit.SECONDS)
                  .toString())
          .isEqualTo("{\"idle\":true,\"pending\":false,\"prompt\":\"\"}");
    }
  }
}
