package dev.graft.cli.setup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.tools.ArgumentValidator;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.ToolContext;
import dev.graft.runtime.tools.ToolResult;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * A tool a hook script registered, as the model sees it: arguments checked against its schema as
 * for built-in tools, then {@code execute} on the script thread; its answer {content, details,
 * isError?} becomes the result, and a throw or rejection an error result naming the script. An
 * abort stops the wait (the script's promise is left to settle on its own).
 */
record ScriptAgentTool(ScriptTool definition, ScriptEngine engine, Supplier<EventContext> ctx)
    implements Tool {

  @Override
  public boolean sequential() {
    return true; // every script tool runs on the one script thread
  }

  @Override
  public String name() {
    return definition.name();
  }

  @Override
  public String description() {
    return definition.description();
  }

  @Override
  public ObjectNode parameters() {
    return definition.parameters();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    if (context.signal().aborted()) {
      return ToolResult.error("Operation aborted");
    }
    ObjectNode args;
    switch (ArgumentValidator.validate(
        name(), parameters(), arguments == null ? Json.object() : arguments)) {
      case ArgumentValidator.Invalid invalid -> {
        return ToolResult.error(invalid.message());
      }
      case ArgumentValidator.Valid valid -> args = valid.arguments();
    }
    CompletableFuture<JsonNode> answer = engine.runTool(name(), callId, args, ctx.get());
    Runnable stop = () -> answer.cancel(true);
    context.signal().onAbort(stop);
    try {
      return result(answer.get());
    } catch (CancellationException e) {
      return ToolResult.error("Operation aborted");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ToolResult.error("Operation aborted");
    } catch (ExecutionException e) {
      return ToolResult.error(failure(e.getCause()));
    } finally {
      context.signal().removeListener(stop);
    }
  }

  private String failure(Throwable t) {
    Throwable cause = t;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    String message =
        cause instanceof ScriptFailure f
            ? f.failure().message()
            : cause.getMessage() == null ? cause.toString() : cause.getMessage();
    // The bridge's message starts "<script path>: tool NAME failed: ": the model needs neither the
    // path on this machine nor the repetition.
    String head = definition.script().path() + ": tool " + name() + " failed: ";
    if (message.startsWith(head)) {
      message = message.substring(head.length());
    }
    return "Tool " + name() + " (script " + definition.script().name() + ") failed: " + message;
  }

  /**
   * The script's answer {content: text/image blocks, details?} as a result; anything else is an
   * error result.
   */
  private ToolResult result(JsonNode answer) {
    String from = "Tool " + name() + " (script " + definition.script().name() + ")";
    if (answer == null || !answer.isObject()) {
      return ToolResult.error(
          from
              + " answered "
              + (answer == null ? "nothing" : answer.getNodeType().toString().toLowerCase())
              + "; execute must return {content: [{type: \"text\", text}], details?}");
    }
    JsonNode content = answer.path("content");
    if (!content.isArray()) {
      return ToolResult.error(
          from
              + " answered without a content array; execute must return"
              + " {content: [{type: \"text\", text}], details?}"
              + (content.isTextual() ? " (a string is not a content array)" : ""));
    }
    List<ContentBlock> blocks = new ArrayList<>();
    for (int i = 0; i < content.size(); i++) {
      JsonNode block = content.get(i);
      ContentBlock decoded = block instanceof ObjectNode o ? MessageCodec.decodeBlock(o) : null;
      if (!(decoded instanceof ContentBlock.Text) && !(decoded instanceof ContentBlock.Image)) {
        return ToolResult.error(
            from
                + " answered content["
                + i
                + "] that is not a text block {type: \"text\", text}"
                + " or an image block {type: \"image\", data, mimeType}");
      }
      blocks.add(decoded);
    }
    // isError: true marks the script's own content as an error result. The reference ignores it
    // (only a throw is an error there), though its subagent example returns it to mean one.
    JsonNode isError = answer.get("isError");
    if (isError != null && !isError.isNull() && !isError.isBoolean()) {
      return ToolResult.error(
          from
              + " answered isError that is not a boolean ("
              + isError.getNodeType().toString().toLowerCase()
              + ")");
    }
    JsonNode details = answer.get("details");
    return new ToolResult(
        blocks,
        details == null || details.isNull() ? Optional.empty() : Optional.of(details),
        isError != null && isError.booleanValue());
  }
}
