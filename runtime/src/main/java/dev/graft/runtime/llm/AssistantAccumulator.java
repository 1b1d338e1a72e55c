package dev.graft.runtime.llm;

import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Rebuilds the assistant message from a turn's events, for code that wants the message as it grows
 * (a UI, the agent loop's partial message). Providers build their own final message the same way,
 * so the events and the final message cannot disagree.
 *
 * <p>Not thread-safe: feed it from the thread the listener runs on.
 */
public final class AssistantAccumulator {
  private enum Kind {
    TEXT,
    THINKING,
    TOOL_CALL
  }

  /**
   * One block. Its text is read by {@link #marked} values from other threads while the listener's
   * thread appends to it, so both go through the slot's lock.
   */
  private static final class Slot {
    final Kind kind;
    private final StringBuilder text = new StringBuilder();
    final String id;
    final String name;
    ContentBlock finished;

    Slot(Kind kind, String id, String name) {
      this.kind = kind;
      this.id = id;
      this.name = name;
    }

    ContentBlock block() {
      return finished != null ? finished : block(text(length()));
    }

    synchronized void append(String delta) {
      text.append(delta);
    }

    synchronized int length() {
      return text.length();
    }

    /** The first {@code n} characters received (the text only grows). */
    synchronized String text(int n) {
      return text.substring(0, n);
    }

    /** The open block with {@code received}, the text received so far. */
    ContentBlock block(String received) {
      return switch (kind) {
        case TEXT -> new ContentBlock.Text(received);
        case THINKING -> new ContentBlock.Thinking(received, null);
        // Arguments still streaming are not an object yet; the deltas hold the raw text.
        case TOOL_CALL -> new ContentBlock.ToolCall(id, name, Json.object(), null);
      };
    }
  }

  private AgentMessage.Assistant template;
  private final List<Slot> slots = new ArrayList<>();
  private AgentMessage.Assistant result;

  public void accept(StreamEvent event) {
    if (result != null) {
      throw new IllegalStateException("event after the turn ended: " + event);
    }
    if (event instanceof StreamEvent.Retry) {
      // The attempt is void: the next one starts afresh.
      template = null;
      slots.clear();
      return;
    }
    if (template == null && !(event instanceof StreamEvent.Start)) {
      if (event instanceof StreamEvent.Done d) {
        result = d.message();
        return;
      }
      if (event instanceof StreamEvent.Error e) {
        result = e.message();
        return;
      }
      throw new IllegalStateException("event before Start: " + event);
    }
    switch (event) {
      case StreamEvent.Start s -> {
        if (template != null) {
          throw new IllegalStateException("second Start event");
        }
        template = s.partial();
      }
      case StreamEvent.TextStart t -> open(t.contentIndex(), new Slot(Kind.TEXT, "", ""));
      case StreamEvent.TextDelta d -> slot(d.contentIndex(), Kind.TEXT).append(d.delta());
      case StreamEvent.TextEnd e -> slot(e.contentIndex(), Kind.TEXT).finished = e.block();
      case StreamEvent.ThinkingStart t -> open(t.contentIndex(), new Slot(Kind.THINKING, "", ""));
      case StreamEvent.ThinkingDelta d -> slot(d.contentIndex(), Kind.THINKING).append(d.delta());
      case StreamEvent.ThinkingEnd e -> slot(e.contentIndex(), Kind.THINKING).finished = e.block();
      case StreamEvent.ToolCallStart t ->
          open(t.contentIndex(), new Slot(Kind.TOOL_CALL, t.id(), t.name()));
      case StreamEvent.ToolCallDelta d -> slot(d.contentIndex(), Kind.TOOL_CALL).append(d.delta());
      case StreamEvent.ToolCallEnd e ->
          slot(e.contentIndex(), Kind.TOOL_CALL).finished = e.toolCall();
      case StreamEvent.Done d -> result = d.message();
      case StreamEvent.Error e -> result = e.message();
      case StreamEvent.Retry r -> throw new IllegalStateException("handled above");
    }
  }

  /** Whether a Start event has arrived. */
  public boolean started() {
    return template != null || result != null;
  }

  /** The final message, once Done or Error arrived. */
  public Optional<AgentMessage.Assistant> result() {
    return Optional.ofNullable(result);
  }

  /**
   * The message so far: finished blocks as they will be in the final message, open blocks with the
   * text received (a tool call still streaming has empty arguments).
   */
  public AgentMessage.Assistant snapshot() {
    if (result != null) {
      return result;
    }
    if (template == null) {
      throw new IllegalStateException("no Start event yet");
    }
    return message(content(), template);
  }

  private static AgentMessage.Assistant message(
      List<ContentBlock> content, AgentMessage.Assistant template) {
    return new AgentMessage.Assistant(
        content,
        template.api(),
        template.provider(),
        template.model(),
        template.usage(),
        template.stopReason(),
        Optional.empty(),
        template.timestamp(),
        template.extra());
  }

  /**
   * The message so far as {@link #snapshot} would give it now, made only when first asked for: what
   * is kept now is one length per block, so a listener that never asks costs nothing, and one that
   * asks later (after more events) still gets the message as it stood here. The text of a block
   * only grows, and a retry starts new blocks, so the kept lengths stay right.
   */
  public Supplier<AgentMessage.Assistant> marked() {
    if (result != null) {
      AgentMessage.Assistant done = result;
      return () -> done;
    }
    if (template == null) {
      throw new IllegalStateException("no Start event yet");
    }
    AgentMessage.Assistant start = template;
    Slot[] at = slots.toArray(Slot[]::new);
    int[] lengths = new int[at.length];
    ContentBlock[] finished = new ContentBlock[at.length];
    for (int i = 0; i < at.length; i++) {
      lengths[i] = at[i].length();
      finished[i] = at[i].finished;
    }
    return new Supplier<>() {
      private AgentMessage.Assistant made;

      @Override
      public synchronized AgentMessage.Assistant get() {
        if (made == null) {
          List<ContentBlock> content = new ArrayList<>(at.length);
          for (int i = 0; i < at.length; i++) {
            content.add(finished[i] != null ? finished[i] : at[i].block(at[i].text(lengths[i])));
          }
          made = message(content, start);
        }
        return made;
      }
    };
  }

  List<ContentBlock> content() {
    List<ContentBlock> content = new ArrayList<>(slots.size());
    for (Slot s : slots) {
      content.add(s.block());
    }
    return content;
  }

  /** The raw text of a tool call's arguments received so far. */
  public String toolArgumentsText(int contentIndex) {
    Slot s = slot(contentIndex, Kind.TOOL_CALL);
    return s.text(s.length());
  }

  private void open(int index, Slot slot) {
    if (index != slots.size()) {
      throw new IllegalStateException(
          "block " + index + " started, but the next block index is " + slots.size());
    }
    slots.add(slot);
  }

  private Slot slot(int index, Kind kind) {
    if (index < 0 || index >= slots.size()) {
      throw new IllegalStateException("no block " + index);
    }
    Slot s = slots.get(index);
    if (s.kind != kind) {
      throw new IllegalStateException("block " + index + " is " + s.kind + ", not " + kind);
    }
    if (s.finished != null) {
      throw new IllegalStateException("block " + index + " already ended");
    }
    return s;
  }
}
