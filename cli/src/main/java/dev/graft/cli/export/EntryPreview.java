package dev.graft.cli.export;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A one-line description of an entry, for tree and list output and the exported page's tree. */
public final class EntryPreview {
  private static final int WIDTH = 72;

  private EntryPreview() {}

  /**
   * The entry on one line, escaped ({@link ScriptText}): names, labels and texts come from models
   * and scripts.
   */
  public static String of(SessionEntry entry) {
    return ScriptText.safeLine(describe(entry));
  }

  private static String describe(SessionEntry entry) {
    return switch (entry) {
      case SessionEntry.Message m -> describe(m.message());
      case SessionEntry.ModelChange m -> "model → " + m.provider() + "/" + m.modelId();
      case SessionEntry.ThinkingLevelChange t -> "thinking → " + t.thinkingLevel();
      case SessionEntry.Compaction c ->
          "compaction (keeps from "
              + c.firstKeptEntryId().orElse("nothing")
              + "): "
              + clip(c.summary());
      case SessionEntry.BranchSummary b -> "branch summary: " + clip(b.summary());
      case SessionEntry.Custom c -> "custom " + c.customType();
      case SessionEntry.CustomMessage c ->
          "custom message " + c.customType() + ": " + clip(c.content().text(" "));
      case SessionEntry.Label l ->
          "label " + l.targetId() + l.label().map(x -> " = \"" + x + "\"").orElse(" cleared");
      case SessionEntry.SessionInfo s -> "name: " + s.name().orElse("(cleared)");
      case SessionEntry.Unknown u ->
          "(" + (u.type().isEmpty() ? "entry without type" : u.type()) + ")";
    };
  }

  /** The message on one line, escaped. */
  public static String message(AgentMessage message) {
    return ScriptText.safeLine(describe(message));
  }

  private static String describe(AgentMessage message) {
    return switch (message) {
      case AgentMessage.User u -> "user: " + clip(u.content().text(" "));
      case AgentMessage.Assistant a -> {
        String text =
            a.content().stream()
                .filter(ContentBlock.Text.class::isInstance)
                .map(b -> ((ContentBlock.Text) b).text())
                .collect(Collectors.joining(" "));
        String tools =
            a.toolCalls().stream()
                .map(ContentBlock.ToolCall::name)
                .collect(Collectors.joining(", "));
        List<String> parts = new ArrayList<>();
        String said = clip(text);
        if (!said.isEmpty()) {
          parts.add(said);
        }
        if (!tools.isEmpty()) {
          parts.add("[calls " + tools + "]");
        }
        if (a.stoppedWith(StopReason.ERROR)) {
          parts.add("[error]");
        }
        if (parts.isEmpty()) {
          // as the reference's tree shows a turn that said nothing
          parts.add(a.stoppedWith(StopReason.ABORTED) ? "(aborted)" : "(no content)");
        }
        yield "assistant: " + String.join(" ", parts);
      }
      case AgentMessage.ToolResult t ->
          "result "
              + t.toolName()
              + (t.isError() ? " (error)" : "")
              + ": "
              + clip(new MessageContent.Blocks(t.content()).text(" "));
      case AgentMessage.BashExecution b ->
          "!" + b.command() + (b.excluded() ? " (not in context)" : "");
      case AgentMessage.Custom c -> "custom " + c.customType() + ": " + clip(c.content().text(" "));
      case AgentMessage.BranchSummary b -> "branch summary: " + clip(b.summary());
      case AgentMessage.CompactionSummary c -> "compaction summary: " + clip(c.summary());
      case AgentMessage.Unknown u ->
          "(" + (u.role().isEmpty() ? "message without role" : u.role()) + " message)";
    };
  }

  /**
   * The text on one line: runs of whitespace ({@code \s}) become one space, the ends are stripped,
   * what passes {@link #WIDTH} is cut, and control characters are escaped ({@link ScriptText}). A
   * loop rather than a regex, which stops once the cut is certain: tool results can be hundreds of
   * megabytes, and the tree and the export preview every entry.
   */
  public static String clip(CharSequence text) {
    StringBuilder flat = new StringBuilder(Math.min(text.length(), 256));
    int lead = 0; // leading characters of flat that strip() removes
    boolean space = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r') {
        space = true;
      } else {
        if (space && !flat.isEmpty()) {
          flat.append(' ');
          lead += lead == flat.length() - 1 ? 1 : 0;
        }
        space = false;
        flat.append(c);
        if (!Character.isWhitespace(c)) {
          if (flat.length() - lead > WIDTH) {
            break; // longer than WIDTH whatever follows: the rest would be cut
          }
        } else if (lead == flat.length() - 1) {
          lead++;
        }
      }
    }
    String line = flat.toString().strip();
    // Entries hold what models and scripts wrote: no control character reaches the terminal.
    return ScriptText.safeLine(line.length() <= WIDTH ? line : line.substring(0, WIDTH - 1) + "…");
  }
}
