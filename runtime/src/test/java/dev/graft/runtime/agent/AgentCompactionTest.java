package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.Api;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelCost;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentCompactionTest {
  @TempDir Path dir;
  private final List<AgentEvent> events = new ArrayList<>();

  private AgentSession agent(Session session, CompactionSettings settings, String... turns)
      throws Exception {
    AgentSession agent =
        new AgentSession(
            session,
            dir,
            ScriptedProvider.MODEL,
            ScriptedProvider.parse("turns", List.of(turns)),
            ThinkingLevel.OFF,
            "system",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());
    agent.setCompactionSettings(settings);
    agent.subscribe(events::add);
    return agent;
  }

  private static void history(Session s) {
    for (int i = 0; i < 3; i++) {
      s.appendMessage(
          new AgentMessage.User("earlier question " + i + " " + "about the parser ".repeat(10), 1));
      s.appendMessage(new AgentMessage.User("and more " + i, 1));
    }
  }

  private List<AgentEvent.CompactionEnd> compactions() {
    return events.stream()
        .filter(AgentEvent.CompactionEnd.class::isInstance)
        .map(AgentEvent.CompactionEnd.class::cast)
        .toList();
  }

  @Test
  void aContextOverflowCompactsOnceAndTheTurnGoesOn() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      AgentSession agent =
          agent(
              s,
              new CompactionSettings(true, 16_384, 30),
              "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}",
              "{\"text\": \"SUMMARY OF EARLIER WORK\"}",
              "{\"text\": \"answered after compacting\"}");
      AgentSession.RunResult result = agent.prompt("go on");
      assertThat(result.failed()).isFalse();
      assertThat(result.text()).isEqualTo("answered after compacting");
      assertThat(compactions())
          .singleElement()
          .satisfies(c -> {
            assertThat(c.reason()).isEqualTo("overflow");
            assertThat(c.entryId()).isPresent();
          });
      assertThat(s.branchPath())
          .anySatisfy(e ->
              assertThat(e)
                  .isInstanceOfSatisfying(
                      SessionEntry.Compaction.class,
                      c -> assertThat(c.summary()).startsWith("SUMMARY OF EARLIER WORK")));
      assertThat(s.buildContext().messages().getFirst())
          .isInstanceOf(AgentMessage.CompactionSummary.class);
    }
  }

  @Test
  void aSecondOverflowIsNotCompactedAgain() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      String overflow =
          "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}";
      AgentSession agent =
          agent(
              s, new CompactionSettings(true, 16_384, 30), overflow, "{\"text\": \"S\"}", overflow);
      AgentSession.RunResult result = agent.prompt("go on");
      assertThat(result.failed()).isTrue();
      assertThat(events.stream().filter(AgentEvent.CompactionStart.class::isInstance)).hasSize(1);
      // As the reference: after the run, a compaction_end (no start) says the recovery failed.
      assertThat(compactions()).hasSize(2);
      assertThat(compactions().getFirst().entryId()).isPresent();
      assertThat(compactions().getLast().reason()).isEqualTo("overflow");
      assertThat(compactions().getLast().error())
          .hasValue(
              "Context overflow recovery failed after one compact-and-retry attempt. Try reducing"
                  + " context or switching to a larger-context model.");
      assertThat(events.indexOf(compactions().getLast()))
          .isGreaterThan(indexOf(AgentEvent.AgentEnd.class));
    }
  }

  @Test
  void anOverflowAfterAnAnswerIsCompactedAgain() throws Exception {
    // As the reference: an answer that is not an error ends the overflow recovery; an overflow
    // later in the same run is recovered from again, not reported as a failed recovery.
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      String overflow =
          "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}";
      AgentSession agent =
          agent(
              s,
              new CompactionSettings(true, 16_384, 30),
              overflow,
              "{\"text\": \"S\"}",
              "{\"text\": \""
                  + "a longer answer to summarise later, ".repeat(20)
                  + "\", \"toolCalls\": [{\"name\": \"nothing\", \"arguments\": {}}]}",
              overflow,
              "{\"text\": \"S2\"}",
              "{\"text\": \"the split turn's start\"}",
              "{\"text\": \"done\"}");
      AgentSession.RunResult result = agent.prompt("go on");
      assertThat(result.failed()).as(events.toString()).isFalse();
      assertThat(result.text()).isEqualTo("done");
      assertThat(events.stream().filter(AgentEvent.CompactionStart.class::isInstance)).hasSize(2);
      assertThat(compactions())
          .hasSize(2)
          .allSatisfy(c -> assertThat(c.error()).isEmpty())
          .allSatisfy(c -> assertThat(c.reason()).isEqualTo("overflow"));
    }
  }

  @Test
  void anOverflowWithNothingOlderToSummariseEndsTheTurnOnce() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      String overflow =
          "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}";
      AgentSession agent =
          agent(s, new CompactionSettings(true, 16_384, 20_000), overflow, "{\"text\": \"S\"}");
      AgentSession.RunResult result = agent.prompt("hello");
      assertThat(result.failed()).isTrue();
      assertThat(compactions())
          .singleElement()
          .satisfies(c ->
              assertThat(c.error())
                  .hasValueSatisfying(
                      e -> assertThat(e).startsWith("nothing to compact: the recent messages")));
      assertThat(events.stream().filter(AgentEvent.TurnEnd.class::isInstance)).hasSize(1);
    }
  }

  @Test
  void crossingTheThresholdCompactsAfterTheRun() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      long window = ScriptedProvider.MODEL.contextWindow();
      // The history (~150 tokens) fits under the threshold of 1,000; the reply's usage does not.
      AgentSession agent =
          agent(
              s,
              new CompactionSettings(true, window - 1_000, 30),
              "{\"text\": \"done\", \"usage\": {\"input\": 2000}}",
              "{\"text\": \"THRESHOLD SUMMARY\"}");
      assertThat(agent.prompt("one more").text()).isEqualTo("done");
      assertThat(compactions())
          .singleElement()
          .satisfies(c -> assertThat(c.reason()).isEqualTo("threshold"));
      int agentEnd = indexOf(AgentEvent.AgentEnd.class);
      int compactionStart = indexOf(AgentEvent.CompactionStart.class);
      assertThat(compactionStart).isGreaterThan(agentEnd);
    }
  }

  /** A local model with a window smaller than the default reserve (16,384). */
  private static final Model SMALL =
      new Model(
          "small",
          "Small",
          Api.SCRIPTED,
          "scripted",
          "file:",
          false,
          false,
          ModelCost.FREE,
          8_192,
          2_048,
          Map.of(),
          null,
          null);

  @Test
  void aWindowSmallerThanTheReserveDoesNotCompactEveryPrompt() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      AgentSession agent =
          agent(s, CompactionSettings.DEFAULTS, "{\"text\": \"one\"}", "{\"text\": \"two\"}");
      agent.setModel(
          SMALL,
          ScriptedProvider.parse("turns", List.of("{\"text\": \"one\"}", "{\"text\": \"two\"}")));
      assertThat(agent.prompt("hello").text()).isEqualTo("one");
      assertThat(agent.prompt("again").text()).isEqualTo("two");
      assertThat(events)
          .noneMatch(e ->
              e instanceof AgentEvent.CompactionStart || e instanceof AgentEvent.CompactionEnd);
    }
  }

  @Test
  void aSmallWindowCompactsWithTheReserveAndTheKeptPartScaledToIt() throws Exception {
    assertThat(CompactionSettings.DEFAULTS.forWindow(8_192))
        .isEqualTo(new CompactionSettings(true, 2_048, 3_072));
    assertThat(CompactionSettings.DEFAULTS.forWindow(200_000))
        .isEqualTo(CompactionSettings.DEFAULTS);
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      for (int i = 0; i < 4; i++) {
        s.appendMessage(
            new AgentMessage.User("question " + i + " " + "about the lexer ".repeat(400), 1));
        s.appendMessage(new AgentMessage.User("and more " + i, 1));
      }
      AgentSession agent = agent(s, CompactionSettings.DEFAULTS);
      agent.setModel(
          SMALL,
          ScriptedProvider.parse(
              "turns", List.of("{\"text\": \"SMALL SUMMARY\"}", "{\"text\": \"done\"}")));
      assertThat(agent.prompt("go on").text()).isEqualTo("done");
      assertThat(compactions())
          .singleElement()
          .satisfies(c -> {
            assertThat(c.reason()).isEqualTo("threshold");
            assertThat(c.summary())
                .hasValueSatisfying(t -> assertThat(t).startsWith("SMALL SUMMARY"));
          });
    }
  }

  /**
   * /compact on a session that fits in keepRecentTokens compacts anyway, as the reference does: the
   * model writes a summary of no older history and every message is kept after it.
   */
  @Test
  void manualCompactionOfAShortSessionSummarisesAndKeepsEveryMessage() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      String first = s.appendMessage(new AgentMessage.User("only this", 1));
      s.appendMessage(new AgentMessage.User("and this", 2));
      AgentSession agent =
          agent(s, new CompactionSettings(true, 16_384, 20_000), "{\"text\": \"SHORT\"}");
      String id = agent.compact(Optional.empty()).orElseThrow();
      SessionEntry.Compaction c = (SessionEntry.Compaction) s.entry(id).orElseThrow();
      assertThat(c.summary()).isEqualTo("SHORT");
      assertThat(c.firstKeptEntryId()).contains(first);
      assertThat(compactions()).singleElement().satisfies(e -> assertThat(e.error()).isEmpty());
      assertThat(s.buildContext().messages())
          .extracting(AgentMessage::role)
          .containsExactly("compactionSummary", "user", "user");
    }
  }

  /** With no message at all there is nothing to compact, and /compact says so. */
  @Test
  void manualCompactionOfAnEmptySessionSaysThereIsNothingToCompact() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      AgentSession agent = agent(s, new CompactionSettings(true, 16_384, 20_000));
      assertThat(agent.compact(Optional.empty())).isEmpty();
      assertThat(compactions())
          .singleElement()
          .satisfies(c ->
              assertThat(c.error())
                  .hasValueSatisfying(e ->
                      assertThat(e).startsWith("nothing to compact: the session has no messages")));
    }
  }

  /**
   * Esc while /compact's summary is being written: the compaction says it was cancelled and that
   * nothing changed, not that the summary "could not be written: Request was aborted".
   */
  @Test
  void aCompactionAbortedWhileSummarisingSaysItWasCancelled() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      int entries = s.entries().size();
      LlmProvider scripted = ScriptedProvider.parse("turns", List.of("{\"text\": \"SUMMARY\"}"));
      AbortSignal signal = new AbortSignal();
      LlmProvider escPressed =
          (request, listener) -> {
            signal.abort();
            return scripted.stream(request, listener);
          };
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              escPressed,
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.setCompactionSettings(new CompactionSettings(true, 16_384, 30));
      agent.subscribe(events::add);

      assertThat(agent.compact(Optional.empty(), signal)).isEmpty();

      assertThat(compactions())
          .singleElement()
          .satisfies(c -> assertThat(c.error()).hasValue("cancelled; nothing was changed"));
      assertThat(s.entries()).hasSize(entries);
    }
  }

  /**
   * A /compact right after a compaction (the one after the last run, say) has nothing new to
   * summarise: it says so, not that keepRecentTokens is too high (lowering it would change
   * nothing). The reference says "Already compacted".
   */
  @Test
  void manualCompactionRightAfterOneSaysTheContextIsCompactedAlready() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      AgentSession agent =
          agent(s, new CompactionSettings(true, 16_384, 30), "{\"text\": \"SUMMARY\"}");
      assertThat(agent.compact(Optional.empty())).isPresent();
      assertThat(agent.compact(Optional.empty())).isEmpty();
      assertThat(compactions().getLast().error())
          .hasValueSatisfying(e ->
              assertThat(e)
                  .startsWith("nothing to compact: the context was just compacted")
                  .doesNotContain("keepRecentTokens"));
    }
  }

  /** Every request a provider gets, in order. */
  /**
   * Compacting a long session reads the branch from the latest compaction's first kept entry on,
   * not from its root: a 2 GB session's half a million older entries were all decoded and held, and
   * ran graft out of memory below 3.5 GB of heap. The older lines are damaged on disk once the
   * session is open, so reading any of them would fail; the compaction is made all the same, from
   * the previous summary and what came after it.
   */
  @Test
  void compactingReadsTheBranchFromTheLatestCompactionsFirstKeptEntryOnly() throws Exception {
    Path file;
    String kept;
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      kept = s.appendMessage(new AgentMessage.User("kept by the first compaction", 1));
      s.appendCompaction("FIRST SUMMARY", kept, 1_000, Optional.empty(), false);
      history(s);
      file = s.file().orElseThrow();
    }
    try (Session s = Session.open(file)) {
      List<String> lines = new ArrayList<>(Files.readAllLines(file));
      int keptLine = -1;
      for (int i = 1; i < lines.size(); i++) {
        if (lines.get(i).contains("\"id\":\"" + kept + "\"")) {
          keptLine = i;
        }
      }
      assertThat(keptLine).isGreaterThan(1);
      for (int i = 1; i < keptLine; i++) { // same length, another id: reading it fails
        lines.set(i, lines.get(i).replaceFirst("\"id\":\"(.)", "\"id\":\"" + "!"));
      }
      Files.write(file, lines);
      assertThatThrownBy(() -> s.branchPath().getFirst()).hasMessageContaining("changed on disk");

      List<LlmRequest> requests = new ArrayList<>();
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              new Recorder(
                  ScriptedProvider.parse("turns", List.of("{\"text\": \"SECOND SUMMARY\"}")),
                  requests),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.setCompactionSettings(new CompactionSettings(true, 16_384, 30));
      agent.subscribe(events::add);

      assertThat(agent.compact(Optional.empty())).isPresent();
      assertThat(compactions()).singleElement().satisfies(c -> assertThat(c.error()).isEmpty());
      assertThat(text(requests.getFirst()))
          .contains("<previous-summary>\nFIRST SUMMARY")
          .contains("kept by the first compaction")
          .contains("earlier question 1");
      assertThat(s.buildContext().messages().getFirst().role()).isEqualTo("compactionSummary");
    }
  }

  private record Recorder(LlmProvider inner, List<LlmRequest> requests) implements LlmProvider {
    @Override
    public AgentMessage.Assistant stream(
        LlmRequest request, Consumer<? super StreamEvent> listener) {
      requests.add(request);
      return inner.stream(request, listener);
    }
  }

  private static String text(LlmRequest request) {
    return request.messages().stream()
        .map(m -> m instanceof AgentMessage.User u ? u.content().text("") : m.role())
        .reduce("", (a, b) -> a + "\n" + b);
  }

  /**
   * A session holding one message larger than the whole window (a pasted log). The threshold
   * compaction before the next prompt summarises that message from its beginning instead of keeping
   * it (keeping it would leave the context over the window, and a 2 GB message ran graft out of
   * memory), no request carries it whole, and the prompt is recorded.
   */
  @Test
  void aMessageLargerThanTheWindowIsSummarisedFromItsBeginningNotKeptWhole() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      s.appendMessage(new AgentMessage.User("please read this log", 1));
      String log =
          "2026-11-26 10:00:00 INFO something happened in module foo\n"
              .repeat(80_000); // 4.7 M characters
      String hugeId = s.appendMessage(new AgentMessage.User(log, 2));
      // The provider refused it: the estimate is of the messages' text, about 1.2 M tokens.
      String replyId =
          s.appendMessage(
              new AgentMessage.Assistant(
                  List.of(),
                  "scripted",
                  "scripted",
                  "scripted",
                  Usage.ZERO,
                  "error",
                  Optional.of("prompt is too long: 1200000 tokens > 200000"),
                  3,
                  null));
      List<LlmRequest> requests = new ArrayList<>();
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              new Recorder(
                  ScriptedProvider.parse(
                      "turns",
                      List.of(
                          "{\"text\": \"SUMMARY: asked to read a log\"}",
                          "{\"text\": \"PREFIX: a long INFO log from module foo\"}",
                          "{\"text\": \"answered\"}")),
                  requests),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.subscribe(events::add);

      AgentSession.RunResult result = agent.prompt("what now?");

      assertThat(compactions())
          .singleElement()
          .satisfies(c -> assertThat(c.entryId()).as(c.toString()).isPresent());
      SessionEntry.Compaction compaction =
          s.branchPath().stream()
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(SessionEntry.Compaction.class::cast)
              .findFirst()
              .orElseThrow();
      assertThat(compaction.firstKeptEntryId())
          .as("the log is not kept")
          .contains(replyId)
          .isNotEqualTo(Optional.of(hugeId));
      assertThat(requests)
          .hasSize(3)
          .allSatisfy(r -> assertThat(text(r).length()).as("a request's text").isLessThan(200_000));
      assertThat(text(requests.get(1)))
          .contains("[User]: 2026-11-26 10:00:00 INFO something happened in module foo")
          .contains(" more characters truncated]");
      assertThat(result.text()).isEqualTo("answered");
      assertThat(s.branchPath())
          .anySatisfy(e ->
              assertThat(e)
                  .isInstanceOfSatisfying(
                      SessionEntry.Message.class,
                      m ->
                          assertThat(m.message())
                              .isInstanceOfSatisfying(
                                  AgentMessage.User.class,
                                  u -> assertThat(u.content().text("")).isEqualTo("what now?"))));
    }
  }

  /**
   * Running out of memory in a compaction ends the compaction, not graft: the prompt is recorded
   * and answered.
   */
  @Test
  void runningOutOfMemoryWhileCompactingIsAFailedCompactionAndThePromptGoesOn() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      LlmProvider scripted = ScriptedProvider.parse("turns", List.of("{\"text\": \"answered\"}"));
      AtomicBoolean first = new AtomicBoolean(true);
      LlmProvider failingOnce =
          (request, listener) -> {
            if (first.getAndSet(false)) {
              throw new OutOfMemoryError("Java heap space");
            }
            return scripted.stream(request, listener);
          };
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              failingOnce,
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.setCompactionSettings(
          new CompactionSettings(true, ScriptedProvider.MODEL.contextWindow() - 10, 30));
      agent.subscribe(events::add);

      AgentSession.RunResult result = agent.prompt("still there?");

      assertThat(compactions())
          .singleElement()
          .satisfies(c ->
              assertThat(c.error())
                  .hasValueSatisfying(e ->
                      assertThat(e)
                          .startsWith(
                              "the session is too large to compact in memory (Java heap space)")));
      assertThat(result.text()).isEqualTo("answered");
      assertThat(s.buildContext().messages())
          .anySatisfy(m ->
              assertThat(m)
                  .isInstanceOfSatisfying(
                      AgentMessage.User.class,
                      u -> assertThat(u.content().text("")).isEqualTo("still there?")));
    }
  }

  /**
   * A session runs past its context window twice. Both compactions happen, the second summary is
   * built from the first, and what the first kept is in the second's input.
   */
  @Test
  void twoCompactionsInARowBuildOnEachOther() throws Exception {
    // The clock stands still: every reply is written in the millisecond of the compaction before
    // it, and is still newer than that compaction (its place on the branch says so).
    Clock still = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), still)) {
      long window = ScriptedProvider.MODEL.contextWindow();
      List<LlmRequest> requests = new ArrayList<>();
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              new Recorder(
                  ScriptedProvider.parse(
                          "turns",
                          List.of(
                              "{\"text\": \"the lexer is in src/lexer.ts\", \"usage\": {\"input\": 300}}",
                              "{\"text\": \"read lexer.ts, the bug is in scanNumber\", \"usage\": {\"input\": 2000}}",
                              "{\"text\": \"FIRST SUMMARY: the bug is in scanNumber\"}",
                              "{\"text\": \"fixed scanNumber, tests pass\", \"usage\": {\"input\": 2500}}",
                              "{\"text\": \"SECOND SUMMARY: scanNumber fixed\"}"))
                      .withClock(still::millis),
                  requests),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              still);
      // past the window minus the reserve as soon as a reply reports 1,000 tokens or more
      agent.setCompactionSettings(new CompactionSettings(true, window - 1_000, 30));
      agent.subscribe(events::add);
      agent.prompt("where is the lexer? " + "I mean the one in src ".repeat(20));
      agent.prompt(
          "find the bug in the lexer " + "the lexer misreads numbers like 1e5 ".repeat(20));
      agent.prompt("now fix it " + "make sure 1e5 and 0x1F both scan ".repeat(20));

      List<AgentEvent.CompactionEnd> done = compactions();
      assertThat(done)
          .hasSize(2)
          .allSatisfy(c -> {
            assertThat(c.reason()).isEqualTo("threshold");
            assertThat(c.entryId()).isPresent();
          });
      List<SessionEntry.Compaction> entries =
          s.branchPath().stream()
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(SessionEntry.Compaction.class::cast)
              .toList();
      assertThat(entries).hasSize(2);
      SessionEntry.Compaction first = entries.get(0);
      assertThat(first.summary()).startsWith("FIRST SUMMARY");
      assertThat(entries.get(1).summary()).startsWith("SECOND SUMMARY");

      // the model calls: answer, answer, first summary, answer, second summary
      assertThat(requests).hasSize(5);
      String secondSummaryInput = text(requests.get(4));
      assertThat(secondSummaryInput)
          .as("built from the first summary")
          .contains("<previous-summary>\nFIRST SUMMARY: the bug is in scanNumber");
      // what the first compaction kept (from its first kept entry to itself) is summarised by the
      // second
      List<SessionEntry> path = s.branchPath();
      int keptFrom = path.indexOf(s.entry(first.firstKeptEntryId().orElseThrow()).orElseThrow());
      int firstAt = path.indexOf(first);
      List<String> keptTexts = new ArrayList<>();
      for (SessionEntry e : path.subList(keptFrom, firstAt)) {
        if (e instanceof SessionEntry.Message m) {
          keptTexts.add(
              m.message() instanceof AgentMessage.Assistant a
                  ? new MessageContent.Blocks(a.content()).text("")
                  : ((AgentMessage.User) m.message()).content().text(""));
        }
      }
      assertThat(keptTexts)
          .contains("read lexer.ts, the bug is in scanNumber")
          .anySatisfy(t -> assertThat(t).startsWith("find the bug in the lexer"));
      assertThat(keptTexts).allSatisfy(t -> assertThat(secondSummaryInput).contains(t));
      // and the first summary's own request did not have a previous summary
      assertThat(text(requests.get(2)))
          .doesNotContain("<previous-summary>")
          .contains("where is the lexer?");
    }
  }

  private int indexOf(Class<? extends AgentEvent> type) {
    for (int i = 0; i < events.size(); i++) {
      if (type.isInstance(events.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
