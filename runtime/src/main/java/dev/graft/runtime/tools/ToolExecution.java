package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The frame every built-in tool runs its body in: checks the abort signal, validates the arguments,
 * and turns every failure into an error result, so nothing escapes execute.
 */
final class ToolExecution {
  private ToolExecution() {}

  @FunctionalInterface
  interface Body {
    ToolResult run(Arguments arguments) throws ToolFailure, IOException, InterruptedException;
  }

  static ToolResult run(Tool tool, ObjectNode arguments, ToolContext context, Body body) {
    if (context.signal().aborted()) {
      return ToolResult.error("Operation aborted");
    }
    ObjectNode given = arguments == null ? Json.object() : arguments;
    return switch (ArgumentValidator.validate(tool.name(), tool.parameters(), given)) {
      case ArgumentValidator.Invalid invalid -> ToolResult.error(invalid.message());
      case ArgumentValidator.Valid valid -> runBody(body, new Arguments(valid.arguments()));
    };
  }

  private static ToolResult runBody(Body body, Arguments arguments) {
    try {
      return body.run(arguments);
    } catch (ToolFailure failure) {
      return ToolResult.error(failure.getMessage(), failure.details().orElse(null));
    } catch (IOException e) {
      return ToolResult.error(FileErrors.describe(e));
    } catch (UncheckedIOException e) {
      return ToolResult.error(FileErrors.describe(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ToolResult.error("Operation aborted");
    } catch (RuntimeException e) {
      // A bug in a tool must not take the agent loop down; the model and the user see it.
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return ToolResult.error(message);
    }
  }
}
