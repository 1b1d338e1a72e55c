package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.List;
import java.util.Optional;

/**
 * The line above the editor while graft works: a spinner, what it does ("Working…", or a script's
 * message), how long it has been at it and how to stop it. A script may change the frames and their
 * interval, the message, or hide the line.
 */
public final class WorkingLine implements Component {
  private static final List<String> FRAMES =
      List.of("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏");
  private static final int INTERVAL_MS = 80;
  public static final String WORKING = "Working…";

  private final Theme theme;
  private List<String> frames = FRAMES;
  private int intervalMs = INTERVAL_MS;
  private String scriptMessage;
  private String message = WORKING;
  private String hint = "Esc to interrupt";
  private boolean visible = true;
  private long since;
  private boolean active;

  public WorkingLine(Theme theme) {
    this.theme = theme;
  }

  /** Shows the line with {@code message} (the script's, when one set it), counting from now. */
  public void start(String message, String hint) {
    this.message = message;
    this.hint = hint;
    if (!active) {
      since = System.nanoTime();
    }
    active = true;
  }

  /** Changes what the line says, keeping its clock. */
  public void say(String message) {
    this.message = message;
  }

  public void stop() {
    active = false;
  }

  public boolean active() {
    return active;
  }

  /** A script's working message; empty restores graft's own. */
  public void setScriptMessage(Optional<String> text) {
    scriptMessage =
        text.map(Ansi::strip).map(Ansi::clean).map(s -> s.replace('\n', ' ')).orElse(null);
  }

  public void setVisible(boolean visible) {
    this.visible = visible;
  }

  /**
   * A script's frames (cleaned; none: only the text) and interval; empty and 0 restore graft's own.
   */
  public void setIndicator(Optional<List<String>> custom, int interval) {
    frames =
        custom
            .map(f ->
                f.stream().map(x -> Ansi.clean(Ansi.strip(x)).replaceAll("[\\n\\t]", "")).toList())
            .orElse(FRAMES);
    intervalMs = interval > 0 ? interval : INTERVAL_MS;
  }

  @Override
  public boolean finished() {
    return false;
  }

  @Override
  public List<String> render(int width) {
    if (!active || !visible) {
      return List.of();
    }
    long elapsedMs = (System.nanoTime() - since) / 1_000_000;
    String frame =
        frames.isEmpty()
            ? ""
            : theme.fg(ThemeRole.ACCENT, frames.get((int) (elapsedMs / intervalMs % frames.size())))
                + " ";
    String text = scriptMessage != null && message.equals(WORKING) ? scriptMessage : message;
    String time = elapsedMs >= 1000 ? elapsedMs / 1000 + "s · " : "";
    return List.of(
        Ansi.truncate(
            frame + theme.fg(ThemeRole.MUTED, text + " (" + time + hint + ")"), width, "…"));
  }
}
