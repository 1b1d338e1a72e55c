package dev.graft.cli.commands;

import dev.graft.cli.CliContext;
import dev.graft.cli.GraftCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code graft scripts ...}: tools for hook scripts and their authors. */
@Command(
    name = "scripts",
    description = "Work on hook scripts: try their context handlers on a session, run their tests.",
    mixinStandardHelpOptions = true,
    subcommands = {
      ScriptsDryRunCommand.class,
      ScriptsTestCommand.class
    })
public final class ScriptsCommand implements Callable<Integer> {
  @ParentCommand GraftCommand root;
  @Spec CommandSpec spec;

  CliContext context() {
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
