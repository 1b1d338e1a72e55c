package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
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

  /**
   * The rule as the class comment states it, one message at a time: the earliest entry not taken
   * that holds the very object, then, for the messages left, the earliest not taken that holds an
   * equal one.
   */
  private static int[] byTheRule(List<SessionEntry> branch, List<AgentMessage> messages) {
    AgentMessage[] own = new AgentMessage[branch.size()];
    for (int j = 0; j < own.length; j++) {
      own[j] = ContextOrigins.messageOf(branch.get(j));
    }
    boolean[] taken = new boolean[own.length];
    int[] out = new int[messages.size()];
    Arrays.fill(out, ContextOrigins.SYNTHETIC);
    for (int i = 0; i < out.length; i++) {
      for (int j = 0; j < own.length; j++) {
        if (!taken[j] && own[j] == messages.get(i)) {
          taken[j] = true;
          out[i] = j;
          break;
        }
      }
    }
    for (int i = 0; i < out.length; i++) {
      for (int j = 0; out[i] == ContextOrigins.SYNTHETIC && j < own.length; j++) {
        if (!taken[j] && own[j] != null && own[j].equals(messages.get(i))) {
          taken[j] = true;
          out[i] = j;
        }
      }
    }
    return out;
  }

  @Test
  void contextsInTheBranchsOrderAndOutOfItFollowTheRule() {
    Random random = new Random(28);
    for (int round = 0; round < 2000; round++) {
      // Messages that repeat as objects and as equal copies, entries without a message, and
      // compactions (whose summary is made afresh each time).
      List<AgentMessage> pool = new ArrayList<>();
      for (int k = 0; k < 6; k++) {
        pool.add(new AgentMessage.User("m" + random.nextInt(4), random.nextInt(2)));
      }
      List<SessionEntry> branch = new ArrayList<>();
      List<AgentMessage> context = new ArrayList<>();
      int size = random.nextInt(12);
      for (int j = 0; j < size; j++) {
        String id = "e" + j;
        Optional<String> parent = j == 0 ? Optional.empty() : Optional.of("e" + (j - 1));
        int kind = random.nextInt(10);
        if (kind == 0) {
          branch.add(
              new SessionEntry.Label(
                  id, parent, "2026-01-01T00:00:00.000Z", "e0", Optional.of("x"), null));
        } else if (kind == 1) {
          SessionEntry.Compaction c =
              new SessionEntry.Compaction(
                  id,
                  parent,
                  "2026-01-01T00:00:00.000Z",
                  "summary",
                  Optional.empty(),
                  10,
                  Optional.empty(),
                  Optional.empty(),
                  null);
          branch.add(c);
          context.add(EntryMessages.summaryOf(c));
        } else {
          AgentMessage m =
              kind < 6
                  ? new AgentMessage.User("own" + j, j)
                  : pool.get(random.nextInt(pool.size()));
          branch.add(entry(j, m));
          context.add(m);
        }
      }
      // The context as built, or changed as a hook might: a message dropped, moved, repeated,
      // copied or made up.
      int changes = random.nextInt(3);
      for (int c = 0; c < changes && !context.isEmpty(); c++) {
        int at = random.nextInt(context.size());
        switch (random.nextInt(5)) {
          case 0 -> context.remove(at);
          case 1 -> context.add(random.nextInt(context.size()), context.remove(at));
          case 2 -> context.add(random.nextInt(context.size() + 1), context.get(at));
          case 3 -> context.set(at, pool.get(random.nextInt(pool.size())));
          default -> context.add(at, new AgentMessage.User("made up", 7));
        }
      }
      assertThat(ContextOrigins.of(branch, context))
          .as("round %d: %s", round, context)
          .containsExactly(byTheRule(branch, context));
    }
  }
}
