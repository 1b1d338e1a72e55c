package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.tui.Key;
import dev.graft.cli.ui.Screen;
import dev.graft.cli.views.KeyData;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.ScriptUi;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code ctx.ui} for a simulated session: dialogs take the test's answers in order (null, or no
 * answer left, dismisses), and every dialog and notification is recorded for the test to check. A
 * select answered with something that is not one of its options fails the command.
 */
final class ScriptedUi implements ScriptUi {
  private final Deque<JsonNode> answers = new ArrayDeque<>();
  private final ArrayNode dialogs = Json.array();
  private final ArrayNode notifications = Json.array();

  synchronized void answerWith(JsonNode list) {
    answers.clear();
    list.forEach(answers::add);
  }

  synchronized ArrayNode dialogs() {
    return dialogs.deepCopy();
  }

  synchronized ArrayNode notifications() {
    return notifications.deepCopy();
  }

  private synchronized Optional<JsonNode> next(ObjectNode dialog) {
    JsonNode answer = answers.poll();
    Optional<JsonNode> given =
        answer == null || answer.isNull() ? Optional.empty() : Optional.of(answer);
    dialog.set("answer", given.orElse(Json.NODES.nullNode()));
    dialogs.add(dialog);
    return given;
  }

  @Override
  public boolean available() {
    return true;
  }

  @Override
  public CompletableFuture<Optional<String>> select(String title, List<String> options) {
    ObjectNode dialog = Json.object().put("kind", "select").put("title", title);
    options.forEach(dialog.putArray("options")::add);
    Optional<JsonNode> answer = next(dialog);
    if (answer.isPresent() && !options.contains(answer.get().asText())) {
      return CompletableFuture.failedFuture(
          new IllegalArgumentException(
              "the test answered the select \""
                  + title
                  + "\" with "
                  + answer.get()
                  + ", which is not one of its options "
                  + Json.write(dialog.get("options"))));
    }
    return CompletableFuture.completedFuture(answer.map(JsonNode::asText));
  }

  @Override
  public CompletableFuture<Boolean> confirm(String title, String message) {
    Optional<JsonNode> answer =
        next(Json.object().put("kind", "confirm").put("title", title).put("message", message));
    return CompletableFuture.completedFuture(answer.map(JsonNode::asBoolean).orElse(false));
  }

  @Override
  public CompletableFuture<Optional<String>> input(String title, String placeholder) {
    Optional<JsonNode> answer = next(Json.object().put("kind", "input").put("title", title));
    return CompletableFuture.completedFuture(answer.map(JsonNode::asText));
  }

  @Override
  public synchronized void notify(String message, String level) {
    notifications.addObject().put("message", message).put("level", level);
  }

  /** A test's session draws components: their factories run, and custom dialogs are answered. */
  @Override
  public boolean components() {
    return true;
  }

  /**
   * {@code ctx.ui.custom}: recorded with the lines its component draws (80 columns) and answered by
   * the next answer: {@code {keys: ["down", "enter"]}} presses those keys (graft's key names) and
   * resolves with what the component's done() gives (undefined when it does not call it); any other
   * answer resolves the promise with that value; none dismisses it (undefined). On a thread of its
   * own: the component draws on the script thread, which calls this.
   */
  @Override
  public void custom(ScriptView view, CustomOptions options) {
    Thread.ofVirtual()
        .name("graft-test-custom")
        .start(() -> {
          ObjectNode dialog = Json.object().put("kind", "custom");
          ArrayNode lines = dialog.putArray("lines");
          if (view.render(80, DRAW_WAIT) instanceof ScriptView.Frame.Lines drawn) {
            drawn
                .lines()
                .forEach(l -> lines.add(Screen.withoutEscapes(l).replace(CURSOR_MARKER, "")));
          }
          Optional<JsonNode> answer = next(dialog);
          JsonNode keys = answer.map(a -> a.path("keys")).orElse(null);
          if (keys != null && keys.isArray()) {
            for (JsonNode name : keys) {
              Key.parse(name.asText(""))
                  .map(KeyData::of)
                  .filter(d -> !d.isEmpty())
                  .ifPresent(view::input);
            }
            view.render(80, DRAW_WAIT); // runs after the keys: once it answers, they were handled
            view.close(Optional.empty()); // the keys did not have it call done(): dismissed
            return;
          }
          view.close(answer);
        });
  }

  private static final Duration DRAW_WAIT = Duration.ofSeconds(5);
  private static final String CURSOR_MARKER = "\033_pi:c\007";
}
