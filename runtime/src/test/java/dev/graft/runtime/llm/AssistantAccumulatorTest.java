package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.message.Usage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class AssistantAccumulatorTest {
  private final Model model = ScriptedProvider.MODEL;

  @Test
  void snapshotsGrowWithTheStreamAndEndAsTheFinalMessage() {
    AssistantAccumulator acc = new AssistantAccumulator();
    TurnBuilder turn = new TurnBuilder(model, 5L, acc::accept);
    int text = turn.openText();
    turn.appendText(text, "Hel");
    assertThat(acc.snapshot().content()).containsExactly(new ContentBlock.Text("Hel"));
    turn.appendText(text, "lo");
    int call = turn.openToolCall("c1", "read");
    turn.appendToolArguments(call, "{\"path\":");
    assertThat(acc.toolArgumentsText(call)).isEqualTo("{\"path\":");
    assertThat(acc.snapshot().content())
        .containsExactly(new ContentBlock.Text("Hello"), TestModels.call("c1", "read", "{}"));
    turn.appendToolArguments(call, "\"a\"}");
    AgentMessage.Assistant done = turn.done(StopReason.STOP);
    assertThat(done.stopReason()).isEqualTo("toolUse");
    assertThat(acc.result()).contains(done);
    assertThat(acc.snapshot()).isEqualTo(done);
    assertThat(done.content())
        .containsExactly(
            new ContentBlock.Text("Hello"), TestModels.call("c1", "read", "{\"path\":\"a\"}"));
  }

  @Test
  void aMarkIsTheSnapshotOfItsMomentWheneverItIsRead() {
    AssistantAccumulator acc = new AssistantAccumulator();
    TurnBuilder turn = new TurnBuilder(model, 5L, acc::accept);
    int thinking = turn.openThinking();
    turn.appendThinking(thinking, "plan");
    Supplier<AgentMessage.Assistant> planning = acc.marked();
    AgentMessage.Assistant planningNow = acc.snapshot();
    turn.close(thinking);
    int text = turn.openText();
    turn.appendText(text, "Hel");
    Supplier<AgentMessage.Assistant> typing = acc.marked();
    AgentMessage.Assistant typingNow = acc.snapshot();
    turn.appendText(text, "lo");
    AgentMessage.Assistant done = turn.done(StopReason.STOP);
    Supplier<AgentMessage.Assistant> after = acc.marked();

    // read after the turn ended, each is the message as it stood when marked
    assertThat(planning.get()).isEqualTo(planningNow);
    assertThat(planning.get().content()).containsExactly(new ContentBlock.Thinking("plan", null));
    assertThat(typing.get()).isEqualTo(typingNow);
    assertThat(typing.get().content()).hasSize(2).endsWith(new ContentBlock.Text("Hel"));
    assertThat(typing.get()).isSameAs(typing.get());
    assertThat(after.get()).isEqualTo(done);
  }

  @Test
  void aMarkBeforeARetryKeepsTheVoidAttempt() {
    AssistantAccumulator acc = new AssistantAccumulator();
    TurnBuilder turn = new TurnBuilder(model, 5L, acc::accept);
    int text = turn.openText();
    turn.appendText(text, "first try");
    Supplier<AgentMessage.Assistant> first = acc.marked();
    turn.retry(1, 3, Duration.ZERO, ErrorKind.NETWORK, "reset");
    turn.start();
    int again = turn.openText();
    turn.appendText(again, "second");
    assertThat(first.get().content()).containsExactly(new ContentBlock.Text("first try"));
    assertThat(acc.marked().get().content()).containsExactly(new ContentBlock.Text("second"));
  }

  @Test
  void aFailureKeepsOpenBlocksAsTheyStood() {
    AssistantAccumulator acc = new AssistantAccumulator();
    TurnBuilder turn = new TurnBuilder(model, 5L, acc::accept);
    int thinking = turn.openThinking();
    turn.appendThinking(thinking, "hmm");
    AgentMessage.Assistant failed = turn.fail(ErrorKind.NETWORK, "connection reset");
    assertThat(failed.content()).containsExactly(new ContentBlock.Thinking("hmm", null));
    assertThat(failed.stopReason()).isEqualTo("error");
    assertThat(failed.errorMessage()).contains("connection reset");
    assertThat(acc.result()).contains(failed);
  }

  @Test
  void outOfOrderEventsAreRejected() {
    AssistantAccumulator acc = new AssistantAccumulator();
    assertThatThrownBy(() -> acc.accept(new StreamEvent.TextStart(0)))
        .isInstanceOf(IllegalStateException.class);
    acc.accept(
        new StreamEvent.Start(
            new AgentMessage.Assistant(
                List.of(), "scripted", "p", "m", Usage.ZERO, "stop", Optional.empty(), 0, null)));
    assertThatThrownBy(() -> acc.accept(new StreamEvent.TextStart(1)))
        .isInstanceOf(IllegalStateException.class);
    acc.accept(new StreamEvent.TextStart(0));
    assertThatThrownBy(() -> acc.accept(new StreamEvent.ThinkingDelta(0, "x")))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void thinkingLevelsClampToWhatTheModelSupports() {
    ThinkingMap gpt5 = new ThinkingMap(Map.of(ThinkingLevel.OFF, Optional.empty()));
    assertThat(gpt5.clamp(ThinkingLevel.OFF, true)).isEqualTo(ThinkingLevel.MINIMAL);
    assertThat(gpt5.clamp(ThinkingLevel.XHIGH, true)).isEqualTo(ThinkingLevel.HIGH);
    assertThat(ThinkingMap.DEFAULT.clamp(ThinkingLevel.HIGH, false)).isEqualTo(ThinkingLevel.OFF);
    assertThat(ThinkingMap.DEFAULT.clamp(ThinkingLevel.MEDIUM, true))
        .isEqualTo(ThinkingLevel.MEDIUM);
  }
}
