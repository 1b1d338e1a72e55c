package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.compaction.CompactionSettings;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentCompactionTest {
  @TempDir Path dir;
  private final List<AgentEvent> events = new ArrayList<>();

  private AgentSession agent(Session session, CompactionSettings settings, String... turns) throws Exception {
    AgentSession agent = new AgentSession(session, dir, ScriptedProvider.MODEL, ScriptedProvider.parse("turns", List.of(turns)),
        ThinkingLevel.OFF, "system", List.of(), AgentHooks.NONE, Clock.systemUTC());
    agent.setCompactionSettings(settings);
    agent.subscribe(events::add);
    return agent;
  }

  private static void history(Session s) {
    for (int i = 0; i < 3; i++) {
      s.appendMessage(new AgentMessage.User("earlier question " + i + " " + "about the parser ".repeat(10), 1));
      s.appendMessage(new AgentMessage.User("and more " + i, 1));
    }
  }

  private List<AgentEvent.CompactionEnd> compactions() {
    return events.stream().filter(AgentEvent.CompactionEnd.class::isInstance).map(AgentEvent.CompactionEnd.class::cast).toList();
  }

  @Test
  void aContextOverflowCompactsOnceAndTheTurnGoesOn() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      AgentSession agent = agent(s, new CompactionSettings(true, 16_384, 30),
          "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}",
          "{\"text\": \"SUMMARY OF EARLIER WORK\"}",
          "{\"text\": \"answered after compacting\"}");
      AgentSession.RunResult result = agent.prompt("go on");
      assertThat(result.failed()).isFalse();
      assertThat(result.text()).isEqualTo("answered after compacting");
      assertThat(compactions()).singleElement().satisfies(c -> {
        assertThat(c.reason()).isEqualTo("overflow");
        assertThat(c.entryId()).isPresent();
      });
      assertThat(s.branchPath()).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(SessionEntry.Compaction.class,
          c -> assertThat(c.summary()).startsWith("SUMMARY OF EARLIER WORK")));
      assertThat(s.buildContext().messages().getFirst()).isInstanceOf(AgentMessage.CompactionSummary.class);
    }
  }

  @Test
  void aSecondOverflowIsNotCompactedAgain() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      String overflow = "{\"error\": \"prompt is too long: 250000 tokens > 200000 maximum\", \"errorKind\": \"context_overflow\"}";
      AgentSession agent = agent(s, new CompactionSettings(true, 16_384, 30), overflow, "{\"text\": \"S\"}", overflow);
      AgentSession.RunResult result = agent.prompt("go on");
      assertThat(result.failed()).isTrue();
      assertThat(compactions()).hasSize(1);
    }
  }

  @Test
  void crossingTheThresholdCompactsAfterTheRun() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      history(s);
      long window = ScriptedProvider.MODEL.contextWindow();
      // The history (~150 tokens) fits under the threshold of 1,000; the reply's usage does not.
      AgentSession agent = agent(s, new CompactionSettings(true, window - 1_000, 30),
          "{\"text\": \"done\", \"usage\": {\"input\": 2000}}", "{\"text\": \"THRESHOLD SUMMARY\"}");
      assertThat(agent.prompt("one more").text()).isEqualTo("done");
      assertThat(compactions()).singleElement().satisfies(c -> assertThat(c.reason()).isEqualTo("threshold"));
      int agentEnd = indexOf(AgentEvent.AgentEnd.class);
      int compactionStart = indexOf(AgentEvent.CompactionStart.class);
      assertThat(compactionStart).isGreaterThan(agentEnd);
    }
  }

  @Test
  void manualCompactionSaysPlainlyWhenThereIsNothingToSummarize() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      s.appendMessage(new AgentMessage.User("only this", 1));
      AgentSession agent = agent(s, new CompactionSettings(true, 16_384, 20_000));
      assertThat(agent.compact(java.util.Optional.empty())).isEmpty();
      assertThat(compactions()).singleElement().satisfies(c -> assertThat(c.error()).hasValueSatisfying(
          e -> assertThat(e).contains("nothing to compact")));
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
