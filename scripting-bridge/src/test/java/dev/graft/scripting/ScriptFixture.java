package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptUi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A scripts directory in a temp dir, an engine over it, a fake host and a recording log. */
final class ScriptFixture implements AutoCloseable {
  final Path dir;
  final FakeHost host = new FakeHost();
  final RecordingLog log = new RecordingLog();
  final ScriptEngine engine;
  ScriptSources sources;

  /**
   * A context whose UI is there (its dialogs never answer): a user may be what a command waits for.
   */
  static final EventContext WITH_UI =
      new EventContext(
          Json.object(),
          new ScriptUi() {
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
            public void notify(String message, String level) {}
          });

  ScriptFixture(Path temp) {
    this(temp, ScriptSettings.defaults());
  }

  ScriptFixture(Path temp, ScriptSettings settings) {
    this.dir = temp.resolve("scripts");
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.sources = ScriptSources.of(dir);
    this.engine = ScriptEngine.start(settings, host, log);
  }

  /** Fast limits for tests that provoke them. */
  static ScriptSettings quick() {
    return ScriptSettings.defaults()
        .withSpinLimit(Duration.ofMillis(400))
        .withHandlerTimeout(Duration.ofSeconds(2));
  }

  Path write(String name, String source) {
    Path p = dir.resolve(name);
    try {
      Files.createDirectories(p.getParent());
      Files.writeString(p, source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  LoadReport load() {
    return engine.load(sources);
  }

  static JsonNode json(String text) {
    try {
      return Json.parse(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<HandlerOutcome> emit(String event, String payload) {
    return emit(event, json(payload));
  }

  List<HandlerOutcome> emit(String event, JsonNode payload) {
    return engine.emit(event, payload, EventContext.EMPTY);
  }

  /** The failure message, or a short note of the answer (never the whole payload). */
  static String messageOf(HandlerOutcome outcome) {
    if (outcome instanceof HandlerOutcome.Failed f) {
      return f.failure().message();
    }
    String value = ((HandlerOutcome.Answered) outcome).value().toString();
    return "answered " + (value.length() > 200 ? value.substring(0, 200) + "..." : value);
  }

  @Override
  public void close() {
    engine.close();
  }
}
