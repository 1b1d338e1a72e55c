package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A provider's stream that a script writes ({@code registerProvider(name, {streamSimple})}): the
 * runtime hands it the model, the context and the options as the reference's pi-ai has them, and
 * reads back the events the script pushes, in the reference's form ({@code {type: "text_delta",
 * contentIndex, delta}}...). {@link ScriptStreamProvider} turns them into graft's stream events.
 */
public interface ScriptStream {
  /**
   * Starts the script's stream. Each event it pushes reaches {@code events} (on any thread, in
   * order); the future completes when its stream ends, or fails with what the script threw.
   * Cancelling the future aborts {@code options.signal} in the script.
   */
  CompletableFuture<Void> open(
      ObjectNode model, ObjectNode context, ObjectNode options, Consumer<JsonNode> events);
}
