package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Records a turn's events and checks the grammar every provider must follow: one Start first,
 * blocks started with consecutive indexes, deltas and ends only for open blocks, and exactly one
 * Done or Error last, whose message the accumulated events reproduce.
 */
final class EventLog implements Consumer<StreamEvent> {
  final List<StreamEvent> events = new ArrayList<>();
  private final AssistantAccumulator accumulator = new AssistantAccumulator();
  private final Consumer<StreamEvent> also;

  EventLog() {
    this(e -> {});
  }

  EventLog(Consumer<StreamEvent> also) {
    this.also = also;
  }

  @Override
  public synchronized void accept(StreamEvent event) {
    events.add(event);
    accumulator.accept(event);
    also.accept(event);
  }

  /** Checks the grammar and that {@code returned} is what the last event carries. */
  AgentMessage.Assistant verify(AgentMessage.Assistant returned) {
    assertThat(events).isNotEmpty();
    Set<Integer> open = new HashSet<>();
    int nextIndex = 0;
    // A Retry voids the attempt: the next one starts with Start and indexes from 0 again.
    int first = 0;
    while (events.get(first) instanceof StreamEvent.Retry) {
      first++;
    }
    assertThat(events.get(first))
        .isInstanceOfAny(StreamEvent.Start.class, StreamEvent.Done.class, StreamEvent.Error.class);
    for (int i = first + 1; i < events.size() - 1; i++) {
      StreamEvent e = events.get(i);
      switch (e) {
        case StreamEvent.Retry r -> {
          open.clear();
          nextIndex = 0;
          if (events.get(i + 1) instanceof StreamEvent.Start) {
            i++;
          }
        }
        case StreamEvent.TextStart s -> {
          assertThat(s.contentIndex()).isEqualTo(nextIndex++);
          open.add(s.contentIndex());
        }
        case StreamEvent.ThinkingStart s -> {
          assertThat(s.contentIndex()).isEqualTo(nextIndex++);
          open.add(s.contentIndex());
        }
        case StreamEvent.ToolCallStart s -> {
          assertThat(s.contentIndex()).isEqualTo(nextIndex++);
          open.add(s.contentIndex());
        }
        case StreamEvent.TextDelta d -> assertThat(open).contains(d.contentIndex());
        case StreamEvent.ThinkingDelta d -> assertThat(open).contains(d.contentIndex());
        case StreamEvent.ToolCallDelta d -> assertThat(open).contains(d.contentIndex());
        case StreamEvent.TextEnd x -> assertThat(open.remove(x.contentIndex())).isTrue();
        case StreamEvent.ThinkingEnd x -> assertThat(open.remove(x.contentIndex())).isTrue();
        case StreamEvent.ToolCallEnd x -> assertThat(open.remove(x.contentIndex())).isTrue();
        default -> throw new AssertionError("unexpected event in the middle: " + e);
      }
    }
    StreamEvent last = events.getLast();
    assertThat(last).isInstanceOfAny(StreamEvent.Done.class, StreamEvent.Error.class);
    AgentMessage.Assistant carried =
        last instanceof StreamEvent.Done d ? d.message() : ((StreamEvent.Error) last).message();
    assertThat(returned).isEqualTo(carried);
    if (last instanceof StreamEvent.Done) {
      assertThat(open).as("all blocks end before Done").isEmpty();
    }
    assertThat(accumulator.result()).contains(returned);
    return returned;
  }

  StreamEvent.Error error() {
    return (StreamEvent.Error) events.getLast();
  }

  StreamEvent.Done done() {
    return (StreamEvent.Done) events.getLast();
  }

  <T extends StreamEvent> List<T> ofType(Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  /** Event type names in order, e.g. [Start, TextStart, TextDelta, TextEnd, Done]. */
  List<String> names() {
    return events.stream().map(e -> e.getClass().getSimpleName()).toList();
  }
}
