package dev.graft.cli.setup;

import dev.graft.cli.packages.PackageManifest;
import dev.graft.cli.packages.ResourceFolders;
import dev.graft.cli.trust.ResourceFingerprint;
import dev.graft.cli.trust.ScriptFingerprint;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustStore;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.hooks.AgentHooks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where a run's skills, prompt templates and themes come from, first found first (a later one of
 * the same name is reported, not used), as in the reference: the project's ({@code .graft/skills},
 * {@code .agents/skills} here and in each folder above up to the git repository's root, {@code
 * .graft/prompts}, {@code .graft/themes}: each folder loaded only once trusted, like the project's
 * scripts), then yours ({@code $GRAFT_HOME/skills}, {@code ~/.agents/skills}, {@code
 * $GRAFT_HOME/prompts}, {@code $GRAFT_HOME/themes}), then the packages' (the project's trusted
 * ones, then the global ones).
 */
public final class SharedResources {
  private SharedResources() {}

  /**
   * One file, where it was found ("project", "user", "package NAME"), and for a project's file the
   * SHA-256 its trust saw (a file read later must still be that).
   */
  public record Found(Path file, String source, Optional<String> trusted) {
    public Found(Path file, String source) {
      this(file, source, Optional.empty());
    }
  }

  /**
   * A project folder of skills, prompts or themes that is not loaded, as a trust decision saw it.
   */
  public record Untrusted(ScriptLocations.Project project, String kind) {}

  /** What a run has: the files of each kind, in order, and the project folders not loaded. */
  public record Plan(
      List<Found> skills,
      List<Found> prompts,
      List<Found> themes,
      List<Untrusted> untrusted,
      List<String> warnings) {
    public static final Plan NONE = new Plan(List.of(), List.of(), List.of(), List.of(), List.of());

    /**
     * This plan with the paths scripts named in {@code resources_discover} after the rest (a folder
     * read as a folder of its kind, a relative path taken from {@code cwd}).
     */
    public Plan withDiscovered(AgentHooks.Discovered d, Path cwd) {
      if (d.skillPaths().isEmpty() && d.promptPaths().isEmpty() && d.themePaths().isEmpty()) {
        return this;
      }
      return with(
          d.skillPaths(),
          d.promptPaths(),
          d.themePaths(),
          cwd,
          "script",
          (kind, given, path, why) -> "resources_discover named " + path + ", which is " + why);
    }

    /**
     * This plan with the paths given on the command line ({@code --skill}, {@code
     * --prompt-template}, {@code --theme}) after the rest, taken from {@code base}: loaded whatever
     * turned their kind off, as in the reference, since you named them.
     */
    public Plan withGiven(
        List<String> skillPaths, List<String> promptPaths, List<String> themePaths, Path base) {
      return with(
          skillPaths,
          promptPaths,
          themePaths,
          base,
          "command line",
          (kind, given, path, why) -> kind.option() + " " + given + ": " + path + " is " + why);
    }

    private Plan with(
        List<String> skillPaths,
        List<String> promptPaths,
        List<String> themePaths,
        Path base,
        String source,
        Warning warning) {
      if (skillPaths.isEmpty() && promptPaths.isEmpty() && themePaths.isEmpty()) {
        return this;
      }
      List<Found> s = new ArrayList<>(skills);
      List<Found> p = new ArrayList<>(prompts);
      List<Found> t = new ArrayList<>(themes);
      List<String> w = new ArrayList<>(warnings);
      Kind skill = new Kind("--skill", ".md", dir -> ResourceFolders.skills(dir, true));
      Kind prompt =
          new Kind("--prompt-template", ".md", dir -> ResourceFolders.files(dir, ".md", false));
      Kind theme = new Kind("--theme", ".json", dir -> ResourceFolders.files(dir, ".json", false));
      add(skillPaths, base, s, w, skill, source, warning);
      add(promptPaths, base, p, w, prompt, source, warning);
      add(themePaths, base, t, w, theme, source, warning);
      return new Plan(s, p, t, untrusted, w);
    }

    /** A kind of file: its command-line option, its ending, and how a folder of it is read. */
    private record Kind(String option, String ext, Function<Path, List<Path>> folder) {}

    /** What is said of a path that is no file or folder of its kind. */
    private interface Warning {
      String of(Kind kind, String given, Path path, String why);
    }

    private static void add(
        List<String> paths,
        Path base,
        List<Found> to,
        List<String> warnings,
        Kind kind,
        String source,
        Warning warning) {
      for (String given : paths) {
        Path path = base.resolve(given).normalize();
        if (Files.isDirectory(path)) {
          kind.folder().apply(path).forEach(f -> to.add(new Found(f, source)));
        } else if (Files.isRegularFile(path) && path.toString().endsWith(kind.ext())) {
          to.add(new Found(path, source));
        } else {
          warnings.add(
              warning.of(
                  kind,
                  given,
                  path,
                  Files.exists(path) ? "not a " + kind.ext() + " file or a folder" : "not there"));
        }
      }
    }

    public Plan {
      skills = List.copyOf(skills);
      prompts = List.copyOf(prompts);
      themes = List.copyOf(themes);
      untrusted = List.copyOf(untrusted);
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * The kinds --no-skills, --no-prompt-templates and --no-themes turn off: of such a kind nothing
   * is looked for but what the packages in {@code tried} (the ones tried with -e) bring; the
   * project's folders of it are not even asked about.
   */
  public record Without(
      boolean skills, boolean prompts, boolean themes, List<ScriptLocations.PackagePlan> tried) {
    public static final Without NOTHING = new Without(false, false, false, List.of());

    public Without {
      tried = List.copyOf(tried);
    }

    boolean kind(String kind) {
      return switch (kind) {
        case "skills" -> skills;
        case "prompts" -> prompts;
        default -> themes;
      };
    }
  }

  /** The project's folders of shared resources under {@code projectDir}, with their kind. */
  public static Map<Path, String> projectFolders(Path projectDir, Path userHome) {
    Map<Path, String> out = new LinkedHashMap<>();
    Path graft = projectDir.resolve(".graft");
    out.put(graft.resolve("skills"), "skills");
    Path yours = userHome.toAbsolutePath().normalize().resolve(".agents").resolve("skills");
    for (Path d : agentsSkillDirs(projectDir)) {
      if (!d.equals(yours)) {
        out.put(d, "skills");
      }
    }
    out.put(graft.resolve("prompts"), "prompts");
    out.put(graft.resolve("themes"), "themes");
    out.keySet().removeIf(d -> !Files.isDirectory(d));
    return out;
  }

  /**
   * {@code packages}: the packages that load (their folders and names), project ones first; {@code
   * decision} decides for a project folder not trusted as it is.
   */
  public static Plan plan(
      GraftHome home,
      Path userHome,
      Path projectDir,
      List<ScriptLocations.PackagePlan> packages,
      ScriptLocations.TrustDecision decision) {
    return plan(home, userHome, projectDir, packages, decision, Without.NOTHING);
  }

  /** As above, without the kinds {@code without} turns off. */
  public static Plan plan(
      GraftHome home,
      Path userHome,
      Path projectDir,
      List<ScriptLocations.PackagePlan> packages,
      ScriptLocations.TrustDecision decision,
      Without without) {
    List<Found> skills = new ArrayList<>();
    List<Found> prompts = new ArrayList<>();
    List<Found> themes = new ArrayList<>();
    List<Untrusted> untrusted = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    boolean projectIsHome =
        ScriptLocations.realPath(projectDir.resolve(".graft"))
            .equals(ScriptLocations.realPath(home.root()));
    TrustStore store = null;
    if (!projectIsHome) {
      for (Map.Entry<Path, String> e : projectFolders(projectDir, userHome).entrySet()) {
        Path dir = e.getKey();
        if (without.kind(e.getValue())) {
          continue;
        }
        ScriptFingerprint now;
        try {
          now = ResourceFingerprint.of(dir);
        } catch (RuntimeException ex) {
          warnings.add(
              "the project's "
                  + e.getValue()
                  + " in "
                  + dir
                  + " are not loaded: "
                  + String.valueOf(ex.getMessage()).lines().findFirst().orElse(""));
          continue;
        }
        store = store != null ? store : TrustStore.load(home);
        ScriptLocations.Project project =
            new ScriptLocations.Project(dir, now, store.state(dir, now));
        if (!(project.state() instanceof TrustStore.State.Trusted)
            && !decision.load(project, store)) {
          untrusted.add(new Untrusted(project, e.getValue()));
          continue;
        }
        String kind = e.getValue();
        List<Path> files =
            switch (kind) {
              case "skills" ->
                  ResourceFolders.skills(
                      dir, !dir.getParent().getFileName().toString().equals(".agents"));
              case "prompts" -> ResourceFolders.files(dir, ".md", false);
              default -> ResourceFolders.files(dir, ".json", false);
            };
        List<Found> to =
            switch (kind) {
              case "skills" -> skills;
              case "prompts" -> prompts;
              default -> themes;
            };
        to.addAll(asTrusted(dir, kind, now, files, warnings));
      }
    }
    if (!without.skills()) {
      add(skills, ResourceFolders.skills(home.root().resolve("skills"), true), "user");
      add(
          skills,
          ResourceFolders.skills(userHome.resolve(".agents").resolve("skills"), false),
          "user");
    }
    if (!without.prompts()) {
      add(prompts, ResourceFolders.files(home.root().resolve("prompts"), ".md", false), "user");
    }
    if (!without.themes()) {
      add(themes, ResourceFolders.files(home.root().resolve("themes"), ".json", false), "user");
    }
    List<ScriptLocations.PackagePlan> ordered =
        new ArrayList<>(packages.stream().filter(ScriptLocations.PackagePlan::project).toList());
    ordered.addAll(packages.stream().filter(p -> !p.project()).toList());
    for (ScriptLocations.PackagePlan p : ordered) {
      if (!p.loaded()) {
        continue;
      }
      String source = "package " + p.entry().name();
      boolean tried = without.tried().contains(p);
      if (!without.skills() || tried) {
        add(skills, PackageManifest.of(p.dir(), PackageManifest.Kind.SKILLS), source);
      }
      if (!without.prompts() || tried) {
        add(prompts, PackageManifest.of(p.dir(), PackageManifest.Kind.PROMPTS), source);
      }
      if (!without.themes() || tried) {
        add(themes, PackageManifest.of(p.dir(), PackageManifest.Kind.THEMES), source);
      }
    }
    return new Plan(skills, prompts, themes, untrusted, warnings);
  }

  /**
   * The files of a project folder whose real path is in it and that its trust saw, each with the
   * SHA-256 trust saw (a file changed since is not loaded when it is read). Its trust covered a
   * link as where it points, not what is there: a file a link leads to out of the folder (a secret
   * a template would send to the model, a skill trust never saw) is left out, with a warning; so is
   * a file added after the fingerprint was taken (while you were asked, say).
   */
  private static List<Found> asTrusted(
      Path dir, String kind, ScriptFingerprint trusted, List<Path> files, List<String> warnings) {
    Path root = ScriptLocations.realPath(dir);
    List<Found> out = new ArrayList<>();
    for (Path f : files) {
      Path real = ScriptLocations.realPath(f);
      if (real.startsWith(root)) {
        String hash = trusted.files().get(ScriptFingerprint.relative(root, real));
        if (hash == null || ScriptFingerprint.isLink(hash)) {
          warnings.add(
              "the project's "
                  + kind
                  + ": "
                  + dir.relativize(f)
                  + " was not there when you trusted them; not loaded");
        } else {
          out.add(new Found(f, "project", Optional.of(hash)));
        }
      } else {
        warnings.add(
            "the project's "
                + kind
                + ": "
                + dir.relativize(f)
                + " leads out of "
                + root
                + " (to "
                + real
                + "); not loaded");
      }
    }
    return out;
  }

  private static void add(List<Found> to, List<Path> files, String source) {
    files.forEach(f -> to.add(new Found(f, source)));
  }

  /**
   * {@code .agents/skills} in {@code dir} and each folder above it, up to the git repository's root
   * (or /).
   */
  static List<Path> agentsSkillDirs(Path dir) {
    Path start = dir.toAbsolutePath().normalize();
    Optional<Path> gitRoot = Optional.empty();
    for (Path d = start; d != null; d = d.getParent()) {
      if (Files.exists(d.resolve(".git"))) {
        gitRoot = Optional.of(d);
        break;
      }
    }
    List<Path> out = new ArrayList<>();
    for (Path d = start; d != null; d = d.getParent()) {
      out.add(d.resolve(".agents").resolve("skills"));
      if (gitRoot.isPresent() && d.equals(gitRoot.get())) {
        break;
      }
    }
    return out;
  }
}
