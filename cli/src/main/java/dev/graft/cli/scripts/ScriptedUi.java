package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptUi;
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
}
