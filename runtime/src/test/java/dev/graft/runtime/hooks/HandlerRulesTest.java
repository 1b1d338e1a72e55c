package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.SessionEntry;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each event's rules for the several handlers of one script (HandlerRules), as the hook points
 * define them and the scripting bridge reads them: what the next handler is handed, what stops the
 * script's handlers, how their answers merge, and whether they are read at all.
 */
class HandlerRulesTest {
  private static ObjectNode json(String text) {
    try {
      return (ObjectNode) Json.parse(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static JsonNode handed(HandlerRules.Next next) {
    assertThat(next).isInstanceOf(HandlerRules.Next.Payload.class);
    return ((HandlerRules.Next.Payload) next).payload();
  }

  @Test
  void aToolCallBlockStopsAndAnInputIsTheNextHandlersInput() {
    HandlerRules rules = HookEvents.rules("tool_call");
    ObjectNode seen =
        json("{\"type\":\"tool_call\",\"toolName\":\"bash\",\"input\":{\"command\":\"ls\"}}");
    assertThat(rules.nextHandler(seen, json("{\"block\":true,\"reason\":\"no\"}")))
        .isInstanceOf(HandlerRules.Next.Stop.class);
    JsonNode next = handed(rules.nextHandler(seen, json("{\"input\":{\"command\":\"ls -a\"}}")));
    assertThat(next.toString())
        .isEqualTo(
            "{\"type\":\"tool_call\",\"toolName\":\"bash\",\"input\":{\"command\":\"ls -a\"}}");
    assertThat(seen.path("input").path("command").asText())
        .as("the payload handed before is not changed")
        .isEqualTo("ls");
    assertThat(handed(rules.nextHandler(seen, json("{\"reason\":\"just talk\"}")))).isSameAs(seen);
    assertThat(rules.answersRead()).isTrue();
  }

  @Test
  void aToolResultAnswerPatchesWhatTheNextHandlerSeesAndAnswersMergeByField() {
    HandlerRules rules = HookEvents.rules("tool_result");
    ObjectNode seen =
        json(
            "{\"type\":\"tool_result\",\"content\":[{\"type\":\"text\",\"text\":\"secret\"}],\"isError\":false}");
    JsonNode next =
        handed(
            rules.nextHandler(
                seen,
                json(
                    "{\"content\":[{\"type\":\"text\",\"text\":\"redacted\"}],\"isError\":true,\"other\":1}")));
    assertThat(next.toString())
        .isEqualTo(
            "{\"type\":\"tool_result\",\"content\":[{\"type\":\"text\",\"text\":\"redacted\"}],"
                + "\"isError\":true}");
    assertThat(
            rules
                .mergeAnswers(json("{\"isError\":true,\"details\":1}"), json("{\"details\":2}"))
                .toString())
        .isEqualTo("{\"isError\":true,\"details\":2}");
  }

  @Test
  void aCancelStopsEverySessionBeforePointsHandlers() {
    for (String event :
        List.of(
            "session_before_switch",
            "session_before_fork",
            "session_before_compact",
            "session_before_tree")) {
      HandlerRules rules = HookEvents.rules(event);
      ObjectNode seen = json("{\"type\":\"" + event + "\"}");
      assertThat(rules.nextHandler(seen, json("{\"cancel\":true}")))
          .as(event)
          .isInstanceOf(HandlerRules.Next.Stop.class);
      assertThat(handed(rules.nextHandler(seen, json("{\"cancel\":false}"))))
          .as(event)
          .isSameAs(seen);
    }
  }

  @Test
  void beforeAgentStartHandsTheSamePayloadToEachHandler() {
    ObjectNode seen = json("{\"type\":\"before_agent_start\",\"prompt\":\"hi\"}");
    assertThat(
            handed(
                HookEvents.rules("before_agent_start")
                    .nextHandler(seen, json("{\"systemPrompt\":\"other\"}"))))
        .isSameAs(seen);
  }

  @Test
  void inputHandsTheNextHandlerTheTransformedTextAndStopsWhenHandled() {
    HandlerRules rules = HookEvents.rules("input");
    ObjectNode seen =
        json(
            "{\"type\":\"input\",\"text\":\"hi\",\"images\":[{\"type\":\"image\",\"data\":\"AA==\",\"mimeType\":\"image/png\"}],\"source\":\"rpc\"}");
    JsonNode next =
        handed(rules.nextHandler(seen, json("{\"action\":\"transform\",\"text\":\"ho\"}")));
    assertThat(next.path("text").asText()).isEqualTo("ho");
    assertThat(next.get("images")).isEqualTo(seen.get("images"));
    assertThat(next.path("source").asText()).isEqualTo("rpc");
    assertThat(
            handed(
                    rules.nextHandler(
                        seen, json("{\"action\":\"transform\",\"text\":\"ho\",\"images\":[]}")))
                .get("images"))
        .isEmpty();
    assertThat(handed(rules.nextHandler(seen, json("{\"action\":\"continue\"}")))).isSameAs(seen);
    assertThat(rules.nextHandler(seen, json("{\"action\":\"handled\"}")))
        .isInstanceOf(HandlerRules.Next.Stop.class);

    // a later handler that continues keeps the transform; a later transform keeps its images
    JsonNode earlier = json("{\"action\":\"transform\",\"text\":\"ho\",\"images\":[]}");
    assertThat(rules.mergeAnswers(earlier, json("{\"action\":\"continue\"}"))).isEqualTo(earlier);
    assertThat(rules.mergeAnswers(earlier, json("{\"action\":\"transform\",\"text\":\"hu\"}")))
        .isEqualTo(json("{\"action\":\"transform\",\"text\":\"hu\",\"images\":[]}"));
    assertThat(rules.mergeAnswers(earlier, json("{\"action\":\"handled\"}")))
        .isEqualTo(json("{\"action\":\"handled\"}"));
  }

  @Test
  void watchedEventsAnswersAreNotReadAndUnknownOnesGetTheDefaults() {
    assertThat(HookEvents.rules("agent_end").answersRead()).isFalse();
    assertThat(HookEvents.rules("message_update").answersRead()).isFalse();
    assertThat(HookEvents.rules("session_start").answersRead()).isFalse();
    assertThat(HookEvents.rules("model_select").answersRead()).isFalse();
    assertThat(HookEvents.rules("user_bash")).isSameAs(HandlerRules.DEFAULT);
    assertThat(HookEvents.rules("user_bash").answersRead()).isTrue();
  }

  @Test
  void aContextAnswerHandsItsMessagesOnWithTheirEntriesWorkedOutAgain() {
    AgentMessage first =
        MessageCodec.decode(json("{\"role\":\"user\",\"content\":\"one\",\"timestamp\":1}"));
    AgentMessage second =
        MessageCodec.decode(json("{\"role\":\"user\",\"content\":\"two\",\"timestamp\":2}"));
    List<SessionEntry> branch =
        List.of(
            new SessionEntry.Message(
                "a", Optional.empty(), "2025-01-01T00:00:00.000Z", first, Json.object()),
            new SessionEntry.Message(
                "b", Optional.of("a"), "2025-01-01T00:00:01.000Z", second, Json.object()));
    ContextHookPoint.Call call =
        new ContextHookPoint.Call(
            List.of(first, second), new ContextHookPoint.State(null, () -> branch));
    ObjectNode seen = ContextHookPoint.CONTEXT.payload(call);
    assertThat(seen.get("entryIndex").toString()).isEqualTo("[0,1]");
    HandlerRules rules = ContextHookPoint.CONTEXT.rules(call);
    // The second message alone, as the tree it was handed: its entry is the branch's second.
    ObjectNode answer = Json.object();
    answer.putArray("messages").add(seen.get("messages").get(1));
    JsonNode next = handed(rules.nextHandler(seen, answer));
    assertThat(next.get("messages").get(0)).isSameAs(seen.get("messages").get(1));
    assertThat(next.get("entryIndex").toString()).isEqualTo("[1]");
    // A later answer replaces an earlier one whole: it was handed the earlier one's messages.
    assertThat(rules.mergeAnswers(json("{\"messages\":[],\"x\":1}"), answer)).isSameAs(answer);
    // Asked by name there is no branch: the next handler's payload has no entryIndex.
    assertThat(handed(HookEvents.rules("context").nextHandler(seen, answer)).has("entryIndex"))
        .isFalse();
  }
}
