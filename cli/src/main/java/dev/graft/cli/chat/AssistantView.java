package dev.graft.cli.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.cli.tui.markdown.Markdown;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * An answer of the model: its thinking (dimmed, or one line when thinking is hidden) and its text
 * as markdown, in the order they came, built up from the stream's deltas and replaced by the
 * finished message at its end, with a line when it was aborted, failed or hit the token limit.
 */
final class AssistantView implements Component {
  private final ViewContext ctx;

  /** The content blocks by their index in the message; tool calls are drawn by their own views. */
  private final TreeMap<Integer, Part> parts = new TreeMap<>();

  private AgentMessage.Assistant message;
  private boolean done;
  private String discarded;

  private sealed interface Part {}

  private record Thinking(StringBuilder text) implements Part {}

  private record Answer(StringBuilder text, Markdown markdown) implements Part {}

  AssistantView(ViewContext ctx) {
    this.ctx = ctx;
  }

  /** A finished message (from the session, when a conversation is shown again). */
  static AssistantView of(ViewContext ctx, AgentMessage.Assistant message) {
    AssistantView view = new AssistantView(ctx);
    view.finish(message);
    return view;
  }

  /** A streamed change ({@code text_delta}, {@code thinking_start}...). */
  void apply(ObjectNode update) {
    if (done) {
      return;
    }
    int index = update.path("contentIndex").asInt(0);
    switch (update.path("type").asText()) {
      case "thinking_start" -> parts.put(index, new Thinking(new StringBuilder()));
      case "thinking_delta" -> {
        if (parts.computeIfAbsent(index, i -> new Thinking(new StringBuilder()))
            instanceof Thinking t) {
          t.text().append(update.path("delta").asText());
        }
      }
      case "text_start" -> parts.put(index, answer(""));
      case "text_delta" -> {
        if (parts.computeIfAbsent(index, i -> answer("")) instanceof Answer a) {
          a.text().append(update.path("delta").asText());
          a.markdown().setText(a.text().toString());
        }
      }
      default -> {}
    }
  }

  private Answer answer(String text) {
    Markdown markdown = new Markdown(ctx.markdown, 1);
    markdown.setFinished(false);
    markdown.setText(text);
    return new Answer(new StringBuilder(text), markdown);
  }

  /** The message as it was kept: its blocks replace what was streamed. */
  void finish(AgentMessage.Assistant finished) {
    message = finished;
    done = true;
    TreeMap<Integer, Part> streamed = new TreeMap<>(parts);
    parts.clear();
    List<ContentBlock> content = finished.content();
    for (int i = 0; i < content.size(); i++) {
      switch (content.get(i)) {
        case ContentBlock.Thinking t when !t.thinking().isBlank() ->
            parts.put(i, new Thinking(new StringBuilder(t.thinking())));
        case ContentBlock.Text t when !t.text().isBlank() -> {
          Answer a =
              streamed.get(i) instanceof Answer s && s.text().toString().equals(t.text())
                  ? s
                  : answer(t.text());
          a.markdown().setFinished(true);
          parts.put(i, a);
        }
        default -> {}
      }
    }
  }

  /**
   * The call was cut short and will be made again (or the run ended without its message): what came
   * stays, marked.
   */
  void discard(String why) {
    if (!done) {
      done = true;
      discarded = why;
      parts
          .values()
          .forEach(p -> {
            if (p instanceof Answer a) {
              a.markdown().setFinished(true);
            }
          });
    }
  }

  boolean shownAnything() {
    return parts.values().stream()
        .anyMatch(
            p -> p instanceof Answer a ? !a.text().isEmpty() : !((Thinking) p).text().isEmpty());
  }

  @Override
  public boolean finished() {
    return done;
  }

  @Override
  public void invalidate() {
    parts
        .values()
        .forEach(p -> {
          if (p instanceof Answer a) {
            a.markdown().invalidate();
          }
        });
  }

  @Override
  public List<String> render(int width) {
    Theme t = ctx.theme;
    List<String> out = new ArrayList<>();
    for (Part part : parts.values()) {
      switch (part) {
        case Thinking th -> {
          String text = th.text().toString().strip();
          if (text.isEmpty()) {
            continue;
          }
          out.add("");
          if (ctx.thinkingHidden) {
            long lines = text.lines().count();
            out.add(
                " "
                    + t.fg(
                        ThemeRole.THINKING_TEXT,
                        t.italic(
                            "∴ thinking, "
                                + lines
                                + " line"
                                + (lines == 1 ? "" : "s")
                                + " ("
                                + ctx.thinkingKey
                                + " to show)")));
          } else {
            for (String line :
                Wrap.lines(
                    t.fg(ThemeRole.THINKING_TEXT, t.italic(Ansi.clean(text))),
                    Math.max(4, width - 1))) {
              out.add(" " + line);
            }
          }
        }
        case Answer a -> {
          if (a.text().toString().isBlank()) {
            continue;
          }
          out.add("");
          out.addAll(a.markdown().render(width));
        }
      }
    }
    if (discarded != null && !out.isEmpty()) {
      out.add(" " + t.fg(ThemeRole.MUTED, "(" + discarded + ")"));
    }
    if (message != null) {
      String note =
          switch (message.stopReason()) {
            case "aborted" -> t.fg(ThemeRole.WARNING, "⏹ aborted");
            case "error" ->
                t.fg(
                    ThemeRole.ERROR,
                    "✗ "
                        + Ansi.clean(
                            message.errorMessage().orElse("the model call failed").strip()));
            case "length" -> t.fg(ThemeRole.WARNING, "(the answer hit the output token limit)");
            default -> null;
          };
      if (note != null) {
        out.add("");
        out.addAll(Wrap.lines(" " + note, width));
      }
    }
    return out;
  }
}
