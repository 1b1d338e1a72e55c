package dev.graft.cli.trust;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.packages.LooseScripts;
import dev.graft.cli.packages.PackageFiles;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageManifest;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptTool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The scripts a run would load, each with where it comes from, whether it is trusted, what it
 * registered, what it may reach beyond the API ({@code grants}: lines by script path, where known)
 * and what went wrong: {@code graft scripts list} and {@code /scripts}.
 */
public record ScriptInventory(
    List<Entry> entries,
    Optional<ScriptLocations.Project> project,
    boolean projectLoaded,
    List<ScriptLocations.PackagePlan> packages,
    Map<Path, List<String>> grants,
    Map<Path, List<String>> warnings) {
  public ScriptInventory {
    entries = List.copyOf(entries);
    packages = List.copyOf(packages);
    grants = Map.copyOf(grants);
    warnings = Map.copyOf(warnings);
  }

  public ScriptInventory(
      List<Entry> entries,
      Optional<ScriptLocations.Project> project,
      boolean projectLoaded,
      List<ScriptLocations.PackagePlan> packages) {
    this(entries, project, projectLoaded, packages, Map.of(), Map.of());
  }

  /** This inventory with what each script may reach beyond the API, by its path. */
  public ScriptInventory withGrants(Map<Path, List<String>> value) {
    return new ScriptInventory(entries, project, projectLoaded, packages, value, warnings);
  }

  /**
   * This inventory with what a run leaves out of each script but loads it (a command with a
   * built-in command's name), by its path: shown, not counted as problems.
   */
  public ScriptInventory withWarnings(Map<Path, List<String>> value) {
    return new ScriptInventory(entries, project, projectLoaded, packages, grants, value);
  }

  /**
   * One script. {@code trust}: "yours" (no trust needed), "trusted", "untrusted", "changed" or
   * "never"; {@code loaded} false for a script that failed to load or is not trusted.
   */
  public record Entry(
      String name,
      Path path,
      ScriptLocations.Source source,
      String trust,
      boolean loaded,
      List<String> events,
      List<String> commands,
      List<String> tools,
      List<String> problems,
      Optional<String> packageName) {
    public Entry(
        String name,
        Path path,
        ScriptLocations.Source source,
        String trust,
        boolean loaded,
        List<String> events,
        List<String> commands,
        List<String> tools,
        List<String> problems) {
      this(name, path, source, trust, loaded, events, commands, tools, problems, Optional.empty());
    }

    public Entry {
      events = List.copyOf(events);
      commands = List.copyOf(commands);
      tools = List.copyOf(tools);
      problems = List.copyOf(problems);
    }
  }

  /**
   * What the engine holds after a load with {@code plan}: the running scripts, and the report's
   * problems.
   */
  public static ScriptInventory of(
      ScriptLocations.Plan plan,
      List<ScriptFile> running,
      Function<ScriptFile, List<String>> events,
      List<ScriptCommand> commands,
      List<ScriptTool> tools,
      List<LoadReport.Problem> problems,
      Map<Path, List<String>> warnings) {
    List<Entry> entries = new ArrayList<>();
    for (ScriptFile f : running) {
      ScriptLocations.Source source = plan.sourceOf(f);
      entries.add(
          new Entry(
              f.name(),
              f.path(),
              source,
              trustOf(source),
              true,
              events.apply(f),
              commands.stream().filter(c -> c.script().equals(f)).map(c -> "/" + c.name()).toList(),
              tools.stream().filter(t -> t.script().equals(f)).map(ScriptTool::name).toList(),
              warnings.getOrDefault(f.path(), List.of()),
              plan.locationOf(f).flatMap(ScriptLocations.Location::packageName)));
    }
    for (LoadReport.Problem p : problems) {
      ScriptLocations.Source source = sourceOfPath(plan, p.path());
      entries.add(
          new Entry(
              nameOf(plan, p.path()),
              p.path(),
              source,
              trustOf(source),
              false,
              List.of(),
              List.of(),
              List.of(),
              List.of(p.message())));
    }
    // In load order, the scripts that failed to load among the others (other problems last).
    List<Path> order =
        ScriptFinder.discover(plan.sources()).scripts().stream().map(ScriptFile::path).toList();
    entries.sort(
        Comparator.comparingInt(e -> {
          int at = order.indexOf(e.path());
          return at < 0 ? Integer.MAX_VALUE : at;
        }));
    if (plan.project().isPresent() && !plan.projectLoaded()) {
      ScriptLocations.Project project = plan.project().get();
      String trust =
          switch (project.state()) {
            case TrustStore.State.Changed c -> "changed";
            case TrustStore.State.Never n -> "never";
            case TrustStore.State.Trusted t -> "trusted";
            case TrustStore.State.Unknown u -> "untrusted";
          };
      for (ScriptFile f : ScriptFinder.discover(ScriptSources.of(project.dir())).scripts()) {
        entries.add(
            new Entry(
                f.name(),
                f.path(),
                ScriptLocations.Source.PROJECT,
                trust,
                false,
                List.of(),
                List.of(),
                List.of(),
                List.of()));
      }
    }
    return new ScriptInventory(entries, plan.project(), plan.projectLoaded(), plan.packagePlans());
  }

  private static String trustOf(ScriptLocations.Source source) {
    return source == ScriptLocations.Source.PROJECT
            || source == ScriptLocations.Source.PROJECT_PACKAGE
        ? "trusted"
        : "yours";
  }

  private static ScriptLocations.Source sourceOfPath(ScriptLocations.Plan plan, Path path) {
    for (ScriptLocations.Location l : plan.locations()) {
      if (path.toAbsolutePath().normalize().startsWith(l.path().toAbsolutePath().normalize())
          || path.startsWith(ScriptLocations.realPath(l.path()))) {
        return l.source();
      }
    }
    return ScriptLocations.Source.OPTION;
  }

  private static String nameOf(ScriptLocations.Plan plan, Path path) {
    for (ScriptLocations.Location l : plan.locations()) {
      for (Path base :
          List.of(l.path().toAbsolutePath().normalize(), ScriptLocations.realPath(l.path()))) {
        if (path.startsWith(base) && !path.equals(base)) {
          return base.relativize(path).toString().replace('\\', '/');
        }
      }
    }
    return path.getFileName() == null ? path.toString() : path.getFileName().toString();
  }

  private static String trustWord(TrustStore.State state) {
    return switch (state) {
      case TrustStore.State.Changed c -> "changed";
      case TrustStore.State.Never n -> "never";
      case TrustStore.State.Trusted t -> "trusted";
      case TrustStore.State.Unknown u -> "untrusted";
    };
  }

  /** Whether any script failed to load or logged a warning. */
  public boolean hasProblems() {
    return entries.stream().anyMatch(e -> !e.problems().isEmpty());
  }

  /**
   * For people: one heading line per script, then what it registered and its problems, indented;
   * each line escaped by {@link ScriptText}.
   */
  public List<String> text() {
    List<String> lines = new ArrayList<>();
    if (entries.isEmpty()) {
      lines.add(
          "No hook scripts (graft loads $GRAFT_HOME/scripts, --scripts DIR, -s FILE and a trusted .graft/scripts).");
    }
    for (Entry e : entries) {
      String state =
          e.source() == ScriptLocations.Source.PROJECT
                  || e.source() == ScriptLocations.Source.PROJECT_PACKAGE
              ? ", " + e.trust()
              : "";
      lines.add(
          e.name()
              + "  ("
              + e.source().label
              + state
              + (e.loaded() ? "" : ", not loaded")
              + ")  "
              + e.path());
      if (!e.events().isEmpty()) {
        lines.add("  events:   " + String.join(", ", e.events()));
      }
      e.packageName().ifPresent(p -> lines.add("  package:  " + p));
      if (!e.commands().isEmpty()) {
        lines.add("  commands: " + String.join(", ", e.commands()));
      }
      if (!e.tools().isEmpty()) {
        lines.add(
            "  tools:    "
                + String.join(", ", e.tools().stream().map(ScriptInventory::toolLabel).toList()));
      }
      if (e.loaded() && e.events().isEmpty() && e.commands().isEmpty() && e.tools().isEmpty()) {
        lines.add("  (registers nothing)");
      }
      List<String> granted = grants.getOrDefault(e.path(), List.of());
      for (int i = 0; i < granted.size(); i++) {
        lines.add((i == 0 ? "  grants:   " : "            ") + granted.get(i));
      }
      e.problems().forEach(p -> lines.add("  problem:  " + p));
      warnings.getOrDefault(e.path(), List.of()).forEach(w -> lines.add("  warning:  " + w));
    }
    if (project.isPresent() && !projectLoaded) {
      lines.add(TrustDecisions.notLoaded(project.get()));
    }
    if (!packages.isEmpty()) {
      lines.add("Script packages:");
    }
    for (ScriptLocations.PackagePlan p : packages) {
      PackageLock.Entry e = p.entry();
      String version = version(p);
      lines.add(
          "  "
              + e.name()
              + (version.isEmpty() ? "" : " " + version)
              + "  ("
              + (p.project() ? "project" : "global")
              + (version.equals(e.version()) ? "" : ", locked at " + e.version())
              + p.trust().map(t -> ", " + trustWord(t.state())).orElse("")
              + (p.loaded() ? "" : ", not loaded")
              + ")  "
              + e.source()
              + " @ "
              + e.resolved());
      if (p.project() && !p.loaded() && p.trust().isPresent()) {
        lines.add("    trust it with: graft scripts trust --package " + e.name());
      }
      lines.addAll(contributions(e, p.dir(), "    "));
    }
    // File names and problems come from the scripts: each line is shown as one line, escaped.
    lines.replaceAll(ScriptText::safeLine);
    return lines;
  }

  /**
   * What a package brings, a line per kind ("scripts: hooks/a.ts, b.ts"), then each file its
   * manifest names but leaves out, with why; paths relative to the package.
   */
  public static List<String> contributions(PackageLock.Entry entry, Path dir, String indent) {
    PackageManifest.Contents contents = LooseScripts.contents(entry, dir);
    List<String> lines = new ArrayList<>();
    for (PackageManifest.Kind kind : PackageManifest.Kind.values()) {
      List<Path> files = contents.of(kind);
      if (!files.isEmpty()) {
        lines.add(
            indent
                + kind.label()
                + ": "
                + String.join(", ", files.stream().map(f -> relative(dir, f)).toList()));
      }
    }
    for (PackageManifest.LeftOut l : contents.leftOut()) {
      lines.add(
          indent
              + "left out: "
              + relative(dir, l.path())
              + " ("
              + l.kind().label()
              + ": "
              + l.why()
              + ")");
    }
    return lines;
  }

  private static String relative(Path dir, Path f) {
    Path d = dir.toAbsolutePath().normalize();
    Path p = f.toAbsolutePath().normalize();
    return p.startsWith(d) ? d.relativize(p).toString().replace('\\', '/') : p.toString();
  }

  /** For programs: {scripts: [...], project?: {dir, trust, fingerprint, loaded}}. */
  public ObjectNode json() {
    ObjectNode root = Json.object();
    ArrayNode scripts = root.putArray("scripts");
    for (Entry e : entries) {
      ObjectNode o = scripts.addObject();
      o.put("name", e.name())
          .put("path", e.path().toString())
          .put("source", e.source().label)
          .put("trust", e.trust())
          .put("loaded", e.loaded());
      e.events().forEach(o.putArray("events")::add);
      e.commands().forEach(o.putArray("commands")::add);
      e.tools().forEach(o.putArray("tools")::add);
      e.problems().forEach(o.putArray("problems")::add);
      if (warnings.containsKey(e.path())) {
        warnings.get(e.path()).forEach(o.putArray("warnings")::add);
      }
      if (grants.containsKey(e.path())) {
        grants.get(e.path()).forEach(o.putArray("grants")::add);
      }
    }
    ArrayNode pkgs = root.putArray("packages");
    for (ScriptLocations.PackagePlan p : packages) {
      PackageLock.Entry e = p.entry();
      ObjectNode o =
          pkgs.addObject()
              .put("name", e.name())
              .put("version", version(p))
              .put("lockedVersion", e.version())
              .put("scope", p.project() ? "project" : "global")
              .put("source", e.source())
              .put("resolved", e.resolved())
              .put("hash", e.hash())
              .put("dir", p.dir().toString())
              .put("loaded", p.loaded());
      p.trust().ifPresent(t -> o.put("trust", trustWord(t.state())));
      PackageManifest.Contents contents = LooseScripts.contents(e, p.dir());
      ObjectNode resources = o.putObject("resources");
      for (PackageManifest.Kind kind : PackageManifest.Kind.values()) {
        ArrayNode files = resources.putArray(kind.label());
        contents.of(kind).forEach(f -> files.add(f.toString()));
      }
      ArrayNode left = o.putArray("leftOut");
      contents
          .leftOut()
          .forEach(l ->
              left.addObject()
                  .put("kind", l.kind().label())
                  .put("path", l.path().toString())
                  .put("why", l.why()));
    }
    project.ifPresent(p ->
        root.putObject("project")
            .put("dir", p.dir().toString())
            .put("fingerprint", p.fingerprint().value())
            .put("loaded", projectLoaded)
            .put(
                "trust",
                switch (p.state()) {
                  case TrustStore.State.Changed c -> "changed";
                  case TrustStore.State.Never n -> "never";
                  case TrustStore.State.Trusted t -> "trusted";
                  case TrustStore.State.Unknown u -> "untrusted";
                }));
    return root;
  }

  /**
   * The version of the package as installed: its package.json's, which differs from the lock file's
   * once its files changed in place; the lock's when package.json gives none (a git package's is
   * its commit).
   */
  private static String version(ScriptLocations.PackagePlan p) {
    String installed = PackageFiles.installedVersion(p.dir());
    return installed.isEmpty() ? p.entry().version() : installed;
  }

  /** A script tool's name as a listing shows it: "read (replaces built-in tool read)". */
  public static String toolLabel(String name) {
    return BuiltinTools.NAMES.contains(name)
        ? name + " (replaces built-in tool " + name + ")"
        : name;
  }
}
