package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * Calls into scripts and the promises in between, on the owner thread. A call runs the function
 * (under the watchdog); if it returns a promise, the call waits, without holding the thread, until
 * the prelude reports the promise settled, or until its timeout. A host future a script awaits
 * settles its promise on the owner thread when it completes.
 */
final class GuestCalls {
  private final RunningScripts scripts;
  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final Marshal marshal;
  private final GuestErrors errors;
  private final ScriptSettings settings;

  GuestCalls(
      RunningScripts scripts,
      OwnerThread owner,
      Watchdog watchdog,
      Marshal marshal,
      GuestErrors errors,
      ScriptSettings settings) {
    this.scripts = scripts;
    this.owner = owner;
    this.watchdog = watchdog;
    this.marshal = marshal;
    this.errors = errors;
    this.settings = settings;
  }

  /** The arguments of a call, made inside its run (they may be guest values). */
  @FunctionalInterface
  interface Arguments {
    Object[] make(LoadedScript s);
  }

  /**
   * How a call enters the script, inside its run: {@code fn} is to be called with {@code done} to
   * report its result (by default through the prelude's invoke, with {@link Arguments}).
   */
  @FunctionalInterface
  interface Entry {
    void enter(LoadedScript s, Value fn, Object done);
  }

  private static Entry entry(Arguments arguments) {
    return (s, fn, done) -> s.invoke(fn, done, arguments.make(s));
  }

  /**
   * Calls {@code fn} in {@code s}. The future completes with the JSON answer (a missing node for
   * none; always missing when {@code wantResult} is false), or fails with a {@link ScriptFailure}.
   * {@code what} names the call in messages ("context handler").
   */
  CompletableFuture<JsonNode> call(
      LoadedScript s,
      Value fn,
      String what,
      boolean wantResult,
      Optional<Duration> timeout,
      Arguments arguments) {
    return call(s, new PendingCall(what, wantResult), fn, timeout, entry(arguments));
  }

  /**
   * An event handler's call, entered by {@code entry} (EmitScope's, which makes the handler's ctx
   * in the same call into the script); {@code contextAnswer} for a {@code context} handler, whose
   * messages returned as given come back by id.
   */
  CompletableFuture<JsonNode> callHandler(
      LoadedScript s,
      Value fn,
      String what,
      boolean wantResult,
      boolean contextAnswer,
      Optional<Duration> timeout,
      Entry entry) {
    return call(
        s, new PendingCall(what, wantResult || contextAnswer, contextAnswer), fn, timeout, entry);
  }

  /**
   * As {@link #call} with no time limit (a tool's execute, a command). With {@code userPresent} (a
   * UI), the user may be what it waits for, and it waits. Without one (print and JSON modes) only
   * the scripts' own timers and the host calls they await can settle a promise: a call still
   * waiting when none of them is left and nothing is queued for the script thread, at two checks in
   * a row, never will settle, and fails instead of holding the agent for good.
   */
  CompletableFuture<JsonNode> callWithoutTimeLimit(
      LoadedScript s, Value fn, String what, boolean userPresent, Arguments arguments) {
    PendingCall call = new PendingCall(what, true);
    CompletableFuture<JsonNode> result = call(s, call, fn, Optional.empty(), entry(arguments));
    if (!userPresent && s.calls().contains(call)) {
      watchStuck(s, call, 0);
    }
    return result;
  }

  /** How often a call with no time limit is checked for whether anything can still settle it. */
  static final Duration STUCK_CHECK = Duration.ofMillis(500);

  private void watchStuck(LoadedScript s, PendingCall call, int idleChecks) {
    call.arm(
        watchdog.schedule(
            () ->
                owner.post(() -> {
                  if (!s.calls().contains(call)) {
                    return;
                  }
                  boolean idle = owner.nothingQueued() && nothingAwaited(s);
                  if (idle && idleChecks >= 1) {
                    s.calls().remove(call);
                    call.fail(
                        new Failure(
                            Failure.Kind.TIMED_OUT,
                            s.file()
                                + ": "
                                + call.what()
                                + " returned a promise that nothing can settle any more (no timer or"
                                + " awaited host call of any script is left); it was given up"
                                + GuestErrors.definedAt(s, call.fn())));
                    scripts.closeIfDone(s);
                  } else {
                    watchStuck(s, call, idle ? idleChecks + 1 : 0);
                  }
                }),
            STUCK_CHECK));
  }

  /**
   * No script (this one, whether running or being retired, or another) has a timer armed, a host
   * call awaited, or a program running or a request going (their output and end may settle it).
   */
  private boolean nothingAwaited(LoadedScript s) {
    if (awaits(s)) {
      return false;
    }
    for (LoadedScript other : scripts.active()) {
      if (awaits(other)) {
        return false;
      }
    }
    return true;
  }

  private static boolean awaits(LoadedScript s) {
    return s.calls().awaitsHost() || WebGlobals.hasTimers(s) || NodeCalls.hasOpenWork(s);
  }

  /**
   * As {@link #call}, for a {@code context} handler: messages it returns as given come back by id.
   */
  CompletableFuture<JsonNode> callContext(
      LoadedScript s, Value fn, String what, Optional<Duration> timeout, Arguments arguments) {
    return call(s, new PendingCall(what, true, true), fn, timeout, entry(arguments));
  }

  private CompletableFuture<JsonNode> call(
      LoadedScript s, PendingCall call, Value fn, Optional<Duration> timeout, Entry entry) {
    String what = call.what();
    call.calls(s.registered().ownFunction(fn));
    if (!s.serving()) {
      call.fail(
          new Failure(
              Failure.Kind.UNLOADED,
              s.file()
                  + ": "
                  + what
                  + " was not run: the script is unloaded ("
                  + s.endReason()
                  + ")"));
      return call.result();
    }
    ProxyExecutable done =
        args -> {
          finish(s, call, args);
          return null;
        };
    // Pending before the call: the prelude reports a synchronous result through done at once,
    // and GraalJS runs promise jobs before execute returns, so a promise may settle too.
    s.calls().add(call);
    s.nowDoing(what);
    try {
      s.run(() -> {
        entry.enter(s, fn, done);
        return null;
      });
    } catch (LoadedScript.GuestException ge) {
      if (s.calls().remove(call)) {
        fail(s, call, errors.of(s, what, ge));
      } else {
        afterAnswer(s, call, ge);
      }
      return call.result();
    }
    if (s.calls().contains(call)) {
      timeout.ifPresent(
          t -> call.arm(watchdog.schedule(() -> owner.post(() -> expire(s, call, t)), t)));
    }
    return call.result();
  }

  /**
   * The run failed after the function had answered: in the microtasks it queued, which GraalJS runs
   * before it hands the thread back, within the run and its limits. That is the call's failure (its
   * answer, not read yet, is not used; tool_call fails closed), or, once its result is given (an
   * answer graft does not read), a line in the log.
   */
  private void afterAnswer(LoadedScript s, PendingCall call, LoadedScript.GuestException ge) {
    Failure failure = errors.afterAnswer(s, call.what(), ge, call.fn());
    if (!call.result().isDone()) {
      fail(s, call, failure);
    } else if (failure.kind() == Failure.Kind.STOPPED) {
      scripts.stop(s, failure);
    } else {
      s.log().report(ScriptLog.Level.ERROR, failure.message());
    }
  }

  /**
   * The prelude's done(ok, valueOrReason); runs inside whatever run produced or settled it. The
   * answer is read (or the reason described) in a run of its own, posted to run next: guest code
   * graft runs is under the watchdog like any other, and an interrupt that landed in a run nested
   * inside another would never count as finished (GraalJS waits for it to leave the context).
   */
  private void finish(LoadedScript s, PendingCall call, Value[] args) {
    if (!s.calls().remove(call)) {
      s.log()
          .report(ScriptLog.Level.WARN, call.what() + " settled after it had timed out; ignored");
      return;
    }
    call.disarm();
    Value value = args.length > 1 ? args[1] : null;
    if (args.length > 0 && args[0].asBoolean()) {
      if (call.wantResult()) {
        owner.post(() -> answer(s, call, value));
      } else {
        call.result().complete(MissingNode.getInstance());
      }
    } else {
      owner.post(() -> fail(s, call, errors.rejected(s, call.what(), value)));
    }
    scripts.closeIfDone(s);
  }

  /**
   * Converts the answer to JSON, as bridge work outside the handler's spin budget, but bounded by
   * the spin limit of its own (the answer's getters and toJSON are script code) and by
   * maxBridgeChars.
   */
  private void answer(LoadedScript s, PendingCall call, Value value) {
    s.nowDoing(call.what());
    try {
      JsonNode json =
          s.run(() ->
              watchdog.bridgeWork(
                  Watchdog.Stop.ANSWER,
                  settings.spinLimit(),
                  () -> {
                    Value text =
                        call.contextAnswer()
                            ? s.encodeContextAnswer(value, "the result")
                            : s.encodeAnswer(value, "the result");
                    try {
                      if (call.contextAnswer()) {
                        return text == null || text.isNull()
                            ? MissingNode.getInstance()
                            : s.messages().answer(s, marshal, text.asString(), "the result");
                      }
                      return marshal.fromJs(text, "the result");
                    } catch (Marshal.NotJson e) {
                      throw new ScriptFailure(
                          new Failure(
                              Failure.Kind.NOT_JSON,
                              s.file() + ": " + call.what() + " failed: " + e.getMessage()));
                    }
                  }));
      call.result().complete(json);
    } catch (ScriptFailure f) {
      call.result().completeExceptionally(f);
    } catch (LoadedScript.GuestException ge) {
      fail(s, call, errors.of(s, call.what(), ge, call.fn()));
    }
  }

  private void fail(LoadedScript s, PendingCall call, Failure f) {
    call.fail(f);
    if (f.kind() == Failure.Kind.STOPPED) {
      scripts.stop(s, f, false); // the caller was told
    }
  }

  private void expire(LoadedScript s, PendingCall call, Duration after) {
    if (s.calls().remove(call)) {
      call.fail(
          new Failure(
              Failure.Kind.TIMED_OUT,
              s.file()
                  + ": "
                  + call.what()
                  + " did not settle within "
                  + GuestErrors.seconds(after)
                  + ", the most scripts.eventTimeoutSeconds allows (settings.json; a promise that"
                  + " never resolves?); its answer is ignored"
                  + GuestErrors.definedAt(s, call.fn())));
      scripts.closeIfDone(s);
    }
  }

  /**
   * The script awaits {@code future}: when it completes, on whatever thread, the owner thread
   * resolves the script's promise with {@code toJson} of the value (JSON text, or null for
   * undefined) or rejects it with the failure's message.
   */
  <T> void await(
      LoadedScript s,
      String what,
      CompletableFuture<T> future,
      Value resolve,
      Value reject,
      Function<T, String> toJson) {
    s.calls().hostWaitStarted(future);
    future.whenComplete((value, error) ->
        owner.post(() -> {
          s.calls().hostWaitEnded();
          if (!s.running()) {
            return;
          }
          String text = null;
          Throwable failure = error;
          if (failure == null) {
            try {
              text = toJson.apply(value);
            } catch (RuntimeException e) {
              failure = e;
            }
          }
          String json = text;
          String problem = failure == null ? null : what + " failed: " + message(failure);
          s.nowDoing("code after " + what);
          try {
            s.run(() ->
                problem == null
                    ? s.prelude().settle().execute(resolve, json)
                    : s.prelude().fail().execute(reject, problem));
          } catch (LoadedScript.GuestException ge) {
            failAll(s, errors.of(s, "code after " + what, ge));
          }
          scripts.closeIfDone(s);
        }));
  }

  /** A run that belongs to no one call (a promise continuation) failed: the waiting calls fail. */
  private void failAll(LoadedScript s, Failure f) {
    if (f.kind() == Failure.Kind.STOPPED) {
      scripts.stop(s, f);
      return;
    }
    if (s.calls().isEmpty()) {
      s.log().report(ScriptLog.Level.ERROR, f.message());
    }
    s.calls().failAll(call -> f);
  }

  private static String message(Throwable error) {
    Throwable t = error;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  /** The future of {@code s}'s latest awaited host call, once (owner thread; see WebGlobals). */
  Optional<CompletableFuture<?>> lastAwaited(LoadedScript s) {
    return s.calls().takeLastAwaited();
  }

  ScriptSettings settings() {
    return settings;
  }
}
