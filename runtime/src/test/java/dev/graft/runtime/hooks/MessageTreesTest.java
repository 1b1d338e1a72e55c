package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trees the context hooks are handed: one per message across calls, whether a message keeps its
 * place, moves or comes back, and what the index lets go.
 */
class MessageTreesTest {
  private static List<AgentMessage> messages(String prefix, int n) {
    List<AgentMessage> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new AgentMessage.User(prefix + i, i));
    }
    return out;
  }

  /** One call: its trees for {@code messages}, the call over, as HookRunner makes it. */
  private static ContextHookPoint.MessageTrees call(
      ContextHookPoint.MessageTrees before, List<AgentMessage> messages, ArrayNode handed) {
    ContextHookPoint.MessageTrees trees = new ContextHookPoint.MessageTrees(before);
    trees.addTrees(handed, messages);
    trees.forgetBefore();
    return trees;
  }

  @Test
  void aMessageIsHandedTheSameTreeInItsPlaceMovedOrBack() {
    List<AgentMessage> session = new ArrayList<>(messages("m", 5));
    ArrayNode one = Json.array();
    var first = call(null, session, one);
    assertThat(one).hasSize(5);
    assertThat(one.get(2)).isEqualTo(MessageCodec.encode(session.get(2)));

    // The session grew: the same trees, in their places, and one new.
    session.add(new AgentMessage.User("new", 9));
    ArrayNode two = Json.array();
    var second = call(first, session, two);
    for (int i = 0; i < 5; i++) {
      assertThat(two.get(i)).isSameAs(one.get(i));
    }
    assertThat(two.get(5)).isEqualTo(MessageCodec.encode(session.get(5)));

    // Compacted: a summary first, the rest shifted: each message its tree still.
    List<AgentMessage> compacted = new ArrayList<>();
    compacted.add(new AgentMessage.User("summary", 10));
    compacted.addAll(session.subList(3, 6));
    ArrayNode three = Json.array();
    var third = call(second, compacted, three);
    assertThat(three.get(1)).isSameAs(one.get(3));
    assertThat(three.get(3)).isSameAs(two.get(5));

    // A message back after a call without it, and one object twice in a call: its tree.
    List<AgentMessage> back = List.of(session.get(0), session.get(4), session.get(4));
    ArrayNode four = Json.array();
    call(third, back, four);
    assertThat(four.get(0)).isSameAs(one.get(0));
    assertThat(four.get(1)).isSameAs(one.get(4)).isSameAs(four.get(2));
  }

  @Test
  void anAnswersTreesMapBackToTheirMessagesInTheirPlaceOrNot() {
    List<AgentMessage> session = messages("m", 4);
    ArrayNode handed = Json.array();
    var trees = new ContextHookPoint.MessageTrees(null);
    trees.addTrees(handed, session);
    // In its place, elsewhere (a handler dropped one before it), or a copy of another's.
    assertThat(trees.message(handed.get(2), 2)).isSameAs(session.get(2));
    assertThat(trees.message(handed.get(3), 1)).isSameAs(session.get(3));
    assertThat(trees.message(handed.get(1), 0)).isSameAs(session.get(1));
    AgentMessage copy = trees.message(MessageCodec.encode(session.get(0)), 3);
    assertThat(copy).isEqualTo(session.get(0)).isNotSameAs(session.get(0));
    // A change made again maps to the message it made the first time, and to its tree.
    var changedTree =
        Json.object().put("role", "user").put("content", "[pruned]").put("timestamp", 1);
    AgentMessage changed = trees.message(changedTree, 1);
    trees.forgetBefore();
    var next = new ContextHookPoint.MessageTrees(trees);
    next.addTrees(Json.array(), session);
    assertThat(next.message(changedTree.deepCopy(), 1)).isSameAs(changed);
    assertThat(next.tree(changed)).isSameAs(trees.tree(changed));
  }

  @Test
  void theIndexLetsGoOfWhatTheLatestCallsNoLongerHold() {
    ContextHookPoint.MessageTrees last = null;
    for (int c = 0; c < 40; c++) {
      // Each call a context of its own (another branch each time): 50 messages.
      last = call(last, messages("call" + c + "-", 50), Json.array());
    }
    // The two latest calls hold 100; the index at most twice that, and a little.
    assertThat(last.indexSize()).isLessThanOrEqualTo(2 * 100 + 64);
    // A growing session keeps every one of its messages.
    List<AgentMessage> session = new ArrayList<>();
    ArrayNode before = null;
    for (int c = 0; c < 40; c++) {
      session.addAll(messages("turn" + c + "-", 10));
      ArrayNode handed = Json.array();
      last = call(last, session, handed);
      if (before != null) {
        for (int i = 0; i < before.size(); i++) {
          assertThat(handed.get(i)).isSameAs(before.get(i));
        }
      }
      before = handed;
    }
  }
}
