package dev.graft.cli.scripts;

import dev.graft.cli.UserError;
import dev.graft.runtime.config.ExecGrants;
import dev.graft.runtime.config.GraftHome;
import dev.graft.scripting.ScriptFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a run's hook scripts come from, in load order: $GRAFT_HOME/scripts, each --scripts DIR,
 * each -s FILE, then the project's {@code .graft/scripts} — the last only when you trust what it
 * holds now ({@link TrustStore}), or the {@link TrustDecision} says so. The exec grants are read
 * at the same moment, so that the project's grants in force are the ones trusted.
 */
public final class ScriptLocations {
  private ScriptLocations() {}

  /** Where a script was found; {@code label} is how listings show it. */
  public enum Source {
    USER("user"),
    OPTION("--scripts"),
    PROJECT("project");

    public final String label;

    Source(String label) {
      this.label = label;
    }
  }

  public record Location(Path path, Source source) {}

  /**
   * What to look at: graft's home, the directory --scripts and -s paths are relative to, the
   * project directory (the session's working directory), the options.
   */
  public record Request(GraftHome home, Path baseDir, Path projectDir, List<Path> dirs, List<Path> files,
      boolean noScripts) {
    public Request {
      dirs = List.copyOf(dirs);
      files = List.copyOf(files);
    }
  }

  /** The project's scripts directory, what it holds now, and whether that is trusted. */
  public record Project(Path dir, ScriptFingerprint fingerprint, TrustStore.State state) {}

  /** Decides whether to load project scripts that are not trusted as they are (and may record it). */
  @FunctionalInterface
  public interface TrustDecision {
    boolean load(Project project, TrustStore store);

    /** Loads nothing untrusted and says nothing (listings show the state themselves). */
    TrustDecision SKIP = (project, store) -> false;
  }

  /** The locations to load, the project's scripts directory if it has one, and the grants in force. */
  public record Plan(List<Location> locations, Optional<Project> project, boolean projectLoaded, ExecGrants grants) {
    public Plan {
      locations = List.copyOf(locations);
    }

    public List<Path> paths() {
      return locations.stream().map(Location::path).toList();
    }

    /** Where {@code script} came from (a script linked in from elsewhere counts as the options'). */
    public Source sourceOf(ScriptFile script) {
      for (Location l : locations) {
        Path at = realPath(l.path());
        if (Files.isDirectory(at) ? script.root().equals(at) : script.path().equals(at)) {
          return l.source();
        }
      }
      return Source.OPTION;
    }
  }

  /** The project's scripts directory under {@code projectDir}. */
  public static Path projectScripts(Path projectDir) {
    return projectDir.resolve(".graft").resolve("scripts");
  }

  public static Plan plan(Request r, TrustDecision decision) {
    ExecGrants grants = ExecGrants.load(r.home(), r.projectDir());
    if (r.noScripts()) {
      return new Plan(List.of(), Optional.empty(), false, grants);
    }
    List<Location> locations = new ArrayList<>();
    Path user = r.home().scripts();
    if (Files.isDirectory(user)) {
      locations.add(new Location(user, Source.USER));
    }
    for (Path dir : r.dirs()) {
      Path p = r.baseDir().resolve(dir).normalize();
      if (!Files.isDirectory(p)) {
        throw new UserError("--scripts " + dir + ": not a directory");
      }
      locations.add(new Location(p, Source.OPTION));
    }
    for (Path file : r.files()) {
      Path p = r.baseDir().resolve(file).normalize();
      if (!Files.isRegularFile(p)) {
        throw new UserError("-s " + file + ": no such script file");
      }
      locations.add(new Location(p, Source.OPTION));
    }
    Path dir = projectScripts(r.projectDir());
    if (!Files.isDirectory(dir) || locations.stream().anyMatch(l -> realPath(l.path()).equals(realPath(dir)))) {
      // No project scripts, or they are yours already (--scripts names them, or this is $GRAFT_HOME).
      return new Plan(locations, Optional.empty(), false, grants);
    }
    ScriptFingerprint now = ScriptFingerprint.of(dir, grants.projectText());
    TrustStore store = TrustStore.load(r.home());
    Project project = new Project(dir, now, store.state(dir, now));
    boolean load = project.state() instanceof TrustStore.State.Trusted || decision.load(project, store);
    if (load) {
      locations.add(new Location(dir, Source.PROJECT));
    }
    return new Plan(locations, Optional.of(project), load, grants);
  }

  static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
