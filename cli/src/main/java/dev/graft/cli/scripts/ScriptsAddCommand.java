package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.packages.LooseScripts;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageManifest;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.packages.PackageSource;
import dev.graft.cli.trust.ScriptInventory;
import dev.graft.runtime.config.ScriptGrants;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts add SOURCE}: installs a script package and locks it. */
@Command(
    name = "add",
    mixinStandardHelpOptions = true,
    description = {
      "Install a script package and record it in the lock file.",
      "",
      "SOURCE: git+URL[#REF] (git+file:///srv/team-lib.git#v1, git+https://host/lib.git#main; "
          + "URL https, http, ssh, git, file or user@host:path), the reference's git:HOST/USER/REPO[@REF], "
          + "git:git@HOST:USER/REPO[@REF] and https://HOST/USER/REPO[@REF], NAME@VERSION or "
          + "npm:NAME[@VERSION] (the npm registry), a .tgz file (npm pack), or a directory. A package brings "
          + "scripts, skills, prompt templates and themes (its package.json's graft or pi manifest, or its "
          + "extensions/, skills/, prompts/, themes/ folders). The lock file records the "
          + "commit or version and a hash of the files; scripts install installs exactly that elsewhere. "
          + "No program of the package runs. A project's packages run only once trusted."
    })
final class ScriptsAddCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Mixin PackageScopeOption where;

  @Parameters(paramLabel = "SOURCE", description = "Where the package comes from.")
  String source;

  @Override
  public Integer call() {
    CliContext context = parent.context();
    PackageScope scope = where.scope(context);
    PackageSource parsed = absolute(PackageSource.parse(source, context.cwd()), context.cwd());
    PackageLock.Entry e = new PackageInstaller(context.home()).add(scope, parsed);
    PrintWriter out = context.out();
    Path dir = scope.installed(e.name());
    out.println(
        "Added "
            + e.name()
            + (e.version().isEmpty() ? "" : " " + e.version())
            + " ("
            + e.resolved()
            + ") to the "
            + scope.label()
            + " packages: "
            + dir);
    List<String> brings = ScriptInventory.contributions(e, dir, "  ");
    if (brings.stream().noneMatch(l -> !l.startsWith("  left out:"))) {
      out.println(
          "  scripts: none (a library: import it as \""
              + e.name()
              + "\""
              + LooseScripts.howToLoad(dir)
              + ")");
    }
    brings.forEach(out::println);
    out.println("  locked in " + scope.lock().file());
    if (scope.project()) {
      out.println("Runs load it once you trust it: graft scripts trust --package " + e.name());
    } else {
      ScriptGrants.Grant asks = PackageManifest.permissions(dir, new ArrayList<>());
      if (!asks.isEmpty()) {
        out.println(
            "It asks to "
                + String.join("; ", asks.describe())
                + " (its scripts get that once you approve it: graft scripts trust --global"
                + " --package "
                + e.name()
                + ")");
      }
    }
    return 0;
  }

  /** A path source made absolute against the directory the command runs in. */
  static PackageSource absolute(PackageSource s, Path cwd) {
    return switch (s) {
      case PackageSource.Tarball t ->
          new PackageSource.Tarball(cwd.resolve(t.file()).normalize().toString());
      case PackageSource.Local l ->
          new PackageSource.Local(cwd.resolve(l.dir()).normalize().toString());
      default -> s;
    };
  }
}
