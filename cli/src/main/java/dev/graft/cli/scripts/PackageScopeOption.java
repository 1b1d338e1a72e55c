package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageScope;
import picocli.CommandLine.Option;

/** {@code --project} / {@code --global}: which packages a package command acts on. */
final class PackageScopeOption {
  @Option(
      names = "--project",
      description = "This project's packages (.graft/packages, .graft/packages.lock.json).")
  boolean project;

  @Option(
      names = "--global",
      description = "Your own packages ($GRAFT_HOME/packages); the default.")
  boolean global;

  PackageScope scope(CliContext context) {
    if (project && global) {
      throw new UserError("--project and --global cannot be used together");
    }
    return project ? PackageScope.project(context.cwd()) : PackageScope.global(context.home());
  }
}
