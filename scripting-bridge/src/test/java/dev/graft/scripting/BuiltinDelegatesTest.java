package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.scripting.api.EventContext;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * createReadTool(cwd) and its kin: the built-in tool's definition, and an execute that reaches the
 * host only inside the model's call of the script's own tool of that name.
 */
class BuiltinDelegatesTest {
  @TempDir Path temp;

  private static final String SCRIPT =
      """
      import { createBashTool, createBashToolDefinition, createReadTool } from "@mariozechner/pi-coding-agent";

      export default function (pi) {
        const cwd = "%s";
        const read = createReadTool(cwd);
        const bash = createBashTool(cwd, {
          spawnHook: ({ command, cwd, env }) => ({ command: "set -e\\n" + command, cwd, env: { ...env, EXTRA: 1 } }),
        });
        pi.registerTool({ ...read, execute: (id, params, signal, onUpdate) => read.execute(id, params, signal, onUpdate) });
        pi.registerTool({ ...bash, execute: (id, params) => bash.execute(id, params) });
        pi.on("agent_start", async () => {
          let options;
          try { createBashTool(cwd, { shellPath: "/bin/zsh" }); } catch (e) { options = e.message; }
          let handler;
          try { await read.execute("c1", { path: "a.txt" }); handler = "ran"; } catch (e) { handler = e.message; }
          return { name: read.name, label: read.label, description: read.description, parameters: read.parameters,
            same: createBashToolDefinition(cwd).description === bash.description, options, handler };
        });
      }
      """;

  @Test
  void theDelegateHasTheBuiltInsDefinitionAndIsRefusedOutsideTheCall() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("over.js", SCRIPT.formatted(temp));
      assertThat(f.load().problems()).isEmpty();
      JsonNode answer = ((HandlerOutcome.Answered) f.emit("agent_start", "{}").getFirst()).value();
      var read = BuiltinTools.create().get("read").orElseThrow();
      assertThat(answer.path("name").asText()).isEqualTo("read");
      assertThat(answer.path("label").asText()).isEqualTo("read");
      assertThat(answer.path("description").asText()).isEqualTo(read.description());
      assertThat(answer.path("parameters")).isEqualTo(read.parameters());
      assertThat(answer.path("same").asBoolean()).isTrue();
      assertThat(answer.path("options").asText())
          .isEqualTo(
              "createBashTool: options.shellPath is not supported by graft (its built-in tool runs"
                  + " on this machine only)");
      assertThat(answer.path("handler").asText())
          .isEqualTo(BuiltinDelegates.refusal("read"))
          .isEqualTo(
              "the built-in tool read runs for a script only inside the model's call of the"
                  + " script's own tool read, given that call's toolCallId (see docs/security.md)");
      assertThat(f.host.calls).noneMatch(c -> c.startsWith("builtin"));
    }
  }

  @Test
  void insideTheCallTheHostRunsTheBuiltInAndItsAnswerOrErrorReturns() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("over.js", SCRIPT.formatted(temp));
      f.load();
      CompletableFuture<JsonNode> call =
          f.engine.runTool(
              "read", "c1", ScriptFixture.json("{\"path\":\"a.txt\"}"), EventContext.EMPTY);
      CompletableFuture<JsonNode> run = f.host.builtinRuns.poll(10, TimeUnit.SECONDS);
      assertThat(f.host.calls).contains("builtin read c1 {\"path\":\"a.txt\"} " + temp + " {}");
      run.complete(
          ScriptFixture.json(
              "{\"content\":[{\"type\":\"text\",\"text\":\"A\"}],\"details\":{\"n\":1},\"isError\":false}"));
      assertThat(call.get(10, TimeUnit.SECONDS))
          .isEqualTo(
              ScriptFixture.json(
                  "{\"content\":[{\"type\":\"text\",\"text\":\"A\"}],\"details\":{\"n\":1}}"));

      CompletableFuture<JsonNode> bash =
          f.engine.runTool(
              "bash", "c2", ScriptFixture.json("{\"command\":\"false\"}"), EventContext.EMPTY);
      f.host
          .builtinRuns
          .poll(10, TimeUnit.SECONDS)
          .complete(
              ScriptFixture.json(
                  "{\"content\":[{\"type\":\"text\",\"text\":\"(no output)\\n\\nCommand exited with code 1\"}],\"isError\":true}"));
      assertThat(f.host.calls)
          .contains("builtin bash c2 {\"command\":\"set -e\\nfalse\"} " + temp + " {EXTRA=1}");
      assertThatThrownBy(() -> bash.get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasMessageContaining("Command exited with code 1");
    }
  }

  @Test
  void aDelegatedRunStillGoingWhenTheCallEndsIsCancelled() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("over.js", SCRIPT.formatted(temp));
      f.load();
      CompletableFuture<JsonNode> call =
          f.engine.runTool(
              "read", "c3", ScriptFixture.json("{\"path\":\"a.txt\"}"), EventContext.EMPTY);
      CompletableFuture<JsonNode> run = f.host.builtinRuns.poll(10, TimeUnit.SECONDS);
      call.cancel(true); // the user aborted the model's call
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!run.isDone() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(run).isCancelled();
    }
  }
}
