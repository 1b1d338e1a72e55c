package dev.graft.cli.tui;

import java.util.List;

/**
 * A part of the terminal UI: it draws itself as lines for a width, may take keys when it has the
 * focus, and drops what it cached when told (the theme or the terminal changed). Lines are styled
 * text ({@link Theme}) of at most {@code width} columns ({@link Ansi#width}).
 */
public interface Component {

  /** The lines for {@code width} columns; each at most that wide. */
  List<String> render(int width);

  /** Handles a key when this component has the focus; false when it did not use it. */
  default boolean handleKey(Key key) {
    return false;
  }

  /** Drops cached renderings: the next {@link #render} draws afresh. */
  default void invalidate() {}

  /**
   * Whether the component is finished: it draws the same lines from now on, until invalidated. The
   * renderer leaves a finished component at the top of the transcript in the terminal's scrollback
   * and stops drawing it.
   */
  default boolean finished() {
    return true;
  }
}
