package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.config.ExecGrants;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.config.Settings;
import dev.graft.scripting.ScriptFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code graft.exec(cmd, args, {timeout, cwd})} for the scripts of one run: runs the program
 * when the settings grant it to the calling script ({@link ExecGrants}: global grants for your
 * scripts, the project's for its trusted scripts), else fails with the setting to add. The grants
 * are those read when the scripts were (re)loaded. Closing kills every program still running.
 */
public final class ScriptExec implements AutoCloseable {
  private static final Set<String> OPTIONS = Set.of("timeout", "cwd", "signal");

  private final GraftHome home;
  private final int maxOutput;
  private final Set<ScriptProcess> running = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean bound = new AtomicBoolean();
  private volatile ScriptLocations.Plan plan;
  private volatile boolean closed;

  public ScriptExec(GraftHome home, ScriptLocations.Plan plan) {
    this(home, plan, ScriptProcess.DEFAULT_MAX_OUTPUT);
  }

  ScriptExec(GraftHome home, ScriptLocations.Plan plan, int maxOutput) {
    this.home = home;
    this.plan = plan;
    this.maxOutput = maxOutput;
  }

  /** The scripts were loaded again: these locations and grants are in force now. */
  public void update(ScriptLocations.Plan next) {
    this.plan = next;
  }

  /** True the first time only: for registering this with whatever closes it. */
  public boolean firstUse() {
    return bound.compareAndSet(false, true);
  }

  /**
   * Runs {@code command} for {@code script}, in {@code sessionCwd} unless options say otherwise.
   * The future fails with a one-line message when the program is not granted, an option is
   * wrong, or the program cannot start; a program that exits non-zero is a result, not a failure.
   */
  public CompletableFuture<JsonNode> exec(ScriptFile script, String command, List<String> args, ObjectNode options,
      Path sessionCwd) {
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
    java.util.concurrent.atomic.AtomicReference<ScriptProcess> started = new java.util.concurrent.atomic.AtomicReference<>();
    result.whenComplete((v, e) -> {
      ScriptProcess p = started.get();
      if (result.isCancelled() && p != null) {
        p.kill();
      }
    });
    Thread.ofVirtual().name("graft-exec").start(() -> {
      ScriptProcess p = null;
      try {
        if (closed) {
          throw new IOException("graft is shutting down");
        }
        p = ScriptProcess.start(command, args, cwd, maxOutput);
        running.add(p);
        started.set(p);
        if (closed || result.isCancelled()) {
          p.kill();
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

  /** Why {@code script} may not run {@code command}, naming the setting that would allow it. */
  Optional<String> refusal(ScriptLocations.Plan now, ScriptFile script, String command) {
    boolean project = now.sourceOf(script) == ScriptLocations.Source.PROJECT;
    Optional<ExecGrants.Grant> grant = project ? now.grants().forProjectScript(script.name())
        : now.grants().forUserScript(script.name());
    if (grant.isPresent() && grant.get().allows(command)) {
      return Optional.empty();
    }
    Path file = project ? Settings.projectFile(projectDirOf(now)) : home.settings();
    String program = command.isEmpty() ? "a program" : command;
    String add = "\"scripts\": {\"exec\": {\"" + script.name() + "\": [\"" + command + "\"]}}";
    String after = project ? " (then trust the project's scripts again: graft scripts trust "
        + now.project().map(ScriptLocations.Project::dir).orElseThrow() + ")" : "";
    if (grant.isPresent()) {
      return Optional.of("exec: " + script.name() + " may run " + String.join(", ", grant.get().commands())
          + ", not " + program + "; to allow it, add \"" + command + "\" to " + ExecGrants.FIELD + " \"" + script.name()
          + "\" in " + file + after);
    }
    return Optional.of("exec is not granted to " + script.name() + "; to let it run " + program + ", add " + add + " to "
        + file + after);
  }

  private static Path projectDirOf(ScriptLocations.Plan now) {
    // <project>/.graft/scripts → <project>
    return now.project().map(p -> p.dir().getParent().getParent()).orElseThrow();
  }

  private static void checkOptions(ObjectNode options) {
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!OPTIONS.contains(name)) {
        throw new IllegalArgumentException("exec: unknown option \"" + name + "\"; the options are timeout (ms) and cwd");
      }
    }
  }

  private static Optional<Duration> timeout(ObjectNode options) {
    JsonNode t = options.get("timeout");
    if (t == null || t.isNull()) {
      return Optional.empty();
    }
    if (!t.isNumber() || t.doubleValue() <= 0 || !Double.isFinite(t.doubleValue())) {
      throw new IllegalArgumentException("exec: timeout must be a positive number of milliseconds, not " + t);
    }
    return Optional.of(Duration.ofMillis(Math.max(1, (long) Math.ceil(t.doubleValue()))));
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

  /** Kills every program still running. */
  @Override
  public void close() {
    closed = true;
    running.forEach(ScriptProcess::kill);
  }
}
