package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * Writes every request to a JSONL file before the wrapped provider answers it: one line per model
 * call with the system prompt, the messages as sent (after {@code LlmMessages.convert}), the tool
 * names and the output limit. With the scripted provider this shows exactly what a hook script's
 * {@code context} handler made the model see, offline ({@code GRAFT_RECORD_REQUESTS}).
 */
public final class RecordingProvider implements LlmProvider {
  private final LlmProvider inner;
  private final Path file;

  public RecordingProvider(LlmProvider inner, Path file) {
    this.inner = inner;
    this.file = file;
  }

  @Override
  public AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener) {
    write(line(request));
    return inner.stream(request, listener);
  }

  /** The request as one JSON object. */
  static ObjectNode line(LlmRequest request) {
    ObjectNode o =
        Json.object().put("model", request.model().provider() + "/" + request.model().id());
    o.put("systemPrompt", request.systemPrompt());
    ArrayNode messages = o.putArray("messages");
    request.messages().forEach(m -> messages.add(MessageCodec.encode(m)));
    ArrayNode tools = o.putArray("tools");
    request.tools().forEach(t -> tools.add(t.name()));
    o.put("maxTokens", request.maxTokens());
    return o;
  }

  private synchronized void write(ObjectNode line) {
    try {
      Files.writeString(
          file,
          Json.write(line) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot record the request in " + file + ": " + e.getMessage(), e);
    }
  }
}
