package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.tui.Key;
import dev.graft.cli.ui.SelectState;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TreeChoicesTest {
  private static AgentMessage.Assistant assistant(List<ContentBlock> content, String stop) {
    return new AgentMessage.Assistant(
        content, "scripted", "scripted", "scripted", Usage.ZERO, stop, Optional.empty(), 1, null);
  }

  @Test
  void rowsSkipBookkeepingAndToolOnlyTurnsDrawBranchesAndMarkWhereTheSessionIs() {
    Session s = Session.inMemory("/work", Clock.systemUTC());
    s.appendModelChange("scripted", "scripted");
    String first = s.appendMessage(new AgentMessage.User("first question", 1));
    ObjectNode args = Json.object().put("path", "a.txt");
    s.appendMessage(
        assistant(List.of(new ContentBlock.ToolCall("c1", "read", args, null)), "toolUse"));
    String result =
        s.appendMessage(
            new AgentMessage.ToolResult(
                "c1",
                "read",
                List.of(new ContentBlock.Text("hello")),
                Optional.empty(),
                false,
                1,
                null));
    String answer =
        s.appendMessage(assistant(List.of(new ContentBlock.Text("it says hello")), "stop"));
    s.branch(first);
    String retry = s.appendMessage(new AgentMessage.User("second try", 1));
    s.appendLabelChange(answer, Optional.of("good")); // the label entry is the leaf now: hidden

    List<TreeChoices.Row> rows = TreeChoices.rows(s);

    assertThat(rows)
        .extracting(r -> r.choice().label())
        .containsExactly(
            "user: first question",
            "├─ result read: hello",
            "│  [good] assistant: it says hello",
            "└─ user: second try  ← here");
    assertThat(rows)
        .extracting(TreeChoices.Row::entryId)
        .containsExactly(first, result, answer, retry);
    assertThat(rows.get(3).current()).isTrue();
    assertThat(TreeChoices.initial(rows)).isEqualTo(3);
    assertThat(rows.get(0).choice().detail()).isEqualTo(first); // the id, so that typing it filters
  }

  /** Typing in /tree's filter searches each entry's own text, not the "← here" marker. */
  @Test
  void theFilterSearchesTheEntriesTextNotTheCurrentMarker() {
    Session s = Session.inMemory("/work", Clock.systemUTC());
    String first = s.appendMessage(new AgentMessage.User("where are we", 1));
    s.appendMessage(new AgentMessage.User("second step", 1));
    List<TreeChoices.Row> rows = TreeChoices.rows(s);
    SelectState state = new SelectState(rows.stream().map(TreeChoices.Row::choice).toList(), 1);
    "here".codePoints().forEach(cp -> state.handle(Key.character(cp)));
    assertThat(state.visible()).containsExactly(0); // "where", not the marker of the second
    assertThat(rows.get(0).entryId()).isEqualTo(first);
    assertThat(state.choice(1).label()).endsWith("second step  ← here");
  }

  @Test
  void anAbortedTurnWithoutTextIsShownAndAnEmptySessionHasNoRows() {
    Session s = Session.inMemory("/work", Clock.systemUTC());
    assertThat(TreeChoices.rows(s)).isEmpty();
    s.appendMessage(new AgentMessage.User("go", 1));
    s.appendMessage(assistant(List.of(), "aborted"));
    s.appendSessionInfo("named");
    assertThat(TreeChoices.rows(s))
        .extracting(r -> r.choice().label())
        .containsExactly("user: go", "assistant: (aborted)  ← here");
  }
}
