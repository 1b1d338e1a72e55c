package dev.graft.cli.ui;

import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Theme;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A picker over several lists, Tab switching to the next (the reference's session picker: this
 * folder's sessions, Tab every folder's). Each list keeps its own filter and cursor.
 */
final class ViewsPickDialog implements Dialog<Optional<HookUi.ViewPick>> {
  private final List<PickDialog> views = new ArrayList<>();
  private int current;

  ViewsPickDialog(Theme theme, List<HookUi.PickView> views, int initialView, int rows) {
    for (int v = 0; v < views.size(); v++) {
      HookUi.PickView view = views.get(v);
      String next = views.get((v + 1) % views.size()).title();
      this.views.add(
          new PickDialog(theme, view.title(), view.choices(), 0, rows)
              .empty(view.empty())
              .hint(views.size() > 1 ? "Tab " + next : ""));
    }
    this.current = Math.max(0, Math.min(initialView, views.size() - 1));
  }

  @Override
  public Frame render(OptionalLong secondsLeft, int columns) {
    return views.get(current).render(secondsLeft, columns);
  }

  @Override
  public Optional<Optional<HookUi.ViewPick>> key(Key key) {
    if (key.kind() == Key.Kind.TAB && !key.hasModifier(Key.SHIFT) && views.size() > 1) {
      current = (current + 1) % views.size();
      return Optional.empty();
    }
    Optional<OptionalInt> done = views.get(current).key(key);
    return done.map(i ->
        i.isPresent() ? Optional.of(new HookUi.ViewPick(current, i.getAsInt())) : Optional.empty());
  }

  @Override
  public Optional<HookUi.ViewPick> cancelled() {
    return Optional.empty();
  }

  @Override
  public Optional<String> record(Optional<HookUi.ViewPick> result) {
    return views
        .get(result.map(HookUi.ViewPick::view).orElse(current))
        .record(result.map(p -> OptionalInt.of(p.index())).orElse(OptionalInt.empty()));
  }
}
