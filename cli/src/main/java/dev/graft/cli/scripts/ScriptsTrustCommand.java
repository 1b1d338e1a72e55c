package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.trust.ProjectPackageTrust;
import dev.graft.cli.trust.ScriptFingerprint;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.cli.trust.TrustStore;
import dev.graft.runtime.config.ExecGrants;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
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
      "changes. Recorded in $GRAFT_HOME/trusted-scripts.json. --package NAME trusts the project's",
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
    Path scripts;
    ExecGrants grants;
    String grantText;
    if (packageName != null) {
      scripts = ProjectDirArgument.packageDir(context.cwd(), dir, packageName);
      grants =
          ExecGrants.load(
              context.home(), dir == null ? context.cwd() : context.cwd().resolve(dir).normalize());
      grantText = grants.projectTextFor("package:" + packageName);
    } else {
      scripts = ProjectDirArgument.scriptsDir(context.cwd(), dir, true).toRealPath();
      grants = ExecGrants.load(context.home(), ProjectDirArgument.projectOf(scripts));
      grantText = grants.projectText();
    }
    grants.problems().forEach(p -> context.err().println("graft: warning: " + p));
    ScriptFingerprint fingerprint =
        packageName != null
            ? packageFingerprint(context, scripts, grantText)
            : ScriptFingerprint.of(scripts, grantText);
    TrustStore store = TrustStore.load(context.home());
    ScriptLocations.Project project =
        new ScriptLocations.Project(scripts, fingerprint, store.state(scripts, fingerprint));
    PrintWriter out = context.out();
    if (project.state() instanceof TrustStore.State.Trusted) {
      out.println("Already trusted: " + scripts + " (" + fingerprint.value() + ")");
      return 0;
    }
    TrustDecisions.describe(project).forEach(out::println);
    out.flush();
    if (!yes) {
      Console console = System.console();
      if (context.in() != System.in || console == null || !console.isTerminal()) {
        throw new UserError("not asking without a terminal: add --yes to trust these scripts");
      }
      out.print("Trust them? [y/N] ");
      out.flush();
      String answer = console.readLine();
      if (answer == null || !answer.strip().toLowerCase(Locale.ROOT).startsWith("y")) {
        out.println("Not trusted.");
        return 1;
      }
    }
    store.trust(scripts, fingerprint);
    out.println("Trusted: graft runs the scripts in " + scripts + " until they change.");
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
