package dev.graft.scripting;

import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host side of web.js: timers armed on the watchdog's scheduler whose callbacks run on the
 * owner thread as guest code under the watchdog (a fresh spin budget each, like a handler), and the
 * cancelling of host work a script's AbortSignal aborts, the errors its event listeners throw
 * (reported, as Node reports them, not thrown at the code that dispatched), and pi.events between
 * scripts. A pending timer keeps nothing alive: it fires into a script only while that script runs.
 * Owner thread only, except the scheduler's posting.
 */
final class WebGlobals {
  /**
   * Pending timers one script may have at once: a runaway setTimeout loop is refused, not queued.
   */
  static final int MAX_TIMERS = 10_000;

  /** The largest pi.events payload passed to the other scripts. */
  static final int MAX_EVENT_CHARS = 1_000_000;

  private static final Source WEB =
      Source.newBuilder("js", resource("web.js"), "graft-web.js").internal(true).buildLiteral();

  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final RunningScripts scripts;
  private final GuestErrors errors;
  private final GuestCalls calls;

  /**
   * One script's web helpers (from web.js, evaluated when first needed), its armed timers and its
   * cancellable host calls.
   */
  static final class State {
    final Context context;
    Value helpers;
    final Map<Integer, ScheduledFuture<?>> timers = new HashMap<>();
    final Map<Integer, CompletableFuture<?>> cancellable = new HashMap<>();

    State(Context context) {
      this.context = context;
    }

    void cancelAll() {
      timers.values().forEach(t -> t.cancel(false));
      timers.clear();
      cancellable.clear();
    }
  }

  WebGlobals(
      OwnerThread owner,
      Watchdog watchdog,
      RunningScripts scripts,
      GuestErrors errors,
      GuestCalls calls) {
    this.owner = owner;
    this.watchdog = watchdog;
    this.scripts = scripts;
    this.errors = errors;
    this.calls = calls;
  }

  /**
   * Prepares {@code s}'s context for the globals (before the prelude) and returns the function that
   * evaluates web.js there and returns its helpers: the prelude makes each global a getter that
   * calls it, so web.js is evaluated when a script first touches one (or graft needs an
   * AbortSignal), not at every start: most scripts use none, and it was a tenth of a first script's
   * loading.
   */
  ProxyExecutable install(LoadedScript s, Context context) {
    State state = new State(context);
    s.useWeb(state);
    return args -> watchdog.bridgeWork(() -> helpers(s));
  }

  /** Whether {@code s} has a timer armed (owner thread). */
  static boolean hasTimers(LoadedScript s) {
    return s.web() != null && !s.web().timers.isEmpty();
  }

  /**
   * The helpers web.js returned for {@code s}: fire, abortable, controller...; evaluates it first
   * if needed.
   */
  Value helpers(LoadedScript s) {
    State state = s.web();
    if (state.helpers == null) {
      state.helpers = state.context.eval(WEB).execute(host(s));
    }
    return state.helpers;
  }

  /**
   * A fresh AbortSignal in {@code s} (a tool's execute gets it) that aborts when {@code aborted}
   * completes, on the owner thread, while the script runs.
   */
  Value signal(LoadedScript s, CompletableFuture<?> aborted) {
    Value controller = helpers(s).getMember("controller").execute();
    aborted.whenComplete((v, e) ->
        owner.post(() -> {
          if (s.running()) {
            try {
              s.run(() -> controller.getMember("abort").execute());
            } catch (LoadedScript.GuestException ge) {
              report(s, "an abort listener", ge);
            }
          }
        }));
    return controller.getMember("signal");
  }

  private ProxyExecutable host(LoadedScript s) {
    return args -> {
      State state = s.web();
      String op = args[0].asString();
      int id = args.length > 1 && args[1].fitsInInt() ? args[1].asInt() : 0;
      switch (op) {
        case "set" -> {
          ScheduledFuture<?> before = state.timers.remove(id);
          if (before != null) {
            before.cancel(false);
          }
          if (state.timers.size() >= MAX_TIMERS) {
            return "this script has " + MAX_TIMERS + " timers pending already";
          }
          long ms = args.length > 2 && args[2].fitsInLong() ? Math.max(1, args[2].asLong()) : 1;
          // Weakly: a cancelled timer stays in the scheduler's queue until due, and must not keep
          // a closed script's memory until then.
          WeakReference<LoadedScript> script = new WeakReference<>(s);
          state.timers.put(
              id,
              watchdog.schedule(
                  () -> {
                    LoadedScript due = script.get();
                    if (due != null) {
                      owner.post(() -> fire(due, id));
                    }
                  },
                  Duration.ofMillis(ms)));
        }
        case "clear" -> {
          ScheduledFuture<?> timer = state.timers.remove(id);
          if (timer != null) {
            timer.cancel(false);
          }
        }
        case "bind" -> calls.lastAwaited(s).ifPresent(f -> state.cancellable.put(id, f));
        case "unbind" -> state.cancellable.remove(id);
        case "abort" -> {
          CompletableFuture<?> f = state.cancellable.remove(id);
          if (f != null) {
            f.cancel(true);
          }
        }
        case "emit" -> {
          String channel = args[1].asString();
          String text = args.length > 2 && args[2].isString() ? args[2].asString() : null;
          if (text != null && text.length() > MAX_EVENT_CHARS) {
            return "graft.events.emit: the data is too large (more than "
                + MAX_EVENT_CHARS
                + " characters of JSON)";
          }
          for (LoadedScript other : scripts.active()) {
            if (other != s) {
              owner.post(() -> deliver(other, channel, text));
            }
          }
        }
        case "report" -> {
          // Described once the current run is over: describing a thrown value runs guest code.
          String what = "an \"" + args[1].asString() + "\" event listener";
          Value thrown = args.length > 2 ? args[2] : null;
          owner.post(() -> {
            if (s.running()) {
              s.log().report(ScriptLog.Level.ERROR, errors.thrown(s, what, thrown).message());
            }
          });
        }
        default -> {
          return "unknown operation " + op;
        }
      }
      return null;
    };
  }

  private void deliver(LoadedScript s, String channel, String text) {
    State state = s.web();
    if (state == null || state.helpers == null || !s.running()) {
      return; // a script that never touched pi.events or a web global listens to nothing
    }
    try {
      s.run(() -> state.helpers.getMember("deliver").execute(channel, text));
    } catch (LoadedScript.GuestException ge) {
      report(s, "a graft.events handler for \"" + channel + "\"", ge);
    }
    scripts.closeIfDone(s);
  }

  private void fire(LoadedScript s, int id) {
    State state = s.web();
    if (state == null || state.helpers == null || !s.running() || state.timers.remove(id) == null) {
      return;
    }
    try {
      s.run(() -> state.helpers.getMember("fire").execute(id));
    } catch (LoadedScript.GuestException ge) {
      report(s, "a timer callback", ge);
    }
    scripts.closeIfDone(s);
  }

  private void report(LoadedScript s, String what, LoadedScript.GuestException ge) {
    Failure f = errors.of(s, what, ge);
    if (f.kind() == Failure.Kind.STOPPED) {
      scripts.stop(s, f);
    } else {
      s.log().report(ScriptLog.Level.ERROR, f.message());
    }
  }

  static String resource(String name) {
    try (InputStream in = WebGlobals.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
