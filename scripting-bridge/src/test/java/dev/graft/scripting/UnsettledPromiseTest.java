package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptFailure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool or command has no time limit, but in a run without a UI (print and JSON modes) only the
 * scripts' own timers and awaited host calls can settle its promise: one that nothing can settle
 * any more fails, instead of holding the agent for good. With a UI the user may still be what it
 * waits for (and Esc stops it), so it waits.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class UnsettledPromiseTest {
  @TempDir Path temp;

  private static final String SCRIPT =
      """
      import { spawn } from "node:child_process";
      export default function (pi) {
        const tool = (name, execute) => pi.registerTool({ name, label: name, description: name,
          parameters: { type: "object" }, execute });
        tool("never", () => new Promise(() => {}));
        tool("later", () => new Promise((resolve) => setTimeout(() => resolve({ content: [{ type: "text", text: "waited" }] }), 1500)));
        tool("exec-then-never", async () => { await pi.exec("sleep", ["1"]); return new Promise(() => {}); });
        pi.registerCommand("never", { handler: () => new Promise(() => {}) });
        tool("child", () => new Promise((resolve) => {
          let out = "";
          const child = spawn("hold", [], { stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.on("data", (d) => { out += d.toString(); });
          child.on("close", (code) => resolve({ content: [{ type: "text", text: out + "exit " + code }] }));
        }));
      }
      """;

  private static String failure(CompletableFuture<JsonNode> answer) throws Exception {
    try {
      answer.get(20, TimeUnit.SECONDS);
      return "answered";
    } catch (ExecutionException e) {
      return e.getCause() instanceof ScriptFailure f
          ? f.failure().message()
          : e.getCause().toString();
    }
  }

  @Test
  void withoutAUiAPromiseNothingCanSettleFailsAndOneThatWaitsForATimerOrAHostCallDoesNot()
      throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("tools.js", SCRIPT);
      assertThat(f.load().problems()).isEmpty();
      long start = System.nanoTime();
      assertThat(
              failure(
                  f.engine.runTool("never", "c1", ScriptFixture.json("{}"), EventContext.EMPTY)))
          .endsWith(
              "tools.js: tool never returned a promise that nothing can settle any more (no timer or awaited"
                  + " host call of any script is left); it was given up (at tools.js:5)");
      assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start))
          .as("given up within a few seconds")
          .isLessThan(10);
      assertThat(failure(f.engine.runCommand("never", "", EventContext.EMPTY)))
          .endsWith(
              "/never command returned a promise that nothing can settle any more (no timer or awaited"
                  + " host call of any script is left); it was given up (at tools.js:8)");
      assertThat(
              f.engine
                  .runTool("later", "c2", ScriptFixture.json("{}"), EventContext.EMPTY)
                  .get(20, TimeUnit.SECONDS)
                  .toString())
          .contains("waited");
      CompletableFuture<JsonNode> exec =
          f.engine.runTool("exec-then-never", "c3", ScriptFixture.json("{}"), EventContext.EMPTY);
      CompletableFuture<JsonNode> running = f.host.nextExec();
      Thread.sleep(1_500); // the exec is awaited: not given up while it runs
      assertThat(exec).isNotDone();
      running.complete(
          ScriptFixture.json("{\"stdout\":\"\",\"stderr\":\"\",\"code\":0,\"killed\":false}"));
      assertThat(failure(exec))
          .contains("tool exec-then-never returned a promise that nothing can settle any more");
      f.host.programs = Set.of("hold");
      CompletableFuture<JsonNode> child =
          f.engine.runTool("child", "c4", ScriptFixture.json("{}"), EventContext.EMPTY);
      ScriptChild.Events held = f.host.held.poll(10, TimeUnit.SECONDS);
      assertThat(held).as("the child started").isNotNull();
      Thread.sleep(1_500); // a child runs: its output or end may still settle the promise
      assertThat(child).isNotDone();
      held.stdout("out\n".getBytes(StandardCharsets.UTF_8));
      held.exit(0, Optional.empty());
      assertThat(child.get(20, TimeUnit.SECONDS).toString()).contains("out\\nexit 0");
    }
  }

  @Test
  void withAUiItWaits() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("tools.js", SCRIPT);
      assertThat(f.load().problems()).isEmpty();
      CompletableFuture<JsonNode> answer =
          f.engine.runTool("never", "c1", ScriptFixture.json("{}"), ScriptFixture.WITH_UI);
      try {
        answer.get(2_500, TimeUnit.MILLISECONDS);
      } catch (TimeoutException expected) {
        // still waiting, as it should
      }
      assertThat(answer).isNotDone();
      answer.cancel(true);
    }
  }
}
