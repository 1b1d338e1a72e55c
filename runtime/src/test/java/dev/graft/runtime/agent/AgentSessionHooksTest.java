package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session hook points as the agent fires them, with a Java hooks implementation. */
class AgentSessionHooksTest {
  @TempDir Path dir;
  private final List<String> log = new ArrayList<>();

  /** Records every session event; the before-points answer with the given functions. */
  private final class Recording implements AgentHooks {
    Function<CompactionPreparation, BeforeCompact> compact = p -> new BeforeCompact.Proceed();
    Function<TreePreparation, BeforeTree> tree = p -> BeforeTree.PROCEED;
    boolean cancelSwitch;
    boolean cancelFork;
    CompactionPreparation seenPreparation;
    List<SessionEntry> seenBranch;
    Optional<String> seenInstructions;
    TreePreparation seenTree;
    SessionEntry.Compaction compacted;
    Optional<SessionEntry.BranchSummary> treeSummary;

    @Override
    public void sessionStart(Reason reason, Optional<Path> previous) {
      log.add("start " + reason.wire() + previous.map(p -> " from " + p.getFileName()).orElse(""));
    }

    @Override
    public void sessionShutdown(Reason reason, Optional<Path> target) {
      log.add("shutdown " + reason.wire() + target.map(p -> " to " + p.getFileName()).orElse(""));
    }

    @Override
    public BeforeSwitch sessionBeforeSwitch(Reason reason, Optional<Path> target) {
      log.add("before_switch " + reason.wire());
      return new BeforeSwitch(cancelSwitch);
    }

    @Override
    public void sessionSwitch(Reason reason, Optional<Path> previous) {
      log.add("switch " + reason.wire());
    }

    @Override
    public BeforeFork sessionBeforeFork(String entryId, String position) {
      log.add("before_fork " + position);
      return new BeforeFork(cancelFork);
    }

    @Override
    public void sessionFork(Optional<Path> previous) {
      log.add("fork");
    }

    @Override
    public BeforeCompact sessionBeforeCompact(
        CompactionPreparation p, List<SessionEntry> branch, Optional<String> instructions) {
      seenPreparation = p;
      seenBranch = branch;
      seenInstructions = instructions;
      return compact.apply(p);
    }

    @Override
    public void sessionCompact(SessionEntry.Compaction entry, boolean fromHook) {
      compacted = entry;
      log.add("compact fromHook=" + fromHook);
    }

    @Override
    public BeforeTree sessionBeforeTree(TreePreparation p) {
      seenTree = p;
      return tree.apply(p);
    }

    @Override
    public void sessionTree(
        Optional<String> newLeaf,
        Optional<String> oldLeaf,
        Optional<SessionEntry.BranchSummary> summary,
        Optional<Boolean> fromHook) {
      treeSummary = summary;
      log.add("tree fromHook=" + fromHook.map(String::valueOf).orElse("-"));
    }

    @Override
    public void thinkingLevelSelect(ThinkingLevel level, ThinkingLevel previous) {
      log.add("thinking " + previous.wire() + " -> " + level.wire());
    }

    @Override
    public void modelSelect(Model model, Optional<Model> previous, String source) {
      log.add(
          "model "
              + previous.map(Model::id).orElse("?")
              + " -> "
              + model.id()
              + " ("
              + source
              + ")");
    }
  }

  private AgentSession agent(Session s, Recording hooks, String... turns) throws Exception {
    AgentSession agent =
        new AgentSession(
            s,
            dir,
            ScriptedProvider.MODEL,
            ScriptedProvider.parse("t", List.of(turns)),
            ThinkingLevel.OFF,
            "system",
            List.of(),
            hooks,
            Clock.systemUTC());
    agent.setCompactionSettings(new CompactionSettings(false, 16_384, 30));
    return agent;
  }

  private static void history(Session s) {
    for (int i = 0; i < 4; i++) {
      s.appendMessage(
          new AgentMessage.User("question " + i + " " + "about the parser ".repeat(10), 1));
      s.appendMessage(new AgentMessage.User("and more " + i, 1));
    }
  }

  @Test
  void aHookSuppliedCompactionIsAppendedWithoutAModelCall() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      Recording hooks = new Recording();
      hooks.compact =
          p ->
              new AgentHooks.BeforeCompact.Supply(
                  "MY DIGEST",
                  p.firstKeptEntryId(),
                  p.tokensBefore(),
                  Optional.of((JsonNode) Json.object().put("by", "test")));
      AgentSession agent = agent(s, hooks); // no turns: a model call would fail the compaction
      String id = agent.compact(Optional.of("keep the parser")).orElseThrow();
      SessionEntry.Compaction entry = (SessionEntry.Compaction) s.entry(id).orElseThrow();
      assertThat(entry.summary()).isEqualTo("MY DIGEST");
      assertThat(entry.fromHook()).contains(true);
      assertThat(entry.details().orElseThrow().get("by").asText()).isEqualTo("test");
      assertThat(entry.firstKeptEntryId()).contains(hooks.seenPreparation.firstKeptEntryId());
      assertThat(hooks.seenInstructions).contains("keep the parser");
      assertThat(hooks.seenBranch).extracting(SessionEntry::id).doesNotContain(id).hasSize(8);
      assertThat(hooks.seenPreparation.messagesToSummarize()).isNotEmpty();
      assertThat(hooks.compacted.id()).isEqualTo(id);
      assertThat(log).containsExactly("compact fromHook=true");
      assertThat(s.buildContext().messages().getFirst())
          .isInstanceOfSatisfying(
              AgentMessage.CompactionSummary.class,
              c -> assertThat(c.summary()).isEqualTo("MY DIGEST"));
    }
  }

  @Test
  void aCancelledCompactionWritesNothing() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      Recording hooks = new Recording();
      hooks.compact = p -> new AgentHooks.BeforeCompact.Cancel();
      AgentSession agent = agent(s, hooks);
      List<AgentEvent> events = new ArrayList<>();
      agent.subscribe(events::add);
      int before = s.size();
      assertThat(agent.compact(Optional.empty())).isEmpty();
      assertThat(s.size()).isEqualTo(before);
      assertThat(hooks.compacted).isNull();
      assertThat(events)
          .filteredOn(AgentEvent.CompactionEnd.class::isInstance)
          .singleElement()
          .satisfies(e ->
              assertThat(((AgentEvent.CompactionEnd) e).error())
                  .hasValueSatisfying(m -> assertThat(m).contains("cancelled")));
    }
  }

  @Test
  void withoutAnAnswerTheModelWritesTheSummaryAndTheAfterEventSaysSo() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks, "{\"text\": \"MODEL SUMMARY\"}");
      String id = agent.compact(Optional.empty()).orElseThrow();
      assertThat(((SessionEntry.Compaction) s.entry(id).orElseThrow()).fromHook()).contains(false);
      assertThat(hooks.compacted.summary()).startsWith("MODEL SUMMARY");
      assertThat(log).containsExactly("compact fromHook=false");
    }
  }

  @Test
  void treeNavigationCanBeCancelledOrGivenItsSummary() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks, "{\"text\": \"plan A\"}", "{\"text\": \"tried B\"}");
      agent.prompt("first task");
      String firstAnswer = s.leafId().orElseThrow();
      agent.prompt("try B");
      String abandoned = s.leafId().orElseThrow();

      hooks.tree = p -> new AgentHooks.BeforeTree.Cancel();
      AgentSession.TreeResult cancelled =
          agent.navigateTree(firstAnswer, AgentSession.TreeNavigation.PLAIN);
      assertThat(cancelled.cancelled()).isTrue();
      assertThat(s.leafId()).contains(abandoned);
      assertThat(hooks.seenTree.targetId()).isEqualTo(firstAnswer);
      assertThat(hooks.seenTree.oldLeafId()).contains(abandoned);
      assertThat(hooks.seenTree.commonAncestorId()).contains(firstAnswer);
      assertThat(hooks.seenTree.entriesToSummarize()).hasSize(2);
      assertThat(hooks.seenTree.userWantsSummary()).isFalse();

      hooks.tree =
          p ->
              new AgentHooks.BeforeTree.Proceed(
                  Optional.of(
                      new AgentHooks.SuppliedSummary(
                          "B FAILED", Optional.of((JsonNode) Json.object().put("n", 1)))),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.of("from hook"));
      AgentSession.TreeResult moved =
          agent.navigateTree(
              firstAnswer,
              new AgentSession.TreeNavigation(
                  true, Optional.of("focus"), false, Optional.of("mine")));
      SessionEntry.BranchSummary summary =
          (SessionEntry.BranchSummary) s.entry(moved.summaryEntryId().orElseThrow()).orElseThrow();
      assertThat(summary.summary()).isEqualTo("B FAILED");
      assertThat(summary.fromHook()).contains(true);
      assertThat(s.label(summary.id())).contains("from hook");
      assertThat(hooks.seenTree.userWantsSummary()).isTrue();
      assertThat(hooks.seenTree.customInstructions()).contains("focus");
      assertThat(hooks.treeSummary)
          .hasValueSatisfying(e -> assertThat(e.id()).isEqualTo(summary.id()));
      assertThat(log).containsExactly("tree fromHook=true");
    }
  }

  @Test
  void aSuppliedSummaryIsNotWrittenWhenTheUserAskedForNone() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks, "{\"text\": \"a\"}", "{\"text\": \"b\"}");
      agent.prompt("one");
      String first = s.leafId().orElseThrow();
      agent.prompt("two");
      hooks.tree =
          p ->
              new AgentHooks.BeforeTree.Proceed(
                  Optional.of(new AgentHooks.SuppliedSummary("X", Optional.empty())),
                  Optional.empty(),
                  Optional.empty(),
                  Optional.empty());
      AgentSession.TreeResult moved = agent.navigateTree(first, AgentSession.TreeNavigation.PLAIN);
      assertThat(moved.summaryEntryId()).isEmpty();
      assertThat(s.leafId()).contains(first);
      assertThat(log).containsExactly("tree fromHook=-");
    }
  }

  @Test
  void newResumeAndForkFireTheirEventsInTheReferenceOrder() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks, "{\"text\": \"a\"}", "{\"text\": \"b\"}");
      agent.start();
      agent.prompt("first");
      Path firstFile = s.file().orElseThrow();
      assertThat(agent.newSession()).isTrue();
      assertThat(log)
          .containsExactly(
              "start startup",
              "before_switch new",
              "shutdown new",
              "start new from " + firstFile.getFileName(),
              "switch new");
      log.clear();

      Path newFile =
          s.file().orElseThrow(); // planned: written with the first message, as in the reference
      hooks.cancelSwitch = true;
      assertThat(agent.switchSession(firstFile)).isFalse();
      assertThat(s.file()).isNotEqualTo(Optional.of(firstFile));
      hooks.cancelSwitch = false;
      assertThat(agent.switchSession(firstFile)).isTrue();
      assertThat(s.file()).contains(firstFile);
      assertThat(log)
          .containsExactly(
              "before_switch resume",
              "before_switch resume",
              "shutdown resume to " + firstFile.getFileName(),
              "start resume from " + newFile.getFileName(),
              "switch resume");
      log.clear();

      agent.prompt("second");
      String secondUser =
          s.branchPath().stream()
              .filter(e ->
                  e instanceof SessionEntry.Message m
                      && m.message() instanceof AgentMessage.User u
                      && u.content().text("").equals("second"))
              .findFirst()
              .orElseThrow()
              .id();
      hooks.cancelFork = true;
      assertThat(agent.fork(secondUser).cancelled()).isTrue();
      assertThat(s.file()).contains(firstFile);
      hooks.cancelFork = false;
      AgentSession.ForkResult forked = agent.fork(secondUser);
      assertThat(forked.selectedText()).contains("second");
      assertThat(forked.file()).isPresent().isNotEqualTo(Optional.of(firstFile));
      assertThat(log)
          .containsExactly(
              "before_fork before",
              "before_fork before",
              "shutdown fork",
              "start fork from " + firstFile.getFileName(),
              "fork");
      log.clear();
      agent.close();
      assertThat(log).containsExactly("shutdown quit");
    }
  }

  @Test
  void forkingFromSomethingOtherThanAUserMessageIsRefusedBeforeAnyHook() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks, "{\"text\": \"a\"}");
      agent.prompt("first");
      assertThatThrownBy(() -> agent.fork(s.leafId().orElseThrow()))
          .hasMessageContaining("fork from a user message");
      assertThat(log).isEmpty();
    }
  }

  @Test
  void modelSelectFiresOnlyForAnotherModel() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks);
      ScriptedProvider provider = ScriptedProvider.parse("t", List.of());
      agent.setModel(ScriptedProvider.MODEL, provider);
      Model other =
          new Model(
              "other",
              "Other",
              ScriptedProvider.MODEL.api(),
              "scripted",
              "file:",
              false,
              false,
              ScriptedProvider.MODEL.cost(),
              100_000,
              8_000,
              Map.of(),
              null,
              null);
      agent.setModel(other, provider, "cycle");
      assertThat(log).containsExactly("model scripted -> other (cycle)");
    }
  }

  @Test
  void thinkingLevelSelectFiresForEachChangeOfTheLevelTheModelGets() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      Recording hooks = new Recording();
      AgentSession agent = agent(s, hooks); // the scripted model reasons, up to high; starts off
      agent.setThinking(ThinkingLevel.HIGH);
      agent.setThinking(ThinkingLevel.HIGH); // the same: no change
      agent.setThinking(ThinkingLevel.XHIGH); // high, the nearest it has: no change
      agent.cycleThinking(); // high -> off
      agent.restoreThinking(ThinkingLevel.LOW); // a resumed session's level: nothing chosen
      assertThat(log).containsExactly("thinking off -> high", "thinking high -> off");
    }
  }
}
