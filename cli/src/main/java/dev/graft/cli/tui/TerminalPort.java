package dev.graft.cli.tui;

/**
 * Where the renderer draws: the terminal's size and its output (written at once on {@link #flush}).
 */
public interface TerminalPort {
  int columns();

  int rows();

  void write(String text);

  void flush();
}
