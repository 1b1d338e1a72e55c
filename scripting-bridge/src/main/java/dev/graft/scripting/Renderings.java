package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ToolRenderRequest;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import org.graalvm.polyglot.Value;

/**
 * Asks scripts' renderers how to show something, waiting a bounded time: a message renderer for a
 * custom message, a tool's renderCall or renderResult for its call. A renderer answers a component
 * (kept in the script, held by graft as a {@link LiveView}), a text (message renderers written for
 * graft), or nothing (graft's default). Any thread but the owner thread.
 */
final class Renderings {
  private final OwnerThread owner;
  private final RunningScripts scripts;
  private final ScriptViews views;
  private final GuestCalls calls;
  private final Marshal marshal;
  private final Watchdog watchdog;

  Renderings(
      OwnerThread owner,
      RunningScripts scripts,
      ScriptViews views,
      GuestCalls calls,
      Marshal marshal,
      Watchdog watchdog) {
    this.owner = owner;
    this.scripts = scripts;
    this.views = views;
    this.calls = calls;
    this.marshal = marshal;
    this.watchdog = watchdog;
  }

  /** A helper of views.js and its arguments, for the script that renders. */
  private record Ask(Value helper, GuestCalls.Arguments arguments) {}

  Optional<MessageRendering> message(JsonNode message, boolean expanded, Duration wait) {
    String customType = message.path("customType").asText("");
    return render(
        "message renderer for \"" + customType + "\"",
        wait,
        (s, what) -> {
          Value renderer = s.registered().renderer(customType).orElse(null);
          return renderer == null
              ? null
              : new Ask(
                  views.helpers(s).getMember("renderMessage"),
                  x ->
                      new Object[] {
                        renderer, watchdog.bridgeWork(() -> marshal.toJs(x, message)), expanded
                      });
        });
  }

  Optional<MessageRendering> tool(ToolRenderRequest r, Duration wait) {
    boolean result = r.result().isPresent();
    String which = result ? "renderResult" : "renderCall";
    return render(
        which + " of tool " + r.toolName(),
        wait,
        (s, what) -> {
          Registrations.Tool tool = s.registered().tool(r.toolName()).orElse(null);
          Value fn = tool == null ? null : result ? tool.renderResult() : tool.renderCall();
          if (fn == null) {
            return null;
          }
          String state =
              Json.write(
                  Json.object()
                      .put("toolCallId", r.toolCallId())
                      .put("cwd", r.cwd())
                      .put("executionStarted", true)
                      .put("isPartial", r.isPartial())
                      .put("expanded", r.expanded())
                      .put("isError", r.isError()));
          return new Ask(
              views.helpers(s).getMember("renderTool"),
              x ->
                  new Object[] {
                    fn,
                    result ? "result" : "call",
                    Json.write(r.args()),
                    r.result().map(Json::write).orElse(null),
                    state
                  });
        });
  }

  private Optional<MessageRendering> render(
      String what, Duration wait, BiFunction<LoadedScript, String, Ask> ask) {
    if (owner.isCurrent()) {
      return Optional.of(
          new MessageRendering.Failed("the " + what + " cannot run from the script thread"));
    }
    AtomicBoolean gaveUp = new AtomicBoolean();
    LiveView[] made = new LiveView[1];
    CompletableFuture<JsonNode> answer =
        owner
            .submit(() -> {
              for (LoadedScript s : scripts.active()) {
                Ask a = ask.apply(s, what);
                if (a != null) {
                  return calls
                      .call(s, a.helper(), what, true, Optional.of(wait), a.arguments())
                      .thenApply(v -> {
                        if (v.isInt()) {
                          LiveView view =
                              views.open(s, v.asInt(), "the component the " + what + " returned");
                          if (gaveUp.get()) {
                            view.close(Optional.empty()); // nobody waits for it any more
                          } else {
                            made[0] = view;
                          }
                        }
                        return v;
                      });
                }
              }
              return CompletableFuture.completedFuture((JsonNode) Json.NODES.missingNode());
            })
            .thenCompose(f -> f);
    try {
      JsonNode value = answer.get(wait.toMillis(), TimeUnit.MILLISECONDS);
      if (value.isMissingNode() || value.isNull()) {
        return Optional.empty();
      }
      if (value.isInt() && made[0] != null) {
        return Optional.of(new MessageRendering.View(made[0]));
      }
      if (!value.isTextual()) {
        return Optional.of(
            new MessageRendering.Failed(
                what
                    + " returned "
                    + value.getNodeType().toString().toLowerCase()
                    + ", not a string"));
      }
      return Optional.of(new MessageRendering.Text(value.textValue()));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      while (cause instanceof CompletionException && cause.getCause() != null) {
        cause = cause.getCause();
      }
      return Optional.of(
          new MessageRendering.Failed(
              cause instanceof ScriptFailure sf
                  ? sf.failure().message()
                  : what + " failed: " + cause.getMessage()));
    } catch (TimeoutException e) {
      gaveUp.set(true);
      answer.cancel(false);
      return Optional.of(
          new MessageRendering.Failed(what + " did not answer within " + wait.toMillis() + " ms"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      gaveUp.set(true);
      return Optional.of(new MessageRendering.Failed(what + " was interrupted"));
    }
  }
}
