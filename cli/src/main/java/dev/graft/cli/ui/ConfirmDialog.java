package dev.graft.cli.ui;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Yes or no: y/n answer at once; arrows or Tab move between the two, Enter takes the one shown. */
final class ConfirmDialog implements Dialog<Optional<Boolean>> {
  private final Theme theme;
  private final String title;
  private final String message;
  private boolean yes = true;

  ConfirmDialog(Theme theme, String title, String message) {
    this.theme = theme;
    this.title = title;
    this.message = message;
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    List<String> lines = new ArrayList<>();
    lines.add(Dialog.title(theme, Dialog.fit(title, columns - 8), secondsLeft));
    for (String line : Ansi.clean(message).split("\n")) {
      if (!line.isBlank()) {
        lines.add("  " + Dialog.fit(line, columns - 3));
      }
    }
    String yesText = yes ? Dialog.accent(theme, "› Yes") : "  Yes";
    String noText = !yes ? Dialog.accent(theme, "› No") : "  No";
    lines.add(yesText + "   " + noText);
    lines.add(
        theme.fg(
            ThemeRole.MUTED,
            Dialog.fit("  y/n answer · ←→ move · Enter select · Esc cancel", columns - 1)));
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
    return Optional.of(theme.fg(ThemeRole.MUTED, Dialog.fit(title + ": " + answer, 1000)));
  }
}
