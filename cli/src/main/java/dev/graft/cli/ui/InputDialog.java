package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** A line of text: the usual editing keys, Enter submits, Esc cancels. */
final class InputDialog implements Dialog<Optional<String>> {
  private final Screen screen;
  private final String title;
  private final String placeholder;
  private final TextField field;

  InputDialog(Screen screen, String title, String placeholder, String initial) {
    this.screen = screen;
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
    String shown = text.isEmpty() ? screen.style(Screen.Style.DIM, Screen.fit(placeholder, room)) : Screen.clean(text.substring(start, Math.min(text.length(), start + room)));
    List<String> lines = List.of(
        Dialog.title(screen, Screen.fit(title, columns - 8), secondsLeft),
        screen.style(Screen.Style.BOLD_CYAN, "› ") + shown,
        screen.style(Screen.Style.DIM, Screen.fit("  Enter submit · Esc cancel", columns - 1)));
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
    return Optional.of(screen.style(Screen.Style.DIM, Screen.fit(title + ": " + answer, Math.max(0, screen.width() - 1))));
  }
}
