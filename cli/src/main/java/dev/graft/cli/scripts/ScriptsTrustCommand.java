package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageManifest;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.cli.setup.SharedResources;
import dev.graft.cli.trust.ProjectPackageTrust;
import dev.graft.cli.trust.ResourceFingerprint;
import dev.graft.cli.trust.ScriptFingerprint;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.cli.trust.TrustStore;
import dev.graft.runtime.config.ScriptGrants;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
      "DIR/.graft/scripts (default: this directory's): shows the files, the project's grants and "
          + "the fingerprint, and asks. graft then runs them until a file under the directory or a grant "
          + "changes. The project's skills, prompt templates and themes (.graft/skills, .agents/skills, "
          + ".graft/prompts, .graft/themes) are trusted the same way, each folder on its own; DIR may name one. "
          + "Recorded in $GRAFT_HOME/trusted-scripts.json. --package NAME trusts the project's "
          + "installed script package NAME instead (its files, dependencies, its package:NAME grants and what "
          + "its manifest asks to reach). --global --package NAME approves what your global package NAME asks."
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

  @Option(
      names = "--global",
      description = "With --package: a global package ($GRAFT_HOME/packages/NAME).")
  boolean global;

  @Override
  public Integer call() throws Exception {
    CliContext context = parent.context();
    if (global) {
      return approveGlobal(context);
    }
    if (packageName != null) {
      Path scripts = ProjectDirArgument.packageDir(context.cwd(), dir, packageName);
      ScriptGrants grants =
          ScriptGrants.load(
              context.home(), dir == null ? context.cwd() : context.cwd().resolve(dir).normalize());
      List<String> problems = new ArrayList<>();
      String grantText =
          grants.projectTextFor("package:" + packageName)
              + ScriptLocations.asksText(PackageManifest.permissions(scripts, problems));
      problems.forEach(p -> context.err().println("graft: warning: " + p));
      grants.problems().forEach(p -> context.err().println("graft: warning: " + p));
      return trust(context, scripts, packageFingerprint(context, scripts, grantText));
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
      ScriptGrants grants = ScriptGrants.load(context.home(), project);
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

  /** --global --package NAME: records that you approve what your global package asks to reach. */
  private int approveGlobal(CliContext context) {
    if (packageName == null) {
      throw new UserError("--global approves a global package's grants: give --package NAME");
    }
    Path pkg = PackageScope.global(context.home()).installed(packageName);
    if (!Files.isDirectory(pkg)) {
      throw new UserError(
          "no global package " + packageName + " installed (" + pkg + " is not a directory)");
    }
    List<String> problems = new ArrayList<>();
    ScriptGrants.Grant asks = PackageManifest.permissions(pkg, problems);
    problems.forEach(p -> context.err().println("graft: warning: " + p));
    PrintWriter out = context.out();
    if (asks.isEmpty()) {
      out.println(
          "Package "
              + packageName
              + " asks for nothing beyond the API; there is nothing to approve.");
      return 0;
    }
    TrustStore store = TrustStore.load(context.home());
    ScriptFingerprint approval = ScriptLocations.approval(asks);
    if (store.state(pkg, approval) instanceof TrustStore.State.Trusted) {
      out.println(
          "Already approved: what "
              + packageName
              + " asks ("
              + String.join("; ", asks.describe())
              + ")");
      return 0;
    }
    out.println("Your global package " + packageName + " (" + pkg + ") asks to:");
    asks.describe().forEach(line -> out.println("  " + line));
    out.println(
        "Paths are the project's (\".\"), your home's (\"~/...\") or absolute; a program it may run can"
            + " do what you can.");
    out.flush();
    if (!yes) {
      Console console = System.console();
      if (context.in() != System.in || console == null || !console.isTerminal()) {
        throw new UserError("not asking without a terminal: add --yes to approve these grants");
      }
      out.print("Approve? [y/N] ");
      out.flush();
      String answer = console.readLine();
      if (answer == null || !answer.strip().toLowerCase(Locale.ROOT).startsWith("y")) {
        out.println("Not approved.");
        return 1;
      }
    }
    store.trust(pkg, approval);
    out.println(
        "Approved: "
            + packageName
            + "'s scripts get what it asks until it asks for something else.");
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
