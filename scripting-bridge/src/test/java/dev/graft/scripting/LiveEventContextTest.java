package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.session.Session;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LiveEventContext;
import dev.graft.scripting.api.ScriptAgentControl;
import dev.graft.scripting.api.ScriptSessionView;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ctx handlers get, made by the bridge from parts handed over once: before the agent exists it
 * has the working directory; once bound, the agent's session file, model and thinking level as they
 * are when each event comes, without binding again.
 */
class LiveEventContextTest {
  @TempDir Path temp;

  @Test
  void beforeTheAgentCtxHasTheWorkingDirectoryAndTheUiShown() {
    LiveEventContext live = new LiveEventContext(temp);
    EventContext ctx = live.get();
    assertThat(ctx.data()).isEqualTo(Json.object().put("cwd", temp.toString()));
    assertThat(ctx.ui()).isSameAs(ScriptUi.NONE);
    assertThat(ctx.session()).isSameAs(ScriptSessionView.NONE);
    ScriptUi shown = ScriptFixture.WITH_UI.ui();
    live.showUi(shown);
    assertThat(live.get().ui()).isSameAs(shown);
    assertThat(new LiveEventContext().get().data()).isEqualTo(Json.object());
  }

  @Test
  void onceBoundEachEventReadsTheAgentAsItIsThen() throws Exception {
    try (Session session =
            Session.create(temp.resolve("sessions"), temp.toString(), Clock.systemUTC());
        ScriptFixture f = new ScriptFixture(temp)) {
      AgentSession agent =
          new AgentSession(
              session,
              temp,
              ScriptedProvider.MODEL,
              ScriptedProvider.parse("t", List.of()),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      LiveEventContext live = new LiveEventContext(temp);
      live.bind(agent, ScriptSessionView.NONE, ScriptAgentControl.NONE);
      f.write(
          "seen.js",
          """
          export default function (graft) {
            graft.on("turn_start", (event, ctx) => {
              graft.appendEntry("seen", { cwd: ctx.cwd, model: ctx.model.id, thinking: ctx.thinkingLevel });
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      HookSource source = ScriptHookSource.of(f.engine, live).get(0);
      source.handle("turn_start", Json.object().put("type", "turn_start"));
      agent.setThinking(ThinkingLevel.HIGH);
      source.handle("turn_start", Json.object().put("type", "turn_start"));
      String seen =
          "appendEntry seen.js seen {\"cwd\":"
              + Json.write(Json.NODES.textNode(temp.toString()))
              + ",\"model\":\""
              + ScriptedProvider.MODEL.id()
              + "\",\"thinking\":\"";
      assertThat(f.host.calls).containsExactly(seen + "off\"}", seen + "high\"}");
      session
          .file()
          .ifPresent(file ->
              assertThat(live.get().data().path("sessionFile").asText())
                  .isEqualTo(file.toString()));
    }
  }
}
