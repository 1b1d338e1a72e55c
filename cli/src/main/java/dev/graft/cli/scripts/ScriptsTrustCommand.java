package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.cli.setup.SharedResources;
import dev.graft.cli.trust.ProjectPackageTrust;
import dev.graft.cli.trust.ResourceFingerprint;
import dev.graft.cli.trust.ScriptFingerprint;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.cli.trust.TrustStore;
import dev.graft.runtime.config.ExecGrants;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts trust [DIR]}: records the fingerprint of a project's scripts as trusted. */
@Command(
    name = "trust",
    mixinStandardHelpOptions = true,
    description = {
      "Trust a project's hook scripts as they are now, so that runs load them.",
      "",
      "DIR/.graft/scripts (default: this directory's): shows the files, the project's exec grants and",
      "the fingerprint, and asks. graft then runs them until a file under the directory or a grant",
      "changes. The project's skills, prompt templates and themes (.graft/skills, .agents/skills,",
      ".graft/prompts, .graft/themes) are trusted the same way, each folder on its own; DIR may name one.",
      "Recorded in $GRAFT_HOME/trusted-scripts.json. --package NAME trusts the project's",
      "installed script package NAME instead (its files, dependencies and its package:NAME exec grant)."
    })
final class ScriptsTrustCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Parameters(
      paramLabel = "DIR",
      arity = "0..1",
      description = "The project directory or its .graft/scripts.")
  Path dir;

  @Option(
      names = "--package",
      paramLabel = "NAME",
      description = "A project script package (.graft/packages/NAME).")
  String packageName;

  @Option(
      names = {"-y", "--yes"},
      description = "Trust without asking (for scripts and non-terminals).")
  boolean yes;

  @Override
  public Integer call() throws Exception {
    CliContext context = parent.context();
    if (packageName != null) {
      Path scripts = ProjectDirArgument.packageDir(context.cwd(), dir, packageName);
      ExecGrants grants =
          ExecGrants.load(
              context.home(), dir == null ? context.cwd() : context.cwd().resolve(dir).normalize());
      grants.problems().forEach(p -> context.err().println("graft: warning: " + p));
      return trust(
          context,
          scripts,
          packageFingerprint(context, scripts, grants.projectTextFor("package:" + packageName)));
    }
    Path given = dir == null ? context.cwd() : context.cwd().resolve(dir).normalize();
    if (Files.isDirectory(given) && !TrustDecisions.kindOf(given).equals("scripts")) {
      return trust(context, given.toRealPath(), ResourceFingerprint.of(given));
    }
    Path scripts = ProjectDirArgument.scriptsDir(context.cwd(), dir, false);
    Path project = ProjectDirArgument.projectOf(scripts);
    Map<Path, String> shared =
        SharedResources.projectFolders(project, AgentSetup.userHome(context));
    if (!Files.isDirectory(scripts) && shared.isEmpty()) {
      throw new UserError(
          (dir == null ? "this directory" : dir.toString())
              + ": no project scripts, skills, prompt"
              + " templates or themes here ("
              + scripts
              + " is not a directory)");
    }
    int code = 0;
    if (Files.isDirectory(scripts)) {
      ExecGrants grants = ExecGrants.load(context.home(), project);
      grants.problems().forEach(p -> context.err().println("graft: warning: " + p));
      code =
          trust(context, scripts.toRealPath(), ScriptFingerprint.of(scripts, grants.projectText()));
    }
    for (Path folder : shared.keySet()) {
      code = Math.max(code, trust(context, folder.toRealPath(), ResourceFingerprint.of(folder)));
    }
    return code;
  }

  /** Shows what {@code folder} holds and records it as trusted (asking first, without --yes). */
  private int trust(CliContext context, Path folder, ScriptFingerprint fingerprint)
      throws Exception {
    TrustStore store = TrustStore.load(context.home());
    ScriptLocations.Project project =
        new ScriptLocations.Project(folder, fingerprint, store.state(folder, fingerprint));
    PrintWriter out = context.out();
    if (project.state() instanceof TrustStore.State.Trusted) {
      out.println("Already trusted: " + folder + " (" + fingerprint.value() + ")");
      return 0;
    }
    TrustDecisions.describe(project).forEach(out::println);
    out.flush();
    if (!yes) {
      Console console = System.console();
      if (context.in() != System.in || console == null || !console.isTerminal()) {
        throw new UserError(
            "not asking without a terminal: add --yes to trust these "
                + TrustDecisions.kindOf(folder));
      }
      out.print("Trust them? [y/N] ");
      out.flush();
      String answer = console.readLine();
      if (answer == null || !answer.strip().toLowerCase(Locale.ROOT).startsWith("y")) {
        out.println("Not trusted.");
        return 1;
      }
    }
    store.trust(folder, fingerprint);
    out.println(
        "Trusted: graft "
            + (TrustDecisions.kindOf(folder).equals("scripts")
                ? "runs the scripts"
                : "loads the " + TrustDecisions.kindOf(folder))
            + " in "
            + folder
            + " until they change.");
    return 0;
  }

  /** The project package's fingerprint, once its folder is what the project's lock file locks. */
  private ScriptFingerprint packageFingerprint(
      CliContext context, Path packageDir, String grantText) {
    PackageScope scope =
        PackageScope.project(dir == null ? context.cwd() : context.cwd().resolve(dir).normalize());
    PackageLock.Entry entry =
        scope
            .lock()
            .get(packageName)
            .orElseThrow(() ->
                new UserError(
                    "no package "
                        + packageName
                        + " in "
                        + scope.lock().file()
                        + ": graft trusts only a package the lock file records"));
    try {
      return ProjectPackageTrust.fingerprint(packageDir, entry, scope.lock().file(), grantText);
    } catch (UserError e) {
      throw e.prefixed(packageName + " in " + packageDir + ": ");
    }
  }
}
