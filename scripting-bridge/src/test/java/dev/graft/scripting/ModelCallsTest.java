package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.config.ModelCallBudget;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's ctx.complete calls against its budget: per run, in flight, noticed once, kept across
 * reloads.
 */
class ModelCallsTest {
  @TempDir Path temp;

  static final class CountingAgent extends AgentControlTest.FakeAgent {
    volatile long runs;

    @Override
    public long runs() {
      return runs;
    }
  }

  private static final String SCRIPT =
      """
      export default function (pi) {
        pi.registerCommand("ask", {
          handler: async (args, ctx) => {
            const n = Number(args);
            const calls = Array.from({ length: n },
              () => ctx.complete({ messages: [{ role: "user", content: "x" }] }));
            calls.forEach((c) => c.catch(() => console.log("refused a call")));
            const all = await Promise.allSettled(calls);
            return all.map((r) => r.status === "fulfilled" ? r.value.text : r.reason.message);
          },
        });
        pi.registerCommand("seq", {
          handler: async (args, ctx) => {
            const out = [];
            for (let i = 0; i < Number(args); i++) {
              try { out.push((await ctx.complete({ messages: [{ role: "user", content: "x" }] })).text); }
              catch (e) { out.push(e.message); }
            }
            return out;
          },
        });
      }
      """;

  private static final JsonNode ANSWER =
      ScriptFixture.json("{\"text\":\"ok\",\"content\":[],\"stopReason\":\"stop\",\"usage\":{}}");

  private static CompletableFuture<JsonNode> run(
      ScriptFixture f, CountingAgent agent, String command, int n) {
    return f.engine.runCommand(
        command,
        String.valueOf(n),
        new EventContext(Json.object(), ScriptUi.NONE).withAgent(agent));
  }

  /** Answers the calls the host got until {@code result} is done. */
  private static JsonNode answerAll(CountingAgent agent, CompletableFuture<JsonNode> result)
      throws Exception {
    while (!result.isDone()) {
      CompletableFuture<JsonNode> call = agent.pending.poll(50, TimeUnit.MILLISECONDS);
      if (call != null) {
        call.complete(ANSWER);
      }
    }
    return result.get();
  }

  private static final String IN_FLIGHT =
      "ctx.complete failed: ask.js has 2 model calls waiting for an answer, the"
          + " most scripts.modelCallsInFlight allows (settings.json); await one before the next";
  private static final String PER_RUN =
      "ctx.complete failed: ask.js made 5 model calls in this run, the most"
          + " scripts.modelCallsPerRun allows (settings.json); it may call again once the next prompt starts";

  private static int occurrences(String text, String part) {
    return text.split(Pattern.quote(part), -1).length - 1;
  }

  @Test
  void callsPastEitherLimitAreRefusedWithAnErrorNoticedOncePerRun() throws Exception {
    try (ScriptFixture f =
        new ScriptFixture(
            temp, ScriptSettings.defaults().withModelCalls(new ModelCallBudget(5, 2)))) {
      f.write("ask.js", SCRIPT);
      f.load();
      CountingAgent agent = new CountingAgent();

      CompletableFuture<JsonNode> burst = run(f, agent, "ask", 4);
      // The four calls are made in one go; the host answers once the script has seen the two past
      // the
      // limit refused (an answer frees its place at once, so answering sooner could let the fourth
      // in).
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (occurrences(f.log.all(), "refused a call") < 2 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(answerAll(agent, burst))
          .isEqualTo(Json.MAPPER.valueToTree(List.of("ok", "ok", IN_FLIGHT, IN_FLIGHT)));
      assertThat(answerAll(agent, run(f, agent, "seq", 5)))
          .isEqualTo(Json.MAPPER.valueToTree(List.of("ok", "ok", "ok", PER_RUN, PER_RUN)));
      assertThat(agent.calls).hasSize(5);
      String log = f.log.all();
      assertThat(occurrences(log, "model calls limited: ask.js has 2 model calls waiting"))
          .as(log)
          .isEqualTo(1);
      assertThat(occurrences(log, "model calls limited: ask.js made 5 model calls in this run"))
          .as(log)
          .isEqualTo(1);

      agent.runs = 1; // a new prompt
      assertThat(answerAll(agent, run(f, agent, "seq", 3)))
          .isEqualTo(Json.MAPPER.valueToTree(List.of("ok", "ok", "ok")));
      f.load(); // a reload does not start the count again
      assertThat(answerAll(agent, run(f, agent, "seq", 3)))
          .isEqualTo(Json.MAPPER.valueToTree(List.of("ok", "ok", PER_RUN)));
      assertThat(agent.calls).hasSize(10);
      assertThat(
              occurrences(
                  f.log.all(), "model calls limited: ask.js made 5 model calls in this run"))
          .isEqualTo(2);
    }
  }
}
