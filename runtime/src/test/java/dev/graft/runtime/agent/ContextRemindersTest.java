package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.hooks.ReminderSink;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The context hooks' reminder sink (ctx.reminders, docs/hooks.md): what they append is a
 * custom_message entry sent with this very model call only when every context hook continued.
 */
class ContextRemindersTest {
  @TempDir Path project;
  @TempDir Path sessions;

  private Session session;
  private final List<LlmRequest> requests = new CopyOnWriteArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final List<AgentEvent> events = new CopyOnWriteArrayList<>();

  @BeforeEach
  void openSession() {
    session = Session.create(sessions, project.toString(), Clock.systemUTC());
  }

  @AfterEach
  void closeSession() {
    session.close();
  }

  private static final HookSource.Outcome NOTHING =
      new HookSource.Outcome.Answer(Json.NODES.missingNode());

  /** A context hook: {@code handler} gets the payload and the call's sink. */
  private static HookSource hook(
      String name, BiFunction<JsonNode, ReminderSink, HookSource.Outcome> handler) {
    return new HookSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> events() {
        return Set.of("context");
      }

      @Override
      public Outcome handle(String event, JsonNode payload) {
        throw new AssertionError("the context event must come with its sink");
      }

      @Override
      public Outcome handleContext(JsonNode payload, ReminderSink reminders) {
        return handler.apply(payload, reminders);
      }
    };
  }

  private record Recording(LlmProvider inner, List<LlmRequest> requests) implements LlmProvider {
    @Override
    public AgentMessage.Assistant stream(
        LlmRequest request, Consumer<? super StreamEvent> listener) {
      requests.add(request);
      return inner.stream(request, listener);
    }
  }

  private AgentSession agent(List<HookSource> hooks, String... turns) throws Exception {
    AgentSession agent =
        new AgentSession(
            session,
            project,
            ScriptedProvider.MODEL,
            new Recording(ScriptedProvider.parse("turns.jsonl", List.of(turns)), requests),
            ThinkingLevel.OFF,
            "You are a test.",
            List.of(),
            new HookRunner(hooks, problems::add),
            Clock.systemUTC());
    agent.subscribe(events::add);
    return agent;
  }

  /** The model-side texts of request {@code i}: role and text of each message. */
  private List<String> sent(int i) {
    return requests.get(i).messages().stream()
        .map(m ->
            switch (m) {
              case AgentMessage.User u -> "user: " + u.content().text("\n");
              case AgentMessage.Assistant a ->
                  "assistant: " + new MessageContent.Blocks(a.content()).text("\n");
              default -> m.role();
            })
        .toList();
  }

  private List<SessionEntry.CustomMessage> reminders() {
    return session.entries().stream()
        .filter(SessionEntry.CustomMessage.class::isInstance)
        .map(SessionEntry.CustomMessage.class::cast)
        .toList();
  }

  @Test
  void whenEveryHookContinuesTheReminderIsSentWithThisCallAndKept() throws Exception {
    int[] calls = {0};
    AgentSession agent =
        agent(
            List.of(
                hook(
                    "time.js",
                    (p, sink) -> {
                      if (calls[0]++ == 0) {
                        sink.append("time.js", "reminder", "It is 10:00.");
                      }
                      return NOTHING;
                    }),
                hook("other.js", (p, sink) -> NOTHING)),
            "{\"text\": \"noted\"}",
            "{\"text\": \"again\"}");
    agent.prompt("what time is it?");
    assertThat(sent(0)).containsExactly("user: what time is it?", "user: It is 10:00.");
    assertThat(reminders())
        .singleElement()
        .satisfies(r -> {
          assertThat(r.customType()).isEqualTo("reminder");
          assertThat(r.content().text("")).isEqualTo("It is 10:00.");
          assertThat(r.display()).isTrue();
          assertThat(r.details().orElseThrow().path("source").asText()).isEqualTo("time.js");
        });
    assertThat(events)
        .anySatisfy(e ->
            assertThat(e)
                .isInstanceOfSatisfying(
                    AgentEvent.MessageEnd.class,
                    end -> assertThat(end.message()).isInstanceOf(AgentMessage.Custom.class)));
    // Durable: the next call reads it from the session, where it sits after the prompt.
    agent.prompt("and now?");
    assertThat(sent(1))
        .containsExactly(
            "user: what time is it?", "user: It is 10:00.", "assistant: noted", "user: and now?");
    assertThat(problems).isEmpty();
  }

  @Test
  void aLaterHookThatFailsDropsTheReminders() throws Exception {
    AgentSession agent =
        agent(
            List.of(
                hook(
                    "time.js",
                    (p, sink) -> {
                      sink.append("time.js", "reminder", "It is 10:00.");
                      return NOTHING;
                    }),
                hook(
                    "broken.js",
                    (p, sink) ->
                        new HookSource.Outcome.Failure("broken.js: context handler: boom"))),
            "{\"text\": \"ok\"}");
    agent.prompt("hi");
    assertThat(sent(0)).containsExactly("user: hi");
    assertThat(reminders()).isEmpty();
    assertThat(problems)
        .containsExactly(
            "broken.js: context handler: boom",
            "1 reminder not added: the context hook of broken.js did not continue");
  }

  @Test
  void aWrongAnswerCountsAsNotContinuing() throws Exception {
    AgentSession agent =
        agent(
            List.of(
                hook(
                    "time.js",
                    (p, sink) -> {
                      sink.append("time.js", "reminder", "It is 10:00.");
                      return NOTHING;
                    }),
                hook(
                    "wrong.js",
                    (p, sink) ->
                        new HookSource.Outcome.Answer(Json.object().put("messages", "none")))),
            "{\"text\": \"ok\"}");
    agent.prompt("hi");
    assertThat(sent(0)).containsExactly("user: hi");
    assertThat(reminders()).isEmpty();
    assertThat(problems)
        .last()
        .asString()
        .isEqualTo("1 reminder not added: the context hook of wrong.js did not continue");
  }

  @Test
  void theSinkRefusesAppendsOnceTheChainIsOverAndBadReminders() throws Exception {
    ReminderSink[] kept = new ReminderSink[1];
    AgentSession agent =
        agent(
            List.of(
                hook(
                    "keeper.js",
                    (p, sink) -> {
                      kept[0] = sink;
                      assertThatThrownBy(() -> sink.append("keeper.js", "reminder", " "))
                          .isInstanceOf(IllegalArgumentException.class)
                          .hasMessage("the reminder must be a non-empty string");
                      assertThatThrownBy(() -> sink.append("keeper.js", "", "x"))
                          .isInstanceOf(IllegalArgumentException.class);
                      for (int i = 0; i < ReminderSink.MAX_PER_CALL; i++) {
                        sink.append("keeper.js", "reminder", "r" + i);
                      }
                      assertThatThrownBy(() -> sink.append("keeper.js", "reminder", "one too many"))
                          .isInstanceOf(IllegalStateException.class)
                          .hasMessage("at most 8 reminders per model call");
                      return NOTHING;
                    })),
            "{\"text\": \"ok\"}");
    agent.prompt("hi");
    assertThat(reminders()).hasSize(ReminderSink.MAX_PER_CALL);
    assertThatThrownBy(() -> kept[0].append("keeper.js", "reminder", "late"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("append while the context handler runs");
    assertThat(reminders()).hasSize(ReminderSink.MAX_PER_CALL);
  }
}
