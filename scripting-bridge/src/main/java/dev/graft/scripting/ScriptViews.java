package dev.graft.scripting;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptTerminal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host side of views.js: the components scripts draw. Each script's views.js is evaluated in
 * its context when first needed; a component it hands graft becomes a {@link LiveView}, which the
 * UI asks for lines and keys go to, always through the owner thread. Also what components need from
 * the terminal ({@link ScriptTerminal}: the palette, the size, markdown). Owner thread only, except
 * {@link #useTerminal} and what LiveView calls.
 */
final class ScriptViews {
  /**
   * How long a key or a render may wait for the script thread before its view counts as stalled.
   */
  static final Duration STALL = Duration.ofMillis(250);

  /** The most characters of markdown a component may have graft draw at once. */
  static final int MAX_MARKDOWN = 1_000_000;

  private static final Source VIEWS =
      Source.newBuilder("js", WebGlobals.resource("views.js"), "graft-views.js")
          .internal(true)
          .buildLiteral();

  final OwnerThread owner;
  final RunningScripts scripts;
  final GuestErrors errors;
  private volatile ScriptTerminal terminal = ScriptTerminal.PLAIN;

  /**
   * A render that did not answer in time and has not yet: while it waits, other renders do not wait
   * either.
   */
  private volatile CompletableFuture<?> stalledRender;

  /** One script's views.js helpers (once evaluated) and the views graft holds, by id. */
  static final class State {
    final Context context;
    Value helpers;
    final Map<Integer, LiveView> open = new HashMap<>();

    State(Context context) {
      this.context = context;
    }

    /**
     * Its script ended: each view is closed, its watcher told why when the script was stopped for a
     * problem ({@code stopped}); one unloaded (a reload, graft's end) just goes.
     */
    void endAll(ScriptFileName file, Optional<String> stopped) {
      if (open.isEmpty()) {
        return;
      }
      List<LiveView> all = List.copyOf(open.values());
      open.clear();
      all.forEach(v ->
          v.ended(stopped.map(why -> file.name() + ": " + v.what() + " is gone (" + why + ")")));
    }
  }

  /** What names a script in a message. */
  interface ScriptFileName {
    String name();
  }

  ScriptViews(OwnerThread owner, RunningScripts scripts, GuestErrors errors) {
    this.owner = owner;
    this.scripts = scripts;
    this.errors = errors;
  }

  /**
   * The function the prelude calls to have views.js evaluated (when first needed) and get its
   * helpers.
   */
  ProxyExecutable install(LoadedScript s, Context context, Watchdog watchdog) {
    s.useViews(new State(context));
    return args -> watchdog.bridgeWork(() -> helpers(s));
  }

  /** {@code s}'s views.js helpers, evaluated first if need be (owner thread, inside a run). */
  Value helpers(LoadedScript s) {
    State state = s.views();
    if (state.helpers == null) {
      state.helpers = state.context.eval(VIEWS).execute(host(s));
    }
    return state.helpers;
  }

  /** A view of {@code s} graft holds from now on: the component views.js keeps under {@code id}. */
  LiveView open(LoadedScript s, int id, String what) {
    LiveView view = new LiveView(this, s, id, what);
    s.views().open.put(id, view);
    return view;
  }

  /** graft let go of view {@code id} of {@code s} (owner thread). */
  void forget(LoadedScript s, int id) {
    State state = s.views();
    if (state != null) {
      state.open.remove(id);
    }
  }

  ScriptTerminal terminal() {
    return terminal;
  }

  /**
   * Components are drawn on {@code t} from now on: each script's theme reads the new palette, and
   * every view is invalidated and drawn again (any thread).
   */
  void useTerminal(ScriptTerminal t) {
    this.terminal = t;
    owner.post(() -> {
      for (LoadedScript s : scripts.active()) {
        State state = s.views();
        if (state == null || state.helpers == null) {
          continue;
        }
        try {
          s.run(() -> state.helpers.getMember("paletteChanged").execute());
        } catch (LoadedScript.GuestException e) {
          s.log().report(ScriptLog.Level.WARN, "the theme could not be changed: " + e.getMessage());
        }
        List.copyOf(state.open.values()).forEach(LiveView::invalidate);
      }
    });
  }

  /**
   * Whether some render is waiting for the script thread past its time (the others then do not
   * wait).
   */
  boolean ownerStalled() {
    CompletableFuture<?> f = stalledRender;
    return f != null && !f.isDone();
  }

  void stalled(CompletableFuture<?> render) {
    stalledRender = render;
  }

  private ProxyExecutable host(LoadedScript s) {
    return args -> {
      String op = args[0].asString();
      return HostReply.guarded(
          "views." + op,
          () ->
              switch (op) {
                case "palette" -> HostReply.json(palette(terminal));
                case "size" -> {
                  ScriptTerminal t = terminal;
                  yield HostReply.json(
                      Json.MAPPER.createArrayNode().add(t.columns()).add(t.rows()));
                }
                case "markdown" -> {
                  String text = args.length > 1 && args[1].isString() ? args[1].asString() : "";
                  int width =
                      args.length > 2 && args[2].fitsInInt()
                          ? Math.max(1, Math.min(1000, args[2].asInt()))
                          : 80;
                  if (text.length() > MAX_MARKDOWN) {
                    throw new ArgumentChecks.BadArgument(
                        "the markdown is "
                            + text.length()
                            + " characters; the limit is "
                            + MAX_MARKDOWN);
                  }
                  ArrayNode lines = Json.MAPPER.createArrayNode();
                  terminal.markdown(text, width).forEach(lines::add);
                  yield HostReply.json(lines);
                }
                case "changed" -> {
                  LiveView v = s.views().open.get(args[1].asInt());
                  if (v != null) {
                    v.changed();
                  }
                  yield HostReply.NOTHING;
                }
                case "editor" -> {
                  LiveView v = s.views().open.get(args[1].asInt());
                  String what = args.length > 2 && args[2].isString() ? args[2].asString() : "";
                  String text = args.length > 3 && args[3].isString() ? args[3].asString() : "";
                  if (text.length() > ArgumentChecks.MAX_EDITOR_TEXT) {
                    throw new ArgumentChecks.BadArgument(
                        "the editor's text is "
                            + text.length()
                            + " characters; the limit is "
                            + ArgumentChecks.MAX_EDITOR_TEXT);
                  }
                  if (v != null && !what.isEmpty()) {
                    v.editor(what, text);
                  }
                  yield HostReply.NOTHING;
                }
                case "closed" -> {
                  LiveView v = s.views().open.remove(args[1].asInt());
                  if (v != null) {
                    v.ended(Optional.empty());
                  }
                  yield HostReply.NOTHING;
                }
                default -> throw new ArgumentChecks.BadArgument("unknown operation");
              });
    };
  }

  static ObjectNode palette(ScriptTerminal t) {
    ObjectNode p = Json.object().put("name", t.themeName()).put("mode", t.colorMode());
    ObjectNode fg = p.putObject("fg");
    t.foreground().forEach(fg::put);
    ObjectNode bg = p.putObject("bg");
    t.background().forEach(bg::put);
    return p;
  }
}
