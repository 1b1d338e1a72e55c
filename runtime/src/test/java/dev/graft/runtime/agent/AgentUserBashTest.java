package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.session.Session;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentUserBashTest {
  @TempDir Path dir;

  private AgentSession agent(Session s) throws Exception {
    return new AgentSession(
        s,
        dir,
        ScriptedProvider.MODEL,
        ScriptedProvider.parse("t", List.of()),
        ThinkingLevel.OFF,
        "system",
        List.of(),
        AgentHooks.NONE,
        Clock.systemUTC());
  }

  @Test
  void commandsAreRecordedAndReachTheModelUnlessExcluded() throws Exception {
    try (Session s = Session.inMemory(dir.toString(), Clock.systemUTC())) {
      AgentSession agent = agent(s);
      StringBuilder streamed = new StringBuilder();
      AgentMessage.BashExecution ok = agent.runUserBash("echo hello", false, streamed::append);
      assertThat(ok.output().strip()).isEqualTo("hello");
      assertThat(streamed.toString()).contains("hello");
      assertThat(ok.exitCode()).contains(0L);
      AgentMessage.BashExecution failed = agent.runUserBash("echo oops >&2; exit 3", false, null);
      assertThat(failed.exitCode()).contains(3L);
      assertThat(failed.output()).contains("oops");
      AgentMessage.BashExecution hidden = agent.runUserBash("echo secret", true, null);
      assertThat(hidden.excluded()).isTrue();
      List<AgentMessage> llm = LlmMessages.convert(s.buildContext().messages());
      assertThat(llm).hasSize(2);
      assertThat(((AgentMessage.User) llm.get(1)).content().text(""))
          .contains("Command exited with code 3");
    }
  }

  @Test
  void abortStopsALongCommand() throws Exception {
    try (Session s = Session.inMemory(dir.toString(), Clock.systemUTC())) {
      AgentSession agent = agent(s);
      Thread.ofVirtual()
          .start(() -> {
            try {
              Thread.sleep(300);
            } catch (InterruptedException ignored) {
              return;
            }
            agent.abort();
          });
      long start = System.nanoTime();
      AgentMessage.BashExecution r = agent.runUserBash("sleep 20", false, null);
      assertThat(r.cancelled()).isTrue();
      assertThat(r.exitCode()).isEmpty();
      assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000);
    }
  }
}
