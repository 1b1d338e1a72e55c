package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A script that returns the wrong shape from an event, for the events whose answer graft reads here
 * (input, before_agent_start, context, tool_call, tool_result; the session_before_* ones are in
 * {@link SessionEventsTest}): each wrong answer is reported once, naming the script, the event and
 * what was wrong, and the agent goes on as if nothing was answered — except tool_call, which fails
 * closed. The watch-only events ignore whatever they are answered, without a report.
 */
class WrongAnswersTest {
  private final List<String> reports = new ArrayList<>();
  private final ContentBlock.ToolCall bash =
      new ContentBlock.ToolCall("c1", "bash", Json.object().put("command", "ls"), null);

  private static HookSource answering(String event, String json) {
    return new HookSource() {
      @Override
      public String name() {
        return "bad.js";
      }

      @Override
      public Set<String> events() {
        return Set.of(event);
      }

      @Override
      public Outcome handle(String e, JsonNode payload) {
        try {
          return new Outcome.Answer(Json.parse(json));
        } catch (Exception x) {
          throw new IllegalArgumentException(x);
        }
      }
    };
  }

  private HookRunner runner(String event, String json) {
    return new HookRunner(List.of(answering(event, json)), reports::add);
  }

  private static String report(String event, String what) {
    return "bad.js: " + event + " handler returned " + what + "; ignored";
  }

  @ParameterizedTest(name = "input {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "handled"                   | a string instead of {action: "continue", "transform" or "handled", text?}
          ["handled"]                 | an array instead of {action: "continue", "transform" or "handled", text?}
          {"action":"transform"}      | {action: "transform"} without a string field text
          {"action":"transform","text":5} | {action: "transform"} without a string field text
          {"action":"stop"}           | an object without action "continue", "transform" or "handled"
          {"text":"other"}            | an object without action "continue", "transform" or "handled"
          """)
  void inputGoesOnWithTheTextAsTyped(String answer, String what) {
    assertThat(runner("input", answer).input("typed"))
        .isEqualTo(new AgentHooks.InputResult.Continue());
    assertThat(reports).containsExactly(report("input", what));
  }

  @ParameterizedTest(name = "before_agent_start {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "be brief"                          | a string instead of {message?, systemPrompt?}
          42                                  | a number instead of {message?, systemPrompt?}
          {"systemPrompt":["a"]}              | a systemPrompt that is not a string
          {"message":"hello"}                 | a message without a string customType and a string or block-array content
          {"message":{"customType":"n"}}      | a message without a string customType and a string or block-array content
          {"message":{"customType":1,"content":"x"}} | a message without a string customType and a string or block-array content
          """)
  void beforeAgentStartKeepsThePromptAndAddsNothing(String answer, String what) {
    AgentHooks.BeforeAgentStart result =
        runner("before_agent_start", answer).beforeAgentStart("do it", "base");
    assertThat(result.systemPrompt()).isEmpty();
    assertThat(result.message()).isEmpty();
    assertThat(reports).containsExactly(report("before_agent_start", what));
  }

  @ParameterizedTest(name = "context {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "drop everything"                        | something other than {messages: [...]}
          []                                       | something other than {messages: [...]}
          {"messages":"none"}                      | something other than {messages: [...]}
          {"message":[]}                           | something other than {messages: [...]}
          {"messages":[{"role":"user","content":"ok","timestamp":1},{"content":"who?"}]} | messages[1] with role
          {"messages":[7]}                         | messages[0] with role
          """)
  void contextSendsTheMessagesUnchanged(String answer, String what) {
    List<AgentMessage> in =
        List.of(new AgentMessage.User("one", 1), new AgentMessage.User("two", 2));
    assertThat(runner("context", answer).context(in)).isEqualTo(in);
    assertThat(reports)
        .singleElement()
        .asString()
        .startsWith("bad.js: context handler returned " + what);
  }

  @ParameterizedTest(name = "tool_call {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "block"                     | a string instead of {block?, reason?, input?}                   | returned an unusable answer
          [true]                      | an array instead of {block?, reason?, input?}                   | returned an unusable answer
          {"block":"yes"}             | a block that is not a boolean                                   | returned an unusable answer
          {"block":1,"reason":"no"}   | a block that is not a boolean                                   | returned an unusable answer
          {"input":"ls -la"}          | an input that is not an object                                   | returned an unusable input
          {"input":["ls"]}            | an input that is not an object                                   | returned an unusable input
          """)
  void toolCallFailsClosed(String answer, String what, String blocked) {
    assertThat(runner("tool_call", answer).toolCall(bash))
        .isEqualTo(
            new AgentHooks.ToolCallDecision.Block(
                "Blocked: the tool_call hook in bad.js " + blocked));
    assertThat(reports)
        .containsExactly(
            "bad.js: tool_call handler returned " + what + "; the tool call is blocked");
  }

  @Test
  void aToolCallBlockWithAReasonThatIsNotAStringStillBlocks() {
    assertThat(runner("tool_call", "{\"block\":true,\"reason\":{\"why\":\"rm\"}}").toolCall(bash))
        .isEqualTo(new AgentHooks.ToolCallDecision.Block("Blocked by bad.js"));
    assertThat(reports)
        .containsExactly(
            "bad.js: tool_call handler returned a reason that is not a string; the tool call is blocked without it");
    reports.clear();
    assertThat(runner("tool_call", "{\"block\":false}").toolCall(bash))
        .isEqualTo(new AgentHooks.ToolCallDecision.Proceed());
    assertThat(runner("tool_call", "{\"block\":null}").toolCall(bash))
        .isEqualTo(new AgentHooks.ToolCallDecision.Proceed());
    assertThat(reports).isEmpty();
  }

  @ParameterizedTest(name = "tool_result {0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "redacted"                                  | something other than {content?, details?, isError?}
          [{"type":"text","text":"x"}]                | something other than {content?, details?, isError?}
          {"content":"redacted"}                      | a content that is not an array of text and image blocks
          {"content":[{"type":"toolCall","id":"x","name":"bash","arguments":{}}]} | a content that is not an array of text and image blocks
          {"content":["redacted"]}                    | a content that is not an array of text and image blocks
          {"isError":"yes"}                           | an isError that is not a boolean
          """)
  void toolResultKeepsTheToolsOwnResult(String answer, String what) {
    AgentHooks.ToolResultPatch patch =
        runner("tool_result", answer)
            .toolResult(bash, List.of(new ContentBlock.Text("out")), Optional.empty(), false);
    assertThat(patch).isEqualTo(AgentHooks.ToolResultPatch.NONE);
    assertThat(reports).containsExactly(report("tool_result", what));
  }

  @Test
  void watchOnlyEventsIgnoreWhateverTheyAreAnswered() {
    String anything = "{\"cancel\":true,\"block\":true,\"messages\":\"x\",\"action\":\"handled\"}";
    List<String> watched =
        List.of(
            "agent_start",
            "agent_end",
            "turn_start",
            "session_start",
            "session_shutdown",
            "session_switch",
            "session_fork",
            "session_tree",
            "model_select");
    List<HookSource> sources = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (String event : watched) {
      HookSource inner = answering(event, anything);
      sources.add(
          new HookSource() {
            @Override
            public String name() {
              return "bad.js";
            }

            @Override
            public Set<String> events() {
              return inner.events();
            }

            @Override
            public Outcome handle(String e, JsonNode payload) {
              seen.add(e);
              return inner.handle(e, payload);
            }
          });
    }
    HookRunner runner = new HookRunner(sources, reports::add);
    runner.observe(new AgentEvent.AgentStart());
    runner.observe(new AgentEvent.TurnStart());
    runner.observe(new AgentEvent.AgentEnd(List.of()));
    runner.sessionStart(SessionHooks.Reason.STARTUP, Optional.empty());
    runner.sessionSwitch(SessionHooks.Reason.NEW, Optional.of(Path.of("/s/a.jsonl")));
    runner.sessionFork(Optional.empty());
    runner.sessionTree(Optional.of("e1"), Optional.empty(), Optional.empty(), Optional.empty());
    runner.modelSelect(ScriptedProvider.MODEL, Optional.empty(), "set");
    runner.sessionShutdown(SessionHooks.Reason.QUIT, Optional.empty());
    assertThat(seen)
        .containsExactly(
            "agent_start",
            "turn_start",
            "agent_end",
            "session_start",
            "session_switch",
            "session_fork",
            "session_tree",
            "model_select",
            "session_shutdown");
    assertThat(reports).isEmpty();
  }
}
