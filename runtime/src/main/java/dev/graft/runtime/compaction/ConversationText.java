package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A conversation as plain text for a summarizer, so the model reads it as a transcript rather than
 * a conversation to continue. Tool results are cut to 2,000 characters: a summary needs what
 * happened, not every line of output. The layout is the reference agent's. Past the reference, a
 * message's own text (each part of an assistant's) is cut the same way at {@link
 * #MESSAGE_MAX_CHARS}: a pasted log of a gigabyte is summarised from its beginning, and never
 * copied whole on the way.
 */
public final class ConversationText {
  static final int TOOL_RESULT_MAX_CHARS = 2000;

  /**
   * About 25,000 tokens by graft's estimate: far more than any message the reference's tests hold.
   */
  static final int MESSAGE_MAX_CHARS = 100_000;

  private ConversationText() {}

  /** {@code messages} as converted for a model (user, assistant and tool results). */
  public static String of(List<AgentMessage> messages) {
    List<String> parts = new ArrayList<>();
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> {
          String text = joinCut(texts(u.content().asBlocks()), "", MESSAGE_MAX_CHARS);
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
              case ContentBlock.ToolCall c ->
                  calls.add(c.name() + "(" + arguments(c.arguments()) + ")");
              default -> {}
            }
          }
          if (!thinking.isEmpty()) {
            parts.add("[Assistant thinking]: " + joinCut(thinking, "\n", MESSAGE_MAX_CHARS));
          }
          if (!text.isEmpty()) {
            parts.add("[Assistant]: " + joinCut(text, "\n", MESSAGE_MAX_CHARS));
          }
          if (!calls.isEmpty()) {
            parts.add("[Assistant tool calls]: " + joinCut(calls, "; ", MESSAGE_MAX_CHARS));
          }
        }
        case AgentMessage.ToolResult t -> {
          String text = joinCut(texts(t.content()), "", TOOL_RESULT_MAX_CHARS);
          if (!text.isEmpty()) {
            parts.add("[Tool result]: " + text);
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

  private static List<String> texts(List<ContentBlock> blocks) {
    List<String> out = new ArrayList<>();
    for (ContentBlock block : blocks) {
      if (block instanceof ContentBlock.Text t) {
        out.add(t.text());
      }
    }
    return out;
  }

  /**
   * {@code parts} joined with {@code separator} and cut as the reference cuts a tool result: past
   * {@code max} characters, the first {@code max} and {@code [... N more characters truncated]}.
   * Only what is kept is copied.
   */
  static String joinCut(List<String> parts, String separator, int max) {
    StringBuilder head = new StringBuilder();
    long total = 0;
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        total += separator.length();
        appendUpTo(head, separator, max);
      }
      total += parts.get(i).length();
      appendUpTo(head, parts.get(i), max);
    }
    return total <= max
        ? head.toString()
        : head + "\n\n[... " + (total - max) + " more characters truncated]";
  }

  private static void appendUpTo(StringBuilder sb, String s, int max) {
    int room = max - sb.length();
    if (room > 0) {
      sb.append(s, 0, Math.min(room, s.length()));
    }
  }
}
