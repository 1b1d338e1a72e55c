package dev.graft.runtime.llm;

import java.util.Objects;

/** One server-sent event: its {@code event:} name (empty when absent) and its data. */
record SseEvent(String event, String data) {
  SseEvent {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(data, "data");
  }
}
