package dev.graft.cli.tui;

import java.util.Collections;
import java.util.List;

/** Empty lines. */
public final class Spacer implements Component {
  private final List<String> lines;

  public Spacer(int count) {
    this.lines = Collections.nCopies(count, "");
  }

  @Override
  public List<String> render(int width) {
    return lines;
  }
}
