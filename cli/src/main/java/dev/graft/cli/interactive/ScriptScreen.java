package dev.graft.cli.interactive;

import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Container;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.Tui;
import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.TerminalUi;
import dev.graft.cli.views.ScriptComponent;
import dev.graft.cli.views.WidgetLines;
import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.FooterFacts;
import dev.graft.scripting.api.ScriptView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * What scripts draw on the terminal UI: {@code ctx.ui.custom} components in the editor's place (in
 * turn with the dialogs), widgets above and below the editor, the footer in place of graft's and
 * the header in place of its banner, a script's editor in place of graft's. A component that ends
 * for a problem stays as its notice; one its script ended or replaced goes. Methods may be called
 * on any thread; the layout changes on the UI thread.
 */
final class ScriptScreen implements ScriptComponents {
  private final Tui tui;
  private final Theme theme;
  private final TerminalUi ui;
  private final Path cwd;
  private final IntSupplier providers;
  private final Consumer<String> problems;
  private final Container above = new Container();
  private final Container below = new Container();
  private final Container footerSlot = new Container();
  private final Container headerBox = new Container();
  private final Component graftFooter;
  private final Consumer<Optional<ScriptView>> editors;
  // UI thread
  private final Map<String, Component> widgets = new LinkedHashMap<>();
  private final Map<String, String> placements = new LinkedHashMap<>();
  private List<Component> banner = List.of();
  private ScriptComponent header;

  /** {@code editors} shows a script's editor in the place of graft's (empty: graft's again). */
  ScriptScreen(
      Tui tui,
      Theme theme,
      TerminalUi ui,
      Component graftFooter,
      Path cwd,
      IntSupplier providers,
      Consumer<Optional<ScriptView>> editors) {
    this.editors = editors;
    this.tui = tui;
    this.theme = theme;
    this.ui = ui;
    this.graftFooter = graftFooter;
    this.cwd = cwd;
    this.providers = providers;
    this.problems = p -> ui.notify("script problem: " + p, HookUi.NotifyLevel.ERROR);
    footerSlot.add(graftFooter);
  }

  /** The widgets shown above the editor. */
  Component above() {
    return above;
  }

  Component below() {
    return below;
  }

  /** Where the footer goes: graft's, or a script's. */
  Component footerSlot() {
    return footerSlot;
  }

  /**
   * The first component of a conversation drawn afresh: the banner's lines, or a script's header in
   * their place (UI thread).
   */
  Component header(List<Component> bannerLines) {
    banner = List.copyOf(bannerLines);
    fillHeader();
    return headerBox;
  }

  private void fillHeader() {
    headerBox.clear();
    if (header != null && !header.ended()) {
      headerBox.add(header);
    } else {
      banner.forEach(headerBox::add);
    }
  }

  @Override
  public boolean available() {
    return true;
  }

  @Override
  public void custom(ScriptView view, CustomOptions options) {
    ScriptComponent component =
        new ScriptComponent(view, ScriptComponent.Place.DIALOG, theme, tui, problems)
            .fit(options)
            .maxLines(() -> Math.max(3, tui.rows() - 3));
    AtomicReference<Runnable> takeAway = new AtomicReference<>();
    component.onEnd(problem -> {
      Runnable r = takeAway.get();
      if (r != null) {
        r.run();
      }
    });
    takeAway.set(ui.showComponent(component, component::close));
    if (component.ended()) {
      takeAway.get().run(); // it ended before it could be taken away
    }
  }

  @Override
  public boolean widgetLines(String key, Optional<List<String>> lines, String placement) {
    tui.post(() -> place(key, lines.map(l -> (Component) new WidgetLines(l, theme)), placement));
    return true;
  }

  @Override
  public void widget(String key, ScriptView view, String placement) {
    ScriptComponent component =
        new ScriptComponent(view, ScriptComponent.Place.BOTTOM, theme, tui, problems)
            .maxLines(() -> Math.max(3, tui.rows() / 2));
    component.onEnd(problem -> {
      if (problem.isEmpty() && widgets.get(key) == component) {
        place(key, Optional.empty(), placement);
      }
    });
    tui.post(() -> place(key, Optional.of(component), placement));
  }

  /** Shows {@code widget} under {@code key} (UI thread); the one it replaces is let go. */
  private void place(String key, Optional<Component> widget, String placement) {
    Component before = widgets.remove(key);
    String where = placements.remove(key);
    if (before != null) {
      (where.equals("belowEditor") ? below : above).remove(before);
      if (before instanceof ScriptComponent s && widget.orElse(null) != before) {
        s.close();
      }
    }
    widget.ifPresent(w -> {
      widgets.put(key, w);
      placements.put(key, placement);
      (placement.equals("belowEditor") ? below : above).add(w);
    });
  }

  @Override
  public void footer(Optional<ScriptView> view) {
    Optional<ScriptComponent> component =
        view.map(v ->
            new ScriptComponent(v, ScriptComponent.Place.BOTTOM, theme, tui, problems)
                .maxLines(() -> Math.max(1, tui.rows() / 3)));
    component.ifPresent(c ->
        c.onEnd(problem -> {
          if (problem.isEmpty() && footerSlot.children().contains(c)) {
            setFooter(Optional.empty());
          }
        }));
    tui.post(() -> setFooter(component));
  }

  private void setFooter(Optional<ScriptComponent> component) {
    for (Component c : List.copyOf(footerSlot.children())) {
      if (c instanceof ScriptComponent s && component.orElse(null) != s) {
        s.close();
      }
    }
    footerSlot.clear();
    footerSlot.add(component.isPresent() ? component.get() : graftFooter);
  }

  @Override
  public void header(Optional<ScriptView> view) {
    Optional<ScriptComponent> component =
        view.map(v ->
            new ScriptComponent(v, ScriptComponent.Place.TRANSCRIPT, theme, tui, problems)
                .maxLines(() -> Math.max(3, tui.rows() / 2)));
    // one its script let go of (a reload) gives the banner back, as a stopped one keeps its notice
    component.ifPresent(c ->
        c.onEnd(problem -> {
          if (problem.isEmpty() && header == c) {
            header = null;
            fillHeader();
            tui.requestRedrawAll();
          }
        }));
    tui.post(() -> {
      if (header != null && component.orElse(null) != header) {
        header.close();
      }
      header = component.orElse(null);
      boolean shown = !banner.isEmpty() || headerBox.children().size() > 0;
      fillHeader();
      if (shown) {
        tui.requestRedrawAll(); // the header may be in the scrollback already
      }
    });
  }

  @Override
  public void editor(Optional<ScriptView> view) {
    editors.accept(view);
  }

  @Override
  public FooterFacts footerFacts() {
    return new FooterFacts(gitBranch(cwd), ui.statusesByKey(), providers.getAsInt());
  }

  /**
   * The branch checked out in the repository {@code dir} is in ("detached" for a detached HEAD), if
   * any.
   */
  static Optional<String> gitBranch(Path dir) {
    for (Path d = dir.toAbsolutePath(); d != null; d = d.getParent()) {
      Path git = d.resolve(".git");
      try {
        Path head;
        if (Files.isDirectory(git)) {
          head = git.resolve("HEAD");
        } else if (Files.isRegularFile(git)) {
          String pointer = Files.readString(git).strip();
          if (!pointer.startsWith("gitdir:")) {
            return Optional.empty();
          }
          head = d.resolve(pointer.substring("gitdir:".length()).strip()).resolve("HEAD");
        } else {
          continue;
        }
        String ref = Files.readString(head).strip();
        return Optional.of(
            ref.startsWith("ref: refs/heads/")
                ? ref.substring("ref: refs/heads/".length())
                : "detached");
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
