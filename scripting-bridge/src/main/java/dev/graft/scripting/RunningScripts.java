package dev.graft.scripting;

import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFlag;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptShortcut;
import dev.graft.scripting.api.ScriptTool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The scripts that are running, in load order, and their lifecycle: activation, retirement on a
 * reload (a script still awaiting something closes once idle, or after the handler timeout),
 * stopping after a limit, closing. Owner thread only, except {@link #snapshot}, which any thread
 * may read.
 */
final class RunningScripts {

  /** What other threads may know without a round trip to the owner thread. */
  record Snapshot(
      List<ScriptFile> scripts,
      Set<String> events,
      Map<ScriptFile, Set<String>> eventsByScript,
      List<ScriptCommand> commands,
      List<ScriptTool> tools,
      Set<String> renderers,
      List<ScriptFlag> flags,
      List<ScriptShortcut> shortcuts,
      Set<String> toolRenderers) {
    static final Snapshot EMPTY =
        new Snapshot(
            List.of(), Set.of(), Map.of(), List.of(), List.of(), Set.of(), List.of(), List.of(),
            Set.of());
  }

  private final List<LoadedScript> active = new ArrayList<>();
  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final ScriptSettings settings;
  private final Consumer<ScriptFile> ended;
  private volatile Snapshot snapshot = Snapshot.EMPTY;

  /**
   * {@code ended}: told of a script that ends for any reason (failed load, stopped, unloaded by a
   * reload, closed at graft's end), once, when it gets no more calls: what it registered with the
   * host goes with it.
   */
  RunningScripts(
      OwnerThread owner, Watchdog watchdog, ScriptSettings settings, Consumer<ScriptFile> ended) {
    this.owner = owner;
    this.watchdog = watchdog;
    this.settings = settings;
    this.ended = ended;
  }

  /** A script that failed to load (not stopped, which {@link #stop} reports) has ended. */
  void failedToLoad(LoadedScript s) {
    ended(s);
  }

  /** Tells the host {@code s} ended; a host that fails at it must not stop the engine's work. */
  private void ended(LoadedScript s) {
    try {
      ended.accept(s.file());
    } catch (RuntimeException e) {
      s.log().report(ScriptLog.Level.ERROR, "could not drop what it registered: " + e.getMessage());
    }
  }

  Snapshot snapshot() {
    return snapshot;
  }

  List<LoadedScript> active() {
    return List.copyOf(active);
  }

  Optional<LoadedScript> find(ScriptFile file) {
    return active.stream().filter(s -> s.file().equals(file)).findFirst();
  }

  void activate(LoadedScript s) {
    s.activate();
    active.add(s);
    refresh();
  }

  /** Recomputes the snapshot after a registration. */
  void refresh() {
    Set<String> events = new HashSet<>();
    Map<ScriptFile, Set<String>> eventsByScript = new HashMap<>();
    List<ScriptCommand> commands = new ArrayList<>();
    List<ScriptTool> tools = new ArrayList<>();
    Set<String> renderers = new HashSet<>();
    List<ScriptFlag> flags = new ArrayList<>();
    List<ScriptShortcut> shortcuts = new ArrayList<>();
    Set<String> toolRenderers = new HashSet<>();
    for (LoadedScript s : active) {
      s.registered().flags().forEach(f -> flags.add(f.info()));
      s.registered().shortcuts().forEach(k -> shortcuts.add(k.info()));
      renderers.addAll(s.registered().rendererTypes());
      s.registered().tools().stream()
          .filter(Registrations.Tool::renders)
          .forEach(t -> toolRenderers.add(t.info().name()));
      events.addAll(s.registered().events());
      eventsByScript.merge(
          s.file(),
          Set.copyOf(s.registered().events()),
          (a, b) -> {
            Set<String> both = new HashSet<>(a);
            both.addAll(b);
            return Set.copyOf(both);
          });
      s.registered().commands().forEach(c -> commands.add(c.info()));
      s.registered().tools().forEach(t -> tools.add(t.info()));
    }
    snapshot =
        new Snapshot(
            active.stream().map(s -> s.file()).toList(),
            Set.copyOf(events),
            Map.copyOf(eventsByScript),
            List.copyOf(commands),
            List.copyOf(tools),
            Set.copyOf(renderers),
            List.copyOf(flags),
            List.copyOf(shortcuts),
            Set.copyOf(toolRenderers));
  }

  /**
   * The running script (other than {@code except}) that registered a renderer for {@code
   * customType}.
   */
  Optional<LoadedScript> rendererOwner(String customType, LoadedScript except) {
    return active.stream()
        .filter(s -> s != except && s.registered().renderer(customType).isPresent())
        .findFirst();
  }

  /** The running script (other than {@code except}) that registered command {@code name}. */
  Optional<LoadedScript> commandOwner(String name, LoadedScript except) {
    return active.stream()
        .filter(s -> s != except && s.registered().command(name).isPresent())
        .findFirst();
  }

  Optional<LoadedScript> toolOwner(String name, LoadedScript except) {
    return active.stream()
        .filter(s -> s != except && s.registered().tool(name).isPresent())
        .findFirst();
  }

  /** Reload: every running script is unloaded; calls from it fail from now on. */
  void retireAll(String reason) {
    for (LoadedScript s : active) {
      s.retire(reason);
      ended(s);
      if (s.idle()) {
        owner.post(() -> close(s, reason));
      } else {
        watchdog.schedule(() -> owner.post(() -> close(s, reason)), settings.handlerTimeout());
      }
    }
    active.clear();
    refresh();
  }

  /** A stale script that has nothing left to wait for is closed. */
  void closeIfDone(LoadedScript s) {
    if (s.state() == LoadedScript.State.STALE && s.idle()) {
      owner.post(() -> close(s, s.endReason()));
    }
  }

  /**
   * After a limit was hit: the script gets no more calls, its waiting calls fail, it is closed. Why
   * is reported once: to the calls that were waiting (each fails saying why), else in the log.
   */
  void stop(LoadedScript s, Failure why) {
    stop(s, why, s.calls().isEmpty());
  }

  /**
   * As {@link #stop(LoadedScript, Failure)}; {@code report}: log why (false when a caller was
   * told).
   */
  void stop(LoadedScript s, Failure why, boolean report) {
    if (s.state() == LoadedScript.State.STOPPED || s.state() == LoadedScript.State.CLOSED) {
      return;
    }
    boolean current =
        s.state() == LoadedScript.State.LOADING || s.state() == LoadedScript.State.ACTIVE;
    boolean wasActive = active.remove(s);
    s.stop(GuestErrors.withoutScript(s.file(), why.message()));
    failPending(s, why);
    s.cancel();
    if (current) {
      ended(s);
    }
    owner.post(() -> {
      s.close();
      // A stopped script may leave a heap full of garbage (it may have been stopped for filling
      // it). Collect it now, before another script runs: the heap guard measures each run's
      // growth from the last collection, and would otherwise blame the next script for it.
      System.gc();
    });
    if (wasActive) {
      refresh();
      if (report) {
        s.log().report(ScriptLog.Level.ERROR, why.message());
      }
    }
  }

  void close(LoadedScript s, String reason) {
    if (s.state() == LoadedScript.State.CLOSED) {
      return;
    }
    active.remove(s);
    s.ending(reason);
    failPending(s, null);
    s.close();
  }

  void closeAll(String reason) {
    for (LoadedScript s : List.copyOf(active)) {
      s.retire(reason);
      ended(s);
      close(s, reason);
    }
    refresh();
  }

  private static void failPending(LoadedScript s, Failure why) {
    s.calls()
        .failAll(call ->
            why != null
                ? new Failure(
                    why.kind(),
                    s.file()
                        + ": "
                        + call.what()
                        + " did not finish, because "
                        + GuestErrors.withoutScript(s.file(), why.message()))
                : new Failure(
                    Failure.Kind.UNLOADED,
                    s.file()
                        + ": "
                        + call.what()
                        + " did not finish: the script was unloaded ("
                        + s.endReason()
                        + ")"));
  }
}
