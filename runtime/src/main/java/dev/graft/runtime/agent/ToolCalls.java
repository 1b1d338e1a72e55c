package dev.graft.runtime.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ToolCallArguments;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.ToolContext;
import dev.graft.runtime.tools.ToolResult;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * One assistant turn's tool calls, run for {@link AgentSession}: each call planned (not found,
 * unreadable arguments, blocked or re-argued by a tool_call hook), the tools run, each result
 * patched by the tool_result hooks, and the start and end of each call emitted as agent events.
 */
final class ToolCalls {
  private final AgentHooks hooks;
  private final Path cwd;
  private final Clock clock;
  private final Consumer<AgentEvent> emit;

  ToolCalls(AgentHooks hooks, Path cwd, Clock clock, Consumer<AgentEvent> emit) {
    this.hooks = hooks;
    this.cwd = cwd;
    this.clock = clock;
    this.emit = emit;
  }

  private record Planned(
      ContentBlock.ToolCall call, Tool tool, ObjectNode args, ToolResult immediate) {}

  /** Waits for {@code future} (if any) to end, however it ends; its result is read elsewhere. */
  private static void awaitQuietly(Future<?> future) throws InterruptedException {
    if (future == null) {
      return;
    }
    try {
      future.get();
    } catch (ExecutionException | CancellationException e) {
      // its failure is reported with its own result
    }
  }

  /**
   * Runs the tool calls of {@code reply} with the {@code active} tools: the tool_call hooks first
   * (one at a time, in call order), then the tools in parallel (those marked sequential one after
   * another), each ending as soon as it finishes; the results in call order.
   */
  List<AgentMessage.ToolResult> run(
      AgentMessage.Assistant reply, Map<String, Tool> active, AbortSignal signal) {
    List<ContentBlock.ToolCall> calls = reply.toolCalls();
    if (calls.isEmpty()) {
      return List.of();
    }
    List<Planned> plans = new ArrayList<>();
    for (ContentBlock.ToolCall call : calls) {
      emit.accept(new AgentEvent.ToolExecutionStart(call.id(), call.name(), call.arguments()));
      Planned plan = plan(call, active.get(call.name()));
      plans.add(plan);
      if (plan.immediate() != null) {
        // Not run (not found, unreadable, blocked): it ends now, as in the reference.
        emitEnd(call, plan.immediate());
      }
    }
    ToolResult[] finished = new ToolResult[plans.size()];
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      ExecutorCompletionService<ToolResult> done = new ExecutorCompletionService<>(pool);
      Map<Future<ToolResult>, Integer> running = new IdentityHashMap<>();
      Future<ToolResult> lastSequential = null;
      for (int i = 0; i < plans.size(); i++) {
        Planned plan = plans.get(i);
        if (plan.immediate() != null) {
          finished[i] = plan.immediate();
        } else if (plan.tool().sequential()) {
          Future<ToolResult> previous = lastSequential; // this one starts once that one has ended
          lastSequential =
              done.submit(() -> {
                awaitQuietly(previous);
                return execute(plan, signal);
              });
          running.put(lastSequential, i);
        } else {
          running.put(done.submit(() -> execute(plan, signal)), i);
        }
      }
      // Each call ends as soon as it finishes (hooks still run on this thread, one at a time);
      // the results are then added in call order.
      boolean interrupted = false;
      int left = running.size();
      while (left > 0) {
        Future<ToolResult> future;
        try {
          future = done.take();
        } catch (InterruptedException e) {
          // An interrupt of the agent thread aborts the run: the tools stop on the signal, and
          // the flag is set again once they have.
          interrupted = true;
          signal.abort("interrupted");
          continue;
        }
        left--;
        int i = running.get(future);
        ToolResult result = patched(plans.get(i).call(), join(future));
        emitEnd(plans.get(i).call(), result);
        finished[i] = result;
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    List<AgentMessage.ToolResult> results = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      ContentBlock.ToolCall call = plans.get(i).call();
      ToolResult result = finished[i];
      results.add(
          new AgentMessage.ToolResult(
              call.id(),
              call.name(),
              result.content(),
              result.details(),
              result.isError(),
              clock.millis(),
              null));
    }
    return results;
  }

  /** What to do with one call: run {@code tool} (with the hook's input), or an immediate result. */
  private Planned plan(ContentBlock.ToolCall call, Tool tool) {
    if (tool == null) {
      return new Planned(call, null, call.arguments(), error("Tool " + call.name() + " not found"));
    }
    Optional<String> unreadable = ToolCallArguments.error(call);
    if (unreadable.isPresent()) {
      // The model's arguments were not JSON: run nothing, tell the model why.
      return new Planned(call, tool, call.arguments(), error(unreadable.get()));
    }
    AgentHooks.ToolCallDecision decision;
    try {
      decision = hooks.toolCall(call);
    } catch (RuntimeException e) {
      // A failing tool_call hook blocks the call (fails closed), as the reference does.
      decision = new AgentHooks.ToolCallDecision.Block(describe(e));
    }
    return switch (decision) {
      case AgentHooks.ToolCallDecision.Block b ->
          new Planned(call, tool, call.arguments(), error(b.reason()));
      case AgentHooks.ToolCallDecision.ReplaceInput r ->
          new Planned(call, tool, r.arguments(), null);
      case AgentHooks.ToolCallDecision.Proceed p -> new Planned(call, tool, call.arguments(), null);
    };
  }

  private void emitEnd(ContentBlock.ToolCall call, ToolResult result) {
    emit.accept(
        new AgentEvent.ToolExecutionEnd(
            call.id(),
            call.name(),
            new AgentEvent.ToolOutput(result.content(), result.details()),
            result.isError()));
  }

  /**
   * The result after the tool_result hooks; a failing hook makes it an error, as in the reference.
   */
  private ToolResult patched(ContentBlock.ToolCall call, ToolResult result) {
    AgentHooks.ToolResultPatch patch;
    try {
      patch = hooks.toolResult(call, result.content(), result.details(), result.isError());
    } catch (RuntimeException e) {
      return error(describe(e));
    }
    return new ToolResult(
        patch.content().orElse(result.content()),
        patch.details().isPresent() ? patch.details() : result.details(),
        patch.isError().orElse(result.isError()));
  }

  private static String describe(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private ToolResult execute(Planned plan, AbortSignal signal) {
    ContentBlock.ToolCall call = plan.call();
    ToolContext context =
        new ToolContext(
            cwd,
            signal,
            partial ->
                emit.accept(
                    new AgentEvent.ToolExecutionUpdate(
                        call.id(),
                        call.name(),
                        plan.args(),
                        new AgentEvent.ToolOutput(partial.content(), partial.details()))));
    try {
      return plan.tool().execute(call.id(), plan.args(), context);
    } catch (RuntimeException e) {
      return error("Tool " + call.name() + " failed: " + describe(e));
    }
  }

  private static ToolResult join(Future<ToolResult> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return error("interrupted");
    } catch (ExecutionException e) {
      return error(String.valueOf(e.getCause()));
    }
  }

  private static ToolResult error(String message) {
    return new ToolResult(
        List.of(new ContentBlock.Text(message)), Optional.of((JsonNode) Json.object()), true);
  }
}
