package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.message.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Builds one assistant turn as a provider reads it, emitting the matching events. Every provider
 * goes through this class, so they all produce the same event grammar: one Start, start/delta/end
 * per block with consecutive content indexes, then one Done or Error.
 */
final class TurnBuilder {
  private enum Kind {
    TEXT,
    THINKING,
    TOOL_CALL
  }

  private static final class Block {
    final Kind kind;
    final StringBuilder text = new StringBuilder();
    String id;
    String name;
    final ObjectNode extra = Json.object();
    boolean closed;

    Block(Kind kind) {
      this.kind = kind;
    }
  }

  private final Model model;
  private final long timestamp;
  private final Consumer<? super StreamEvent> listener;
  private final AssistantAccumulator accumulator = new AssistantAccumulator();
  private final List<Block> blocks = new ArrayList<>();
  private Usage usage = Usage.ZERO;
  private ObjectNode extra = Json.object();
  private boolean started;
  private AgentMessage.Assistant result;

  TurnBuilder(Model model, long timestamp, Consumer<? super StreamEvent> listener) {
    this.model = model;
    this.timestamp = timestamp;
    this.listener = listener;
  }

  Model model() {
    return model;
  }

  /** Emits Start, once per attempt. */
  void start() {
    if (!started) {
      started = true;
      emit(new StreamEvent.Start(message(List.of(), StopReason.STOP, Optional.empty())));
    }
  }

  boolean hasContent() {
    return !blocks.isEmpty();
  }

  /**
   * Ends a failed attempt that will be tried again: emits {@link StreamEvent.Retry} with the
   * attempt as it stood, then forgets its content, usage and response fields, so the next attempt
   * starts afresh with its own Start.
   */
  void retry(int attempt, int maxRetries, Duration delay, ErrorKind kind, String errorMessage) {
    AgentMessage.Assistant failed =
        message(accumulator.content(), StopReason.ERROR, Optional.of(errorMessage));
    emit(new StreamEvent.Retry(attempt, maxRetries, delay, kind, failed));
    blocks.clear();
    usage = Usage.ZERO;
    extra = Json.object();
    started = false;
  }

  void usage(Usage usage) {
    this.usage = usage;
  }

  Usage usage() {
    return usage;
  }

  /** Sets a field the final message carries besides the standard ones (responseId...). */
  void extra(String field, String value) {
    extra.put(field, value);
  }

  // ------------------------------------------------------------------ blocks

  int openText() {
    return open(new Block(Kind.TEXT), new StreamEvent.TextStart(blocks.size()));
  }

  int openThinking() {
    return open(new Block(Kind.THINKING), new StreamEvent.ThinkingStart(blocks.size()));
  }

  int openToolCall(String id, String name) {
    Block b = new Block(Kind.TOOL_CALL);
    b.id = id;
    b.name = name;
    return open(b, new StreamEvent.ToolCallStart(blocks.size(), id, name));
  }

  void appendText(int index, String delta) {
    if (!delta.isEmpty()) {
      block(index, Kind.TEXT).text.append(delta);
      emit(new StreamEvent.TextDelta(index, delta));
    }
  }

  void appendThinking(int index, String delta) {
    if (!delta.isEmpty()) {
      block(index, Kind.THINKING).text.append(delta);
      emit(new StreamEvent.ThinkingDelta(index, delta));
    }
  }

  void appendToolArguments(int index, String delta) {
    if (!delta.isEmpty()) {
      block(index, Kind.TOOL_CALL).text.append(delta);
      emit(new StreamEvent.ToolCallDelta(index, delta));
    }
  }

  /** Fields the block's final form carries (thinkingSignature, redacted, thoughtSignature). */
  ObjectNode blockExtra(int index) {
    Block b = blocks.get(index);
    if (b.closed) {
      throw new IllegalStateException("block " + index + " already ended");
    }
    return b.extra;
  }

  boolean hasToolArguments(int index) {
    return !block(index, Kind.TOOL_CALL).text.isEmpty();
  }

  String toolCallId(int index) {
    return block(index, Kind.TOOL_CALL).id;
  }

  void toolCallId(int index, String id) {
    block(index, Kind.TOOL_CALL).id = id;
  }

  String toolCallName(int index) {
    return block(index, Kind.TOOL_CALL).name;
  }

  void toolCallName(int index, String name) {
    block(index, Kind.TOOL_CALL).name = name;
  }

  boolean isOpen(int index) {
    return index >= 0 && index < blocks.size() && !blocks.get(index).closed;
  }

  /** Ends the block, emitting its End event with the block's final form. */
  void close(int index) {
    Block b = blocks.get(index);
    if (b.closed) {
      return;
    }
    b.closed = true;
    switch (b.kind) {
      case TEXT ->
          emit(new StreamEvent.TextEnd(index, new ContentBlock.Text(b.text.toString(), b.extra)));
      case THINKING ->
          emit(
              new StreamEvent.ThinkingEnd(
                  index, new ContentBlock.Thinking(b.text.toString(), b.extra)));
      case TOOL_CALL -> {
        String raw = b.text.toString();
        ToolCallArguments.Parsed parsed = ToolCallArguments.parse(b.name, raw);
        ContentBlock.ToolCall call =
            new ContentBlock.ToolCall(b.id, b.name, parsed.arguments(), b.extra);
        if (parsed.error().isPresent()) {
          call = ToolCallArguments.withError(call, parsed.error().get(), raw);
        }
        emit(new StreamEvent.ToolCallEnd(index, call));
      }
    }
  }

  void closeAll() {
    for (int i = 0; i < blocks.size(); i++) {
      close(i);
    }
  }

  // ------------------------------------------------------------------ ends

  /**
   * Completes the turn: closes open blocks and emits Done. A turn that ends "stop" while holding
   * tool calls is reported as toolUse, since some compatible servers say "stop" regardless.
   */
  AgentMessage.Assistant done(StopReason reason) {
    closeAll();
    List<ContentBlock> content = accumulator.content();
    if (reason == StopReason.STOP
        && content.stream().anyMatch(ContentBlock.ToolCall.class::isInstance)) {
      reason = StopReason.TOOL_USE;
    }
    result = message(content, reason, Optional.empty());
    emit(new StreamEvent.Done(reason, result));
    return result;
  }

  /**
   * Fails the turn: the message keeps the content received so far (open blocks as they stood) and
   * the error. Context overflow is recognised from the message text whatever the kind.
   */
  AgentMessage.Assistant fail(ErrorKind kind, String errorMessage) {
    start();
    if (kind != ErrorKind.ABORTED && ContextOverflow.matches(errorMessage)) {
      kind = ErrorKind.CONTEXT_OVERFLOW;
    }
    StopReason reason = kind == ErrorKind.ABORTED ? StopReason.ABORTED : StopReason.ERROR;
    result = message(accumulator.content(), reason, Optional.of(errorMessage));
    emit(new StreamEvent.Error(reason, kind, result));
    return result;
  }

  Optional<AgentMessage.Assistant> result() {
    return Optional.ofNullable(result);
  }

  // ------------------------------------------------------------------ internals

  private int open(Block block, StreamEvent startEvent) {
    start();
    blocks.add(block);
    emit(startEvent);
    return blocks.size() - 1;
  }

  private Block block(int index, Kind kind) {
    if (index < 0 || index >= blocks.size()) {
      throw new IllegalStateException("no block " + index);
    }
    Block b = blocks.get(index);
    if (b.kind != kind || b.closed) {
      throw new IllegalStateException("block " + index + " is not an open " + kind);
    }
    return b;
  }

  private AgentMessage.Assistant message(
      List<ContentBlock> content, StopReason reason, Optional<String> error) {
    return new AgentMessage.Assistant(
        content,
        model.api().wire(),
        model.provider(),
        model.id(),
        usage,
        reason.wire(),
        error,
        timestamp,
        extra.deepCopy());
  }

  private void emit(StreamEvent event) {
    accumulator.accept(event);
    try {
      listener.accept(event);
    } catch (RuntimeException e) {
      throw new ListenerFailure(e);
    }
  }
}
