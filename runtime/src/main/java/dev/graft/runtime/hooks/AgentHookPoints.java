package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The turn's hook points that {@link HookRunner#run} asks with its one loop: {@code input}, {@code
 * before_agent_start}, {@code tool_call} and {@code tool_result}, each a {@link HookPoint} with its
 * payload, answer checks, chaining and failure policy. ({@code context} has a class of its own,
 * {@link ContextHookPoint}; the watched agent events are {@link WatchedPoints}.)
 */
final class AgentHookPoints {
  private AgentHookPoints() {}

  /** A prompt as typed: its text, the images sent with it and where it came from. */
  record Prompt(String text, List<ContentBlock> images, InputSource source) {
    Prompt {
      images = List.copyOf(images);
    }
  }

  /**
   * {@code input}: continue, transform the text and the images (the next script sees the new ones;
   * a transform without images keeps those it was handed), or handled.
   */
  static final HookPoint<Prompt, AgentHooks.InputResult> INPUT =
      new HookPoint<>("input") {
        @Override
        AgentHooks.InputResult initial(Prompt prompt) {
          return new AgentHooks.InputResult.Continue();
        }

        @Override
        void fill(ObjectNode p, Prompt prompt) {
          p.put("text", prompt.text());
          if (!prompt.images().isEmpty()) {
            p.set("images", MessageCodec.encodeBlocks(prompt.images()));
          }
          p.put("source", prompt.source().wire());
        }

        @Override
        Step<AgentHooks.InputResult> read(
            Prompt prompt, AgentHooks.InputResult result, JsonNode a, Wrong wrong) {
          if (!a.isObject()) {
            wrong.report(
                HookRunner.kind(a)
                    + " instead of {action: \"continue\", \"transform\" or \"handled\", text?}");
            return new Step.Next<>(result);
          }
          switch (a.path("action").asText("")) {
            case "continue" -> {}
            case "handled" -> {
              return new Step.Stop<>(new AgentHooks.InputResult.Handled());
            }
            case "transform" -> {
              if (!a.path("text").isTextual()) {
                wrong.report("{action: \"transform\"} without a string field text");
                break;
              }
              Optional<List<ContentBlock>> images = images(a.get("images"));
              if (images.isEmpty()) {
                wrong.report(
                    "{action: \"transform\"} with images that are not all"
                        + " {type: \"image\", data, mimeType}");
                break;
              }
              return new Step.Next<>(
                  new AgentHooks.InputResult.Transform(
                      a.get("text").textValue(),
                      HookRunner.nothing(a.get("images")) ? prompt.images() : images.get()));
            }
            default ->
                wrong.report("an object without action \"continue\", \"transform\" or \"handled\"");
          }
          return new Step.Next<>(result);
        }

        /** A transform's images: none given (empty list), the images, or empty when wrong. */
        private static Optional<List<ContentBlock>> images(JsonNode given) {
          if (HookRunner.nothing(given)) {
            return Optional.of(List.of());
          }
          if (!given.isArray()) {
            return Optional.empty();
          }
          List<ContentBlock> images = new ArrayList<>();
          for (JsonNode node : given) {
            if (!(node instanceof ObjectNode o)
                || !(MessageCodec.decodeBlock(o) instanceof ContentBlock.Image image)) {
              return Optional.empty();
            }
            images.add(image);
          }
          return Optional.of(images);
        }

        @Override
        Prompt next(Prompt prompt, AgentHooks.InputResult result) {
          return result instanceof AgentHooks.InputResult.Transform t
              ? new Prompt(t.text(), t.images(), prompt.source())
              : prompt;
        }

        /**
         * As in the reference, a script's next handler is handed the text (and images) the one
         * before transformed; a handled input ends the script's handlers.
         */
        @Override
        public Next nextHandler(JsonNode seen, JsonNode answer) {
          if (answer.path("action").asText("").equals("handled")) {
            return new Next.Stop();
          }
          if (!(seen instanceof ObjectNode payload) || !transforms(answer)) {
            return new Next.Payload(seen);
          }
          ObjectNode next = withSameFields(payload);
          next.set("text", answer.get("text"));
          if (!HookRunner.nothing(answer.get("images"))) {
            next.set("images", answer.get("images"));
          }
          return new Next.Payload(next);
        }

        /**
         * The script's answer: a handled or transform answer stands, a transform keeping the images
         * of the one before when it gives none; a later handler that only continues keeps an
         * earlier transform, as in the reference.
         */
        @Override
        public JsonNode mergeAnswers(JsonNode earlier, JsonNode later) {
          if (later.path("action").asText("").equals("handled")) {
            return later;
          }
          if (transforms(later)) {
            if (transforms(earlier)
                && HookRunner.nothing(later.get("images"))
                && !HookRunner.nothing(earlier.get("images"))) {
              ObjectNode merged = ((ObjectNode) later).deepCopy();
              merged.set("images", earlier.get("images"));
              return merged;
            }
            return later;
          }
          return transforms(earlier) ? earlier : later;
        }

        private static boolean transforms(JsonNode answer) {
          return answer instanceof ObjectNode
              && answer.path("action").asText("").equals("transform")
              && answer.path("text").isTextual();
        }
      };

  /** A prompt about to run, and the system prompt as the scripts before have left it. */
  record Start(String prompt, String systemPrompt, Optional<ObjectNode> systemPromptOptions) {}

  /**
   * {@code before_agent_start}: a message to add (the first one stands) and a system prompt (the
   * next script sees it).
   */
  static final HookPoint<Start, AgentHooks.BeforeAgentStart> BEFORE_AGENT_START =
      new HookPoint<>("before_agent_start") {
        @Override
        AgentHooks.BeforeAgentStart initial(Start input) {
          return AgentHooks.BeforeAgentStart.NOTHING;
        }

        @Override
        void fill(ObjectNode p, Start s) {
          p.put("prompt", s.prompt()).put("systemPrompt", s.systemPrompt());
          s.systemPromptOptions().ifPresent(o -> p.set("systemPromptOptions", o));
        }

        @Override
        Step<AgentHooks.BeforeAgentStart> read(
            Start input, AgentHooks.BeforeAgentStart result, JsonNode a, Wrong wrong) {
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
              wrong.report(
                  "a message without a string customType and a string or block-array content");
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
          return result
              .systemPrompt()
              .filter(p -> !p.equals(input.systemPrompt()))
              .map(p -> new Start(input.prompt(), p, input.systemPromptOptions()))
              .orElse(input);
        }
      };

  /** A tool call, with its arguments as the scripts so far have left them. */
  record Call(ContentBlock.ToolCall call, ObjectNode input) {}

  /**
   * {@code tool_call}: block the call or run it with other arguments (the next script sees them).
   * It fails closed: a failing script, or an answer that cannot be used, blocks the call.
   */
  static final HookPoint<Call, AgentHooks.ToolCallDecision> TOOL_CALL =
      new HookPoint<>("tool_call") {
        @Override
        AgentHooks.ToolCallDecision initial(Call input) {
          return new AgentHooks.ToolCallDecision.Proceed();
        }

        @Override
        void fill(ObjectNode p, Call c) {
          p.put("toolCallId", c.call().id()).put("toolName", c.call().name());
          p.set("input", c.input());
        }

        @Override
        Step<AgentHooks.ToolCallDecision> read(
            Call input, AgentHooks.ToolCallDecision result, JsonNode a, Wrong wrong) {
          if (!a.isObject()) {
            return blocked(
                wrong,
                HookRunner.kind(a) + " instead of {block?, reason?, input?}",
                "an unusable answer");
          }
          if (a.has("block") && !a.get("block").isBoolean() && !a.get("block").isNull()) {
            // A gate that answers {block: "yes"} meant to block: fail closed rather than guess.
            return blocked(wrong, "a block that is not a boolean", "an unusable answer");
          }
          if (a.path("block").asBoolean(false)) {
            if (a.has("reason") && !a.get("reason").isTextual() && !a.get("reason").isNull()) {
              wrong.report("a reason that is not a string", "the tool call is blocked without it");
            }
            String reason =
                a.path("reason").isTextual()
                    ? a.get("reason").textValue()
                    : "Blocked by " + wrong.source();
            return new Step.Stop<>(new AgentHooks.ToolCallDecision.Block(reason));
          }
          if (a.has("input")) {
            if (a.get("input") instanceof ObjectNode o) {
              return new Step.Next<>(new AgentHooks.ToolCallDecision.ReplaceInput(o));
            }
            return blocked(wrong, "an input that is not an object", "an unusable input");
          }
          return new Step.Next<>(result);
        }

        private Step<AgentHooks.ToolCallDecision> blocked(Wrong wrong, String what, String why) {
          wrong.report(what, "the tool call is blocked");
          return new Step.Stop<>(
              new AgentHooks.ToolCallDecision.Block(
                  "Blocked: the tool_call hook in " + wrong.source() + " returned " + why));
        }

        @Override
        Call next(Call input, AgentHooks.ToolCallDecision result) {
          return result instanceof AgentHooks.ToolCallDecision.ReplaceInput r
                  && r.arguments() != input.input()
              ? new Call(input.call(), r.arguments())
              : input;
        }

        @Override
        Step<AgentHooks.ToolCallDecision> failed(
            Call input, AgentHooks.ToolCallDecision result, String source, String message) {
          return new Step.Stop<>(
              new AgentHooks.ToolCallDecision.Block(
                  "Blocked: the tool_call hook in " + source + " failed: " + message));
        }

        @Override
        String failureNote() {
          return " (the tool call is blocked)";
        }

        /** A block ends the script's handlers; an input object is the next handler's input. */
        @Override
        public Next nextHandler(JsonNode seen, JsonNode answer) {
          if (!(seen instanceof ObjectNode payload)) {
            return new Next.Payload(seen);
          }
          if (answer.path("block").asBoolean(false)) {
            return new Next.Stop();
          }
          if (answer.get("input") instanceof ObjectNode input) {
            ObjectNode next = withSameFields(payload);
            next.set("input", input);
            return new Next.Payload(next);
          }
          return new Next.Payload(seen);
        }
      };

  /** A tool's result as the scripts so far have left it; {@code changed} once one patched it. */
  record ToolOutcome(
      ContentBlock.ToolCall call,
      List<ContentBlock> content,
      Optional<JsonNode> details,
      boolean isError,
      boolean changed) {}

  /**
   * {@code tool_result}: patch content, details or isError; the next script sees the patched
   * result.
   */
  static final HookPoint<ToolOutcome, ToolOutcome> TOOL_RESULT =
      new HookPoint<>("tool_result") {
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
          return new Step.Next<>(
              new ToolOutcome(result.call(), content, details, isError, changed));
        }

        @Override
        ToolOutcome next(ToolOutcome input, ToolOutcome result) {
          return result;
        }

        /** The next handler sees the content, details and isError the answer gives, as given. */
        @Override
        public Next nextHandler(JsonNode seen, JsonNode answer) {
          if (!(seen instanceof ObjectNode payload)) {
            return new Next.Payload(seen);
          }
          ObjectNode next = withSameFields(payload);
          answer
              .properties()
              .forEach(e -> {
                if (PATCHED.contains(e.getKey())) {
                  next.set(e.getKey(), e.getValue());
                }
              });
          return new Next.Payload(next);
        }
      };

  /** The fields of a tool result a {@code tool_result} answer patches. */
  private static final List<String> PATCHED = List.of("content", "details", "isError");
}
