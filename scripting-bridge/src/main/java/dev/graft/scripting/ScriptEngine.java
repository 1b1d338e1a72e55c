package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.hooks.HookEvents;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ScriptStream;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptFlag;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptShortcut;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptTerminal;
import dev.graft.scripting.api.ScriptTool;
import dev.graft.scripting.api.ToolRenderRequest;
import dev.graft.scripting.modules.ModuleFileSystem;
import dev.graft.scripting.modules.PackageModules;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * Runs hook scripts: one shared polyglot engine, one sandboxed context per script file, and one
 * owner thread that runs all guest code as an event loop, so handlers may be {@code async} and
 * await host work (dialogs, processes, model calls) without holding the agent's thread. (When a
 * script gets stuck in a built-in that cannot be interrupted, that thread is abandoned and a new
 * one takes over.) The calling threads block only on futures, each wait bounded. Every public
 * method except {@link #close} may be called from any thread but the owner thread (never from a
 * {@link ScriptHostPort} method).
 */
public final class ScriptEngine implements AutoCloseable {
  private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(5);

  /** Extra wait beyond a call's own limits before giving up on the owner thread. */
  private static final Duration BACKSTOP = Duration.ofSeconds(10);

  private final ScriptSettings settings;
  private final ScriptLog log;
  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final Sandbox sandbox;
  private final RunningScripts scripts;
  private final Marshal marshal;
  private final GuestErrors errors;
  private final GuestCalls calls;
  private final HostCalls host;
  private final ScriptLoading loading;
  private final WebGlobals web;
  private final ScriptViews views;
  private final Renderings renderings;
  private final BuiltinDelegates delegates = new BuiltinDelegates();
  private volatile ScriptSources sources = new ScriptSources(List.of(), Optional.empty());
  private volatile boolean closed;
  private final ScriptHostPort port;

  private ScriptEngine(ScriptSettings settings, ScriptHostPort port, ScriptLog log) {
    this.settings = settings;
    this.port = port;
    this.log = log;
    this.owner =
        new OwnerThread(
            "graft-scripts",
            t -> log.engine(ScriptLog.Level.ERROR, "internal error on the script thread: " + t));
    this.watchdog = new Watchdog(settings, this::abandon);
    this.sandbox =
        new Sandbox(
            settings,
            new LogStream(
                (level, text, more) -> log.engine(level, LogLimiter.cut(text, more)),
                ScriptLog.Level.WARN));
    this.scripts = new RunningScripts(owner, watchdog, settings, port::unloaded);
    this.marshal = new Marshal(settings.maxBridgeChars());
    this.errors = new GuestErrors(settings, watchdog.heapMaxBytes(), sandbox::asWritten);
    this.calls = new GuestCalls(scripts, owner, watchdog, marshal, errors, settings);
    this.views = new ScriptViews(owner, scripts, errors);
    this.host =
        new HostCalls(
            port, scripts, calls, marshal, settings, views, delegates, this::providerStream);
    this.web = new WebGlobals(owner, watchdog, scripts, errors, calls);
    NodeCalls node = new NodeCalls(port, owner, watchdog, scripts, errors, settings);
    this.loading =
        new ScriptLoading(
            settings, log, owner, watchdog, sandbox, scripts, errors, calls, host, web, node,
            views);
    this.renderings = new Renderings(owner, scripts, views, calls, marshal, watchdog);
    if (sandbox.interpreted()) {
      log.engine(
          ScriptLog.Level.DEBUG,
          "scripts run in the GraalJS interpreter (no Graal compiler on this JVM)");
    }
  }

  /** Starts the engine (no scripts yet). */
  public static ScriptEngine start(ScriptSettings settings, ScriptHostPort port, ScriptLog log) {
    return new ScriptEngine(settings, port, log);
  }

  /**
   * Without waiting, has the owner thread initialize GraalJS (a first context and the prelude):
   * most of the cold start, which a caller can thus overlap with its own startup (reading the
   * session, setting up the terminal) before {@link #load}.
   */
  public void warmUp() {
    owner.post(loading::warmUp);
  }

  // ------------------------------------------------------------------ loading

  /**
   * Unloads the scripts running now and loads the ones {@code sources} name, in order. A script
   * that fails to load is reported and skipped; the others load.
   */
  public LoadReport load(ScriptSources sources) {
    requireCaller("load");
    this.sources = sources;
    join(
        owner.submit(() -> {
          scripts.retireAll("unloaded by a reload");
          return null;
        }));
    ScriptFinder.Discovery found = ScriptFinder.discover(sources);
    List<LoadReport.Problem> problems = new ArrayList<>(found.problems());
    Optional<Path> lib = Optional.empty();
    if (sources.libDir().isPresent()) {
      Path dir = sources.libDir().get();
      try {
        lib = Optional.of(dir.toRealPath());
      } catch (IOException e) {
        problems.add(
            new LoadReport.Problem(
                dir,
                "the shared library directory does not exist; "
                    + ModuleFileSystem.LIB_PREFIX
                    + " imports will fail"));
      }
    }
    List<ScriptFile> loaded = new ArrayList<>();
    PackageModules packages = new PackageModules(sources.packages());
    for (ScriptFile file : found.scripts()) {
      Optional<Path> libDir = lib;
      CompletableFuture<LoadedScript> loading =
          owner.submit(() -> this.loading.start(file, libDir, packages)).thenCompose(f -> f);
      try {
        loading.get(
            settings.bridgeLimit().plus(settings.spinLimit()).plus(BACKSTOP).toMillis(),
            TimeUnit.MILLISECONDS);
        loaded.add(file);
      } catch (ExecutionException e) {
        problems.add(new LoadReport.Problem(file.path(), failureOf(file, e.getCause()).message()));
      } catch (TimeoutException e) {
        problems.add(new LoadReport.Problem(file.path(), file + ": loading did not finish"));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        problems.add(new LoadReport.Problem(file.path(), file + ": loading was interrupted"));
        break;
      }
    }
    return new LoadReport(loaded, problems);
  }

  /** Closes every script's context and loads the same sources again (new and changed files too). */
  public LoadReport reload() {
    return load(sources);
  }

  // ------------------------------------------------------------------ events

  /** The scripts running, in load order. */
  public List<ScriptFile> scripts() {
    return scripts.snapshot().scripts();
  }

  /** The running scripts themselves, read on the owner thread (for tests of their state). */
  List<LoadedScript> loaded() {
    return join(owner.submit(() -> List.copyOf(scripts.active())));
  }

  /**
   * The events {@code script} has handlers for, in the order it subscribed; empty when it is not
   * running.
   */
  public List<String> events(ScriptFile script) {
    requireCaller("events");
    return join(
        owner.submit(
            () -> scripts.find(script).map(s -> s.registered().events()).orElse(List.of())));
  }

  /** Whether any script has a handler for {@code event} (no round trip to the owner thread). */
  public boolean handles(String event) {
    return scripts.snapshot().events().contains(event);
  }

  /**
   * The events {@code script} has handlers for now (none when it is not running); the same set
   * until a script registers or unloads. Any thread.
   */
  Set<String> eventsOf(ScriptFile script) {
    return scripts.snapshot().eventsByScript().getOrDefault(script, Set.of());
  }

  /** Runs every handler for {@code event}, in load order, each with {@code payload}. */
  List<HandlerOutcome> emit(String event, JsonNode payload, EventContext ctx) {
    return emit(Optional.empty(), event, payload, ctx, Chain.NONE, true);
  }

  /**
   * Runs every handler for {@code event} in load order; after each, {@code chain} decides what the
   * next one sees, or stops. Blocks until each handler's answer (its promise settled, or its
   * timeout); returns the raw outcomes, one per handler run.
   */
  List<HandlerOutcome> emit(String event, JsonNode payload, EventContext ctx, Chain chain) {
    return emit(Optional.empty(), event, payload, ctx, chain, true);
  }

  /** As {@link #emit(String, JsonNode, EventContext, Chain)}, for the handlers of one script. */
  List<HandlerOutcome> emitTo(
      ScriptFile script, String event, JsonNode payload, EventContext ctx, Chain chain) {
    return emit(Optional.of(script), event, payload, ctx, chain, true);
  }

  /**
   * As {@link #emitTo(ScriptFile, String, JsonNode, EventContext, Chain)}; {@code readAnswers}
   * false for an event whose answers graft ignores: they are not read at all (no getter or toJSON
   * of theirs runs), each outcome's value is missing.
   */
  List<HandlerOutcome> emitTo(
      ScriptFile script,
      String event,
      JsonNode payload,
      EventContext ctx,
      Chain chain,
      boolean readAnswers) {
    return emit(Optional.of(script), event, payload, ctx, chain, readAnswers);
  }

  /** A handler to call, and where its function is (read on the owner thread, as it is found). */
  private record Target(LoadedScript script, Value handler, Optional<String> place) {
    Target(LoadedScript script, Value handler) {
      this(script, handler, script.registered().placeOf(handler));
    }

    /** Its handler's answer, with the handler's place. */
    HandlerOutcome.Answered answered(JsonNode value) {
      return new HandlerOutcome.Answered(script.file(), value, place);
    }
  }

  private List<HandlerOutcome> emit(
      Optional<ScriptFile> only,
      String event,
      JsonNode payload,
      EventContext ctx,
      Chain chain,
      boolean readAnswers) {
    requireCaller("emit");
    if (!handles(event)) {
      return List.of();
    }
    EmitScope scope = new EmitScope(ctx, host, watchdog);
    Duration bound = settings.bridgeLimit().plus(settings.spinLimit()).plus(BACKSTOP);
    // One task finds the handlers and calls the first: a script with one handler for the event
    // (the usual case) costs the agent one hop to the owner thread and one wait.
    AtomicReference<List<Target>> found = new AtomicReference<>();
    CompletableFuture<JsonNode> first =
        owner
            .submit(() -> {
              List<Target> list = new ArrayList<>();
              for (LoadedScript s : scripts.active()) {
                if (only.isEmpty() || only.get().equals(s.file())) {
                  s.registered().handlersFor(event).forEach(h -> list.add(new Target(s, h)));
                }
              }
              found.set(list);
              return list.isEmpty()
                  ? CompletableFuture.<JsonNode>completedFuture(MissingNode.getInstance())
                  : call(list.getFirst(), event, payload, scope, readAnswers);
            })
            .thenCompose(f -> f);
    HandlerOutcome outcome = firstOutcome(found, first, bound);
    if (outcome == null) {
      return List.of();
    }
    List<Target> targets = found.get();
    List<HandlerOutcome> outcomes = new ArrayList<>();
    JsonNode seen = payload;
    for (int i = 0; ; i++) {
      outcomes.add(outcome);
      if (i + 1 == targets.size() || !(chain.next(seen, outcome) instanceof Chain.Step.Next next)) {
        break;
      }
      seen = next.payload();
      Target t = targets.get(i + 1);
      JsonNode asked = seen;
      outcome =
          outcome(
              t.script().file(),
              owner.submit(() -> call(t, event, asked, scope, readAnswers)).thenCompose(f -> f),
              Optional.of(bound));
      if (outcome instanceof HandlerOutcome.Answered a) {
        outcome = t.answered(a.value());
      }
    }
    return List.copyOf(outcomes);
  }

  /** Calls {@code t}'s handler with {@code payload} (owner thread); its answer to come. */
  private CompletableFuture<JsonNode> call(
      Target t, String event, JsonNode payload, EmitScope scope, boolean readAnswers) {
    boolean context = event.equals(HookEvents.CONTEXT);
    return calls.callHandler(
        t.script(),
        t.handler(),
        event + " handler",
        readAnswers,
        context,
        Optional.of(settings.handlerTimeout()),
        (s, fn, done) -> scope.enter(s, fn, done, payload, context));
  }

  /**
   * {@code text}, an error a script reported, with each line the engine quotes from one of its
   * TypeScript modules as written: the engine ran, and quotes, the erased line.
   */
  public String asWritten(String text) {
    return sandbox.asWritten(text);
  }

  /**
   * The first handler's outcome, as {@link #outcome} gives it; null when the scripts asked have no
   * handler of the event. When the owner thread failed or gave no answer before it found the
   * handlers (the engine closed), that is thrown, as for any other owner-thread work ({@link
   * #join}).
   */
  private HandlerOutcome firstOutcome(
      AtomicReference<List<Target>> found, CompletableFuture<JsonNode> answer, Duration bound) {
    Throwable failure;
    try {
      JsonNode value = answer.get(bound.toMillis(), TimeUnit.MILLISECONDS);
      List<Target> targets = found.get();
      return targets.isEmpty() ? null : targets.getFirst().answered(value);
    } catch (ExecutionException e) {
      failure = e.getCause();
    } catch (TimeoutException e) {
      failure = null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = e;
    }
    List<Target> targets = found.get();
    if (targets == null || targets.isEmpty()) {
      if (failure instanceof RuntimeException r) {
        throw r;
      }
      throw failure == null
          ? new IllegalStateException(
              "the script thread did not answer within " + GuestErrors.seconds(bound))
          : failure instanceof InterruptedException
              ? new IllegalStateException("interrupted while waiting for the script thread")
              : new CompletionException(failure);
    }
    ScriptFile file = targets.getFirst().script().file();
    return new HandlerOutcome.Failed(
        file,
        failure == null
            ? new Failure(
                Failure.Kind.TIMED_OUT, file + ": no answer from the script thread in time")
            : failure instanceof InterruptedException
                ? new Failure(Failure.Kind.TIMED_OUT, file + ": the wait was interrupted")
                : failureOf(file, failure));
  }

  // ------------------------------------------------------------------ commands and tools

  public List<ScriptCommand> commands() {
    return scripts.snapshot().commands();
  }

  /**
   * Runs {@code /name}: its handler gets {@code (args, ctx)}. No timeout (it may wait for the
   * user); the future fails with a {@link ScriptFailure}, or {@link IllegalArgumentException} when
   * no script registered the command.
   */
  public CompletableFuture<JsonNode> runCommand(String name, String args, EventContext ctx) {
    requireCaller("runCommand");
    // The handler's ctx.signal: aborted (on the script thread) when the caller cancels the future.
    Value[] signal = new Value[1];
    LoadedScript[] owning = new LoadedScript[1];
    CompletableFuture<JsonNode> result =
        owner
            .submit(() -> {
              for (LoadedScript s : scripts.active()) {
                Registrations.Command c = s.registered().command(name).orElse(null);
                if (c != null) {
                  EmitScope scope = new EmitScope(ctx, host, watchdog, true);
                  return calls.callWithoutTimeLimit(
                      s,
                      c.handler(),
                      "/" + name + " command",
                      ctx.ui().available(),
                      x -> {
                        Value commandCtx = scope.ctx(x);
                        signal[0] =
                            watchdog.bridgeWork(
                                () -> x.prelude().commandCtx().execute(commandCtx, args));
                        owning[0] = x;
                        return new Object[] {args, commandCtx};
                      });
                }
              }
              return CompletableFuture.<JsonNode>failedFuture(
                  new IllegalArgumentException("no script registered /" + name));
            })
            .thenCompose(f -> f);
    result.whenComplete((value, failure) -> {
      if (failure instanceof CancellationException) {
        owner.submit(() -> {
          if (signal[0] != null && scripts.active().contains(owning[0])) {
            watchdog.bridgeWork(() -> signal[0].execute());
          }
          return null;
        });
      }
    });
    return result;
  }

  public List<ScriptTool> tools() {
    return scripts.snapshot().tools();
  }

  /** The command-line flags the scripts registered ({@code pi.registerFlag}). */
  public List<ScriptFlag> flags() {
    return scripts.snapshot().flags();
  }

  /** The keys the scripts bound ({@code pi.registerShortcut}). */
  public List<ScriptShortcut> shortcuts() {
    return scripts.snapshot().shortcuts();
  }

  /**
   * Runs the handler bound to {@code key} with a command's ctx ({@code handler(ctx)}); fails with
   * {@link IllegalArgumentException} when no script bound it.
   */
  public CompletableFuture<JsonNode> runShortcut(String key, EventContext ctx) {
    requireCaller("runShortcut");
    return owner
        .submit(() -> {
          for (LoadedScript s : scripts.active()) {
            Registrations.Shortcut k = s.registered().shortcut(key).orElse(null);
            if (k != null) {
              EmitScope scope = new EmitScope(ctx, host, watchdog, true);
              return calls.callWithoutTimeLimit(
                  s,
                  k.handler(),
                  "shortcut " + key,
                  ctx.ui().available(),
                  x -> {
                    Value commandCtx = scope.ctx(x);
                    watchdog.bridgeWork(() -> x.prelude().commandCtx().execute(commandCtx, ""));
                    return new Object[] {commandCtx};
                  });
            }
          }
          return CompletableFuture.<JsonNode>failedFuture(
              new IllegalArgumentException("no script bound " + key));
        })
        .thenCompose(f -> f);
  }

  /**
   * Runs tool {@code name}: {@code execute(toolCallId, params, signal, undefined, ctx)}; its answer
   * should be {content, details}. No timeout here: the runtime stops waiting on abort, by
   * cancelling the future, which aborts {@code signal} in the script.
   */
  public CompletableFuture<JsonNode> runTool(
      String name, String toolCallId, JsonNode params, EventContext ctx) {
    requireCaller("runTool");
    CompletableFuture<Void> aborted =
        new CompletableFuture<>(); // cancelling the answer aborts execute's signal
    CompletableFuture<JsonNode> answer =
        owner
            .submit(() -> {
              for (LoadedScript s : scripts.active()) {
                Registrations.Tool t = s.registered().tool(name).orElse(null);
                if (t != null) {
                  EmitScope scope = new EmitScope(ctx, host, watchdog);
                  delegates.started(s, name, toolCallId);
                  CompletableFuture<JsonNode> run =
                      calls.callWithoutTimeLimit(
                          s,
                          t.execute(),
                          "tool " + name,
                          ctx.ui().available(),
                          x ->
                              new Object[] {
                                toolCallId,
                                watchdog.bridgeWork(() -> marshal.toJs(x, params)),
                                watchdog.bridgeWork(() -> web.signal(x, aborted)),
                                null,
                                scope.ctx(x)
                              });
                  run.whenComplete((v, e) -> delegates.ended(toolCallId));
                  return run;
                }
              }
              return CompletableFuture.<JsonNode>failedFuture(
                  new IllegalArgumentException("no script registered tool " + name));
            })
            .thenCompose(f -> f);
    answer.whenComplete((v, e) -> {
      delegates.ended(toolCallId);
      if (e instanceof CancellationException) {
        aborted.complete(null);
      }
    });
    return answer;
  }

  // ------------------------------------------------------------------ providers' streams

  /**
   * A script's {@code streamSimple} as the runtime calls it: {@code runner} is the prelude's
   * wrapper, {@code runner(model, context, options, sink)}, which hands each event the script's
   * stream yields to {@code sink} as JSON text and settles when the stream ends. Cancelling the
   * future {@link ScriptStream#open} returns aborts {@code options.signal} in the script; a stream
   * nothing can end any more is given up, as for other script work.
   */
  private ScriptStream providerStream(LoadedScript s, Value runner) {
    return new ScriptStream() {
      @Override
      public CompletableFuture<Void> open(
          ObjectNode model, ObjectNode context, ObjectNode options, Consumer<JsonNode> events) {
        requireCaller("a provider's stream");
        CompletableFuture<Void> aborted = new CompletableFuture<>();
        ProxyExecutable sink =
            args -> {
              try {
                events.accept(Json.MAPPER.readTree(args[0].asString()));
              } catch (IOException | RuntimeException e) {
                // an event that is not JSON is passed over
              }
              return null;
            };
        CompletableFuture<JsonNode> run =
            owner
                .submit(() -> {
                  if (!scripts.active().contains(s)) {
                    return CompletableFuture.<JsonNode>failedFuture(
                        new IllegalStateException(s.file() + " is no longer loaded"));
                  }
                  return calls.callWithoutTimeLimit(
                      s,
                      runner,
                      "a provider's stream",
                      false,
                      x -> {
                        Value opts = watchdog.bridgeWork(() -> marshal.toJs(x, options));
                        Value signal = watchdog.bridgeWork(() -> web.signal(x, aborted));
                        watchdog.bridgeWork(() -> {
                          opts.putMember("signal", signal);
                          return null;
                        });
                        return new Object[] {
                          watchdog.bridgeWork(() -> marshal.toJs(x, model)),
                          watchdog.bridgeWork(() -> marshal.toJs(x, context)),
                          opts,
                          sink
                        };
                      });
                })
                .thenCompose(f -> f);
        CompletableFuture<Void> out = run.thenApply(v -> null);
        out.whenComplete((v, e) -> {
          if (e instanceof CancellationException) {
            aborted.complete(null);
          }
        });
        return out;
      }
    };
  }

  // ------------------------------------------------------------------ message renderers

  /** Whether a running script registered a renderer for {@code customType} (no round trip). */
  public boolean rendersMessages(String customType) {
    return scripts.snapshot().renderers().contains(customType);
  }

  /**
   * Renders a custom message ({@code message} as in the session, role "custom") with the renderer
   * registered for its type: {@code renderer(message, {expanded}, theme)}. Waits at most {@code
   * wait} (the renderer runs on the script thread; a UI must not hang on it). Empty when no
   * renderer is registered or it returned undefined (the default rendering stands); otherwise the
   * text, or why there is none (threw, timed out, answered something else than a string).
   */
  public Optional<MessageRendering> renderMessage(
      JsonNode message, boolean expanded, Duration wait) {
    String customType = message.path("customType").asText("");
    if (closed || !rendersMessages(customType)) {
      return Optional.empty();
    }
    return renderings.message(message, expanded, wait);
  }

  /**
   * Whether a running script's tool {@code name} has its own renderCall or renderResult (no round
   * trip).
   */
  public boolean rendersTool(String name) {
    return scripts.snapshot().toolRenderers().contains(name);
  }

  /**
   * How a script's tool shows its call ({@code renderCall}) or result ({@code renderResult}),
   * waiting at most {@code wait}: the component it returned, or why there is none (it threw, timed
   * out); empty when the tool has no such renderer or it returned nothing (graft's own rendering
   * stands).
   */
  public Optional<MessageRendering> renderTool(ToolRenderRequest request, Duration wait) {
    if (closed || !rendersTool(request.toolName())) {
      return Optional.empty();
    }
    return renderings.tool(request, wait);
  }

  // ------------------------------------------------------------------ components

  /**
   * The components scripts draw are drawn on {@code terminal} from now on (its palette, size and
   * markdown); the ones shown are invalidated. Until a mode calls this, they are drawn plainly
   * ({@link ScriptTerminal#PLAIN}).
   */
  public void useTerminal(ScriptTerminal terminal) {
    views.useTerminal(Objects.requireNonNull(terminal, "terminal"));
  }

  // ------------------------------------------------------------------ stuck scripts

  /**
   * On the watchdog thread: {@code run} did not stop within {@link Watchdog#STALL_WAIT} of being
   * interrupted and cancelled, so its thread is stuck in a built-in that never checks for either.
   * The script is stopped (reported once: to the caller waiting for the stuck call, else in the
   * log), its thread is left to itself (a daemon, it ends with graft) and a new owner thread runs
   * the other scripts, whose contexts the stuck thread does not hold.
   */
  private void abandon(Watchdog.Run run) {
    LoadedScript s = run.script;
    s.abandon();
    Failure why =
        new Failure(
            Failure.Kind.STOPPED,
            s.file()
                + ": "
                + run.what
                + " was stopped: it did not stop within "
                + GuestErrors.seconds(Watchdog.STALL_WAIT)
                + " of being interrupted (a built-in call that cannot be interrupted,"
                + " such as Array.prototype.shift over an array-like with a huge length?); the script is off until a reload");
    owner.abandon(
        run.owner,
        new ScriptFailure(why),
        told -> scripts.stop(s, why, !told && s.calls().isEmpty()));
    log.engine(ScriptLog.Level.DEBUG, "abandoned the script thread stuck in " + s.file());
  }

  // ------------------------------------------------------------------ shutdown

  /**
   * Closes every context, the engine and the threads, waiting a bounded time: a script thread stuck
   * in guest code is left to end with the JVM, and the engine is then not closed (closing it would
   * wait for that thread for good).
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (!owner.isCurrent()) {
      try {
        owner
            .submit(() -> {
              scripts.closeAll("graft is shutting down");
              return null;
            })
            .get(SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        log.engine(ScriptLog.Level.WARN, "scripts did not close in time; cancelling them");
      }
    }
    try {
      owner.stop(SHUTDOWN_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    watchdog.close();
    if (owner.isAlive() || watchdog.abandonedAny()) {
      log.engine(
          ScriptLog.Level.DEBUG,
          "a script thread is stuck in guest code; the engine is left to the JVM's exit");
      return;
    }
    Thread closing =
        Thread.ofPlatform().name("graft-scripts-close").daemon(true).start(sandbox::close);
    try {
      if (!closing.join(SHUTDOWN_WAIT)) {
        log.engine(
            ScriptLog.Level.WARN,
            "the script engine did not close within "
                + GuestErrors.seconds(SHUTDOWN_WAIT)
                + "; left to the JVM's exit");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ------------------------------------------------------------------ helpers

  private void requireCaller(String what) {
    if (owner.isCurrent()) {
      throw new IllegalStateException(
          what
              + " was called on the script thread (from a ScriptHostPort or ScriptUi"
              + " method?); those must not call back into the engine");
    }
    if (closed) {
      throw new IllegalStateException("the script engine is closed");
    }
  }

  private HandlerOutcome outcome(
      ScriptFile file, CompletableFuture<JsonNode> answer, Optional<Duration> backstop) {
    try {
      JsonNode value =
          backstop.isPresent()
              ? answer.get(backstop.get().toMillis(), TimeUnit.MILLISECONDS)
              : answer.get();
      return new HandlerOutcome.Answered(file, value);
    } catch (ExecutionException e) {
      return new HandlerOutcome.Failed(file, failureOf(file, e.getCause()));
    } catch (TimeoutException e) {
      return new HandlerOutcome.Failed(
          file,
          new Failure(Failure.Kind.TIMED_OUT, file + ": no answer from the script thread in time"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new HandlerOutcome.Failed(
          file, new Failure(Failure.Kind.TIMED_OUT, file + ": the wait was interrupted"));
    }
  }

  private static Failure failureOf(ScriptFile file, Throwable t) {
    Throwable cause = t;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause instanceof ScriptFailure sf
        ? sf.failure()
        : new Failure(
            Failure.Kind.THREW,
            file + ": " + (cause.getMessage() == null ? cause.toString() : cause.getMessage()));
  }

  /**
   * Waits for owner-thread work that runs no guest code: bounded all the same, by the time a stuck
   * run takes to be abandoned (after which a new owner thread runs the queue), plus slack.
   */
  private <T> T join(CompletableFuture<T> f) {
    Duration bound = settings.spinLimit().multipliedBy(3).plus(Watchdog.STALL_WAIT).plus(BACKSTOP);
    try {
      return f.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new CompletionException(e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "the script thread did not answer within " + GuestErrors.seconds(bound));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the script thread");
    }
  }
}
