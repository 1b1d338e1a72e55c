package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The conversation as a provider should send it, after the reference's {@code transformMessages}:
 * failed and aborted assistant turns are dropped (they are incomplete and providers reject their
 * leftovers), a tool call without a result gets a synthetic error result, another model's thinking
 * becomes plain text (its signature would be rejected), tool call ids are rewritten to what the
 * target API accepts, and images become a placeholder for models without vision.
 */
final class Transcript {
  static final String NO_RESULT = "No result provided";
  static final String USER_IMAGE_PLACEHOLDER = "(image omitted: model does not support images)";
  static final String TOOL_IMAGE_PLACEHOLDER =
      "(tool image omitted: model does not support images)";

  sealed interface Turn {}

  /** User content: text and image blocks only. */
  record User(MessageContent content) implements Turn {}

  /** An assistant turn that completed; {@code sameModel} when the target model produced it. */
  record Assistant(List<ContentBlock> content, boolean sameModel) implements Turn {}

  record ToolResult(String toolCallId, String toolName, List<ContentBlock> content, boolean isError)
      implements Turn {}

  private Transcript() {}

  static List<Turn> of(
      List<AgentMessage> messages, Model model, UnaryOperator<String> normalizeId) {
    Map<String, String> idMap = new HashMap<>();
    List<Turn> out = new ArrayList<>();
    List<ContentBlock.ToolCall> pending = new ArrayList<>();
    Set<String> answered = new HashSet<>();
    for (AgentMessage message : messages) {
      Turn turn = convert(message, model, normalizeId, idMap);
      switch (turn) {
        case null -> {}
        case Assistant a -> {
          synthesize(out, pending, answered);
          if (isFailed(message)) {
            continue;
          }
          for (ContentBlock b : a.content()) {
            if (b instanceof ContentBlock.ToolCall c) {
              pending.add(c);
            }
          }
          out.add(a);
        }
        case ToolResult r -> {
          answered.add(r.toolCallId());
          out.add(r);
        }
        case User u -> {
          synthesize(out, pending, answered);
          out.add(u);
        }
      }
    }
    synthesize(out, pending, answered);
    return out;
  }

  private static boolean isFailed(AgentMessage message) {
    return switch (message) {
      case AgentMessage.Assistant a -> a.failed();
      case AgentMessage.Unknown u ->
          Json.text(u.json(), "stopReason")
              .flatMap(StopReason::of)
              .filter(StopReason::failed)
              .isPresent();
      default -> false;
    };
  }

  private static void synthesize(
      List<Turn> out, List<ContentBlock.ToolCall> pending, Set<String> answered) {
    for (ContentBlock.ToolCall call : pending) {
      if (!answered.contains(call.id())) {
        out.add(
            new ToolResult(
                call.id(), call.name(), List.of(new ContentBlock.Text(NO_RESULT)), true));
      }
    }
    pending.clear();
    answered.clear();
  }

  private static Turn convert(
      AgentMessage message,
      Model model,
      UnaryOperator<String> normalizeId,
      Map<String, String> idMap) {
    return switch (message) {
      case AgentMessage.User u -> user(u.content(), model);
      case AgentMessage.Assistant a ->
          assistant(a.content(), a.provider(), a.api(), a.model(), model, normalizeId, idMap);
      case AgentMessage.ToolResult t ->
          toolResult(t.toolCallId(), t.toolName(), t.content(), t.isError(), model, idMap);
      case AgentMessage.Unknown u -> lenient(u.json(), model, normalizeId, idMap);
      default -> null;
    };
  }

  /** Reads a message graft could not decode strictly, keeping what is usable. */
  private static Turn lenient(
      ObjectNode json, Model model, UnaryOperator<String> normalizeId, Map<String, String> idMap) {
    String role = Json.text(json, "role").orElse("");
    JsonNode content = json.get("content");
    return switch (role) {
      case "user" -> {
        if (content != null && content.isTextual()) {
          yield user(MessageContent.of(content.textValue()), model);
        }
        yield user(new MessageContent.Blocks(blocks(content)), model);
      }
      case "assistant" ->
          assistant(
              blocks(content),
              Json.text(json, "provider").orElse(""),
              Json.text(json, "api").orElse(""),
              Json.text(json, "model").orElse(""),
              model,
              normalizeId,
              idMap);
      case "toolResult" -> {
        var id = Json.text(json, "toolCallId");
        if (id.isEmpty()) {
          yield null;
        }
        List<ContentBlock> blocks =
            content != null && content.isTextual()
                ? List.of(new ContentBlock.Text(content.textValue()))
                : blocks(content);
        yield toolResult(
            id.get(),
            Json.text(json, "toolName").orElse(""),
            blocks,
            json.path("isError").asBoolean(false),
            model,
            idMap);
      }
      default -> null;
    };
  }

  private static List<ContentBlock> blocks(JsonNode content) {
    List<ContentBlock> out = new ArrayList<>();
    if (content != null && content.isArray()) {
      for (JsonNode element : content) {
        if (element instanceof ObjectNode o) {
          out.add(MessageCodec.decodeBlock(o));
        }
      }
    }
    return out;
  }

  private static Turn user(MessageContent content, Model model) {
    if (content instanceof MessageContent.PlainText) {
      return new User(content);
    }
    List<ContentBlock> kept = new ArrayList<>();
    for (ContentBlock b : content.asBlocks()) {
      if (b instanceof ContentBlock.Text || b instanceof ContentBlock.Image) {
        kept.add(b);
      }
    }
    return new User(new MessageContent.Blocks(withoutImages(kept, model, USER_IMAGE_PLACEHOLDER)));
  }

  private static Turn toolResult(
      String id,
      String name,
      List<ContentBlock> content,
      boolean isError,
      Model model,
      Map<String, String> idMap) {
    List<ContentBlock> kept = new ArrayList<>();
    for (ContentBlock b : content) {
      if (b instanceof ContentBlock.Text || b instanceof ContentBlock.Image) {
        kept.add(b);
      }
    }
    return new ToolResult(
        idMap.getOrDefault(id, id),
        name,
        withoutImages(kept, model, TOOL_IMAGE_PLACEHOLDER),
        isError);
  }

  private static Turn assistant(
      List<ContentBlock> content,
      String provider,
      String api,
      String modelId,
      Model model,
      UnaryOperator<String> normalizeId,
      Map<String, String> idMap) {
    boolean same =
        provider.equals(model.provider())
            && api.equals(model.api().wire())
            && modelId.equals(model.id());
    List<ContentBlock> out = new ArrayList<>();
    for (ContentBlock block : content) {
      switch (block) {
        case ContentBlock.Thinking t -> {
          boolean redacted = t.extra().path("redacted").asBoolean(false);
          boolean signed = t.signature().filter(s -> !s.isEmpty()).isPresent();
          if (redacted) {
            if (same) {
              out.add(t);
            }
          } else if (same && signed) {
            out.add(t);
          } else if (!t.thinking().isBlank()) {
            out.add(same ? t : new ContentBlock.Text(t.thinking()));
          }
        }
        case ContentBlock.Text t -> out.add(same ? t : new ContentBlock.Text(t.text()));
        case ContentBlock.ToolCall c -> {
          if (same) {
            out.add(c);
          } else {
            ObjectNode extra = c.extra().deepCopy();
            extra.remove("thoughtSignature");
            String id = normalizeId.apply(c.id());
            if (!id.equals(c.id())) {
              idMap.put(c.id(), id);
            }
            out.add(new ContentBlock.ToolCall(id, c.name(), c.arguments(), extra));
          }
        }
        default -> {}
      }
    }
    return new Assistant(out, same);
  }

  private static List<ContentBlock> withoutImages(
      List<ContentBlock> blocks, Model model, String placeholder) {
    if (model.images()) {
      return blocks;
    }
    List<ContentBlock> out = new ArrayList<>();
    boolean previousWasPlaceholder = false;
    for (ContentBlock b : blocks) {
      if (b instanceof ContentBlock.Image) {
        if (!previousWasPlaceholder) {
          out.add(new ContentBlock.Text(placeholder));
        }
        previousWasPlaceholder = true;
        continue;
      }
      out.add(b);
      previousWasPlaceholder = b instanceof ContentBlock.Text t && t.text().equals(placeholder);
    }
    return out;
  }
}
