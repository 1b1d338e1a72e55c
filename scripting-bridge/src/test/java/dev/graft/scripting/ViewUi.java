package dev.graft.scripting;

import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.FooterFacts;
import dev.graft.scripting.api.ScriptUi;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A UI that draws components: it keeps what scripts hand it, and counts what their views say. */
final class ViewUi implements ScriptUi {
  final LinkedBlockingQueue<ScriptView> customs = new LinkedBlockingQueue<>();
  final LinkedBlockingQueue<ScriptView> widgets = new LinkedBlockingQueue<>();
  final LinkedBlockingQueue<ScriptView> editors = new LinkedBlockingQueue<>();
  final List<String> said = new CopyOnWriteArrayList<>();
  final List<String> events = new CopyOnWriteArrayList<>();
  final AtomicInteger changes = new AtomicInteger();
  final List<String> closings = new CopyOnWriteArrayList<>();
  final List<String> problems = new CopyOnWriteArrayList<>();
  volatile Optional<ScriptView> footer = Optional.empty();
  volatile Optional<ScriptView> header = Optional.empty();
  private final boolean components;

  ViewUi(boolean components) {
    this.components = components;
  }

  /** Watches {@code view}: its changes counted, its end recorded. */
  ScriptView watched(ScriptView view) {
    view.watch(
        new ScriptView.Watcher() {
          @Override
          public void changed() {
            changes.incrementAndGet();
          }

          @Override
          public void closed(Optional<String> problem) {
            closings.add(view.what() + ": " + problem.orElse("by the script"));
          }

          @Override
          public void problem(String problem) {
            problems.add(problem);
          }

          @Override
          public void editor(String what, String text) {
            said.add(what + " " + text);
          }
        });
    return view;
  }

  @Override
  public boolean components() {
    return components;
  }

  @Override
  public void custom(ScriptView view, CustomOptions options) {
    events.add("custom " + options);
    customs.add(watched(view));
  }

  @Override
  public void setWidget(String key, ScriptView view, String placement) {
    events.add("widget " + key + " " + placement);
    widgets.add(watched(view));
  }

  @Override
  public void setWidget(String key, Optional<List<String>> lines, String placement) {
    events.add("widget lines " + key + " " + lines);
  }

  @Override
  public void setFooter(Optional<ScriptView> view) {
    events.add("footer " + view.isPresent());
    view.ifPresent(this::watched);
    footer = view;
  }

  @Override
  public void setHeader(Optional<ScriptView> view) {
    events.add("header " + view.isPresent());
    view.ifPresent(this::watched);
    header = view;
  }

  @Override
  public void setEditor(Optional<ScriptView> view) {
    events.add("editor " + view.isPresent());
    view.ifPresent(v -> editors.add(watched(v)));
  }

  @Override
  public FooterFacts footerFacts() {
    return new FooterFacts(Optional.of("main"), Map.of("mode", "plan"), 2);
  }

  ScriptView nextCustom() throws InterruptedException {
    ScriptView v = customs.poll(10, TimeUnit.SECONDS);
    if (v == null) {
      throw new AssertionError("no ctx.ui.custom component came; events: " + events);
    }
    return v;
  }

  ScriptView nextWidget() throws InterruptedException {
    ScriptView v = widgets.poll(10, TimeUnit.SECONDS);
    if (v == null) {
      throw new AssertionError("no widget came; events: " + events);
    }
    return v;
  }

  /** The view's lines, waiting for the script thread as long as it takes (up to 10 s). */
  static List<String> lines(ScriptView view, int width) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < end) {
      ScriptView.Frame f = view.render(width, Duration.ofSeconds(5));
      switch (f) {
        case ScriptView.Frame.Lines l -> {
          return l.lines();
        }
        case ScriptView.Frame.Failed failed ->
            throw new AssertionError("render failed: " + failed.problem());
        case ScriptView.Frame.Closed c -> throw new AssertionError("the view is closed");
        case ScriptView.Frame.Late l -> {
          // asked again
        }
      }
    }
    throw new AssertionError("no lines within 10 s");
  }

  @Override
  public boolean available() {
    return true;
  }

  @Override
  public CompletableFuture<Optional<String>> select(String title, List<String> options) {
    return new CompletableFuture<>();
  }

  @Override
  public CompletableFuture<Boolean> confirm(String title, String message) {
    return new CompletableFuture<>();
  }

  @Override
  public CompletableFuture<Optional<String>> input(String title, String placeholder) {
    return new CompletableFuture<>();
  }

  @Override
  public void notify(String message, String level) {
    events.add("notify " + message);
  }
}
