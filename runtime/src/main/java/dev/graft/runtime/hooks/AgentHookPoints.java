package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import java.util.List;
import java.util.Optional;

/**
 * The turn's hook points that {@link HookRunner#run} asks with its one loop: {@code input},
 * {@code before_agent_start} and {@code tool_result}, each a {@link HookPoint} with its payload,
 * answer checks and chaining. ({@code context} and {@code tool_call} keep their own loops in
 * HookRunner: the first hands each script its reminder sink and each message's entry, the second
 * fails closed.)
 */
final class AgentHookPoints {
  private AgentHookPoints() {}

  /** {@code input}: continue, transform the text (the next script sees the new text), or handled. */
  static final HookPoint<String, AgentHooks.InputResult> INPUT = new HookPoint<>("input") {
    @Override
    AgentHooks.InputResult initial(String text) {
      return new AgentHooks.InputResult.Continue();
    }

    @Override
    void fill(ObjectNode p, String text) {
      p.put("text", text).put("source", "interactive");
    }

    @Override
    Step<AgentHooks.InputResult> read(String text, AgentHooks.InputResult result, JsonNode a, Wrong wrong) {
      if (!a.isObject()) {
        wrong.report(HookRunner.kind(a) + " instead of {action: \"continue\", \"transform\" or \"handled\", text?}");
        return new Step.Next<>(result);
      }
      switch (a.path("action").asText("")) {
        case "continue" -> {}
        case "handled" -> {
          return new Step.Stop<>(new AgentHooks.InputResult.Handled());
        }
        case "transform" -> {
          if (a.path("text").isTextual()) {
            return new Step.Next<>(new AgentHooks.InputResult.Transform(a.get("text").textValue()));
          }
          wrong.report("{action: \"transform\"} without a string field text");
        }
        default -> wrong.report("an object without action \"continue\", \"transform\" or \"handled\"");
      }
      return new Step.Next<>(result);
    }

    @Override
    String next(String text, AgentHooks.InputResult result) {
      return result instanceof AgentHooks.InputResult.Transform t ? t.text() : text;
    }
  };

  /** A prompt about to run, and the system prompt as the scripts before have left it. */
  record Start(String prompt, String systemPrompt) {}

  /** {@code before_agent_start}: a message to add (the first one stands) and a system prompt (the next script sees it). */
  static final HookPoint<Start, AgentHooks.BeforeAgentStart> BEFORE_AGENT_START = new HookPoint<>("before_agent_start") {
    @Override
    AgentHooks.BeforeAgentStart initial(Start input) {
      return AgentHooks.BeforeAgentStart.NOTHING;
    }

    @Override
    void fill(ObjectNode p, Start s) {
      p.put("prompt", s.prompt()).put("systemPrompt", s.systemPrompt());
    }

    @Override
    Step<AgentHooks.BeforeAgentStart> read(Start input, AgentHooks.BeforeAgentStart result, JsonNode a, Wrong wrong) {
      if (!a.isObject()) {
        wrong.report(HookRunner.kind(a) + " instead of {message?, systemPrompt?}");
        return new Step.Next<>(result);
      }
      Optional<String> systemPrompt = result.systemPrompt();
      if (a.has("systemPrompt")) {
        if (a.get("systemPrompt").isTextual()) {
          systemPrompt = Optional.of(a.get("systemPrompt").textValue());
        } else {
          wrong.report("a systemPrompt that is not a string");
        }
      }
      Optional<AgentHooks.InjectedMessage> message = result.message();
      if (a.has("message") && !HookRunner.nothing(a.get("message"))) {
        Optional<AgentHooks.InjectedMessage> m = HookRunner.injected(a.get("message"));
        if (m.isEmpty()) {
          wrong.report("a message without a string customType and a string or block-array content");
        } else if (message.isPresent()) {
          wrong.report("a second message (one per prompt; the first one stands)");
        } else {
          message = m;
        }
      }
      return new Step.Next<>(new AgentHooks.BeforeAgentStart(message, systemPrompt));
    }

    @Override
    Start next(Start input, AgentHooks.BeforeAgentStart result) {
      return result.systemPrompt().filter(p -> !p.equals(input.systemPrompt())).map(p -> new Start(input.prompt(), p)).orElse(input);
    }
  };

  /** A tool's result as the scripts so far have left it; {@code changed} once one patched it. */
  record ToolOutcome(ContentBlock.ToolCall call, List<ContentBlock> content, Optional<JsonNode> details, boolean isError,
      boolean changed) {}

  /** {@code tool_result}: patch content, details or isError; the next script sees the patched result. */
  static final HookPoint<ToolOutcome, ToolOutcome> TOOL_RESULT = new HookPoint<>("tool_result") {
    @Override
    ToolOutcome initial(ToolOutcome input) {
      return input;
    }

    @Override
    void fill(ObjectNode p, ToolOutcome o) {
      p.put("toolCallId", o.call().id()).put("toolName", o.call().name());
      p.set("input", o.call().arguments());
      p.set("content", MessageCodec.encodeBlocks(o.content()));
      o.details().ifPresent(x -> p.set("details", x));
      p.put("isError", o.isError());
    }

    @Override
    Step<ToolOutcome> read(ToolOutcome input, ToolOutcome result, JsonNode a, Wrong wrong) {
      if (!a.isObject()) {
        wrong.report("something other than {content?, details?, isError?}");
        return new Step.Next<>(result);
      }
      List<ContentBlock> content = result.content();
      Optional<JsonNode> details = result.details();
      boolean isError = result.isError();
      boolean changed = result.changed();
      if (a.has("content")) {
        Optional<List<ContentBlock>> blocks = HookRunner.blocks(a.get("content"));
        if (blocks.isEmpty()) {
          wrong.report("a content that is not an array of text and image blocks");
          return new Step.Next<>(result); // the rest of this answer is ignored too
        }
        content = blocks.get();
        changed = true;
      }
      if (a.has("details")) {
        details = a.get("details").isNull() ? Optional.empty() : Optional.of(a.get("details"));
        changed = true;
      }
      if (a.has("isError")) {
        if (a.get("isError").isBoolean()) {
          isError = a.get("isError").booleanValue();
          changed = true;
        } else {
          wrong.report("an isError that is not a boolean");
        }
      }
      return new Step.Next<>(new ToolOutcome(result.call(), content, details, isError, changed));
    }

    @Override
    ToolOutcome next(ToolOutcome input, ToolOutcome result) {
      return result;
    }
  };
}
