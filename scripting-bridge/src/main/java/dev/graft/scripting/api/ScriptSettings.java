package dev.graft.scripting.api;

import dev.graft.runtime.config.ModelCallBudget;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.hooks.HookEvents;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * The limits every script runs under. A handler's synchronous part (and a script's load) may run
 * for {@code spinLimit} before it is interrupted (measured in the script thread's CPU time, with
 * three times the limit in wall time as a backstop, so that a busy machine does not get correct
 * scripts interrupted; the bridge's own JSON conversion does not count); a handler's promise must
 * settle within {@code handlerTimeout} (command handlers, which may wait for the user, have no such
 * limit); {@code statementLimit}, unless {@link #NO_STATEMENT_LIMIT}, bounds the statements of one
 * uninterrupted run of guest code and, when hit, stops the script for good; {@code maxBridgeChars}
 * bounds the JSON text of any value a script hands to graft; {@code heapLimit} is the fraction of
 * the maximum heap, measured after a collection, past which a running script is stopped so that it
 * cannot take the JVM down. {@code modelCalls} bounds each script's {@code ctx.complete} calls, per
 * run and at once. {@code moduleBudget} is the most time a run may spend, beyond the spin limit, on
 * the modules it loads (imports and require): each module adds what its size takes to parse and
 * evaluate. graft's own work inside a run (a script's set-up, JSON conversion, session reads) is
 * bounded by {@link #bridgeLimit()}.
 */
public record ScriptSettings(
    Duration handlerTimeout,
    Duration spinLimit,
    long statementLimit,
    int maxBridgeChars,
    double heapLimit,
    Set<String> events,
    ModelCallBudget modelCalls,
    Duration moduleBudget) {

  /**
   * The events a script may subscribe to: the runtime's catalogue (the reference agent's, plus
   * graft's compaction events). The runtime decides which of them it emits.
   */
  public static final Set<String> KNOWN_EVENTS = HookEvents.ALL;

  /** How long a handler's promise may take by default ({@code scripts.eventTimeoutSeconds}). */
  public static final Duration DEFAULT_HANDLER_TIMEOUT = Settings.DEFAULT_SCRIPT_EVENT_TIMEOUT;

  public ScriptSettings {
    Objects.requireNonNull(handlerTimeout, "handlerTimeout");
    Objects.requireNonNull(spinLimit, "spinLimit");
    if (handlerTimeout.isNegative() || handlerTimeout.isZero()) {
      throw new IllegalArgumentException("handlerTimeout must be positive");
    }
    if (spinLimit.isNegative() || spinLimit.isZero()) {
      throw new IllegalArgumentException("spinLimit must be positive");
    }
    if (statementLimit < 1) {
      throw new IllegalArgumentException("statementLimit must be at least 1");
    }
    if (maxBridgeChars < 1024) {
      throw new IllegalArgumentException("maxBridgeChars must be at least 1024");
    }
    if (!(heapLimit > 0.1 && heapLimit <= 1.0)) {
      throw new IllegalArgumentException("heapLimit must be a fraction in (0.1, 1]");
    }
    events = Set.copyOf(events);
    Objects.requireNonNull(modelCalls, "modelCalls");
    Objects.requireNonNull(moduleBudget, "moduleBudget");
    if (moduleBudget.isNegative()) {
      throw new IllegalArgumentException("moduleBudget must not be negative");
    }
  }

  public ScriptSettings(
      Duration handlerTimeout,
      Duration spinLimit,
      long statementLimit,
      int maxBridgeChars,
      double heapLimit,
      Set<String> events,
      ModelCallBudget modelCalls) {
    this(
        handlerTimeout,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        events,
        modelCalls,
        DEFAULT_MODULE_BUDGET);
  }

  /**
   * At most 60 s more for loading modules in one run: 3 MB of module source at the watchdog's 20 µs
   * a byte, several times what a large dependency such as zod's v4 (about 0.5 MB of JavaScript)
   * takes on a loaded machine.
   */
  public static final Duration DEFAULT_MODULE_BUDGET = Duration.ofSeconds(60);

  /**
   * The {@code statementLimit} that counts no statements: the default. Counting puts a probe on
   * every statement of script code: a tight loop took twice as long with it, and the first {@code
   * context} call on a 2,000-message session 12 % longer (bench/hooks-e2e-results.md).
   */
  public static final long NO_STATEMENT_LIMIT = Long.MAX_VALUE;

  /**
   * 30 s for a handler's promise, 2 s of uninterrupted running, no statement limit (the 2 s
   * watchdog bounds every run; the billion statements per run it used to be, about 20 s of a tight
   * loop, was a backstop the watchdog always beat), 32 Mi characters of JSON, 85 % of the heap,
   * {@link ModelCallBudget#DEFAULTS}, {@link #DEFAULT_MODULE_BUDGET}.
   */
  public static ScriptSettings defaults() {
    return new ScriptSettings(
        DEFAULT_HANDLER_TIMEOUT,
        Duration.ofSeconds(2),
        NO_STATEMENT_LIMIT,
        32 * 1024 * 1024,
        0.85,
        KNOWN_EVENTS,
        ModelCallBudget.DEFAULTS);
  }

  /**
   * The most wall time graft's own work inside a run may take: the handler timeout, and never less
   * than its default. A short {@code scripts.eventTimeoutSeconds} is for the scripts' promises: it
   * must not cut short what graft does for them, which a cold or loaded machine can take seconds
   * over (the first script's set-up starts GraalJS and evaluates the prelude).
   */
  public Duration bridgeLimit() {
    return handlerTimeout.compareTo(DEFAULT_HANDLER_TIMEOUT) > 0
        ? handlerTimeout
        : DEFAULT_HANDLER_TIMEOUT;
  }

  public ScriptSettings withHandlerTimeout(Duration value) {
    return new ScriptSettings(
        value,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        events,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withSpinLimit(Duration value) {
    return new ScriptSettings(
        handlerTimeout,
        value,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        events,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withStatementLimit(long value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        value,
        maxBridgeChars,
        heapLimit,
        events,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withMaxBridgeChars(int value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        statementLimit,
        value,
        heapLimit,
        events,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withHeapLimit(double value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        value,
        events,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withEvents(Set<String> value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        value,
        modelCalls,
        moduleBudget);
  }

  public ScriptSettings withModelCalls(ModelCallBudget value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        events,
        value,
        moduleBudget);
  }

  public ScriptSettings withModuleBudget(Duration value) {
    return new ScriptSettings(
        handlerTimeout,
        spinLimit,
        statementLimit,
        maxBridgeChars,
        heapLimit,
        events,
        modelCalls,
        value);
  }
}
