package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.RootCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code graft session ...}: tools that read session files. */
@Command(
    name = "session",
    description =
        "Inspect session files: their context, tree, problems, the list of sessions; export one as HTML.",
    mixinStandardHelpOptions = true,
    subcommands = {
      SessionContextCommand.class,
      SessionTreeCommand.class,
      SessionListCommand.class,
      SessionCheckCommand.class,
      SessionExportCommand.class
    })
public final class SessionCommand implements Callable<Integer> {
  @ParentCommand RootCommand root;
  @Spec CommandSpec spec;

  CliContext context() {
    return root.context();
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context().out());
    return 0;
  }
}
