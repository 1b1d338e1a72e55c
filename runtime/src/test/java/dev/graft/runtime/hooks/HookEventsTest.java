package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The event catalogue: the hook points' names, every agent event's name, and nothing twice. */
class HookEventsTest {
  @Test
  void theCatalogueHoldsEveryPointAndEveryAgentEvent() {
    assertThat(HookEvents.POINTS)
        .contains(
            "input",
            "before_agent_start",
            "context",
            "tool_call",
            "tool_result",
            "session_start",
            "session_before_compact",
            "session_before_tree",
            "model_select",
            "thinking_level_select",
            "before_provider_request",
            "resources_discover")
        .hasSize(19);
    assertThat(HookEvents.NEVER_EMITTED)
        .containsExactlyInAnyOrder("after_provider_response", "user_bash");
    AgentMessage.User user = new AgentMessage.User("hi", 1);
    List<AgentEvent> events =
        List.of(
            new AgentEvent.AgentStart(),
            new AgentEvent.AgentEnd(List.of()),
            new AgentEvent.TurnStart(),
            new AgentEvent.MessageStart(user),
            new AgentEvent.MessageEnd(user),
            new AgentEvent.CompactionStart("manual"),
            new AgentEvent.CompactionEnd(
                "manual",
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                false));
    for (AgentEvent e : events) {
      assertThat(HookEvents.WATCHED).contains(AgentEvents.toJson(e).get("type").asText());
      assertThat(AgentEvents.type(e)).isEqualTo(AgentEvents.toJson(e).get("type").asText());
    }
    // one watched name per kind of agent event (a new kind must be added to WatchedPoints.NAMES)
    assertThat(AgentEvent.class.getPermittedSubclasses()).hasSize(HookEvents.WATCHED.size());
    assertThat(HookEvents.ALL)
        .hasSize(
            HookEvents.POINTS.size() + HookEvents.WATCHED.size() + HookEvents.NEVER_EMITTED.size());
  }
}
