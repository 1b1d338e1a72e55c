package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Yes or no: y/n answer at once; arrows or Tab move between the two, Enter takes the one shown. */
final class ConfirmDialog implements Dialog<Optional<Boolean>> {
  private final Screen screen;
  private final String title;
  private final String message;
  private boolean yes = true;

  ConfirmDialog(Screen screen, String title, String message) {
    this.screen = screen;
    this.title = title;
    this.message = message;
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    List<String> lines = new ArrayList<>();
    lines.add(Dialog.title(screen, Screen.fit(title, columns - 8), secondsLeft));
    for (String line : Screen.clean(message).split("\n")) {
      if (!line.isBlank()) {
        lines.add("  " + Screen.fit(line, columns - 3));
      }
    }
    String yesText = yes ? screen.style(Screen.Style.BOLD_CYAN, "› Yes") : "  Yes";
    String noText = !yes ? screen.style(Screen.Style.BOLD_CYAN, "› No") : "  No";
    lines.add(yesText + "   " + noText);
    lines.add(screen.style(Screen.Style.DIM, Screen.fit("  y/n answer · ←→ move · Enter select · Esc cancel", columns - 1)));
    return new Frame(lines, lines.size() - 2, yes ? 0 : 8);
  }

  @Override
  public Optional<Optional<Boolean>> key(Key key) {
    if (key.isCtrl('c') || key.isCtrl('d')) {
      return Optional.of(Optional.empty());
    }
    switch (key.kind()) {
      case CHAR -> {
        int c = Character.toLowerCase(key.codePoint());
        if (c == 'y') {
          return Optional.of(Optional.of(true));
        }
        if (c == 'n') {
          return Optional.of(Optional.of(false));
        }
      }
      case LEFT, RIGHT, UP, DOWN, TAB -> yes = !yes;
      case ENTER -> {
        return Optional.of(Optional.of(yes));
      }
      case ESCAPE, EOF -> {
        return Optional.of(Optional.empty());
      }
      default -> {}
    }
    return Optional.empty();
  }

  @Override
  public Optional<Boolean> cancelled() {
    return Optional.empty();
  }

  @Override
  public Optional<String> record(Optional<Boolean> result) {
    String answer = result.map(b -> b ? "yes" : "no").orElse("cancelled");
    return Optional.of(screen.style(Screen.Style.DIM, Screen.fit(title + ": " + answer, Math.max(0, screen.width() - 1))));
  }
}
