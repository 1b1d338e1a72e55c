package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.runtime.message.AgentMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A shell command the user ran ({@code !cmd}): the command, its output as it comes (the last lines,
 * with the time it has run), then how it ended (exit code, cancelled, truncated and where the whole
 * output was saved).
 */
public final class ShellView implements Component {
  private static final int LINES = 12;

  private final ViewContext ctx;
  private final String command;
  private final boolean excluded;
  private final StringBuilder output = new StringBuilder();
  private final long started = System.nanoTime();
  private AgentMessage.BashExecution result;
  private long endedNanos;

  ShellView(ViewContext ctx, String command, boolean excluded) {
    this.ctx = ctx;
    this.command = command;
    this.excluded = excluded;
  }

  static ShellView of(ViewContext ctx, AgentMessage.BashExecution run) {
    ShellView view = new ShellView(ctx, run.command(), run.excluded());
    view.finish(run);
    return view;
  }

  /** Output as it comes. */
  public void append(String chunk) {
    if (result == null) {
      output.append(chunk);
    }
  }

  public void finish(AgentMessage.BashExecution run) {
    result = run;
    endedNanos = System.nanoTime();
  }

  /** Ends a run that left no record (it failed to start, say). */
  public void end() {
    if (endedNanos == 0) {
      endedNanos = System.nanoTime();
    }
  }

  @Override
  public boolean finished() {
    return endedNanos != 0;
  }

  @Override
  public List<String> render(int width) {
    Theme t = ctx.theme;
    List<String> out = new ArrayList<>();
    out.add("");
    out.add(
        Ansi.truncate(
            t.fg(ThemeRole.BASH_MODE, t.bold("$ "))
                + Ansi.clean(command.replace('\n', ' '))
                + (excluded ? t.fg(ThemeRole.MUTED, "  (not in context)") : ""),
            width,
            "…"));
    String text = result != null ? result.output() : output.toString();
    out.addAll(
        OutputLines.of(
            OutputLines.text(text, s -> t.fg(ThemeRole.TOOL_OUTPUT, s)),
            OutputLines.Cut.TAIL,
            LINES,
            ctx.expanded,
            width,
            2,
            t,
            ctx.expandKey));
    if (result == null && endedNanos == 0) {
      out.add(
          t.fg(
              ThemeRole.MUTED,
              String.format(
                  Locale.ROOT,
                  "  running, %.1fs (Esc stops it)",
                  (System.nanoTime() - started) / 1e9)));
    } else if (result != null) {
      List<String> notes = new ArrayList<>();
      if (result.cancelled()) {
        notes.add("cancelled");
      } else {
        result
            .exitCode()
            .filter(code -> code != 0)
            .ifPresent(code -> notes.add("exit code " + code));
      }
      if (result.truncated()) {
        notes.add(
            "output truncated"
                + result.fullOutputPath().map(p -> ", all of it in " + p).orElse(""));
      }
      if (!notes.isEmpty()) {
        boolean bad = result.cancelled() || result.exitCode().filter(x -> x != 0).isPresent();
        // never cut: the path of the saved output is printed whole, on rows of its own if need be
        out.addAll(
            Wrap.softLines(
                "  "
                    + t.fg(
                        bad ? ThemeRole.WARNING : ThemeRole.MUTED,
                        "(" + String.join("; ", notes) + ")"),
                width));
      }
    }
    return out;
  }
}
