package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class HookRunnerTest {
  private final List<String> reports = new ArrayList<>();

  /** A source answering one event with a function of the payload (or failing). */
  private static HookSource source(
      String name, String event, Function<JsonNode, HookSource.Outcome> handler) {
    return new HookSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> events() {
        return Set.of(event);
      }

      @Override
      public Outcome handle(String e, JsonNode payload) {
        return handler.apply(payload);
      }
    };
  }

  private static HookSource.Outcome answer(String json) {
    try {
      return new HookSource.Outcome.Answer(Json.parse(json));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static final HookSource.Outcome NOTHING =
      new HookSource.Outcome.Answer(Json.NODES.missingNode());
  private final ContentBlock.ToolCall bash =
      new ContentBlock.ToolCall("c1", "bash", Json.object().put("command", "rm -rf /"), null);

  @Test
  void inputTransformsChainAndHandledStops() {
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "a.js",
                    "input",
                    p ->
                        answer(
                            "{\"action\":\"transform\",\"text\":\""
                                + p.get("text").asText()
                                + "!\"}")),
                source(
                    "b.js",
                    "input",
                    p ->
                        answer(
                            "{\"action\":\"transform\",\"text\":\""
                                + p.get("text").asText()
                                + "?\"}"))),
            reports::add);
    assertThat(runner.input("hi"))
        .isEqualTo(new AgentHooks.InputResult.Transform("hi!?", List.of()));
    HookRunner handled =
        new HookRunner(
            List.of(source("c.js", "input", p -> answer("{\"action\":\"handled\"}"))),
            reports::add);
    assertThat(handled.input("x")).isInstanceOf(AgentHooks.InputResult.Handled.class);
    HookRunner wrong =
        new HookRunner(
            List.of(source("d.js", "input", p -> answer("{\"action\":\"explode\"}"))),
            reports::add);
    assertThat(wrong.input("x")).isInstanceOf(AgentHooks.InputResult.Continue.class);
    assertThat(reports)
        .containsExactly(
            "d.js: input handler returned an object without action \"continue\", \"transform\" or \"handled\"; ignored");
  }

  /**
   * As in the reference, {@code input} sees the prompt's images and a transform may replace them;
   * one that gives none keeps those the script was handed.
   */
  @Test
  void inputSeesThePromptsImagesAndATransformMayReplaceThem() throws Exception {
    ContentBlock.Image png = new ContentBlock.Image("iVBORw0KGgo=", "image/png", null);
    List<JsonNode> payloads = new ArrayList<>();
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "swap.js",
                    "input",
                    p -> {
                      payloads.add(p);
                      return answer(
                          "{\"action\":\"transform\",\"text\":\"look\",\"images\":"
                              + "[{\"type\":\"image\",\"data\":\"R0lGODlh\","
                              + "\"mimeType\":\"image/gif\"}]}");
                    }),
                source(
                    "keep.js",
                    "input",
                    p -> {
                      payloads.add(p);
                      return answer("{\"action\":\"transform\",\"text\":\"look!\"}");
                    })),
            reports::add);
    ContentBlock.Image gif = new ContentBlock.Image("R0lGODlh", "image/gif", null);
    assertThat(runner.input("see", List.of(png)))
        .isEqualTo(new AgentHooks.InputResult.Transform("look!", List.of(gif)));
    assertThat(payloads.get(0).get("images"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"image\",\"data\":\"iVBORw0KGgo=\",\"mimeType\":\"image/png\"}]"));
    assertThat(payloads.get(1).get("images"))
        .isEqualTo(
            Json.parse("[{\"type\":\"image\",\"data\":\"R0lGODlh\",\"mimeType\":\"image/gif\"}]"));
    assertThat(payloads.get(1).get("text").asText()).isEqualTo("look");
    // a prompt without images has none in the payload, as the reference's undefined
    payloads.clear();
    assertThat(runner.input("plain", List.of()))
        .isEqualTo(new AgentHooks.InputResult.Transform("look!", List.of(gif)));
    assertThat(payloads.getFirst().has("images")).isFalse();
    HookRunner wrong =
        new HookRunner(
            List.of(
                source(
                    "bad.js",
                    "input",
                    p ->
                        answer(
                            "{\"action\":\"transform\",\"text\":\"t\",\"images\":[{\"type\":\"text\",\"text\":\"x\"}]}"))),
            reports::add);
    assertThat(wrong.input("see", List.of(png)))
        .isInstanceOf(AgentHooks.InputResult.Continue.class);
    assertThat(reports)
        .containsExactly(
            "bad.js: input handler returned {action: \"transform\"} with images that are not all"
                + " {type: \"image\", data, mimeType}; ignored");
  }

  @Test
  void contextChainsAndAWrongAnswerIsIgnored() {
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "drop-first.js",
                    "context",
                    p -> {
                      var messages = (ArrayNode) p.get("messages").deepCopy();
                      messages.remove(0);
                      var out = Json.object();
                      out.set("messages", messages);
                      return new HookSource.Outcome.Answer(out);
                    }),
                source("broken.js", "context", p -> answer("{\"messages\":[{\"role\":\"user\"}]}")),
                source("silent.js", "context", p -> NOTHING)),
            reports::add);
    List<AgentMessage> in =
        List.of(new AgentMessage.User("one", 1), new AgentMessage.User("two", 2));
    List<AgentMessage> out = runner.context(in);
    assertThat(out)
        .extracting(m -> ((AgentMessage.User) m).content().text(""))
        .containsExactly("two");
    assertThat(reports)
        .singleElement()
        .asString()
        .startsWith("broken.js: context handler returned messages[0]");
  }

  @Test
  void aChangeMadeAgainOnTheNextCallIsTheSameMessageForTheScriptsAfter() {
    // prune.js replaces the second message by an equal new one on every call; keep.js answers
    // nothing.
    List<JsonNode> handedOn = new ArrayList<>();
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "prune.js",
                    "context",
                    p -> {
                      var messages = Json.array().add(p.get("messages").get(0));
                      messages.add(
                          Json.object()
                              .put("role", "user")
                              .put("content", "[pruned]")
                              .put("timestamp", 2));
                      var out = Json.object();
                      out.set("messages", messages);
                      return new HookSource.Outcome.Answer(out);
                    }),
                source(
                    "keep.js",
                    "context",
                    p -> {
                      handedOn.add(p.get("messages").get(1));
                      return NOTHING;
                    })),
            reports::add);
    List<AgentMessage> in =
        List.of(new AgentMessage.User("one", 1), new AgentMessage.User("a long tool output", 2));
    List<AgentMessage> first = runner.context(in);
    List<AgentMessage> second = runner.context(in);
    assertThat(((AgentMessage.User) second.get(1)).content().text("")).isEqualTo("[pruned]");
    assertThat(second.get(1)).isSameAs(first.get(1));
    assertThat(handedOn).hasSize(2);
    assertThat(handedOn.get(1)).isSameAs(handedOn.get(0));
    // A different change is a new message.
    HookRunner changing =
        new HookRunner(
            List.of(
                source(
                    "count.js",
                    "context",
                    new Function<>() {
                      int calls;

                      @Override
                      public HookSource.Outcome apply(JsonNode p) {
                        calls++;
                        var out = Json.object();
                        out.putArray("messages")
                            .add(
                                Json.object()
                                    .put("role", "user")
                                    .put("content", "call " + calls)
                                    .put("timestamp", 1));
                        return new HookSource.Outcome.Answer(out);
                      }
                    })),
            reports::add);
    AgentMessage one = changing.context(in).get(0);
    AgentMessage two = changing.context(in).get(0);
    assertThat(((AgentMessage.User) two).content().text("")).isEqualTo("call 2");
    assertThat(two).isNotSameAs(one);
    assertThat(reports).isEmpty();
  }

  @Test
  void toolCallBlocksReplacesInputAndFailsClosed() {
    HookRunner blocking =
        new HookRunner(
            List.of(
                source(
                    "gate.js",
                    "tool_call",
                    p -> answer("{\"block\":true,\"reason\":\"dangerous\"}"))),
            reports::add);
    assertThat(blocking.toolCall(bash))
        .isEqualTo(new AgentHooks.ToolCallDecision.Block("dangerous"));
    HookRunner replacing =
        new HookRunner(
            List.of(
                source("safe.js", "tool_call", p -> answer("{\"input\":{\"command\":\"ls\"}}"))),
            reports::add);
    assertThat(replacing.toolCall(bash))
        .isInstanceOfSatisfying(
            AgentHooks.ToolCallDecision.ReplaceInput.class,
            r -> assertThat(r.arguments().get("command").asText()).isEqualTo("ls"));
    HookRunner failing =
        new HookRunner(
            List.of(
                source(
                    "oops.js",
                    "tool_call",
                    p -> new HookSource.Outcome.Failure("oops.js:3: TypeError: x is undefined"))),
            reports::add);
    assertThat(failing.toolCall(bash))
        .isInstanceOfSatisfying(
            AgentHooks.ToolCallDecision.Block.class,
            b -> assertThat(b.reason()).contains("oops.js:3: TypeError"));
    HookRunner throwing =
        new HookRunner(
            List.of(
                source(
                    "boom.js",
                    "tool_call",
                    p -> {
                      throw new IllegalStateException("bridge down");
                    })),
            reports::add);
    assertThat(throwing.toolCall(bash)).isInstanceOf(AgentHooks.ToolCallDecision.Block.class);
    assertThat(reports).hasSize(2).allMatch(r -> r.contains("blocked"));
  }

  @Test
  void toolResultPatchesChainAndOtherEventsFailOpen() {
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "redact.js",
                    "tool_result",
                    p -> answer("{\"content\":[{\"type\":\"text\",\"text\":\"[redacted]\"}]}")),
                source(
                    "mark.js",
                    "tool_result",
                    p ->
                        answer(
                            "{\"isError\": "
                                + p.get("content").get(0).get("text").asText().equals("[redacted]")
                                + "}")),
                source(
                    "fail.js",
                    "tool_result",
                    p -> new HookSource.Outcome.Failure("fail.js: timed out after 30 s"))),
            reports::add);
    AgentHooks.ToolResultPatch patch =
        runner.toolResult(bash, List.of(new ContentBlock.Text("secret")), Optional.empty(), false);
    assertThat(patch.content())
        .hasValueSatisfying(
            c -> assertThat(((ContentBlock.Text) c.getFirst()).text()).isEqualTo("[redacted]"));
    assertThat(patch.isError()).contains(true);
    assertThat(reports).containsExactly("fail.js: timed out after 30 s");
  }

  @Test
  void beforeAgentStartAddsOneMessageAndChainsTheSystemPrompt() {
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "a.js",
                    "before_agent_start",
                    p ->
                        answer(
                            "{\"systemPrompt\":\""
                                + p.get("systemPrompt").asText()
                                + " +a\",\"message\":{\"customType\":\"note\",\"content\":\"remember\"}}")),
                source(
                    "b.js",
                    "before_agent_start",
                    p ->
                        answer(
                            "{\"systemPrompt\":\""
                                + p.get("systemPrompt").asText()
                                + " +b\",\"message\":{\"customType\":\"x\",\"content\":7}}"))),
            reports::add);
    AgentHooks.BeforeAgentStart result = runner.beforeAgentStart("do it", "base");
    assertThat(result.systemPrompt()).contains("base +a +b");
    assertThat(result.message())
        .hasValueSatisfying(m -> {
          assertThat(m.customType()).isEqualTo("note");
          assertThat(m.display()).isTrue();
        });
    assertThat(reports)
        .singleElement()
        .asString()
        .startsWith("b.js: before_agent_start handler returned a message without");
  }

  @Test
  void watchedEventsGetTheirJsonFormAndTheirAnswersAreNotRead() {
    List<String> seen = new ArrayList<>();
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "log.js",
                    "tool_execution_start",
                    p -> {
                      seen.add(
                          p.get("type").asText()
                              + " "
                              + p.get("toolName").asText()
                              + " "
                              + p.get("args").get("command").asText());
                      return answer(
                          "{\"block\": \"yes\"}"); // not read: a watched event has no result
                    }),
                source(
                    "fail.js",
                    "tool_execution_start",
                    p ->
                        new HookSource.Outcome.Failure(
                            "fail.js: tool_execution_start handler: boom")),
                source(
                    "turns.js",
                    "turn_start",
                    p -> {
                      seen.add(p.get("type").asText());
                      return NOTHING;
                    })),
            reports::add);
    runner.observe(new AgentEvent.ToolExecutionStart("c1", "bash", bash.arguments()));
    runner.observe(new AgentEvent.AgentStart());
    runner.observe(new AgentEvent.TurnStart());
    assertThat(seen).containsExactly("tool_execution_start bash rm -rf /", "turn_start");
    assertThat(reports).containsExactly("fail.js: tool_execution_start handler: boom");
  }

  /** A point that counts the payloads the loop makes: each script appends its name to the text. */
  private static final class Counting extends HookPoint<String, String> {
    int payloads;

    Counting() {
      super("input");
    }

    @Override
    String initial(String text) {
      return text;
    }

    @Override
    void fill(ObjectNode p, String text) {
      payloads++;
      p.put("text", text);
    }

    @Override
    Step<String> read(String text, String result, JsonNode a, Wrong wrong) {
      return new Step.Next<>(a.path("text").asText());
    }

    @Override
    String next(String text, String result) {
      return result;
    }
  }

  @Test
  void theLoopMakesAPayloadOnlyForAScriptThatIsAskedAndOnlyAfterAChange() {
    Counting point = new Counting();
    HookRunner runner =
        new HookRunner(
            List.of(
                source(
                    "a.js",
                    "input",
                    p -> answer("{\"text\": \"" + p.get("text").asText() + " a\"}")),
                source("quiet.js", "input", p -> NOTHING),
                source(
                    "b.js",
                    "input",
                    p -> answer("{\"text\": \"" + p.get("text").asText() + " b\"}"))),
            reports::add);
    assertThat(runner.run(point, "x")).isEqualTo("x a b");
    // x for a.js; "x a" for quiet.js and, unchanged, for b.js; none after b.js, the last one
    assertThat(point.payloads).isEqualTo(2);
    Counting unasked = new Counting();
    assertThat(new HookRunner(List.of(), reports::add).run(unasked, "x")).isEqualTo("x");
    assertThat(unasked.payloads).isZero();
  }
}
