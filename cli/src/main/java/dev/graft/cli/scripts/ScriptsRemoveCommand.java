package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.packages.PackageSource;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft scripts remove NAME}: uninstalls a script package and drops it from the lock file.
 */
@Command(
    name = "remove",
    mixinStandardHelpOptions = true,
    description = "Uninstall a script package and remove it from the lock file.")
final class ScriptsRemoveCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Mixin PackageScopeOption where;

  @Parameters(
      paramLabel = "NAME",
      description = "The package's name (as graft scripts list shows it).")
  String name;

  @Override
  public Integer call() {
    CliContext context = parent.context();
    PackageScope scope = where.scope(context);
    if (!PackageSource.isPackageName(name)) {
      throw new UserError(name + ": not a package name");
    }
    if (!new PackageInstaller(context.home()).remove(scope, name)) {
      throw new UserError(
          "no "
              + scope.label()
              + " package "
              + name
              + (scope.project() ? "" : " (a project's? add --project)"));
    }
    context.out().println("Removed " + name + " from the " + scope.label() + " packages.");
    return 0;
  }
}
