package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.ToolContext;
import dev.graft.runtime.tools.ToolResult;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages hooks send ({@code sendMessage} / {@code sendUserMessage}) reach the model as the
 * reference delivers them: steered or followed up while a run goes on, kept for the next prompt,
 * recorded without a turn, or starting a run when the agent is idle.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HookMessagesTest {
  @TempDir Path project;
  @TempDir Path sessions;

  private Session session;
  private final List<LlmRequest> requests = new CopyOnWriteArrayList<>();
  private final List<AgentEvent> events = new CopyOnWriteArrayList<>();

  @BeforeEach
  void openSession() {
    session = Session.create(sessions, project.toString(), Clock.systemUTC());
  }

  @AfterEach
  void closeSession() {
    session.close();
  }

  private record Recording(LlmProvider inner, List<LlmRequest> requests) implements LlmProvider {
    @Override
    public AgentMessage.Assistant stream(
        LlmRequest request, Consumer<? super StreamEvent> listener) {
      requests.add(request);
      return inner.stream(request, listener);
    }
  }

  private AgentSession agent(List<Tool> tools, String... turns) throws Exception {
    AgentSession agent =
        new AgentSession(
            session,
            project,
            ScriptedProvider.MODEL,
            new Recording(ScriptedProvider.parse("turns.jsonl", List.of(turns)), requests),
            ThinkingLevel.OFF,
            "You are a test.",
            tools,
            AgentHooks.NONE,
            Clock.systemUTC());
    agent.subscribe(events::add);
    return agent;
  }

  /** A tool that runs {@code during} while the agent is running. */
  private static Tool tool(Runnable during) {
    return new Tool() {
      @Override
      public String name() {
        return "work";
      }

      @Override
      public String description() {
        return "works";
      }

      @Override
      public ObjectNode parameters() {
        return Json.object().put("type", "object");
      }

      @Override
      public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
        during.run();
        return ToolResult.text("worked");
      }
    };
  }

  private static AgentMessage.Custom note(String text) {
    return new AgentMessage.Custom(
        "note", MessageContent.of(text), true, Optional.empty(), 0, null);
  }

  /** The texts the model was sent in request {@code i}, one per message. */
  private List<String> sent(int i) {
    return requests.get(i).messages().stream()
        .map(m ->
            switch (m) {
              case AgentMessage.User u -> u.content().text("\n");
              case AgentMessage.Assistant a -> new MessageContent.Blocks(a.content()).text("\n");
              case AgentMessage.ToolResult t -> new MessageContent.Blocks(t.content()).text("\n");
              default -> m.role();
            })
        .toList();
  }

  private List<String> customEntries() {
    return session.entries().stream()
        .filter(SessionEntry.CustomMessage.class::isInstance)
        .map(e -> ((SessionEntry.CustomMessage) e).content().text(""))
        .toList();
  }

  @Test
  void whileRunningACustomMessageSteersByDefaultAndFollowsUpWhenAsked() throws Exception {
    AgentSession[] self = new AgentSession[1];
    Tool work =
        tool(() -> {
          self[0].sendCustomMessage(note("steered"), Optional.empty(), true);
          self[0].sendCustomMessage(note("later"), Optional.of(Delivery.FOLLOW_UP), false);
        });
    AgentSession agent =
        agent(
            List.of(work),
            "{\"toolCalls\": [{\"name\": \"work\"}]}",
            "{\"text\": \"saw it\"}",
            "{\"text\": \"and the follow-up\"}");
    self[0] = agent;

    AgentSession.RunResult result = agent.prompt("go");

    assertThat(result.text()).isEqualTo("and the follow-up");
    assertThat(sent(1)).containsExactly("go", "", "worked", "steered");
    assertThat(sent(2)).containsExactly("go", "", "worked", "steered", "saw it", "later");
    assertThat(customEntries()).containsExactly("steered", "later");
    assertThat(agent.hasRequestedTurn()).isFalse();
  }

  @Test
  void aNextTurnMessageWaitsForTheNextPromptAndFollowsItsUserMessage() throws Exception {
    AgentSession agent = agent(List.of(), "{\"text\": \"one\"}", "{\"text\": \"two\"}");
    agent.prompt("first");
    agent.sendCustomMessage(note("context for next time"), Optional.of(Delivery.NEXT_TURN), true);

    assertThat(customEntries()).isEmpty();
    assertThat(agent.hasRequestedTurn()).isFalse();
    agent.prompt("second");

    assertThat(sent(1)).containsExactly("first", "one", "second", "context for next time");
    assertThat(customEntries()).containsExactly("context for next time");
  }

  @Test
  void whenIdleWithoutTriggerTurnTheMessageIsOnlyRecorded() throws Exception {
    AgentSession agent = agent(List.of(), "{\"text\": \"one\"}");
    CountDownLatch ended = new CountDownLatch(1);
    agent.subscribe(e -> {
      if (e instanceof AgentEvent.MessageEnd end && end.message() instanceof AgentMessage.Custom) {
        ended.countDown();
      }
    });

    agent.sendCustomMessage(note("just so you know"), Optional.empty(), false);

    assertThat(customEntries()).containsExactly("just so you know");
    assertThat(agent.hasRequestedTurn()).isFalse();
    assertThat(agent.runRequestedTurns()).isEmpty();
    assertThat(requests).isEmpty();
    assertThat(ended.await(10, TimeUnit.SECONDS))
        .as("message_end for the recorded message")
        .isTrue();
    agent.prompt("now");
    assertThat(sent(0)).containsExactly("just so you know", "now");
  }

  @Test
  void whenIdleTriggerTurnAsksForARunThatStartsWithTheMessage() throws Exception {
    AgentSession agent = agent(List.of(), "{\"text\": \"answered the note\"}");
    AtomicInteger asked = new AtomicInteger();
    agent.onTurnRequested(asked::incrementAndGet);

    agent.sendCustomMessage(note("please look"), Optional.empty(), true);

    assertThat(asked).hasValue(1);
    assertThat(requests).isEmpty();
    assertThat(agent.hasRequestedTurn()).isTrue();
    Optional<AgentSession.RunResult> ran = agent.runRequestedTurns();
    assertThat(ran).hasValueSatisfying(r -> assertThat(r.text()).isEqualTo("answered the note"));
    assertThat(sent(0)).containsExactly("please look");
    assertThat(customEntries()).containsExactly("please look");
    assertThat(agent.hasRequestedTurn()).isFalse();
  }

  @Test
  void aUserMessageWhenIdleIsAPromptWithItsImages() throws Exception {
    AgentSession agent = agent(List.of(), "{\"text\": \"a red dot\"}");
    AtomicInteger asked = new AtomicInteger();
    agent.onTurnRequested(asked::incrementAndGet);

    agent.sendUserMessage(
        "what is this?",
        List.of(new ContentBlock.Image("aGk=", "image/png", null)),
        Optional.empty());

    assertThat(asked).hasValue(1);
    assertThat(agent.runRequestedTurns())
        .hasValueSatisfying(r -> assertThat(r.text()).isEqualTo("a red dot"));
    AgentMessage.User user = (AgentMessage.User) requests.getFirst().messages().getFirst();
    assertThat(((MessageContent.Blocks) user.content()).blocks())
        .hasSize(2)
        .satisfies(b -> assertThat(b.get(1)).isInstanceOf(ContentBlock.Image.class));
  }

  @Test
  void aUserMessageIsNotExpandedAsTypedInputIs() throws Exception {
    // The reference's sendUserMessage prompts with expandPromptTemplates off: no skill commands,
    // no prompt templates.
    AgentSession agent = agent(List.of(), "{\"text\": \"ok\"}", "{\"text\": \"ok\"}");
    agent.setInputExpansion(text -> "expanded " + text);

    agent.sendUserMessage("/skill:notes please", List.of(), Optional.empty());
    agent.runRequestedTurns();
    agent.prompt("/skill:notes typed");

    assertThat(sent(1)).containsExactly("/skill:notes please", "ok", "expanded /skill:notes typed");
  }

  @Test
  void aUserMessageWhileRunningNeedsADelivery() throws Exception {
    AgentSession[] self = new AgentSession[1];
    List<String> refused = new CopyOnWriteArrayList<>();
    Tool work =
        tool(() -> {
          try {
            self[0].sendUserMessage("no delivery", List.of(), Optional.empty());
          } catch (IllegalStateException e) {
            refused.add(e.getMessage());
          }
          self[0].sendUserMessage("steered in", List.of(), Optional.of(Delivery.STEER));
        });
    AgentSession agent =
        agent(List.of(work), "{\"toolCalls\": [{\"name\": \"work\"}]}", "{\"text\": \"ok\"}");
    self[0] = agent;

    agent.prompt("go");

    assertThat(refused).singleElement().asString().contains("deliverAs");
    assertThat(sent(1)).containsExactly("go", "", "worked", "steered in");
    assertThat(agent.hasRequestedTurn()).isFalse();
  }
}
