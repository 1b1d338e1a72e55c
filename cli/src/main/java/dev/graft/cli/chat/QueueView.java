package dev.graft.cli.chat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages typed while the agent works and not delivered yet, above the editor: steering
 * (delivered before the model's next call) and follow-ups (when the run would end), with the key
 * that takes them back into the editor.
 */
public final class QueueView implements Component {
  /** One waiting message. */
  public record Queued(boolean followUp, String text) {}

  private final Theme theme;
  private final List<Queued> queued = new ArrayList<>();
  private String editKey = "Alt+Up";

  public QueueView(Theme theme) {
    this.theme = theme;
  }

  public void setEditKey(String key) {
    editKey = key;
  }

  public void add(boolean followUp, String text) {
    queued.add(new Queued(followUp, text));
  }

  /** Drops the first waiting message with this text (it was delivered); whether there was one. */
  public boolean delivered(String text) {
    for (int i = 0; i < queued.size(); i++) {
      if (queued.get(i).text().equals(text)) {
        queued.remove(i);
        return true;
      }
    }
    return false;
  }

  public void clear() {
    queued.clear();
  }

  public boolean isEmpty() {
    return queued.isEmpty();
  }

  public List<Queued> all() {
    return List.copyOf(queued);
  }

  @Override
  public boolean finished() {
    return false;
  }

  @Override
  public List<String> render(int width) {
    if (queued.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add("");
    for (Queued q : queued) {
      String label = q.followUp() ? "follow-up: " : "steer: ";
      out.add(
          Ansi.truncate(
              theme.fg(ThemeRole.ACCENT, " ↳ " + label) + Ansi.clean(q.text()).replace('\n', ' '),
              width,
              "…"));
    }
    out.add(
        theme.fg(
            ThemeRole.DIM,
            Ansi.truncate("   (" + editKey + " takes them back into the editor)", width, "…")));
    return out;
  }
}
