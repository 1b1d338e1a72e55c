package dev.graft.cli.tui;

import java.util.List;
import java.util.Optional;

/** The themes graft has, by name. */
public final class Themes {
  private Themes() {}

  public static final List<String> NAMES = List.of("dark", "light");

  public static Optional<Theme> named(String name, ColorMode mode) {
    return switch (name) {
      case "dark" -> Optional.of(Theme.dark(mode));
      case "light" -> Optional.of(Theme.light(mode));
      default -> Optional.empty();
    };
  }
}
