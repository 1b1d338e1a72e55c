package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptUi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A script's {@code ctx.ui} in the RPC mode: each dialog is an {@code extension_ui_request} line
 * with a fresh id, answered by the client's {@code extension_ui_response} with that id (read by the
 * RPC reader, which never waits for one); {@code editor} is a dialog too. Notifications, status
 * texts, widgets (lines), the title and editor text are requests that need no answer, as in the
 * reference's RPC mode; its working message is not sent there either. A timeout, an {@code abort}
 * or the end of input closes a dialog as dismissed.
 */
final class RpcUi implements ScriptUi {
  private final Consumer<ObjectNode> out;
  private final Map<String, Pending> pending = new ConcurrentHashMap<>();
  private volatile boolean inputEnded;
  private final Runnable shutdown;

  /**
   * A dialog waiting for its answer: reads the client's response, or says what is wrong with it.
   */
  private record Pending(
      String method, CompletableFuture<Optional<JsonNode>> answer, Reader reader) {}

  /** The value a response carries for a dialog, or an error message. */
  @FunctionalInterface
  private interface Reader {
    JsonNode read(ObjectNode response) throws BadResponse;
  }

  private static final class BadResponse extends Exception {
    BadResponse(String message) {
      super(message, null, false, false);
    }
  }

  RpcUi(Consumer<ObjectNode> out, Runnable shutdown) {
    this.out = out;
    this.shutdown = shutdown;
  }

  @Override
  public boolean available() {
    return true;
  }

  @Override
  public CompletableFuture<Optional<String>> select(String title, List<String> options) {
    return select(title, options, Optional.empty());
  }

  @Override
  public CompletableFuture<Optional<String>> select(
      String title, List<String> options, Optional<Duration> timeout) {
    ObjectNode request = request("select").put("title", title);
    options.forEach(request.putArray("options")::add);
    return ask(
            request,
            timeout,
            response -> {
              JsonNode value = response.get("value");
              if (value == null || !value.isTextual()) {
                throw new BadResponse(
                    "a select is answered with a string \"value\" (one of the options) or \"cancelled\": true");
              }
              if (!options.contains(value.textValue())) {
                throw new BadResponse(
                    "\""
                        + value.textValue()
                        + "\" is not one of the options "
                        + Json.write(request.get("options")));
              }
              return value;
            })
        .thenApply(v -> v.map(JsonNode::textValue));
  }

  @Override
  public CompletableFuture<Boolean> confirm(String title, String message) {
    return confirm(title, message, Optional.empty());
  }

  @Override
  public CompletableFuture<Boolean> confirm(
      String title, String message, Optional<Duration> timeout) {
    ObjectNode request =
        request("confirm").put("title", title).put("message", message == null ? "" : message);
    return ask(
            request,
            timeout,
            response -> {
              JsonNode confirmed = response.get("confirmed");
              if (confirmed == null || !confirmed.isBoolean()) {
                throw new BadResponse(
                    "a confirm is answered with a boolean \"confirmed\" or \"cancelled\": true");
              }
              return confirmed;
            })
        .thenApply(v -> v.map(JsonNode::booleanValue).orElse(false));
  }

  @Override
  public CompletableFuture<Optional<String>> input(String title, String placeholder) {
    return input(title, placeholder, Optional.empty());
  }

  @Override
  public CompletableFuture<Optional<String>> input(
      String title, String placeholder, Optional<Duration> timeout) {
    ObjectNode request = request("input").put("title", title);
    if (placeholder != null) {
      request.put("placeholder", placeholder);
    }
    return ask(
            request,
            timeout,
            response -> {
              JsonNode value = response.get("value");
              if (value == null || !value.isTextual()) {
                throw new BadResponse(
                    "an input is answered with a string \"value\" or \"cancelled\": true");
              }
              return value;
            })
        .thenApply(v -> v.map(JsonNode::textValue));
  }

  @Override
  public void notify(String message, String level) {
    out.accept(request("notify").put("message", message).put("notifyType", level));
  }

  @Override
  public void setStatus(String key, Optional<String> text) {
    ObjectNode request = request("setStatus").put("statusKey", key);
    text.ifPresent(t -> request.put("statusText", t));
    out.accept(request);
  }

  /** Asks the client to put {@code text} in its editor (ctx.ui.setEditorText). */
  @Override
  public void setEditorText(String text) {
    out.accept(request("set_editor_text").put("text", text));
  }

  @Override
  public CompletableFuture<Optional<String>> editor(String title, String prefill) {
    ObjectNode request = request("editor").put("title", title);
    if (!prefill.isEmpty()) {
      request.put("prefill", prefill);
    }
    return ask(
            request,
            Optional.empty(),
            response -> {
              JsonNode value = response.get("value");
              if (value == null || !value.isTextual()) {
                throw new BadResponse(
                    "an editor is answered with a string \"value\" or \"cancelled\": true");
              }
              return value;
            })
        .thenApply(v -> v.map(JsonNode::textValue));
  }

  @Override
  public void setWidget(String key, Optional<List<String>> lines, String placement) {
    ObjectNode request = request("setWidget").put("widgetKey", key);
    lines.ifPresent(l -> l.forEach(request.putArray("widgetLines")::add));
    out.accept(request.put("widgetPlacement", placement));
  }

  @Override
  public void setTitle(String title) {
    out.accept(request("setTitle").put("title", title));
  }

  @Override
  public void shutdown() {
    shutdown.run();
  }

  /**
   * The client's answer to one of our dialogs: empty when taken, or why it was refused (an unknown
   * id, or a value the dialog cannot take; that dialog then stays open).
   */
  Optional<String> answer(ObjectNode response) {
    JsonNode idNode = response.get("id");
    if (idNode == null || !idNode.isTextual()) {
      return Optional.of(
          "extension_ui_response needs the string \"id\" of the extension_ui_request it answers");
    }
    String id = idNode.textValue();
    Pending p = pending.get(id);
    if (p == null) {
      return Optional.of(
          "no dialog is waiting for an answer with id "
              + id
              + (pending.isEmpty()
                  ? " (none is open)"
                  : " (open: " + String.join(", ", pending.keySet()) + ")")
              + "; it was answered already, timed out or was cancelled, or never asked");
    }
    if (response.path("cancelled").asBoolean(false)) {
      close(id, Optional.empty());
      return Optional.empty();
    }
    try {
      JsonNode value = p.reader().read(response);
      close(id, Optional.of(value));
      return Optional.empty();
    } catch (BadResponse e) {
      return Optional.of(
          e.getMessage() + "; the " + p.method() + " with id " + id + " is still open");
    }
  }

  /**
   * Input has ended: no answer can come, so every dialog, open or still to be asked, is dismissed.
   */
  void endOfInput() {
    inputEnded = true;
    dismissAll();
  }

  /** Closes every open dialog as dismissed ({@code abort}). */
  void dismissAll() {
    for (String id : List.copyOf(pending.keySet())) {
      close(id, Optional.empty());
    }
  }

  private CompletableFuture<Optional<JsonNode>> ask(
      ObjectNode request, Optional<Duration> timeout, Reader reader) {
    String id = request.get("id").textValue();
    CompletableFuture<Optional<JsonNode>> answer = new CompletableFuture<>();
    pending.put(id, new Pending(request.get("method").textValue(), answer, reader));
    if (inputEnded) {
      close(id, Optional.empty());
      return answer;
    }
    timeout.ifPresent(t -> {
      request.put("timeout", t.toMillis());
      CompletableFuture.delayedExecutor(t.toMillis(), TimeUnit.MILLISECONDS)
          .execute(() -> close(id, Optional.empty()));
    });
    out.accept(request);
    return answer;
  }

  private void close(String id, Optional<JsonNode> value) {
    Pending p = pending.remove(id);
    if (p != null) {
      p.answer().complete(value);
    }
  }

  private static ObjectNode request(String method) {
    return Json.object()
        .put("type", "extension_ui_request")
        .put("id", UUID.randomUUID().toString())
        .put("method", method);
  }
}
