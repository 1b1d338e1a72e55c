package dev.graft.cli.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.RetryNotice;
import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.TableRow;
import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Tui;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The conversation in the terminal UI: agent events become components in the transcript (the user's
 * messages, the model's answers as they stream, each tool call with its result), and a session's
 * branch can be drawn again from its messages. Events may come from any thread; the components are
 * changed on the UI thread.
 */
public final class ChatView {
  /** How many messages a conversation drawn again shows at most (the rest is said in one line). */
  static final int SHOWN_MESSAGES = 400;

  private final Tui tui;
  private final ViewContext ctx;
  private final CustomRenderer custom;
  private final Supplier<Session> session;
  private final QueueView queue;
  private final WorkingLine working;

  /**
   * How long a custom message's renderer may take when the message arrives or a conversation is
   * drawn.
   */
  static final Duration RENDER_WAIT = Duration.ofMillis(500);

  // UI thread
  private AssistantView current;

  /**
   * The custom messages shown, whose script components are let go when the transcript is replaced.
   */
  private final List<CustomView> customs = new ArrayList<>();

  /** The tool calls shown whose script draws them, let go in the same way. */
  private final List<ToolView> drawnTools = new ArrayList<>();

  private volatile ToolRenderer toolRenderer = ToolRenderer.NONE;

  /**
   * The arguments of the calls running now of tools that draw themselves (for their result's
   * renderer).
   */
  private final Map<String, ObjectNode> drawnArgs = new ConcurrentHashMap<>();

  private final Map<String, ToolView> tools = new HashMap<>();

  public ChatView(
      Tui tui,
      ViewContext ctx,
      CustomRenderer custom,
      Supplier<Session> session,
      QueueView queue,
      WorkingLine working) {
    this.tui = tui;
    this.ctx = ctx;
    this.custom = custom;
    this.session = session;
    this.queue = queue;
    this.working = working;
  }

  public ViewContext context() {
    return ctx;
  }

  /** How the tools of scripts that draw their own calls and results are drawn. */
  public void useTools(ToolRenderer renderer) {
    this.toolRenderer = renderer;
  }

  /** An agent event (any thread). */
  public void accept(AgentEvent event) {
    if (event instanceof AgentEvent.MessageEnd end
        && end.message() instanceof AgentMessage.Custom c) {
      if (c.display()) {
        boolean expanded = ctx.expanded;
        Optional<CustomRenderer.Rendered> rendered = custom.render(c, expanded, RENDER_WAIT);
        tui.post(() -> {
          CustomView view = new CustomView(ctx, c, custom, rendered, expanded);
          customs.add(view);
          tui.append(view);
        });
      }
      return;
    }
    if (event instanceof AgentEvent.ToolExecutionStart t && toolRenderer.renders(t.toolName())) {
      drawnArgs.put(t.toolCallId(), t.args());
      Optional<CustomRenderer.Rendered.Drawn> call =
          toolRenderer.render(
              t.toolName(),
              t.toolCallId(),
              t.args(),
              Optional.empty(),
              false,
              ctx.expanded,
              RENDER_WAIT);
      tui.post(() -> {
        apply(event);
        ToolView view = tools.get(t.toolCallId());
        if (view != null) {
          view.drawCall(call);
          drawnTools.add(view);
        } else {
          call.ifPresent(d -> d.release().run());
        }
      });
      return;
    }
    if (event instanceof AgentEvent.ToolExecutionEnd t && drawnArgs.containsKey(t.toolCallId())) {
      boolean expanded = ctx.expanded;
      Optional<CustomRenderer.Rendered.Drawn> result =
          toolRenderer.render(
              t.toolName(),
              t.toolCallId(),
              drawnArgs.remove(t.toolCallId()),
              Optional.of(t.result()),
              t.isError(),
              expanded,
              RENDER_WAIT);
      tui.post(() -> {
        ToolView view = tools.get(t.toolCallId());
        apply(event);
        if (view != null) {
          view.drawResult(result, expanded, toolRenderer, t.toolCallId());
        } else {
          result.ifPresent(d -> d.release().run());
        }
      });
      return;
    }
    if (event instanceof AgentEvent.CompactionEnd c) {
      long before =
          c.entryId()
              .flatMap(id -> session.get().entry(id))
              .filter(SessionEntry.Compaction.class::isInstance)
              .map(e -> ((SessionEntry.Compaction) e).tokensBefore())
              .orElse(-1L);
      tui.post(() -> compactionEnd(c, before));
      return;
    }
    tui.post(() -> apply(event));
  }

  private void apply(AgentEvent event) {
    switch (event) {
      case AgentEvent.MessageStart m -> {
        switch (m.message()) {
          case AgentMessage.User u -> {
            queue.delivered(u.content().text("\n"));
            tui.append(new UserMessageView(ctx, u));
          }
          case AgentMessage.Assistant a -> {
            current = new AssistantView(ctx);
            tui.append(current);
          }
          default -> {}
        }
      }
      case AgentEvent.MessageUpdate u -> {
        if (current != null) {
          current.apply(u.update());
        }
      }
      case AgentEvent.MessageEnd m when m.message() instanceof AgentMessage.Assistant a -> {
        if (current == null) {
          current = new AssistantView(ctx);
          tui.append(current);
        }
        current.finish(a);
        current = null;
      }
      case AgentEvent.ToolExecutionStart t -> {
        ToolView view = new ToolView(ctx, t.toolName(), t.args());
        tools.put(t.toolCallId(), view);
        tui.append(view);
      }
      case AgentEvent.ToolExecutionUpdate t -> {
        ToolView view = tools.get(t.toolCallId());
        if (view != null) {
          view.update(t.partial());
        }
      }
      case AgentEvent.ToolExecutionEnd t -> {
        ToolView view = tools.remove(t.toolCallId());
        if (view != null) {
          view.finish(t.result(), t.isError());
        }
      }
      case AgentEvent.CompactionStart c -> {
        line(ctx.theme.fg(ThemeRole.MUTED, "compacting the context (" + reason(c.reason()) + ")…"));
        working.say("Summarizing…");
      }
      case AgentEvent.AutoRetryStart r -> {
        boolean shown = current != null && current.shownAnything();
        if (current != null) {
          current.discard("cut short; the call is made again");
          current = null;
        }
        line(ctx.theme.fg(ThemeRole.WARNING, "↻ " + Ansi.clean(RetryNotice.starting(r, shown))));
      }
      case AgentEvent.AutoRetryEnd r ->
          RetryNotice.ending(r)
              .ifPresent(text -> line(ctx.theme.fg(ThemeRole.ERROR, Ansi.clean(text))));
      case AgentEvent.AgentEnd a -> {
        // what never got its end (an error cut the run) is finished, so that it can go to the
        // scrollback
        if (current != null) {
          current.discard("the run ended before this answer did");
          current = null;
        }
        tools.values().forEach(ToolView::abandon);
        tools.clear();
      }
      default -> {}
    }
  }

  private void compactionEnd(AgentEvent.CompactionEnd c, long tokensBefore) {
    working.say(WorkingLine.WORKING);
    Theme t = ctx.theme;
    if (c.entryId().isPresent()) {
      String before =
          tokensBefore >= 0
              ? t.fg(
                  ThemeRole.MUTED,
                  " (" + String.format(Locale.ROOT, "%,d", tokensBefore) + " tokens before)")
              : "";
      tui.append(
          new SummaryView(
              ctx,
              t.fg(ThemeRole.SUCCESS, "✓ compacted the context") + before,
              c.summary().orElse("")));
    } else {
      line(
          t.fg(
              ThemeRole.WARNING,
              "compaction: " + Ansi.clean(c.error().orElse("nothing was compacted"))));
    }
  }

  private static String reason(String reason) {
    return switch (reason) {
      case "threshold" -> "it is nearly full";
      case "overflow" -> "the model said it is too long";
      case "manual" -> "/compact";
      default -> reason;
    };
  }

  /** A line in the transcript (styled, already cleaned), on the UI thread. */
  public void line(String styled) {
    tui.append(new Text(styled, 0));
  }

  /** A row of a table: a long {@code text} goes on under its own column (UI thread). */
  public void row(String lead, String text) {
    tui.append(new TableRow(lead, text));
  }

  /** A shell command's view, added to the transcript (UI thread). */
  public ShellView shell(String command, boolean excluded) {
    ShellView view = new ShellView(ctx, command, excluded);
    tui.append(view);
    return view;
  }

  /**
   * Everything the transcript shows drawn again (expanded or collapsed, thinking shown or hidden).
   */
  public void redrawAll() {
    tui.transcript().forEach(Component::invalidate);
    tui.requestRedrawAll();
  }

  /**
   * The components of {@code messages} (a branch's context), to replace the transcript with; built
   * on the calling thread (script renderers may be asked), never the UI thread.
   */
  public List<Component> conversation(List<AgentMessage> messages) {
    List<Component> out = new ArrayList<>();
    Map<String, AgentMessage.ToolResult> results = new HashMap<>();
    for (AgentMessage m : messages) {
      if (m instanceof AgentMessage.ToolResult r) {
        results.put(r.toolCallId(), r);
      }
    }
    int shownFrom = Math.max(0, messages.size() - SHOWN_MESSAGES);
    if (shownFrom > 0) {
      out.add(
          new Text(
              ctx.theme.fg(
                  ThemeRole.MUTED,
                  String.format(
                      Locale.ROOT,
                      "… %,d earlier messages (/tree lists them all; graft session export shows them)",
                      shownFrom)),
              0));
    }
    for (AgentMessage m : messages.subList(shownFrom, messages.size())) {
      switch (m) {
        case AgentMessage.User u -> out.add(new UserMessageView(ctx, u));
        case AgentMessage.Assistant a -> {
          out.add(AssistantView.of(ctx, a));
          for (ContentBlock.ToolCall call : a.toolCalls()) {
            ToolView view = new ToolView(ctx, call.name(), call.arguments());
            AgentMessage.ToolResult r = results.get(call.id());
            AgentEvent.ToolOutput output =
                r != null
                    ? new AgentEvent.ToolOutput(r.content(), r.details())
                    : new AgentEvent.ToolOutput(
                        List.of(new ContentBlock.Text("(no result)")), Optional.empty());
            boolean isError = r == null || r.isError();
            view.finish(output, isError);
            if (toolRenderer.renders(call.name())) {
              boolean expanded = ctx.expanded;
              view.drawCall(
                  toolRenderer.render(
                      call.name(),
                      call.id(),
                      call.arguments(),
                      Optional.empty(),
                      false,
                      expanded,
                      RENDER_WAIT));
              view.drawResult(
                  toolRenderer.render(
                      call.name(),
                      call.id(),
                      call.arguments(),
                      Optional.of(output),
                      isError,
                      expanded,
                      RENDER_WAIT),
                  expanded,
                  toolRenderer,
                  call.id());
            }
            out.add(view);
          }
        }
        case AgentMessage.BashExecution b -> out.add(ShellView.of(ctx, b));
        case AgentMessage.Custom c when c.display() -> {
          boolean expanded = ctx.expanded;
          out.add(
              new CustomView(ctx, c, custom, custom.render(c, expanded, RENDER_WAIT), expanded));
        }
        case AgentMessage.BranchSummary b ->
            out.add(
                new SummaryView(
                    ctx,
                    ctx.theme.fg(ThemeRole.ACCENT, "⎇ summary of the branch left"),
                    b.summary()));
        case AgentMessage.CompactionSummary c ->
            out.add(
                new SummaryView(
                    ctx,
                    ctx.theme.fg(ThemeRole.SUCCESS, "✓ compacted the context")
                        + ctx.theme.fg(
                            ThemeRole.MUTED,
                            " ("
                                + String.format(Locale.ROOT, "%,d", c.tokensBefore())
                                + " tokens before)"),
                    c.summary()));
        default -> {}
      }
    }
    return out;
  }

  /**
   * Replaces the transcript with {@code header} and {@code components} (UI thread); everything is
   * drawn again.
   */
  public void replace(List<Component> header, List<Component> components) {
    current = null;
    tools.clear();
    customs.forEach(CustomView::release);
    customs.clear();
    drawnTools.forEach(ToolView::release);
    drawnTools.clear();
    components.stream()
        .filter(CustomView.class::isInstance)
        .map(CustomView.class::cast)
        .forEach(customs::add);
    components.stream()
        .filter(ToolView.class::isInstance)
        .map(ToolView.class::cast)
        .forEach(drawnTools::add);
    tui.clearTranscript();
    header.forEach(tui::append);
    components.forEach(tui::append);
  }
}
