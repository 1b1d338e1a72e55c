package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** A line of text: the usual editing keys, Enter submits, Esc cancels. */
final class InputDialog implements Dialog<Optional<String>> {
  private final Theme theme;
  private final String title;
  private final String placeholder;
  private final TextField field;

  InputDialog(Theme theme, String title, String placeholder, String initial) {
    this.theme = theme;
    this.title = title;
    this.placeholder = placeholder == null ? "" : placeholder;
    this.field = new TextField(initial == null ? "" : initial);
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    String text = field.text();
    int room = Math.max(10, columns - 4);
    // Show the part of a long text around the cursor.
    int start = Math.max(0, field.cursor() - room + 1);
    String shown =
        text.isEmpty()
            ? theme.fg(ThemeRole.MUTED, Dialog.fit(placeholder, room))
            : Ansi.clean(text.substring(start, Math.min(text.length(), start + room)));
    List<String> lines =
        List.of(
            Dialog.title(theme, Dialog.fit(title, columns - 8), secondsLeft),
            Dialog.accent(theme, "› ") + shown,
            theme.fg(ThemeRole.MUTED, Dialog.fit("  Enter submit · Esc cancel", columns - 1)));
    return new Frame(lines, 1, 2 + field.cursor() - start);
  }

  @Override
  public Optional<Optional<String>> key(Key key) {
    if (key.isCtrl('c')) {
      return Optional.of(Optional.empty());
    }
    if (key.isCtrl('d')) {
      if (field.text().isEmpty()) {
        return Optional.of(Optional.empty());
      }
      field.edit(Key.of(Key.Kind.DELETE));
      return Optional.empty();
    }
    switch (key.kind()) {
      case ENTER -> {
        return Optional.of(Optional.of(field.text()));
      }
      case ESCAPE, EOF -> {
        return Optional.of(Optional.empty());
      }
      default -> field.edit(key);
    }
    return Optional.empty();
  }

  @Override
  public Optional<String> cancelled() {
    return Optional.empty();
  }

  @Override
  public Optional<String> record(Optional<String> result) {
    String answer = result.map(t -> t.isEmpty() ? "(empty)" : t).orElse("cancelled");
    return Optional.of(theme.fg(ThemeRole.MUTED, Dialog.fit(title + ": " + answer, 1000)));
  }
}
