package dev.graft.cli.tui;

import java.util.ArrayList;
import java.util.List;

/** Components one below the other. */
public class Container implements Component {
  private final List<Component> children = new ArrayList<>();

  public void add(Component child) {
    children.add(child);
  }

  public void add(int index, Component child) {
    children.add(index, child);
  }

  public boolean remove(Component child) {
    return children.remove(child);
  }

  public void clear() {
    children.clear();
  }

  public List<Component> children() {
    return children;
  }

  public boolean isEmpty() {
    return children.isEmpty();
  }

  @Override
  public List<String> render(int width) {
    if (children.size() == 1) {
      return children.getFirst().render(width);
    }
    List<String> lines = new ArrayList<>();
    for (Component child : children) {
      lines.addAll(child.render(width));
    }
    return lines;
  }

  @Override
  public void invalidate() {
    children.forEach(Component::invalidate);
  }

  @Override
  public boolean finished() {
    for (Component child : children) {
      if (!child.finished()) {
        return false;
      }
    }
    return true;
  }
}
