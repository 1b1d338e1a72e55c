package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which entry each message of a context comes from: by identity first, then by value. */
class ContextOriginsTest {
  private static SessionEntry.Message entry(int i, AgentMessage m) {
    return new SessionEntry.Message(
        "e" + i,
        i == 0 ? Optional.empty() : Optional.of("e" + (i - 1)),
        "2026-01-01T00:00:0" + i + ".000Z",
        m,
        null);
  }

  @Test
  void theEntriesOwnMessagesByIdentityOthersByValueTheRestSynthetic() {
    AgentMessage again1 = new AgentMessage.User("continue", 1);
    AgentMessage again2 =
        new AgentMessage.User("continue", 2 - 1); // equal to again1, another object
    AgentMessage fix = new AgentMessage.User("fix it", 3);
    List<SessionEntry> branch = List.of(entry(0, again1), entry(1, fix), entry(2, again2));
    // again2 (entry 2) before again1 (entry 0): each is its own entry's, though equal.
    assertThat(ContextOrigins.of(branch, List.of(again2, fix, again1))).containsExactly(2, 1, 0);
    // An equal copy (made afresh) takes the earliest entry no message took by identity.
    AgentMessage copy = new AgentMessage.User("continue", 1);
    assertThat(ContextOrigins.of(branch, List.of(copy, again1))).containsExactly(2, 0);
    assertThat(
            ContextOrigins.of(
                branch,
                List.of(new AgentMessage.User("continue", 1), new AgentMessage.User("x", 9))))
        .containsExactly(0, ContextOrigins.SYNTHETIC);
    // The same message twice: the second one has no entry left.
    assertThat(ContextOrigins.of(branch, List.of(fix, fix)))
        .containsExactly(1, ContextOrigins.SYNTHETIC);
  }
}
