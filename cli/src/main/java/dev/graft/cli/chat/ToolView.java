package dev.graft.cli.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.highlight.CodeHighlighter;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One tool call and its result: a title line ({@code read src/a.txt}, {@code $ mvn test}) and a
 * body made for the tool: bash's output streamed as it comes with the time it has run, then its
 * last lines; read's first lines, coloured for the file's language; edit's diff, numbered and
 * coloured; write's content as added lines; images as {@code [image 800x600]}. The whole is drawn
 * on the pending, success or error background. Collapsed bodies say how much is left out and that
 * the expand key shows it.
 */
final class ToolView implements Component {
  private static final int BASH_LINES = 6;
  private static final int HEAD_LINES = 10;
  private static final int DIFF_LINES = 24;

  private final ViewContext ctx;
  private final String name;
  private final ObjectNode args;
  private final long started = System.nanoTime();
  private AgentEvent.ToolOutput output;
  private boolean done;
  private boolean error;
  private long endedNanos;
  private int cachedWidth = -1;
  private boolean cachedExpanded;
  private List<String> cached;

  /**
   * What the tool's script draws for its call and its result (renderCall, renderResult), when it
   * does.
   */
  private Optional<CustomRenderer.Rendered.Drawn> drawnCall = Optional.empty();

  private Optional<CustomRenderer.Rendered.Drawn> drawnResult = Optional.empty();
  private boolean drawnExpanded;
  private final LateRendering<CustomRenderer.Rendered.Drawn> again =
      new LateRendering<>(d -> d.release().run());
  private ToolRenderer renderer = ToolRenderer.NONE;
  private String toolCallId = "";

  ToolView(ViewContext ctx, String name, ObjectNode args) {
    this.ctx = ctx;
    this.name = name;
    this.args = args;
  }

  /** The component the tool's script draws for its call (in place of graft's title line). */
  void drawCall(Optional<CustomRenderer.Rendered.Drawn> call) {
    release(drawnCall);
    drawnCall = call;
    cached = null;
  }

  /**
   * The component the tool's script draws for its result (in place of graft's body), made for the
   * expanded state {@code expanded}; asked again of {@code renderer} when the user flips it.
   */
  void drawResult(
      Optional<CustomRenderer.Rendered.Drawn> result,
      boolean expanded,
      ToolRenderer renderer,
      String toolCallId) {
    release(drawnResult);
    drawnResult = result;
    drawnExpanded = expanded;
    this.renderer = renderer;
    this.toolCallId = toolCallId;
    cached = null;
  }

  /** It is no longer shown: the components its script draws are let go. */
  void release() {
    release(drawnCall);
    release(drawnResult);
  }

  /** renderResult's component asked again, in place of the one shown. */
  private void useResult(CustomRenderer.Rendered.Drawn drawn) {
    release(drawnResult);
    drawnResult = Optional.of(drawn);
  }

  private static void release(Optional<CustomRenderer.Rendered.Drawn> drawn) {
    drawn.ifPresent(d -> d.release().run());
  }

  private boolean drawsItself() {
    return drawnCall.isPresent() || drawnResult.isPresent();
  }

  void update(AgentEvent.ToolOutput partial) {
    if (!done) {
      output = partial;
      cached = null;
    }
  }

  void finish(AgentEvent.ToolOutput result, boolean isError) {
    output = result;
    error = isError;
    done = true;
    endedNanos = System.nanoTime();
    cached = null;
  }

  /** The run ended without this call's result. */
  void abandon() {
    if (!done) {
      finish(
          new AgentEvent.ToolOutput(
              List.of(new ContentBlock.Text("(no result: the run ended first)")), Optional.empty()),
          true);
    }
  }

  @Override
  public boolean finished() {
    return done
        && drawnCall.map(d -> d.component().finished()).orElse(true)
        && drawnResult.map(d -> d.component().finished()).orElse(true);
  }

  @Override
  public void invalidate() {
    cached = null;
    drawnCall.ifPresent(d -> d.component().invalidate());
    drawnResult.ifPresent(d -> d.component().invalidate());
  }

  @Override
  public List<String> render(int width) {
    again.take(ctx.expanded).ifPresent(this::useResult);
    if (drawnResult.isPresent() && drawnExpanded != ctx.expanded && done) {
      boolean expanded = ctx.expanded;
      drawnExpanded = expanded;
      again
          .ask(
              expanded,
              wait ->
                  renderer.render(
                      name, toolCallId, args, Optional.ofNullable(output), error, expanded, wait),
              ctx.redraw)
          .ifPresent(this::useResult);
    }
    if (done
        && !drawsItself()
        && cached != null
        && cachedWidth == width
        && cachedExpanded == ctx.expanded) {
      return cached;
    }
    Theme t = ctx.theme;
    List<String> body = new ArrayList<>();
    if (drawnCall.isPresent()) {
      body.addAll(drawnCall.get().component().render(Math.max(1, width - 2)));
    } else {
      body.add(title(width));
    }
    if (done && drawnResult.isPresent()) {
      body.addAll(drawnResult.get().component().render(Math.max(1, width - 2)));
    } else {
      body.addAll(body(width - 2));
    }
    ThemeRole bg =
        !done
            ? ThemeRole.TOOL_PENDING_BG
            : error ? ThemeRole.TOOL_ERROR_BG : ThemeRole.TOOL_SUCCESS_BG;
    List<String> out = new ArrayList<>();
    out.add("");
    for (String line : body) {
      String l = " " + line;
      out.add(t.colored() ? t.bg(bg, Ansi.pad(Ansi.truncate(l, width, "…"), width)) : l);
    }
    if (done) {
      cached = List.copyOf(out);
      cachedWidth = width;
      cachedExpanded = ctx.expanded;
    }
    return out;
  }

  private String title(int width) {
    Theme t = ctx.theme;
    String call = ToolLines.call(name, argsShown());
    String mark =
        !done
            ? t.fg(ThemeRole.WARNING, "● ")
            : error ? t.fg(ThemeRole.ERROR, "✗ ") : t.fg(ThemeRole.SUCCESS, "● ");
    int space = call.indexOf(' ');
    String styled =
        name.equals("bash")
            ? t.fg(ThemeRole.BASH_MODE, t.bold("$"))
                + Ansi.clean(call.substring(1).replace('\n', ' '))
            : space > 0
                ? t.bold(Ansi.clean(call.substring(0, space)))
                    + Ansi.clean(call.substring(space).replace('\n', ' '))
                : t.bold(Ansi.clean(call));
    return Ansi.truncate(mark + styled, Math.max(1, width - 2), "…");
  }

  /** The arguments with paths shown relative to the working directory. */
  private ObjectNode argsShown() {
    if (args.has("path") && args.get("path").isTextual()) {
      ObjectNode copy = args.deepCopy();
      copy.put("path", ctx.shown(args.get("path").textValue()));
      return copy;
    }
    return args;
  }

  private List<String> body(int width) {
    Theme t = ctx.theme;
    List<String> out = new ArrayList<>();
    if (output == null) {
      if (name.equals("bash") && !done) {
        out.add(t.fg(ThemeRole.MUTED, "  running, " + elapsed()));
      }
      return out;
    }
    String text = new MessageContent.Blocks(output.content()).text("\n");
    List<String> lines;
    OutputLines.Cut cut = OutputLines.Cut.HEAD;
    int limit = HEAD_LINES;
    if (error) {
      lines = OutputLines.text(text, s -> t.fg(ThemeRole.ERROR, s));
      cut = name.equals("bash") ? OutputLines.Cut.TAIL : OutputLines.Cut.HEAD;
    } else {
      switch (name) {
        case "bash" -> {
          lines = OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s));
          cut = OutputLines.Cut.TAIL;
          limit = BASH_LINES;
        }
        case "read" -> lines = readLines(text);
        case "edit" -> {
          String diff =
              output
                  .details()
                  .map(d -> d.path("diff"))
                  .filter(JsonNode::isTextual)
                  .map(JsonNode::textValue)
                  .orElse("");
          lines =
              diff.isEmpty()
                  ? OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s))
                  : DiffLines.render(diff, t);
          limit = DIFF_LINES;
        }
        case "write" -> {
          lines = writeLines();
          limit = DIFF_LINES;
          if (lines.isEmpty()) {
            lines = OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s));
          }
        }
        default -> lines = OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s));
      }
    }
    out.addAll(OutputLines.of(lines, cut, limit, ctx.expanded, width, 2, t, ctx.expandKey));
    for (ContentBlock block : output.content()) {
      if (block instanceof ContentBlock.Image image) {
        out.add("  " + t.fg(ThemeRole.ACCENT, ImageSize.label(image.data(), image.mimeType())));
      }
    }
    if (name.equals("bash")) {
      if (!done) {
        out.add(t.fg(ThemeRole.MUTED, "  running, " + elapsed()));
      } else if (endedNanos - started > 1_000_000_000L) {
        out.add(t.fg(ThemeRole.MUTED, "  took " + elapsed()));
      }
    }
    return out;
  }

  private String elapsed() {
    long nanos = (done ? endedNanos : System.nanoTime()) - started;
    return String.format(Locale.ROOT, "%.1fs", nanos / 1e9);
  }

  /** A read file's text, coloured for its language; the tool's own notes (truncation) dimmed. */
  private List<String> readLines(String text) {
    Theme t = ctx.theme;
    String path = args.path("path").asText("");
    var language = CodeHighlighter.languageOfFile(path);
    if (language.isEmpty() || text.isEmpty()) {
      return OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s));
    }
    return ctx.code.lines(text, language.get());
  }

  /** What write wrote, as numbered added lines. */
  private List<String> writeLines() {
    Theme t = ctx.theme;
    if (!args.path("content").isTextual()) {
      return List.of();
    }
    String[] lines = Ansi.clean(args.get("content").textValue()).split("\n", -1);
    int n = lines.length;
    if (n > 1 && lines[n - 1].isEmpty()) {
      n--;
    }
    int digits = String.valueOf(n).length();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          t.fg(
              ThemeRole.TOOL_DIFF_ADDED,
              "+" + String.format(Locale.ROOT, "%" + digits + "d", i + 1) + " " + lines[i]));
    }
    return out;
  }
}
