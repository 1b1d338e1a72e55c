package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptTool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Supplier;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * One script file in its own context: its state, what it registered, and the calls into it still
 * waiting for a promise. Touched only on the owner thread, except {@link #cancel}.
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

  record Command(ScriptCommand info, Value handler) {}

  record Tool(ScriptTool info, Value execute) {}

  /** A call whose promise has not settled yet. */
  static final class Call {
    final String what;
    /** False for a script's default export, whose result is not wanted. */
    final boolean wantResult;
    /** A context handler's: its answer names the messages it returned unchanged by id ({@link MessageMirror}). */
    final boolean contextAnswer;
    final CompletableFuture<JsonNode> result = new CompletableFuture<>();
    ScheduledFuture<?> timer;
    /** The function called, whose line is named when an error has no line of its own. */
    Value fn;

    Call(String what, boolean wantResult) {
      this(what, wantResult, false);
    }

    Call(String what, boolean wantResult, boolean contextAnswer) {
      this.what = what;
      this.wantResult = wantResult;
      this.contextAnswer = contextAnswer;
    }
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

  final ScriptFile file;
  final LogLimiter log;
  private final Context context;
  private final Watchdog watchdog;
  private Value helpers;
  private Value invoke;
  private Value encode;
  private Value encodeAnswer;
  private Value encodeContext;
  private Value decode;

  State state = State.LOADING;
  /** Why the script is stale or stopped, for the messages of calls that find it so. */
  String endReason = "";
  final Map<String, List<Value>> handlers = new LinkedHashMap<>();
  final Map<String, Command> commands = new LinkedHashMap<>();
  final Map<String, Tool> tools = new LinkedHashMap<>();
  /** graft's wrappers of handlers (tool_call's watchInput) to the script's own functions. */
  private final Map<Value, Value> wrapped = new java.util.IdentityHashMap<>();
  /** Message renderers by custom type. */
  final Map<String, Value> renderers = new LinkedHashMap<>();
  final Set<Call> pending = new LinkedHashSet<>();
  /** The context event's messages this script holds. */
  final MessageMirror messages = new MessageMirror();
  /** Host futures the script awaits. */
  int hostWaits;
  /** Collects GraalJS's unhandled-rejection warnings into one line, written at the end of each run. */
  RejectionWarnings warnings;
  /** What its next run does ("agent_start handler"), named if that run gets stuck. */
  String doing = "its code";
  /**
   * Its thread got stuck in guest code and was abandoned: graft never enters or closes its
   * context again (both would wait for that thread for good).
   */
  volatile boolean abandoned;
  /** The future of the latest host call the script awaits (GuestCalls; an AbortSignal may cancel it). */
  java.util.concurrent.CompletableFuture<?> lastAwaited;
  /** Its web globals' host side (WebGlobals): kept here so that it goes with the script. */
  Object web;
  /** Run when the script is closed (WebGlobals cancels its pending timers). */
  Runnable onClose = () -> {};

  LoadedScript(ScriptFile file, Context context, Watchdog watchdog, LogLimiter log) {
    this.file = file;
    this.context = context;
    this.watchdog = watchdog;
    this.log = log;
  }

  Context context() {
    return context;
  }

  void setHelpers(Value helpers) {
    this.helpers = helpers;
    this.invoke = helpers.getMember("invoke");
    this.encode = helpers.getMember("encode");
    this.encodeAnswer = helpers.getMember("encodeAnswer");
    this.encodeContext = helpers.getMember("encodeContextAnswer");
    this.decode = helpers.getMember("decode");
  }

  boolean helpersReady() {
    return helpers != null;
  }

  Value helper(String name) {
    return helpers.getMember(name);
  }

  /** Runs guest code under the watchdog, with a fresh statement budget. */
  <T> T run(Supplier<T> body) throws GuestException {
    Watchdog.Run run;
    if (!watchdog.inRun()) { // a nested run (describing a value a handler threw) shares its statement budget
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
    invoke.execute(all);
  }

  /** The prelude's encode: JSON text, or null for undefined; throws (NotJson) for the rest. */
  Value encode(Value value, String what) {
    return encode.execute(value, what);
  }

  /** As {@link #encode}, for a handler's answer: it must be plain data at the top (no class instance, no generator). */
  Value encodeAnswer(Value value, String what) {
    return encodeAnswer.execute(value, what);
  }

  /** The prelude's encodeContextAnswer: "ids\n" + JSON text, or null for undefined. */
  Value encodeContextAnswer(Value value, String what) {
    return encodeContext.execute(value, what);
  }

  Value decode(String json) {
    return decode.execute(json);
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
    return pending.isEmpty() && hostWaits == 0;
  }

  List<Value> handlersFor(String event) {
    return handlers.getOrDefault(event, List.of());
  }

  void addHandler(String event, Value handler) {
    addHandler(event, handler, handler);
  }

  /** {@code handler} is graft's wrapper around the script's function {@code own} (whose line errors name). */
  void addHandler(String event, Value handler, Value own) {
    handlers.computeIfAbsent(event, e -> new ArrayList<>()).add(handler);
    if (own != handler) {
      wrapped.put(handler, own);
    }
  }

  /** The script's own function behind {@code fn}, when {@code fn} is a wrapper graft made around it. */
  Value ownFunction(Value fn) {
    return wrapped.getOrDefault(fn, fn);
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
    state = State.CLOSED;
    onClose.run();
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
