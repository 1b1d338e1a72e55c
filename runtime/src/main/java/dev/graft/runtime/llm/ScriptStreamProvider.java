package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.StopReason;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Calls a model through the stream a script wrote ({@link ScriptStream}): the events the script
 * pushes become graft's {@link StreamEvent}s, through the same {@link TurnBuilder} every provider
 * uses, so a script cannot break the event grammar. The turn is bounded: an abort ends it at once
 * (and aborts the script's signal), a script that throws or ends its stream without {@code done} or
 * {@code error} fails it, and one that pushes nothing for as long as graft waits for a silent model
 * server ({@code retry.provider.timeoutMs}, {@link HttpSettings#idleTimeout}) fails it too: a
 * reasoning model behind the script may think quietly for minutes.
 */
final class ScriptStreamProvider implements LlmProvider {
  private static final Object ABORT = new Object();

  private record End(Throwable failure) {}

  private final ScriptStream stream;
  private final ApiKey key;
  private final String apiName;
  private final Duration idle;
  private final LongSupplier clock;

  ScriptStreamProvider(
      ScriptStream stream, ApiKey key, String apiName, Duration idle, LongSupplier clock) {
    this.stream = stream;
    this.key = key;
    this.apiName = apiName;
    this.idle = idle;
    this.clock = clock;
  }

  @Override
  public AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener) {
    TurnBuilder turn = new TurnBuilder(request.model(), clock.getAsLong(), listener);
    try {
      return run(request, turn);
    } catch (ListenerFailure e) {
      throw e.original();
    }
  }

  private AgentMessage.Assistant run(LlmRequest request, TurnBuilder turn) {
    if (request.signal().aborted()) {
      return turn.fail(ErrorKind.ABORTED, "Request was aborted");
    }
    BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    Runnable onAbort = () -> queue.add(ABORT);
    request.signal().onAbort(onAbort);
    CompletableFuture<Void> running;
    try {
      running = stream.open(model(request.model()), context(request), options(request), queue::add);
    } catch (RuntimeException e) {
      request.signal().removeListener(onAbort);
      return turn.fail(ErrorKind.OTHER, "the script's stream did not start: " + e.getMessage());
    }
    running.whenComplete((v, e) -> queue.add(new End(e)));
    Map<Integer, Integer> blocks = new HashMap<>();
    try {
      while (true) {
        Object item = queue.poll(idle.toMillis(), TimeUnit.MILLISECONDS);
        if (item == null) {
          running.cancel(true);
          return turn.fail(
              ErrorKind.TIMEOUT,
              "the script's stream sent nothing for "
                  + Durations.describe(idle)
                  + " "
                  + HttpSettings.IDLE_TIMEOUT_SETTING);
        }
        if (item == ABORT) {
          running.cancel(true);
          return turn.fail(ErrorKind.ABORTED, "Request was aborted");
        }
        if (item instanceof End end) {
          if (end.failure() == null || end.failure() instanceof CancellationException) {
            return turn.fail(
                ErrorKind.PROTOCOL, "the script's stream ended without a done or error event");
          }
          Throwable t =
              end.failure() instanceof CompletionException c && c.getCause() != null
                  ? c.getCause()
                  : end.failure();
          return turn.fail(ErrorKind.OTHER, "the script's stream failed: " + t.getMessage());
        }
        Optional<AgentMessage.Assistant> last = apply((JsonNode) item, turn, blocks);
        if (last.isPresent()) {
          running.cancel(true); // the script may keep its stream open; graft is done with it
          return last.get();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.cancel(true);
      return turn.fail(ErrorKind.ABORTED, "Request was aborted");
    } finally {
      request.signal().removeListener(onAbort);
    }
  }

  /** One event of the script's; the final message once it is {@code done} or {@code error}. */
  private static Optional<AgentMessage.Assistant> apply(
      JsonNode event, TurnBuilder turn, Map<Integer, Integer> blocks) {
    String type = event.path("type").asText("");
    int index = event.path("contentIndex").asInt(-1);
    switch (type) {
      case "start" -> turn.start();
      case "text_start" -> open(turn, blocks, index, "text", event);
      case "thinking_start" -> open(turn, blocks, index, "thinking", event);
      case "toolcall_start" -> open(turn, blocks, index, "toolCall", event);
      case "text_delta" ->
          turn.appendText(block(turn, blocks, index, "text", event), text(event, "delta"));
      case "thinking_delta" ->
          turn.appendThinking(block(turn, blocks, index, "thinking", event), text(event, "delta"));
      case "toolcall_delta" ->
          turn.appendToolArguments(
              block(turn, blocks, index, "toolCall", event), text(event, "delta"));
      case "text_end", "thinking_end" -> {
        Integer at = blocks.get(index);
        if (at != null) {
          turn.close(at);
        }
      }
      case "toolcall_end" -> {
        int at = block(turn, blocks, index, "toolCall", event);
        JsonNode call = event.path("toolCall");
        if (call.path("id").isTextual()) {
          turn.toolCallId(at, call.get("id").textValue());
        }
        if (call.path("name").isTextual()) {
          turn.toolCallName(at, call.get("name").textValue());
        }
        if (!turn.hasToolArguments(at) && call.get("arguments") instanceof ObjectNode args) {
          turn.appendToolArguments(at, Json.write(args));
        }
        turn.close(at);
      }
      case "done" -> {
        usage(event.path("message"), turn);
        StopReason reason =
            StopReason.of(event.path("reason").asText("stop"))
                .filter(r -> !r.failed())
                .orElse(StopReason.STOP);
        return Optional.of(turn.done(reason));
      }
      case "error" -> {
        JsonNode error = event.path("error");
        usage(error, turn);
        boolean aborted = "aborted".equals(event.path("reason").asText(""));
        String message = error.path("errorMessage").asText("");
        return Optional.of(
            turn.fail(
                aborted ? ErrorKind.ABORTED : ErrorKind.OTHER,
                message.isEmpty() ? "the script's stream reported an error" : message));
      }
      default -> {
        // An event graft does not know is passed over, as the reference's consumers do.
      }
    }
    return Optional.empty();
  }

  private static void open(
      TurnBuilder turn, Map<Integer, Integer> blocks, int index, String kind, JsonNode event) {
    turn.start();
    Integer at = blocks.get(index);
    if (at != null && turn.isOpen(at)) {
      return;
    }
    JsonNode part = event.path("block");
    blocks.put(
        index,
        switch (kind) {
          case "text" -> turn.openText();
          case "thinking" -> turn.openThinking();
          default -> turn.openToolCall(part.path("id").asText(""), part.path("name").asText(""));
        });
  }

  /** The block the script numbers {@code index}, opened when its start event was left out. */
  private static int block(
      TurnBuilder turn, Map<Integer, Integer> blocks, int index, String kind, JsonNode event) {
    Integer at = blocks.get(index);
    if (at == null || !turn.isOpen(at)) {
      open(turn, blocks, index, kind, event);
      at = blocks.get(index);
    }
    return at;
  }

  private static String text(JsonNode event, String field) {
    JsonNode v = event.path(field);
    return v.isTextual() ? v.textValue() : "";
  }

  private static void usage(JsonNode message, TurnBuilder turn) {
    if (message instanceof ObjectNode m && m.get("usage") instanceof ObjectNode) {
      ObjectNode probe = Json.object();
      probe.put("role", "assistant");
      probe.putArray("content");
      probe.put("api", "");
      probe.put("provider", "");
      probe.put("model", "");
      probe.put("stopReason", "stop");
      probe.put("timestamp", 0);
      probe.set("usage", m.get("usage"));
      try {
        if (MessageCodec.decode(probe) instanceof AgentMessage.Assistant a) {
          turn.usage(a.usage());
        }
      } catch (RuntimeException e) {
        // usage the script got wrong is left at zero
      }
    }
  }

  /** The model as the reference's pi-ai has it, named by the script's own api. */
  private ObjectNode model(Model m) {
    ObjectNode o = Json.object();
    o.put("id", m.id());
    o.put("name", m.name());
    o.put("api", apiName);
    o.put("provider", m.provider());
    o.put("baseUrl", m.baseUrl());
    o.put("reasoning", m.reasoning());
    ArrayNode input = o.putArray("input").add("text");
    if (m.images()) {
      input.add("image");
    }
    o.putObject("cost")
        .put("input", m.cost().input())
        .put("output", m.cost().output())
        .put("cacheRead", m.cost().cacheRead())
        .put("cacheWrite", m.cost().cacheWrite());
    o.put("contextWindow", m.contextWindow());
    o.put("maxTokens", m.maxTokens());
    ObjectNode headers = o.putObject("headers");
    m.headers().forEach(headers::put);
    return o;
  }

  private static ObjectNode context(LlmRequest request) {
    ObjectNode o = Json.object();
    if (!request.systemPrompt().isEmpty()) {
      o.put("systemPrompt", request.systemPrompt());
    }
    ArrayNode messages = o.putArray("messages");
    request.messages().forEach(m -> messages.add(MessageCodec.encode(m)));
    ArrayNode tools = o.putArray("tools");
    for (ToolSpec t : request.tools()) {
      tools
          .addObject()
          .put("name", t.name())
          .put("description", t.description())
          .set("parameters", t.parameters());
    }
    return o;
  }

  private ObjectNode options(LlmRequest request) {
    ObjectNode o = Json.object();
    if (key.present()) {
      o.put("apiKey", key.value());
    }
    o.put(
        "maxTokens",
        request.maxTokens() > 0 ? request.maxTokens() : request.model().defaultMaxTokens());
    if (request.model().reasoning() && request.thinking() != ThinkingLevel.OFF) {
      o.put("reasoning", request.thinking().wire());
    }
    request.sessionId().ifPresent(id -> o.put("sessionId", id));
    return o;
  }
}
