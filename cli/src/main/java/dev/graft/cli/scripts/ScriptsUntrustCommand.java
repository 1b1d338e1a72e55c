package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.trust.TrustStore;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts untrust [DIR]}: forgets what was recorded for a project's scripts. */
@Command(
    name = "untrust",
    mixinStandardHelpOptions = true,
    description = {
      "Forget the trust (or the \"never\") recorded for a project's hook scripts.",
      "",
      "DIR/.graft/scripts (default: this directory's): runs no longer load them, and the interactive "
          + "mode asks again."
    })
final class ScriptsUntrustCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Parameters(
      paramLabel = "DIR",
      arity = "0..1",
      description = "The project directory or its .graft/scripts.")
  Path dir;

  @picocli.CommandLine.Option(
      names = "--package",
      paramLabel = "NAME",
      description = "A project script package (.graft/packages/NAME).")
  String packageName;

  @Override
  public Integer call() {
    CliContext context = parent.context();
    Path scripts =
        packageName != null
            ? ProjectDirArgument.packageDir(context.cwd(), dir, packageName)
            : ProjectDirArgument.scriptsDir(context.cwd(), dir, false);
    boolean had = TrustStore.load(context.home()).forget(scripts);
    context
        .out()
        .println(had ? "No longer trusted: " + scripts : "Nothing was recorded for " + scripts);
    return 0;
  }
}
