package dev.graft.cli.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ctx.compact and ctx.getContextUsage against a real agent. */
class AgentControlTest {
  @TempDir Path temp;

  private static AgentSession agent(Session session, String... turns) throws Exception {
    ScriptedProvider provider = ScriptedProvider.parse("turns", List.of(turns));
    AgentSession agent =
        new AgentSession(
            session,
            Path.of("/tmp"),
            ScriptedProvider.MODEL,
            provider,
            ThinkingLevel.OFF,
            "system",
            List.of(),
            AgentHooks.NONE,
            Clock.systemUTC());
    agent.setCompactionSettings(new CompactionSettings(true, 100, 10));
    return agent;
  }

  private static void converse(Session s, int turns) {
    for (int i = 0; i < turns; i++) {
      s.appendMessage(new AgentMessage.User("question " + i + " " + "words ".repeat(50), i));
      s.appendMessage(
          new AgentMessage.Assistant(
              List.of(new ContentBlock.Text("answer " + i + " " + "more ".repeat(50))),
              "scripted",
              "scripted",
              "scripted",
              new Usage(100 + i, 10, 0, 0, 0, Usage.Cost.ZERO, null),
              "stop",
              Optional.empty(),
              i,
              null));
    }
  }

  @Test
  void compactSummarisesWithTheNextTurnAndAnswersTheReferencesResult() throws Exception {
    Session s = Session.inMemory("/tmp", Clock.systemUTC());
    converse(s, 6);
    AgentSession agent = agent(s, "{\"text\": \"THE SUMMARY\"}", "{\"text\": \"THE PREFIX\"}");
    AgentControl control = new AgentControl(agent, AgentControlTest::noModels);
    assertThat(control.contextUsage().orElseThrow().tokens()).isPresent();
    JsonNode r = control.compact(Optional.of("focus")).get(10, TimeUnit.SECONDS);
    assertThat(r.get("summary").asText()).contains("THE SUMMARY");
    assertThat(s.entry(r.get("firstKeptEntryId").asText())).isPresent();
    assertThat(r.get("tokensBefore").asLong()).isPositive();
    assertThat(s.branchPath().getLast()).isInstanceOf(SessionEntry.Compaction.class);
    var usage = control.contextUsage().orElseThrow();
    assertThat(usage.tokens()).as("unknown until the model answers after the compaction").isEmpty();
    assertThat(usage.percent()).isEmpty();
    assertThat(usage.contextWindow()).isEqualTo(ScriptedProvider.MODEL.contextWindow());
  }

  @Test
  void compactWithNothingToCompactFailsWithTheReason() {
    Session s = Session.inMemory("/tmp", Clock.systemUTC());
    AgentControl control = new AgentControl(agent0(s), AgentControlTest::noModels);
    assertThatThrownBy(() -> control.compact(Optional.empty()).get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining("nothing to compact");
  }

  private static AgentSession agent0(Session s) {
    try {
      return agent(s);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static ModelRegistry noModels() {
    throw new AssertionError("these tests do not ask for models");
  }
}
