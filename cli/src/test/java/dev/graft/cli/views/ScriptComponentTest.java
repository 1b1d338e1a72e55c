package dev.graft.cli.views;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.tui.TerminalPort;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.Tui;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A script's component on graft's UI thread, with a view that stands in for the script. */
class ScriptComponentTest {

  private final Tui tui =
      new Tui(
          new TerminalPort() {
            @Override
            public int columns() {
              return 40;
            }

            @Override
            public int rows() {
              return 10;
            }

            @Override
            public void write(String text) {}

            @Override
            public void flush() {}
          });

  @AfterEach
  void stop() {
    tui.stop();
  }

  @Test
  void aScriptEditorThatFailsToDrawIsToldTheTextItHadBeforeItEnds() throws Exception {
    // the script thread tells graft the editor's new text, then its render of that text throws:
    // graft's editor must come back with that text, not the one before it
    List<String> heard = new CopyOnWriteArrayList<>();
    ScriptView view = new FailingEditor("boom");
    ScriptComponent component =
        new ScriptComponent(
            view, ScriptComponent.Place.EDITOR, Theme.plain(), tui, p -> heard.add("problem"));
    component.onEditor((what, text) -> heard.add(what + " " + text));
    component.onEnd(problem -> heard.add("end"));
    tui.bottom().add(component);
    tui.start(null);
    tui.requestRender();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!heard.contains("end") && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(heard).containsSubsequence("change boom", "end");
  }

  /** An editor whose script tells graft its text changed, then fails to draw it. */
  private static final class FailingEditor implements ScriptView {
    private final String text;
    private volatile Watcher watcher;
    private volatile boolean closed;

    FailingEditor(String text) {
      this.text = text;
    }

    @Override
    public Frame render(int width, Duration wait) {
      Thread script = Thread.ofPlatform().start(() -> watcher.editor("change", text));
      try {
        script.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new Frame.Failed("the editor exploded", false);
    }

    @Override
    public void watch(Watcher watcher) {
      this.watcher = watcher;
    }

    @Override
    public void close(Optional<JsonNode> result) {
      closed = true;
    }

    @Override
    public boolean closed() {
      return closed;
    }

    @Override
    public ScriptFile script() {
      return null;
    }

    @Override
    public String what() {
      return "the script's editor";
    }

    @Override
    public void input(String data) {}

    @Override
    public void invalidate() {}

    @Override
    public Optional<String> ended() {
      return Optional.empty();
    }

    @Override
    public boolean stalled() {
      return false;
    }
  }
}
