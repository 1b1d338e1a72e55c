package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.scripting.api.EventContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An answer of the wrong shape has no stack to name a line, unlike a throw: its report names the
 * handler that gave it, as the file and line where the function is (where {@code graft.on}
 * registered an inline one).
 */
class WrongAnswerPlacesTest {
  @TempDir Path temp;
  private final List<String> problems = new ArrayList<>();

  private static final List<AgentMessage> GIVEN =
      List.of(
          MessageCodec.decode(
              Json.object().put("role", "user").put("content", "hi").put("timestamp", 1)));

  private HookRunner runner(ScriptFixture f) {
    assertThat(f.load().problems()).isEmpty();
    return new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
  }

  @Test
  void aContextHandlerThatAnswersTheWrongShapeIsNamedWithItsFileAndLine() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "shape.js",
          """
          export default function (graft) {
            graft.on("context", (event) => {
              if (event.messages.length > 0) {
                return { messages: "x" };
              }
            });
          }
          """);
      f.write(
          "number.js",
          """
          // a comment first
          export default function (graft) {
            graft.on("context", () => 42);
          }
          """);
      HookRunner hooks = runner(f);
      assertThat(hooks.context(GIVEN)).isEqualTo(GIVEN);
      assertThat(problems)
          .containsExactly(
              "number.js: context handler returned something other than {messages: [...]};"
                  + " ignored (at number.js:3)",
              "shape.js: context handler returned something other than {messages: [...]};"
                  + " ignored (at shape.js:2)");
    }
  }

  /** Of a script's handlers, the one whose answer was wrong; a tool_call one is graft-wrapped. */
  @Test
  void theLineIsThatOfTheHandlerWhoseAnswerWasWrongAlsoInAModule() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "lib/handlers.js",
          """
          // handlers kept apart from the script
          export function late(event) {
            return { messages: event.messages.length };
          }
          """);
      f.write(
          "two.js",
          """
          import { late } from "./lib/handlers.js";
          export default function (graft) {
            graft.on("context", (event) => ({ messages: event.messages }));
            graft.on("context", late);
            graft.on("tool_call", () => "no");
          }
          """);
      HookRunner hooks = runner(f);
      hooks.context(GIVEN);
      hooks.toolCall(
          new ContentBlock.ToolCall(
              "call_1", "bash", Json.object().put("command", "ls"), Json.object()));
      assertThat(problems)
          .containsExactly(
              "two.js: context handler returned something other than {messages: [...]};"
                  + " ignored (at lib/handlers.js:2)",
              "two.js: tool_call handler returned a string instead of {block?, reason?, input?};"
                  + " the tool call is blocked (at two.js:5)");
    }
  }
}
