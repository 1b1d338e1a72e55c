package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.RootCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code graft scripts ...}: hook scripts outside a run. A new subcommand is a class here that
 * takes {@code @ParentCommand ScriptsCommand} and is listed in {@code subcommands}.
 */
@Command(
    name = "scripts",
    description =
        "Hook scripts: list what would load, check one, trust or untrust a project's scripts, try them on a session, run their tests; add, remove, update and install script packages.",
    mixinStandardHelpOptions = true,
    subcommands = {
      ScriptsListCommand.class,
      ScriptsCheckCommand.class,
      ScriptsTrustCommand.class,
      ScriptsUntrustCommand.class,
      ScriptsDryRunCommand.class,
      ScriptsTestCommand.class,
      ScriptsAddCommand.class,
      ScriptsRemoveCommand.class,
      ScriptsUpdateCommand.class,
      ScriptsInstallCommand.class
    })
public final class ScriptsCommand implements Callable<Integer> {
  @ParentCommand RootCommand root;
  @Spec CommandSpec spec;

  public CliContext context() {
    return root.context();
  }

  boolean verbose() {
    return root.verbose();
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context().out());
    return 0;
  }
}
