package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Api;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelCost;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.llm.ThinkingMap;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.ToolContext;
import dev.graft.runtime.tools.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent loop end to end with the scripted provider, real tools in a temporary project and a
 * real session file: what is persisted, what the model is sent on each call, and the event
 * sequence, compared with the reference loop (pi-agent-core's agent-loop.js).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AgentSessionTest {
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

  // ------------------------------------------------------------------ helpers

  /** Records every request, then plays the scripted turn. */
  private record Recording(LlmProvider inner, List<LlmRequest> requests) implements LlmProvider {
    @Override
    public AgentMessage.Assistant stream(
        LlmRequest request, Consumer<? super StreamEvent> listener) {
      requests.add(request);
      return inner.stream(request, listener);
    }
  }

  private LlmProvider scripted(String... turns) throws Exception {
    return new Recording(ScriptedProvider.parse("turns.jsonl", List.of(turns)), requests);
  }

  private AgentSession agent(List<Tool> tools, AgentHooks hooks, String... turns) throws Exception {
    AgentSession agent =
        new AgentSession(
            session,
            project,
            ScriptedProvider.MODEL,
            scripted(turns),
            ThinkingLevel.OFF,
            "You are a test.",
            tools,
            hooks,
            Clock.systemUTC());
    agent.subscribe(events::add);
    return agent;
  }

  private static List<Tool> builtin(String... names) {
    return BuiltinTools.create().select(List.of(names));
  }

  /** A tool taking an optional string {@code text}, run by {@code body}. */
  private static Tool tool(String name, BiFunction<ObjectNode, ToolContext, ToolResult> body) {
    ObjectNode schema = Json.object().put("type", "object");
    schema.putObject("properties").putObject("text").put("type", "string");
    return new Tool() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "test tool " + name;
      }

      @Override
      public ObjectNode parameters() {
        return schema;
      }

      @Override
      public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
        return body.apply(arguments, context);
      }
    };
  }

  /** The session's messages in file order. */
  private List<AgentMessage> sessionMessages() {
    return session.entries().stream()
        .filter(SessionEntry.Message.class::isInstance)
        .map(e -> ((SessionEntry.Message) e).message())
        .toList();
  }

  private static List<String> roles(List<AgentMessage> messages) {
    return messages.stream().map(AgentMessage::role).toList();
  }

  private static List<String> texts(List<ContentBlock> blocks) {
    return blocks.stream()
        .filter(ContentBlock.Text.class::isInstance)
        .map(b -> ((ContentBlock.Text) b).text())
        .toList();
  }

  private static String text(AgentMessage m) {
    return switch (m) {
      case AgentMessage.User u -> u.content().text("\n");
      case AgentMessage.Assistant a -> new MessageContent.Blocks(a.content()).text("\n");
      case AgentMessage.ToolResult t -> new MessageContent.Blocks(t.content()).text("\n");
      default -> "";
    };
  }

  private List<AgentMessage.ToolResult> toolResults() {
    return sessionMessages().stream()
        .filter(AgentMessage.ToolResult.class::isInstance)
        .map(AgentMessage.ToolResult.class::cast)
        .toList();
  }

  /** The events as short names; streaming updates are left out. */
  private List<String> eventNames() {
    List<String> names = new ArrayList<>();
    for (AgentEvent e : events) {
      switch (e) {
        case AgentEvent.MessageUpdate u -> {}
        case AgentEvent.ToolExecutionUpdate u -> {}
        case AgentEvent.MessageStart m -> names.add("message_start:" + m.message().role());
        case AgentEvent.MessageEnd m -> names.add("message_end:" + m.message().role());
        case AgentEvent.ToolExecutionStart t -> names.add("tool_start:" + t.toolName());
        case AgentEvent.ToolExecutionEnd t ->
            names.add("tool_end:" + t.toolName() + (t.isError() ? "!" : ""));
        default -> names.add(AgentEvents.toJson(e).get("type").asText());
      }
    }
    return names;
  }

  private static JsonNode encoded(List<AgentMessage> messages) {
    var array = Json.array();
    messages.forEach(m -> array.add(MessageCodec.encode(m)));
    return Json.jsValue(array);
  }

  // ------------------------------------------------------------------ a whole task

  @Test
  void readEditRunAndAnswer() throws Exception {
    Path script = project.resolve("greet.sh");
    Files.writeString(script, "echo hello world\n");
    AgentSession agent =
        agent(
            builtin("read", "bash", "edit", "write"),
            AgentHooks.NONE,
            "{\"text\": \"Reading it.\", \"toolCalls\": [{\"name\": \"read\", \"arguments\": {\"path\": \"greet.sh\"}}]}",
            "{\"toolCalls\": [{\"name\": \"edit\", \"arguments\": {\"path\": \"greet.sh\", \"edits\": [{\"oldText\": \"hello world\", \"newText\": \"hello graft\"}]}}]}",
            "{\"toolCalls\": [{\"name\": \"bash\", \"arguments\": {\"command\": \"sh greet.sh\"}}], \"chunkSize\": 7}",
            "{\"text\": \"The script now prints hello graft.\", \"chunkSize\": 5}");

    AgentSession.RunResult result = agent.prompt("Make greet.sh greet graft, then run it.");

    assertThat(result.failed()).isFalse();
    assertThat(result.text()).isEqualTo("The script now prints hello graft.");
    assertThat(Files.readString(script)).isEqualTo("echo hello graft\n");

    // The session: every message in order, each a child of the one before.
    List<AgentMessage> messages = sessionMessages();
    assertThat(roles(messages))
        .containsExactly(
            "user",
            "assistant",
            "toolResult",
            "assistant",
            "toolResult",
            "assistant",
            "toolResult",
            "assistant");
    assertThat(roles(result.messages())).isEqualTo(roles(messages));
    AgentMessage.Assistant first = (AgentMessage.Assistant) messages.get(1);
    assertThat(first.stopReason()).isEqualTo("toolUse");
    assertThat(first.toolCalls())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.id()).isEqualTo("call_1_1");
          assertThat(c.name()).isEqualTo("read");
        });
    AgentMessage.ToolResult read = (AgentMessage.ToolResult) messages.get(2);
    assertThat(read.toolCallId()).isEqualTo("call_1_1");
    assertThat(read.isError()).isFalse();
    assertThat(text(read)).contains("echo hello world");
    AgentMessage.ToolResult edit = (AgentMessage.ToolResult) messages.get(4);
    assertThat(edit.toolName()).isEqualTo("edit");
    assertThat(edit.isError()).as(text(edit)).isFalse();
    AgentMessage.ToolResult bash = (AgentMessage.ToolResult) messages.get(6);
    assertThat(bash.isError()).as(text(bash)).isFalse();
    assertThat(text(bash)).contains("hello graft");
    assertThat(((AgentMessage.Assistant) messages.get(7)).stopReason()).isEqualTo("stop");
    List<SessionEntry> path = session.branchPath();
    for (int i = 1; i < path.size(); i++) {
      assertThat(path.get(i).parentId()).contains(path.get(i - 1).id());
    }
    assertThat(path.getLast().id()).isEqualTo(session.leafId().orElseThrow());

    // What the model was sent: the session so far, the system prompt and the active tools.
    assertThat(requests).hasSize(4);
    int[] sentCounts = {1, 3, 5, 7};
    for (int i = 0; i < requests.size(); i++) {
      LlmRequest r = requests.get(i);
      assertThat(r.systemPrompt()).isEqualTo("You are a test.");
      assertThat(r.tools())
          .extracting(t -> t.name())
          .containsExactly("read", "bash", "edit", "write");
      assertThat(r.sessionId()).contains(session.id());
      assertThat(encoded(r.messages()))
          .as("call %d", i + 1)
          .isEqualTo(encoded(messages.subList(0, sentCounts[i])));
    }
    assertThat(text(requests.get(0).messages().getFirst()))
        .isEqualTo("Make greet.sh greet graft, then run it.");

    // The events, in the reference loop's order.
    List<String> toolTurn = List.of("message_start:assistant", "message_end:assistant");
    List<String> expected =
        new ArrayList<>(
            List.of("agent_start", "turn_start", "message_start:user", "message_end:user"));
    for (String name : List.of("read", "edit", "bash")) {
      expected.addAll(toolTurn);
      expected.addAll(
          List.of(
              "tool_start:" + name,
              "tool_end:" + name,
              "message_start:toolResult",
              "message_end:toolResult",
              "turn_end",
              "turn_start"));
    }
    expected.addAll(
        List.of("message_start:assistant", "message_end:assistant", "turn_end", "agent_end"));
    assertThat(eventNames()).containsExactlyElementsOf(expected);
    // Streaming: the last answer arrived in 5-character deltas between its start and end.
    List<String> deltas =
        events.stream()
            .filter(AgentEvent.MessageUpdate.class::isInstance)
            .map(e -> ((AgentEvent.MessageUpdate) e).update())
            .filter(u -> u.get("type").asText().equals("text_delta"))
            .map(u -> u.get("delta").asText())
            .toList();
    assertThat(deltas).endsWith("The s", "cript", " now ", "print", "s hel", "lo gr", "aft.");
    AgentEvent.AgentEnd end = (AgentEvent.AgentEnd) events.getLast();
    assertThat(encoded(end.messages())).isEqualTo(encoded(messages));
    AgentEvent.TurnEnd firstTurn =
        events.stream()
            .filter(AgentEvent.TurnEnd.class::isInstance)
            .map(AgentEvent.TurnEnd.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(firstTurn.toolResults())
        .singleElement()
        .extracting(AgentMessage.ToolResult::toolName)
        .isEqualTo("read");
    assertThat(agent.isIdle()).isTrue();

    // The file on disk says the same as the session in memory.
    try (Session reopened = Session.open(session.file().orElseThrow())) {
      assertThat(encoded(reopened.buildContext().messages())).isEqualTo(encoded(messages));
    }
  }

  // ------------------------------------------------------------------ tools

  @Test
  void callsOfASequentialToolRunOneAfterAnotherInCallOrder() throws Exception {
    // The first call waits a while for the second to start; a sequential tool's second call
    // must not start before the first has ended, so the first sees none.
    CountDownLatch secondStarted = new CountDownLatch(1);
    List<String> starts = new CopyOnWriteArrayList<>();
    Tool inner =
        tool(
            "step",
            (args, ctx) -> {
              String text = args.path("text").asText();
              starts.add(text);
              if (text.equals("one")) {
                try {
                  return ToolResult.text(
                      "one: "
                          + (secondStarted.await(300, TimeUnit.MILLISECONDS)
                              ? "two had started"
                              : "alone"));
                } catch (InterruptedException e) {
                  return ToolResult.error("interrupted");
                }
              }
              secondStarted.countDown();
              return ToolResult.text("two");
            });
    Tool step =
        new Tool() {
          @Override
          public String name() {
            return inner.name();
          }

          @Override
          public String description() {
            return inner.description();
          }

          @Override
          public ObjectNode parameters() {
            return inner.parameters();
          }

          @Override
          public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
            return inner.execute(callId, arguments, context);
          }

          @Override
          public boolean sequential() {
            return true;
          }
        };
    AgentSession agent =
        agent(
            List.of(step),
            AgentHooks.NONE,
            "{\"content\": [{\"type\": \"toolCall\", \"name\": \"step\", \"id\": \"a\", \"arguments\": {\"text\": \"one\"}},"
                + " {\"type\": \"toolCall\", \"name\": \"step\", \"id\": \"b\", \"arguments\": {\"text\": \"two\"}}]}",
            "{\"text\": \"done\"}");

    assertThat(agent.prompt("go").text()).isEqualTo("done");

    assertThat(starts).containsExactly("one", "two");
    assertThat(toolResults())
        .extracting(AgentSessionTest::text)
        .containsExactly("one: alone", "two");
  }

  @Test
  void parallelCallsRunTogetherAndTheirResultsKeepCallOrder() throws Exception {
    // The slow tool finishes only once the fast one (called second) has ended.
    CountDownLatch fastEnded = new CountDownLatch(1);
    Tool slow =
        tool(
            "slow",
            (args, ctx) -> {
              try {
                boolean fastFinished = fastEnded.await(3, TimeUnit.SECONDS);
                return ToolResult.text("slow " + (fastFinished ? "after fast" : "timed out"));
              } catch (InterruptedException e) {
                return ToolResult.error("interrupted");
              }
            });
    Tool fast = tool("fast", (args, ctx) -> ToolResult.text("fast " + args.path("text").asText()));
    AgentSession agent =
        agent(
            List.of(slow, fast),
            AgentHooks.NONE,
            "{\"content\": [{\"type\": \"toolCall\", \"name\": \"slow\", \"id\": \"a\"}, {\"type\": \"toolCall\", \"name\": \"fast\", \"id\": \"b\", \"arguments\": {\"text\": \"x\"}}]}",
            "{\"text\": \"both done\"}");
    agent.subscribe(e -> {
      if (e instanceof AgentEvent.ToolExecutionEnd end && end.toolName().equals("fast")) {
        fastEnded.countDown();
      }
    });

    assertThat(agent.prompt("go").text()).isEqualTo("both done");

    assertThat(toolResults())
        .extracting(AgentMessage.ToolResult::toolCallId)
        .containsExactly("a", "b");
    assertThat(toolResults())
        .extracting(AgentSessionTest::text)
        .containsExactly("slow after fast", "fast x");
    assertThat(requests.get(1).messages())
        .extracting(AgentMessage::role)
        .containsExactly("user", "assistant", "toolResult", "toolResult");
    // The two ran at once (the slow one waited for the fast one to end); each call ended when it
    // finished, the result messages follow in call order, as in the reference's parallel execution.
    assertThat(eventNames())
        .containsSubsequence(
            "tool_start:slow",
            "tool_start:fast",
            "tool_end:fast",
            "tool_end:slow",
            "message_start:toolResult",
            "message_end:toolResult",
            "message_start:toolResult",
            "message_end:toolResult",
            "turn_end");
    AgentEvent.TurnEnd turn =
        events.stream()
            .filter(AgentEvent.TurnEnd.class::isInstance)
            .map(AgentEvent.TurnEnd.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(turn.toolResults())
        .extracting(AgentMessage.ToolResult::toolCallId)
        .containsExactly("a", "b");
  }

  @Test
  void mistakesInToolCallsBecomeErrorResultsAndTheRunGoesOn() throws Exception {
    Files.writeString(project.resolve("a.txt"), "alpha\n");
    AtomicInteger lsRuns = new AtomicInteger();
    Tool boom =
        tool(
            "boom",
            (args, ctx) -> {
              throw new IllegalStateException("kaboom");
            });
    Tool ls =
        tool(
            "ls",
            (args, ctx) -> {
              lsRuns.incrementAndGet();
              return ToolResult.text("listing");
            });
    List<Tool> tools = new ArrayList<>(builtin("read"));
    tools.add(boom);
    tools.add(ls);
    AgentSession agent =
        agent(
            tools,
            AgentHooks.NONE,
            "{\"content\": ["
                + "{\"type\": \"toolCall\", \"name\": \"write\", \"arguments\": {\"path\": \"b.txt\", \"content\": \"x\"}},"
                + "{\"type\": \"toolCall\", \"name\": \"read\", \"arguments\": {\"paht\": \"a.txt\"}},"
                + "{\"type\": \"toolCall\", \"name\": \"boom\"},"
                + "{\"type\": \"toolCall\", \"name\": \"ls\", \"arguments\": \"{\\\"text\\\": \\\"unfinished\"},"
                + "{\"type\": \"toolCall\", \"name\": \"read\", \"arguments\": {\"path\": \"a.txt\"}}]}",
            "{\"text\": \"recovered\"}");

    AgentSession.RunResult result = agent.prompt("try things");

    assertThat(result.failed()).isFalse();
    assertThat(result.text()).isEqualTo("recovered");
    List<AgentMessage.ToolResult> results = toolResults();
    assertThat(results)
        .extracting(AgentMessage.ToolResult::toolName)
        .containsExactly("write", "read", "boom", "ls", "read");
    assertThat(results)
        .extracting(AgentMessage.ToolResult::isError)
        .containsExactly(true, true, true, true, false);
    // a tool that is not active
    assertThat(text(results.get(0))).isEqualTo("Tool write not found");
    assertThat(Files.exists(project.resolve("b.txt"))).isFalse();
    // arguments that do not fit the schema: the field is named
    assertThat(text(results.get(1)))
        .contains("Validation failed for tool \"read\"")
        .contains("path: is required");
    // a tool that throws
    assertThat(text(results.get(2))).contains("boom").contains("kaboom");
    // arguments that are not JSON: the tool is not run, and the model is told why
    assertThat(text(results.get(3)))
        .contains("were not valid JSON")
        .contains("the tool was not run");
    assertThat(lsRuns).hasValue(0);
    assertThat(text(results.get(4))).contains("alpha");
    // all of it went to the model on the next call
    assertThat(requests.get(1).messages()).hasSize(7);
    // Calls that are not run end at once, right after their start, as in the reference; the
    // others end when they finish, and all before the result messages.
    List<String> names = eventNames();
    assertThat(names).containsSequence("tool_start:write", "tool_end:write!", "tool_start:read");
    assertThat(names).containsSequence("tool_start:ls", "tool_end:ls!", "tool_start:read");
    int firstResult = names.indexOf("message_start:toolResult");
    assertThat(names.subList(firstResult - 3, firstResult))
        .containsExactlyInAnyOrder("tool_end:read!", "tool_end:boom!", "tool_end:read");
    assertThat(names)
        .endsWith(
            "turn_end",
            "turn_start",
            "message_start:assistant",
            "message_end:assistant",
            "turn_end",
            "agent_end");
  }

  // ------------------------------------------------------------------ hooks

  @Test
  void toolCallHooksBlockOrReplaceTheInputAndResultHooksPatchTheResult() throws Exception {
    List<String> ran = new CopyOnWriteArrayList<>();
    Tool echo =
        tool(
            "echo",
            (args, ctx) -> {
              ran.add(args.path("text").asText());
              return ToolResult.text(
                  "echo " + args.path("text").asText(), Json.object().put("n", 1));
            });
    AgentHooks hooks =
        new AgentHooks() {
          @Override
          public ToolCallDecision toolCall(ContentBlock.ToolCall call) {
            return switch (call.arguments().path("text").asText()) {
              case "forbidden" -> new ToolCallDecision.Block("not allowed here");
              case "old" -> new ToolCallDecision.ReplaceInput(Json.object().put("text", "new"));
              case "explode" -> throw new IllegalStateException("hook bug");
              default -> new ToolCallDecision.Proceed();
            };
          }

          @Override
          public ToolResultPatch toolResult(
              ContentBlock.ToolCall call,
              List<ContentBlock> content,
              Optional<JsonNode> details,
              boolean isError) {
            if (call.arguments().path("text").asText().equals("patch me")) {
              return new ToolResultPatch(
                  Optional.of(List.of(new ContentBlock.Text("patched"))),
                  Optional.of(Json.object().put("patched", true)),
                  Optional.of(true));
            }
            return ToolResultPatch.NONE;
          }
        };
    AgentSession agent =
        agent(
            List.of(echo),
            hooks,
            "{\"content\": ["
                + "{\"type\": \"toolCall\", \"name\": \"echo\", \"arguments\": {\"text\": \"forbidden\"}},"
                + "{\"type\": \"toolCall\", \"name\": \"echo\", \"arguments\": {\"text\": \"old\"}},"
                + "{\"type\": \"toolCall\", \"name\": \"echo\", \"arguments\": {\"text\": \"patch me\"}},"
                + "{\"type\": \"toolCall\", \"name\": \"echo\", \"arguments\": {\"text\": \"explode\"}}]}",
            "{\"text\": \"ok\"}");

    AgentSession.RunResult result = agent.prompt("go");

    assertThat(result.text()).isEqualTo("ok");
    assertThat(ran).containsExactlyInAnyOrder("new", "patch me");
    List<AgentMessage.ToolResult> results = toolResults();
    assertThat(results).hasSize(4);
    assertThat(text(results.get(0))).isEqualTo("not allowed here");
    assertThat(results.get(0).isError()).isTrue();
    assertThat(text(results.get(1))).isEqualTo("echo new");
    assertThat(results.get(1).isError()).isFalse();
    assertThat(text(results.get(2))).isEqualTo("patched");
    assertThat(results.get(2).isError()).isTrue();
    assertThat(results.get(2).details()).contains(Json.object().put("patched", true));
    // A hook that fails blocks the call (fails closed) instead of ending the run.
    assertThat(text(results.get(3))).contains("hook bug");
    assertThat(results.get(3).isError()).isTrue();
    assertThat(eventNames()).endsWith("turn_end", "agent_end");
  }

  @Test
  void theContextHookChangesWhatTheModelReceivesButNotTheSession() throws Exception {
    AgentHooks hooks =
        new AgentHooks() {
          @Override
          public List<AgentMessage> context(List<AgentMessage> messages) {
            List<AgentMessage> out = new ArrayList<>();
            out.add(new AgentMessage.User("REMEMBER: be brief", 1));
            out.addAll(messages);
            return out;
          }
        };
    AgentSession agent = agent(List.of(), hooks, "{\"text\": \"brief\"}", "{\"text\": \"again\"}");
    agent.prompt("first");
    agent.prompt("second");

    assertThat(requests).hasSize(2);
    assertThat(requests.get(0).messages())
        .extracting(AgentSessionTest::text)
        .containsExactly("REMEMBER: be brief", "first");
    assertThat(requests.get(1).messages())
        .extracting(AgentSessionTest::text)
        .containsExactly("REMEMBER: be brief", "first", "brief", "second");
    assertThat(sessionMessages())
        .extracting(AgentSessionTest::text)
        .containsExactly("first", "brief", "second", "again");
    assertThat(Files.readString(session.file().orElseThrow())).doesNotContain("REMEMBER");
  }

  @Test
  void inputHooksTransformOrHandleThePrompt() throws Exception {
    AgentHooks hooks =
        new AgentHooks() {
          @Override
          public InputResult input(String text, List<ContentBlock> images) {
            if (text.startsWith("/local")) {
              return new InputResult.Handled();
            }
            if (text.startsWith("blank ")) {
              return new InputResult.Transform(text.substring(6), List.of());
            }
            return text.startsWith("shout ")
                ? new InputResult.Transform(text.substring(6).toUpperCase(), images)
                : new InputResult.Continue();
          }
        };
    AgentSession agent =
        agent(
            List.of(),
            hooks,
            "{\"text\": \"heard\"}",
            "{\"text\": \"seen\"}",
            "{\"text\": \"seen\"}");

    AgentSession.RunResult handled = agent.prompt("/local thing");
    assertThat(handled.last()).isEmpty();
    assertThat(handled.messages()).isEmpty();
    assertThat(requests).isEmpty();
    assertThat(events).isEmpty();
    assertThat(session.size()).isZero();

    AgentSession.RunResult transformed = agent.prompt("shout hello");
    assertThat(transformed.text()).isEqualTo("heard");
    assertThat(text(requests.getFirst().messages().getFirst())).isEqualTo("HELLO");
    assertThat(sessionMessages())
        .extracting(AgentSessionTest::text)
        .containsExactly("HELLO", "heard");

    // the images a transform gives go with the prompt instead of the ones typed with it
    ContentBlock.Image png = new ContentBlock.Image("iVBORw0KGgo=", "image/png", null);
    agent.prompt("shout look", List.of(png));
    assertThat(((AgentMessage.User) requests.getLast().messages().getLast()).content().asBlocks())
        .containsExactly(new ContentBlock.Text("LOOK"), png);
    agent.prompt("blank look", List.of(png));
    assertThat(((AgentMessage.User) requests.getLast().messages().getLast()).content().asBlocks())
        .containsExactly(new ContentBlock.Text("look"));
  }

  // ------------------------------------------------------------------ steering and follow-ups

  @Test
  void aSteeringMessageIsDeliveredBeforeTheNextModelCall() throws Exception {
    AgentSession[] self = new AgentSession[1];
    Tool work =
        tool(
            "work",
            (args, ctx) -> {
              self[0].steer("actually, stop after this");
              return ToolResult.text("worked");
            });
    AgentSession agent =
        agent(
            List.of(work),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"work\"}]}",
            "{\"text\": \"stopping as asked\"}");
    self[0] = agent;

    assertThat(agent.prompt("do work").text()).isEqualTo("stopping as asked");

    assertThat(requests).hasSize(2);
    assertThat(requests.get(1).messages())
        .extracting(AgentMessage::role)
        .containsExactly("user", "assistant", "toolResult", "user");
    assertThat(text(requests.get(1).messages().getLast())).isEqualTo("actually, stop after this");
    assertThat(roles(sessionMessages()))
        .containsExactly("user", "assistant", "toolResult", "user", "assistant");
    assertThat(eventNames())
        .containsSubsequence(
            "message_end:toolResult",
            "turn_end",
            "turn_start",
            "message_start:user",
            "message_end:user",
            "message_start:assistant");
  }

  @Test
  void everyUserMessageFromAPromptIsABlockListAsTheReferenceWritesIt() throws Exception {
    AgentSession[] self = new AgentSession[1];
    Tool work =
        tool(
            "work",
            (args, ctx) -> {
              self[0].steer("steered");
              self[0].followUp("followed");
              self[0].sendUserMessage("sent", List.of(), Optional.of(Delivery.FOLLOW_UP));
              return ToolResult.text("worked");
            });
    AgentSession agent =
        agent(
            List.of(work),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"work\"}]}",
            "{\"text\": \"one\"}",
            "{\"text\": \"two\"}",
            "{\"text\": \"three\"}");
    self[0] = agent;

    agent.prompt("typed");

    // The reference: {"role":"user","content":[{"type":"text","text":"typed"}],...}, never a
    // bare string, for a prompt, a steer, a follow-up and a script's message alike.
    List<JsonNode> contents =
        sessionMessages().stream()
            .filter(AgentMessage.User.class::isInstance)
            .map(m -> MessageCodec.encode(m).get("content"))
            .toList();
    assertThat(contents)
        .containsExactly(
            Json.parse("[{\"type\":\"text\",\"text\":\"typed\"}]"),
            Json.parse("[{\"type\":\"text\",\"text\":\"steered\"}]"),
            Json.parse("[{\"type\":\"text\",\"text\":\"followed\"}]"),
            Json.parse("[{\"type\":\"text\",\"text\":\"sent\"}]"));
  }

  @Test
  void aFollowUpIsDeliveredWhenTheRunWouldEnd() throws Exception {
    AgentSession[] self = new AgentSession[1];
    Tool work =
        tool(
            "work",
            (args, ctx) -> {
              self[0].followUp("now summarise");
              return ToolResult.text("worked");
            });
    AgentSession agent =
        agent(
            List.of(work),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"work\"}]}",
            "{\"text\": \"done working\"}",
            "{\"text\": \"summary\"}");
    self[0] = agent;

    AgentSession.RunResult result = agent.prompt("do work");

    assertThat(result.text()).isEqualTo("summary");
    // Not before the turn that would have been the last: only after it.
    assertThat(roles(requests.get(1).messages()))
        .containsExactly("user", "assistant", "toolResult");
    assertThat(roles(requests.get(2).messages()))
        .containsExactly("user", "assistant", "toolResult", "assistant", "user");
    assertThat(sessionMessages())
        .extracting(AgentSessionTest::text)
        .containsExactly("do work", "", "worked", "done working", "now summarise", "summary");
    assertThat(eventNames())
        .containsSubsequence(
            "message_end:assistant",
            "turn_end",
            "turn_start",
            "message_start:user",
            "message_end:user",
            "message_start:assistant",
            "message_end:assistant",
            "turn_end",
            "agent_end");
    assertThat(eventNames().stream().filter("agent_end"::equals)).hasSize(1);
  }

  // ------------------------------------------------------------------ aborts and errors

  @Test
  void abortMidStreamKeepsWhatWasFinishedAndTheSessionGoesOn() throws Exception {
    Files.writeString(project.resolve("a.txt"), "alpha\n");
    AgentSession agent =
        agent(
            builtin("read"),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"read\", \"arguments\": {\"path\": \"a.txt\"}}]}",
            "{\"text\": \"This is a long answer that will never be finished.\", \"chunkSize\": 4, \"delayMs\": 20}",
            "{\"text\": \"fresh start\"}");
    AtomicInteger deltas = new AtomicInteger();
    agent.subscribe(e -> {
      if (e instanceof AgentEvent.MessageUpdate u
          && u.update().get("type").asText().equals("text_delta")
          && deltas.incrementAndGet() == 3) {
        agent.abort();
      }
    });

    AgentSession.RunResult aborted = agent.prompt("read a.txt");

    assertThat(aborted.failed()).isTrue();
    AgentMessage.Assistant last = aborted.last().orElseThrow();
    assertThat(last.stopReason()).isEqualTo("aborted");
    assertThat(last.errorMessage()).isPresent();
    assertThat(texts(last.content())).singleElement().isEqualTo("This is a lo");
    assertThat(roles(sessionMessages()))
        .containsExactly("user", "assistant", "toolResult", "assistant");
    assertThat(text(toolResults().getFirst())).contains("alpha");
    assertThat(eventNames()).endsWith("message_end:assistant", "turn_end", "agent_end");
    assertThat(agent.isIdle()).isTrue();

    AgentSession.RunResult next = agent.prompt("try again");
    assertThat(next.failed()).isFalse();
    assertThat(next.text()).isEqualTo("fresh start");
    // the aborted message stays in the context, as the reference keeps it
    assertThat(roles(requests.get(2).messages()))
        .containsExactly("user", "assistant", "toolResult", "assistant", "user");
  }

  @Test
  void abortWhileAToolRunsEndsTheRunAsAborted() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    Tool wait =
        tool(
            "wait",
            (args, ctx) -> {
              started.countDown();
              long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
              while (!ctx.signal().aborted() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
              }
              return ctx.signal().aborted()
                  ? ToolResult.error("Operation aborted")
                  : ToolResult.text("waited");
            });
    AgentSession agent =
        agent(
            List.of(wait),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"wait\"}]}",
            "{\"text\": \"never sent\"}",
            "{\"text\": \"after the abort\"}");
    Thread aborter =
        Thread.ofVirtual()
            .start(() -> {
              try {
                if (started.await(10, TimeUnit.SECONDS)) {
                  agent.abort();
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });

    AgentSession.RunResult result = agent.prompt("wait for it");
    aborter.join();

    assertThat(result.failed()).as("an aborted run is reported as failed").isTrue();
    assertThat(result.last().orElseThrow().stopReason()).isEqualTo("aborted");
    assertThat(toolResults())
        .singleElement()
        .satisfies(r -> {
          assertThat(r.isError()).isTrue();
          assertThat(text(r)).isEqualTo("Operation aborted");
        });
    assertThat(roles(sessionMessages()))
        .containsExactly("user", "assistant", "toolResult", "assistant");
    assertThat(eventNames())
        .endsWith(
            "turn_end",
            "turn_start",
            "message_start:assistant",
            "message_end:assistant",
            "turn_end",
            "agent_end");
    assertThat(agent.isIdle()).isTrue();
  }

  @Test
  void anErrorTurnKeepsEarlierEntriesAndTheSessionCanBeContinued() throws Exception {
    Files.writeString(project.resolve("a.txt"), "alpha\n");
    AgentSession agent =
        agent(
            builtin("read"),
            AgentHooks.NONE,
            "{\"toolCalls\": [{\"name\": \"read\", \"arguments\": {\"path\": \"a.txt\"}}]}",
            "{\"text\": \"partial\", \"error\": \"Server overloaded\", \"errorKind\": \"server\"}",
            "{\"text\": \"back again\"}");

    AgentSession.RunResult failed = agent.prompt("read it");

    assertThat(failed.failed()).isTrue();
    assertThat(failed.last().orElseThrow().stopReason()).isEqualTo("error");
    assertThat(failed.last().orElseThrow().errorMessage()).contains("Server overloaded");
    assertThat(roles(sessionMessages()))
        .containsExactly("user", "assistant", "toolResult", "assistant");
    assertThat(eventNames()).endsWith("message_end:assistant", "turn_end", "agent_end");

    Path file = session.file().orElseThrow();
    session.close();
    session = Session.open(file);
    AgentSession again = agent(builtin("read"), AgentHooks.NONE, "{\"text\": \"back again\"}");
    assertThat(again.prompt("continue").text()).isEqualTo("back again");
    assertThat(roles(requests.getLast().messages()))
        .containsExactly("user", "assistant", "toolResult", "assistant", "user");
    assertThat(roles(sessionMessages()))
        .containsExactly("user", "assistant", "toolResult", "assistant", "user", "assistant");
  }

  // ------------------------------------------------------------------ settings

  private static Model model(String id, boolean reasoning, ThinkingMap thinking) {
    return new Model(
        id,
        id,
        Api.SCRIPTED,
        "scripted",
        "file:",
        reasoning,
        true,
        ModelCost.FREE,
        200_000,
        32_000,
        Map.of(),
        null,
        thinking);
  }

  @Test
  void eachModelChosenIsToldButNotAResumedSessionsModel() throws Exception {
    Model first = model("first", true, null);
    Model second = model("second", false, null);
    ScriptedProvider turns = ScriptedProvider.parse("t", List.of("{\"text\": \"1\"}"));
    AgentSession agent =
        new AgentSession(
            session,
            project,
            first,
            turns,
            ThinkingLevel.HIGH,
            "s",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());
    List<String> told = new ArrayList<>();
    agent.onModelChosen(m -> told.add(m.id()));

    agent.setModel(second, turns);
    agent.setModel(first, turns, "cycle");
    agent.setModel(first, turns); // the model in use chosen again: kept again, as the reference
    agent.setModel(second, turns, "restore"); // a resumed session's model: nothing chosen
    assertThat(told).containsExactly("second", "first", "first");
    assertThat(agent.model().id()).isEqualTo("second");
  }

  @Test
  void cyclingGoesThroughTheLevelsTheModelOffersAndTellsEachChange() throws Exception {
    Model plain = model("plain", false, null);
    Model reasons = model("reasons", true, null); // up to high
    Model deep =
        model("deep", true, new ThinkingMap(Map.of(ThinkingLevel.XHIGH, Optional.of("xhigh"))));
    ScriptedProvider turns = ScriptedProvider.parse("t", List.of("{\"text\": \"1\"}"));
    AgentSession agent =
        new AgentSession(
            session,
            project,
            reasons,
            turns,
            ThinkingLevel.HIGH,
            "s",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());
    List<ThinkingLevel> told = new ArrayList<>();
    agent.onThinkingChanged(told::add);

    assertThat(agent.availableThinkingLevels())
        .containsExactly(
            ThinkingLevel.OFF,
            ThinkingLevel.MINIMAL,
            ThinkingLevel.LOW,
            ThinkingLevel.MEDIUM,
            ThinkingLevel.HIGH);
    // after high comes off: no xhigh for a model that does not list it
    assertThat(agent.cycleThinking()).contains(ThinkingLevel.OFF);
    assertThat(agent.cycleThinking()).contains(ThinkingLevel.MINIMAL);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.MINIMAL);
    assertThat(told).containsExactly(ThinkingLevel.OFF, ThinkingLevel.MINIMAL);

    agent.setThinking(ThinkingLevel.HIGH);
    agent.setModel(deep, turns);
    assertThat(agent.availableThinkingLevels()).endsWith(ThinkingLevel.HIGH, ThinkingLevel.XHIGH);
    assertThat(agent.cycleThinking()).contains(ThinkingLevel.XHIGH);
    assertThat(agent.cycleThinking()).contains(ThinkingLevel.OFF);

    // a model that does not reason offers off only, and a cycle changes nothing
    told.clear();
    agent.setThinking(ThinkingLevel.MEDIUM);
    agent.setModel(plain, turns); // medium becomes off: told
    assertThat(agent.availableThinkingLevels()).containsExactly(ThinkingLevel.OFF);
    assertThat(agent.cycleThinking()).isEmpty();
    agent.setThinking(ThinkingLevel.HIGH); // still off: not told
    assertThat(told).containsExactly(ThinkingLevel.MEDIUM, ThinkingLevel.OFF);

    // a resumed session's level is not a change
    told.clear();
    agent.restoreThinking(ThinkingLevel.LOW);
    agent.setModel(reasons, turns, "restore");
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.LOW);
    agent.setThinking(ThinkingLevel.LOW);
    assertThat(told).isEmpty();
  }

  @Test
  void aModelSwitchCarriesTheLevelInUseOrTheDefaultAfterAModelThatDoesNotReason() throws Exception {
    Model plain = model("plain", false, null);
    Model reasons = model("reasons", true, null); // up to high
    Model deep =
        model("deep", true, new ThinkingMap(Map.of(ThinkingLevel.XHIGH, Optional.of("xhigh"))));
    ScriptedProvider turns = ScriptedProvider.parse("t", List.of("{\"text\": \"1\"}"));
    AgentSession agent =
        new AgentSession(
            session,
            project,
            deep,
            turns,
            ThinkingLevel.HIGH,
            "s",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());

    agent.setModel(plain, turns);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.OFF);
    // away from a model that does not reason: the default (medium), not the high chosen before
    agent.setModel(deep, turns);
    assertThat(agent.thinking()).isEqualTo(ThinkingLevel.MEDIUM);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.MEDIUM);

    agent.setSwitchThinking(() -> ThinkingLevel.LOW); // the settings' defaultThinkingLevel
    agent.setModel(plain, turns);
    agent.setModel(reasons, turns);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.LOW);

    // from a model that reasons, the level it used goes on: xhigh became high on the way
    agent.setThinking(ThinkingLevel.XHIGH);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.HIGH);
    agent.setModel(deep, turns);
    assertThat(agent.thinking()).isEqualTo(ThinkingLevel.HIGH);
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.HIGH);

    // a resumed session's level is its own
    agent.setModel(plain, turns);
    agent.setThinking(ThinkingLevel.MINIMAL);
    agent.setModel(deep, turns, "restore");
    assertThat(agent.effectiveThinking()).isEqualTo(ThinkingLevel.MINIMAL);
  }

  @Test
  void modelAndThinkingChangesAreRecordedWhenTheyDifferFromThePath() throws Exception {
    Model other =
        new Model(
            "other-model",
            "Other",
            Api.SCRIPTED,
            "scripted",
            "file:",
            true,
            true,
            ModelCost.FREE,
            200_000,
            32_000,
            Map.of(),
            null,
            null);
    ScriptedProvider turns =
        ScriptedProvider.parse(
            "t",
            List.of(
                "{\"text\": \"1\"}",
                "{\"text\": \"2\"}",
                "{\"text\": \"3\"}",
                "{\"text\": \"4\"}"));
    AgentSession agent =
        new AgentSession(
            session,
            project,
            ScriptedProvider.MODEL,
            turns,
            ThinkingLevel.OFF,
            "s",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());

    agent.prompt("one");
    List<String> types = session.entries().stream().map(SessionEntry::type).toList();
    // a new session has no model or level yet: both are written, "off" too, as the reference does
    assertThat(types)
        .containsExactly("model_change", "thinking_level_change", "message", "message");
    assertThat(session.entries().getFirst())
        .isInstanceOfSatisfying(
            SessionEntry.ModelChange.class,
            c -> {
              assertThat(c.provider()).isEqualTo("scripted");
              assertThat(c.modelId()).isEqualTo("scripted");
            });

    assertThat(session.entries().get(1))
        .isInstanceOfSatisfying(
            SessionEntry.ThinkingLevelChange.class,
            c -> assertThat(c.thinkingLevel()).isEqualTo("off"));

    agent.prompt("two"); // nothing changed: nothing recorded
    assertThat(session.entries()).hasSize(6);

    agent.setModel(other, turns);
    agent.setThinking(ThinkingLevel.HIGH);
    agent.prompt("three");
    List<SessionEntry> entries = session.entries();
    assertThat(entries.subList(6, entries.size()))
        .extracting(SessionEntry::type)
        .containsExactly("model_change", "thinking_level_change", "message", "message");
    assertThat(entries.get(6))
        .isInstanceOfSatisfying(
            SessionEntry.ModelChange.class, c -> assertThat(c.modelId()).isEqualTo("other-model"));
    assertThat(entries.get(7))
        .isInstanceOfSatisfying(
            SessionEntry.ThinkingLevelChange.class,
            c -> assertThat(c.thinkingLevel()).isEqualTo("high"));
    assertThat(((AgentMessage.Assistant) ((SessionEntry.Message) entries.get(9)).message()).model())
        .isEqualTo("other-model");
    assertThat(session.buildContext().thinkingLevel()).isEqualTo("high");

    agent.prompt("four");
    assertThat(session.entries()).hasSize(12);
  }
}
