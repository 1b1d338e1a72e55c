package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.RootCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code graft skills ...}: the skills a run loads, and what is wrong with a SKILL.md. */
@Command(
    name = "skills",
    description = "Skills: list what a run here loads, check SKILL.md files.",
    mixinStandardHelpOptions = true,
    subcommands = {SkillsListCommand.class, SkillsCheckCommand.class})
public final class SkillsCommand implements Callable<Integer> {
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
