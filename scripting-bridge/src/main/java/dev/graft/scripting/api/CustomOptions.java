package dev.graft.scripting.api;

import java.util.Objects;
import java.util.Optional;

/**
 * {@code ctx.ui.custom}'s options: whether the reference would show it as an overlay, and the
 * overlay's width (columns, or a percentage "50%") and anchor, as the script gave them.
 */
public record CustomOptions(boolean overlay, Optional<String> width, Optional<String> anchor) {
  public static final CustomOptions NONE =
      new CustomOptions(false, Optional.empty(), Optional.empty());

  public CustomOptions {
    Objects.requireNonNull(width, "width");
    Objects.requireNonNull(anchor, "anchor");
  }

  /**
   * The columns the overlay takes of {@code columns}: its width when it gave one that fits, else
   * all.
   */
  public int columnsOf(int columns) {
    if (!overlay || width.isEmpty()) {
      return columns;
    }
    String w = width.get().strip();
    try {
      int n =
          w.endsWith("%")
              ? (int)
                  Math.floor(columns * Double.parseDouble(w.substring(0, w.length() - 1)) / 100.0)
              : (int) Double.parseDouble(w);
      return n >= 10 ? Math.min(columns, n) : columns;
    } catch (NumberFormatException e) {
      return columns;
    }
  }
}
