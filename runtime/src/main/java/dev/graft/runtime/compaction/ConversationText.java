package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A conversation as plain text for a summarizer, so the model reads it as a transcript rather
 * than a conversation to continue. Tool results are cut to 2,000 characters: a summary needs
 * what happened, not every line of output. The layout is the reference agent's.
 */
public final class ConversationText {
  static final int TOOL_RESULT_MAX_CHARS = 2000;

  private ConversationText() {}

  /** {@code messages} as converted for a model (user, assistant and tool results). */
  public static String of(List<AgentMessage> messages) {
    List<String> parts = new ArrayList<>();
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> {
          String text = u.content().text("");
          if (!text.isEmpty()) {
            parts.add("[User]: " + text);
          }
        }
        case AgentMessage.Assistant a -> {
          List<String> text = new ArrayList<>();
          List<String> thinking = new ArrayList<>();
          List<String> calls = new ArrayList<>();
          for (ContentBlock block : a.content()) {
            switch (block) {
              case ContentBlock.Text t -> text.add(t.text());
              case ContentBlock.Thinking t -> thinking.add(t.thinking());
              case ContentBlock.ToolCall c -> calls.add(c.name() + "(" + arguments(c.arguments()) + ")");
              default -> {}
            }
          }
          if (!thinking.isEmpty()) {
            parts.add("[Assistant thinking]: " + String.join("\n", thinking));
          }
          if (!text.isEmpty()) {
            parts.add("[Assistant]: " + String.join("\n", text));
          }
          if (!calls.isEmpty()) {
            parts.add("[Assistant tool calls]: " + String.join("; ", calls));
          }
        }
        case AgentMessage.ToolResult t -> {
          String text = new MessageContent.Blocks(t.content()).text("");
          if (!text.isEmpty()) {
            parts.add("[Tool result]: " + cut(text));
          }
        }
        default -> {}
      }
    }
    return String.join("\n\n", parts);
  }

  private static String arguments(JsonNode args) {
    List<String> pairs = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : args.properties()) {
      pairs.add(e.getKey() + "=" + Json.write(Json.jsValue(e.getValue())));
    }
    return String.join(", ", pairs);
  }

  static String cut(String text) {
    if (text.length() <= TOOL_RESULT_MAX_CHARS) {
      return text;
    }
    return text.substring(0, TOOL_RESULT_MAX_CHARS) + "\n\n[... " + (text.length() - TOOL_RESULT_MAX_CHARS)
        + " more characters truncated]";
  }
}
