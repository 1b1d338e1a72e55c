package dev.graft.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.config.GraftLauncher;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.tools.CommandEnvironment;
import dev.graft.runtime.tools.ProcessTree;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSpawn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code graft.exec(cmd, args, {timeout, cwd})} for the scripts of one run: runs the program when
 * the settings grant it to the calling script ({@link ScriptGrants}: global grants for your
 * scripts, the project's for its trusted scripts), else fails with the setting to add. The grants
 * are those read when the scripts were (re)loaded. Closing kills every program still running and
 * whatever any program started and left running (its process group), and so does the JVM's shutdown
 * (SIGTERM, Ctrl+C) while graft runs programs for scripts. A program gets graft's environment
 * without the variables whose names look like secrets, unless the script was granted those names
 * ({@link CommandEnvironment#forScripts}).
 */
public final class ScriptExec implements AutoCloseable {
  private static final Set<String> OPTIONS = Set.of("timeout", "cwd", "signal");

  /**
   * The longest timeout (the largest delay JavaScript timers take); a longer one is refused, not
   * clamped.
   */
  static final long MAX_TIMEOUT_MS = Integer.MAX_VALUE;

  private final GraftHome home;
  private final int maxOutput;
  private final Map<String, String> environment;

  /**
   * What a program gets of {@link #environment}, per set of granted names: worked out once, not at
   * every exec (a pattern match per variable).
   */
  private final Map<Set<String>, Map<String, String>> programEnvironments =
      new ConcurrentHashMap<>();

  private final Set<ScriptProcess> running = ConcurrentHashMap.newKeySet();

  /** Programs started through child_process, running until they end or graft does. */
  private final Set<ScriptChildProcess> children = ConcurrentHashMap.newKeySet();

  /** Every process group a program started here leads: what it left running ends with graft. */
  private final Set<Long> groups = ConcurrentHashMap.newKeySet();

  private final Object starting = new Object();
  private Thread shutdownHook; // guarded by this
  private final AtomicBoolean bound = new AtomicBoolean();
  private volatile ScriptLocations.Plan plan;
  private volatile boolean closed;

  /** Why no program is granted here, where no grant can be given; empty: settings grant them. */
  private volatile Optional<String> withoutGrants = Optional.empty();

  public ScriptExec(GraftHome home, ScriptLocations.Plan plan) {
    this(home, plan, ScriptProcess.DEFAULT_MAX_OUTPUT, System.getenv());
  }

  /**
   * {@code environment}: graft's, of which a program gets what is not a secret (and the secrets
   * granted by name).
   */
  public ScriptExec(GraftHome home, ScriptLocations.Plan plan, Map<String, String> environment) {
    this(home, plan, ScriptProcess.DEFAULT_MAX_OUTPUT, environment);
  }

  ScriptExec(GraftHome home, ScriptLocations.Plan plan, int maxOutput) {
    this(home, plan, maxOutput, System.getenv());
  }

  ScriptExec(
      GraftHome home, ScriptLocations.Plan plan, int maxOutput, Map<String, String> environment) {
    this.home = home;
    this.plan = plan;
    this.maxOutput = maxOutput;
    this.environment = Map.copyOf(environment);
  }

  /**
   * Grants no program, where none can be given (a test session): a refusal says {@code why} instead
   * of naming a settings file.
   */
  public ScriptExec withoutGrants(String why) {
    this.withoutGrants = Optional.of(why);
    return this;
  }

  /** The scripts were loaded again: these locations and grants are in force now. */
  public void update(ScriptLocations.Plan next) {
    this.plan = next;
  }

  /** The locations and grants in force. */
  public ScriptLocations.Plan plan() {
    return plan;
  }

  /** True the first time only: for registering this with whatever closes it. */
  public boolean firstUse() {
    return bound.compareAndSet(false, true);
  }

  /**
   * Runs {@code command} for {@code script}, in {@code sessionCwd} unless options say otherwise.
   * The future fails with a one-line message when the program is not granted, an option is wrong,
   * or the program cannot start; a program that exits non-zero is a result, not a failure.
   */
  public CompletableFuture<JsonNode> exec(
      ScriptFile script, String command, List<String> args, ObjectNode options, Path sessionCwd) {
    ScriptLocations.Plan now = plan;
    Optional<String> refused = refusal(now, script, command);
    if (refused.isPresent()) {
      return CompletableFuture.failedFuture(new SecurityException(refused.get()));
    }
    Optional<Duration> timeout;
    Path cwd;
    try {
      checkOptions(options);
      timeout = timeout(options);
      cwd = cwd(options, sessionCwd);
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    CompletableFuture<JsonNode> result = new CompletableFuture<>();
    // The script's AbortSignal cancels the future: the process is killed.
    AtomicReference<ScriptProcess> started = new AtomicReference<>();
    result.whenComplete((v, e) -> {
      ScriptProcess p = started.get();
      if (result.isCancelled() && p != null) {
        p.kill();
      }
    });
    Thread.ofVirtual()
        .name("graft-exec")
        .start(() -> {
          ScriptProcess p = null;
          try {
            killAtShutdown();
            // Started and recorded under the lock the shutdown takes: no program escapes being
            // killed.
            synchronized (starting) {
              if (closed) {
                throw new IOException("graft is shutting down");
              }
              p =
                  ScriptProcess.start(
                      command,
                      args,
                      cwd,
                      programEnvironment(ScriptAccess.grantee(now, script).grant().env()),
                      maxOutput);
              running.add(p);
              p.group().ifPresent(groups::add);
              started.set(p);
              if (result.isCancelled()) {
                p.kill();
              }
            }
            result.complete(p.await(timeout).toJson());
          } catch (IOException e) {
            result.completeExceptionally(new IOException(e.getMessage()));
          } catch (InterruptedException e) {
            result.completeExceptionally(new IOException("interrupted"));
          } finally {
            if (p != null) {
              running.remove(p);
            }
          }
        });
    return result;
  }

  /**
   * child_process: starts {@code spawn} for {@code script} when the settings grant its program (as
   * for {@link #exec}), reporting its output and end to {@code events}.
   *
   * @throws SecurityException naming the setting to add when the program is not granted
   * @throws IOException when it cannot start
   */
  public ScriptChild spawn(ScriptFile script, ScriptSpawn spawn, ScriptChild.Events events)
      throws IOException {
    Optional<String> refused = refusal(plan, script, spawn.command());
    if (refused.isPresent()) {
      throw new SecurityException(refused.get());
    }
    killAtShutdown();
    ScriptChildProcess[] started = new ScriptChildProcess[1];
    synchronized (starting) {
      if (closed) {
        throw new IOException("graft is shutting down");
      }
      started[0] =
          ScriptChildProcess.start(
              spawn,
              new ScriptChild.Events() {
                @Override
                public void stdout(byte[] chunk) {
                  events.stdout(chunk);
                }

                @Override
                public void stderr(byte[] chunk) {
                  events.stderr(chunk);
                }

                @Override
                public void exit(int code, Optional<String> signal) {
                  if (started[0] != null) {
                    children.remove(started[0]);
                  }
                  events.exit(code, signal);
                }
              });
      if (started[0].alive()) {
        children.add(started[0]);
      }
      started[0].group().ifPresent(groups::add);
    }
    return started[0];
  }

  /** The environment a program gets when its script was granted the variables {@code granted}. */
  private Map<String, String> programEnvironment(Set<String> granted) {
    return programEnvironments.computeIfAbsent(
        Set.copyOf(granted),
        g -> Collections.unmodifiableMap(CommandEnvironment.forScripts(environment, g)));
  }

  /** Why {@code script} may not run {@code command}, naming the setting that would allow it. */
  Optional<String> refusal(ScriptLocations.Plan now, ScriptFile script, String command) {
    // A package's scripts share one grant, "package:NAME"; other scripts have their own, by name.
    ScriptAccess.Grantee grantee = ScriptAccess.grantee(now, script);
    boolean project = grantee.project();
    Optional<String> pkg = grantee.packageName();
    String key = grantee.key();
    String who = pkg.map(n -> "package " + n).orElse(script.name());
    if (withoutGrants.isPresent()) {
      return Optional.of("exec is not granted to " + who + "; " + withoutGrants.get());
    }
    Optional<ScriptGrants.Grant> grant = Optional.of(grantee.grant()).filter(g -> !g.runsNothing());
    // graft's own launcher (process.execPath) is granted as "graft", wherever it is installed.
    String name = GraftLauncher.grantName(command, environment);
    if (grant.isPresent() && (grant.get().allows(command) || grant.get().allows(name))) {
      return Optional.empty();
    }
    Path file =
        project ? Settings.projectFile(projectDirOf(now, pkg.isPresent())) : home.settings();
    String program = command.isEmpty() ? "a program" : command;
    String add = "\"scripts\": {\"exec\": {\"" + key + "\": [\"" + name + "\"]}}";
    String after =
        !project
            ? ""
            : pkg.isPresent()
                ? " (then trust the package again: graft scripts trust --package " + pkg.get() + ")"
                : " (then trust the project's scripts again: graft scripts trust "
                    + now.project().map(ScriptLocations.Project::dir).orElseThrow()
                    + ")";
    if (grant.isPresent()) {
      return Optional.of(
          "exec: "
              + who
              + " may run "
              + String.join(", ", grant.get().commands())
              + ", not "
              + program
              + "; to allow it, add \""
              + name
              + "\" to "
              + ScriptGrants.FIELD
              + " \""
              + key
              + "\" in "
              + file
              + after);
    }
    return Optional.of(
        "exec is not granted to "
            + who
            + "; to let it run "
            + program
            + ", add "
            + add
            + " to "
            + file
            + after);
  }

  private static Path projectDirOf(ScriptLocations.Plan now, boolean inPackage) {
    // <project>/.graft/scripts → <project>; <project>/.graft/packages/NAME → <project>
    if (inPackage) {
      Path dir =
          now.packagePlans().stream()
              .filter(ScriptLocations.PackagePlan::project)
              .findFirst()
              .orElseThrow()
              .dir();
      while (dir != null
          && !(dir.getFileName() != null && dir.getFileName().toString().equals(".graft"))) {
        dir = dir.getParent();
      }
      return dir == null ? Path.of(".") : dir.getParent();
    }
    return now.project().map(p -> p.dir().getParent().getParent()).orElseThrow();
  }

  private static void checkOptions(ObjectNode options) {
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!OPTIONS.contains(name)) {
        throw new IllegalArgumentException(
            "exec: unknown option \"" + name + "\"; the options are timeout (ms) and cwd");
      }
    }
  }

  private static Optional<Duration> timeout(ObjectNode options) {
    JsonNode t = options.get("timeout");
    if (t == null || t.isNull()) {
      return Optional.empty();
    }
    double ms = t.isNumber() ? t.doubleValue() : Double.NaN;
    if (!(ms > 0) || ms > MAX_TIMEOUT_MS) {
      String given =
          t.isNumber()
              ? t.asText()
              : t.isTextual() ? "the string " + t : t.getNodeType().name().toLowerCase(Locale.ROOT);
      throw new IllegalArgumentException(
          "exec: timeout must be a positive number of milliseconds up to "
              + MAX_TIMEOUT_MS
              + " (24.8 days), or left out for none; not "
              + given);
    }
    return Optional.of(Duration.ofMillis(Math.max(1, (long) Math.ceil(ms))));
  }

  private static Path cwd(ObjectNode options, Path sessionCwd) {
    JsonNode c = options.get("cwd");
    if (c == null || c.isNull()) {
      return sessionCwd;
    }
    if (!c.isTextual() || c.textValue().isBlank()) {
      throw new IllegalArgumentException("exec: cwd must be a directory name, not " + c);
    }
    Path dir = sessionCwd.resolve(c.textValue()).normalize();
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("exec: cwd " + c.textValue() + " is not a directory");
    }
    return dir;
  }

  /** Kills every program still running and every process they left in their groups. */
  @Override
  public void close() {
    killAll();
    synchronized (this) {
      if (shutdownHook != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
          // the JVM is shutting down: the hook runs anyway
        }
        shutdownHook = null;
      }
    }
  }

  private void killAll() {
    synchronized (starting) {
      closed = true;
    }
    running.forEach(ScriptProcess::kill);
    children.forEach(c -> c.kill("SIGKILL"));
    // A group whose id is a live process again is not ours: our leader ended (graft waited for
    // it), and its id was free for reuse only once everything in its group had ended too.
    List<Long> left = groups.stream().filter(g -> ProcessHandle.of(g).isEmpty()).toList();
    groups.clear();
    ProcessTree.detect().killGroups(left);
  }

  /**
   * The JVM's shutdown (SIGTERM, SIGINT, System.exit) kills what scripts started, as close does.
   */
  private synchronized void killAtShutdown() {
    if (shutdownHook == null && !closed) {
      shutdownHook = new Thread(this::killAll, "graft-exec-shutdown");
      try {
        Runtime.getRuntime().addShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        shutdownHook = null; // already shutting down: close kills them
      }
    }
  }
}
