package dev.graft.cli.base;

/**
 * The {@code graft} command as its subcommands see it (picocli injects it into their
 * {@code @ParentCommand} field): the process's context and whether {@code --verbose} was given. An
 * interface here, so that the subcommands' packages do not depend on the package that lists them.
 */
public interface RootCommand {
  CliContext context();

  boolean verbose();
}
