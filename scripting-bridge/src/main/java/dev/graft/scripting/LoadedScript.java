package dev.graft.scripting;

import dev.graft.scripting.api.ScriptFile;
import java.util.Optional;
import java.util.function.Supplier;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * One script file in its own context, and the parts of it other classes keep: what it registered
 * ({@link Registrations}, HostCalls), what it owes and awaits ({@link PendingCalls}, GuestCalls),
 * the context messages it holds ({@link MessageMirror}), and its lifecycle, which RunningScripts
 * moves through named steps. Touched only on the owner thread, except {@link #cancel}.
 */
final class LoadedScript {

  enum State {
    LOADING,
    ACTIVE,
    /** Unloaded by a reload: gets no new calls, its API calls fail, closed once idle. */
    STALE,
    /** Stopped for hitting a limit: closed, gets no calls until a reload. */
    STOPPED,
    CLOSED
  }

  /** Guest code failed; {@code stop} says whether the watchdog ended it. */
  static final class GuestException extends Exception {
    final transient PolyglotException cause;
    final Watchdog.Stop stop;

    GuestException(PolyglotException cause, Watchdog.Stop stop) {
      super(cause.getMessage(), cause, false, false);
      this.cause = cause;
      this.stop = stop;
    }
  }

  private final ScriptFile file;
  private final LogLimiter log;
  private final Context context;
  private final Watchdog watchdog;

  /**
   * Collects GraalJS's unhandled-rejection warnings into one line, written at the end of each run.
   */
  private final RejectionWarnings warnings;

  private final Registrations registered = new Registrations();
  private final PendingCalls calls = new PendingCalls();

  /** The context event's messages this script holds. */
  private final MessageMirror messages = new MessageMirror();

  private PreludeExports prelude;
  private State state = State.LOADING;

  /** Why the script is stale or stopped, for the messages of calls that find it so. */
  private String endReason = "";

  /** What its next run does ("agent_start handler"), named if that run gets stuck. */
  private String doing = "its code";

  /**
   * Its thread got stuck in guest code and was abandoned: graft never enters or closes its context
   * again (both would wait for that thread for good).
   */
  private volatile boolean abandoned;

  /**
   * Its web globals' host side (timers, cancellable calls): kept here so that it goes with the
   * script.
   */
  private WebGlobals.State web;

  /** Its Node side (grants, children, watchers, requests): ended with the script. */
  private NodeCalls.State node;

  /** The components it draws (views.js's host side), ended with it. */
  private ScriptViews.State views;

  LoadedScript(
      ScriptFile file,
      Context context,
      Watchdog watchdog,
      LogLimiter log,
      RejectionWarnings warnings) {
    this.file = file;
    this.context = context;
    this.watchdog = watchdog;
    this.log = log;
    this.warnings = warnings;
  }

  ScriptFile file() {
    return file;
  }

  /** Its log: console output within a budget, and reports of what went wrong. */
  LogLimiter log() {
    return log;
  }

  Context context() {
    return context;
  }

  /** What it registered (handlers, commands, tools, renderers). */
  Registrations registered() {
    return registered;
  }

  /** What it owes (calls waiting for a promise) and awaits (host work). */
  PendingCalls calls() {
    return calls;
  }

  MessageMirror messages() {
    return messages;
  }

  /** The prelude's functions in this script's context; set once the prelude has run. */
  PreludeExports prelude() {
    return prelude;
  }

  void usePrelude(PreludeExports exports) {
    this.prelude = exports;
  }

  boolean preludeReady() {
    return prelude != null;
  }

  // ------------------------------------------------------------------ lifecycle (RunningScripts)

  State state() {
    return state;
  }

  String endReason() {
    return endReason;
  }

  /** Loaded: it gets calls from now on. */
  void activate() {
    state = State.ACTIVE;
  }

  /** Unloaded by a reload ({@code reason}): no new calls; it is closed once idle. */
  void retire(String reason) {
    state = State.STALE;
    endReason = reason;
  }

  /** Stopped for hitting a limit ({@code why}): no calls until a reload. */
  void stop(String why) {
    state = State.STOPPED;
    endReason = "stopped: " + why;
  }

  /** About to be closed for {@code reason}, unless a retirement or a stop said why already. */
  void ending(String reason) {
    if (state != State.STALE && state != State.STOPPED) {
      endReason = reason;
    }
  }

  /** Its thread is abandoned, stuck in guest code (see {@link #abandoned}). */
  void abandon() {
    abandoned = true;
  }

  boolean abandoned() {
    return abandoned;
  }

  /** What its next run does, for the message if that run gets stuck. */
  String doing() {
    return doing;
  }

  void nowDoing(String what) {
    this.doing = what;
  }

  WebGlobals.State web() {
    return web;
  }

  /** Its web globals' host side, whose timers are cancelled when it closes. */
  void useWeb(WebGlobals.State state) {
    this.web = state;
  }

  NodeCalls.State node() {
    return node;
  }

  /** Its Node side, whose children are killed and watchers stopped when it closes. */
  void useNode(NodeCalls.State state) {
    this.node = state;
  }

  ScriptViews.State views() {
    return views;
  }

  void useViews(ScriptViews.State state) {
    this.views = state;
  }

  /** Runs guest code under the watchdog, with a fresh statement budget. */
  <T> T run(Supplier<T> body) throws GuestException {
    Watchdog.Run run;
    if (!watchdog
        .inRun()) { // a nested run (describing a value a handler threw) shares its statement budget
      try {
        context.resetLimits();
      } catch (PolyglotException e) {
        throw new GuestException(e, null);
      }
    }
    run = watchdog.begin(this);
    T result;
    try {
      result = body.get();
    } catch (PolyglotException e) {
      if (run.abandoned) {
        throw new OwnerThread.Abandoned();
      }
      throw new GuestException(e, run.stop);
    } finally {
      watchdog.end(run);
      if (warnings != null) {
        warnings.flush();
      }
    }
    if (run.abandoned) {
      // Back from guest code after the watchdog gave up on this thread: another owner thread
      // runs the scripts now; this one must not touch their state.
      throw new OwnerThread.Abandoned();
    }
    return result;
  }

  /** {@code fn(args)} through the prelude's invoke: the result arrives through {@code done}. */
  void invoke(Value fn, Object done, Object... args) {
    Object[] all = new Object[2 + args.length];
    all[0] = fn;
    all[1] = done;
    System.arraycopy(args, 0, all, 2, args.length);
    prelude.invoke().execute(all);
  }

  /**
   * {@code fn(event, ctx)} through the prelude's invokeEvent (EmitScope.enter says what the
   * arguments are); returns the ctx the handler got.
   */
  Value invokeEvent(Object... args) {
    return prelude.invokeEvent().execute(args);
  }

  /**
   * The prelude's encodeAnswer: a handler's answer as JSON text, or null for undefined; it must be
   * plain data at the top (no class instance, no generator); throws (NotJson) for the rest.
   */
  Value encodeAnswer(Value value, String what) {
    return prelude.encodeAnswer().execute(value, what);
  }

  /** The prelude's encodeContextAnswer: "ids\n" + JSON text, or null for undefined. */
  Value encodeContextAnswer(Value value, String what) {
    return prelude.encodeContextAnswer().execute(value, what);
  }

  Value decode(String json) {
    return prelude.decode().execute(json);
  }

  /** Gets new calls (events, commands, tools). */
  boolean active() {
    return state == State.ACTIVE;
  }

  /** Its API calls are served (loading or running; not once unloaded or stopped). */
  boolean serving() {
    return state == State.ACTIVE || state == State.LOADING;
  }

  /** Its code may still run (promise continuations, the default export while loading). */
  boolean running() {
    return state == State.ACTIVE || state == State.LOADING || state == State.STALE;
  }

  boolean idle() {
    return calls.idle();
  }

  /** Ends whatever the context runs and closes it; any thread (the watchdog uses it). */
  void cancel() {
    if (abandoned) {
      return;
    }
    try {
      context.close(true);
    } catch (RuntimeException e) {
      // already closed, or closing
    }
  }

  /** Closes the context; on the owner thread, while no guest code of it runs. */
  void close() {
    Optional<String> stopped = state == State.STOPPED ? Optional.of(endReason) : Optional.empty();
    state = State.CLOSED;
    if (web != null) {
      web.cancelAll(); // a pending timer would otherwise hold the closed script until it is due
    }
    if (node != null) {
      node.close(); // its programs end with it
    }
    if (views != null) {
      views.endAll(file::toString, stopped);
    }
    if (abandoned) {
      return;
    }
    try {
      context.close();
    } catch (RuntimeException e) {
      cancel();
    }
  }
}
