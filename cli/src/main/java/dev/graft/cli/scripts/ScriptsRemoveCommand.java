package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.packages.PackageSource;
import java.nio.file.Path;
import java.util.Optional;
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
      description =
          "The package's name (as graft scripts list shows it), or the source it was added from.")
  String name;

  /**
   * {@code given} when it is a package name; else the name of the scope's package added from that
   * source, as the reference's {@code pi remove SOURCE} takes one ({@code npm:NAME} without its
   * version).
   */
  static String named(PackageScope scope, String given, Path cwd) {
    if (PackageSource.isPackageName(given)) {
      return given;
    }
    Optional<PackageSource> source;
    try {
      source = Optional.of(ScriptsAddCommand.absolute(PackageSource.parse(given, cwd), cwd));
    } catch (UserError e) {
      source = Optional.empty();
    }
    for (PackageLock.Entry e : scope.lock().entries().values()) {
      if (e.source().equals(given) || source.filter(s -> sameSource(scope, e, s)).isPresent()) {
        return e.name();
      }
    }
    throw new UserError(
        given
            + ": no "
            + scope.label()
            + " package has this name or source; give its name as graft scripts list shows it");
  }

  private static boolean sameSource(PackageScope scope, PackageLock.Entry e, PackageSource given) {
    if (given instanceof PackageSource.Npm npm && e.source().startsWith("npm:")) {
      return npmName(npm.spec()).equals(npmName(e.source().substring("npm:".length())));
    }
    if (given instanceof PackageSource.Tarball || given instanceof PackageSource.Local) {
      return scope.base().resolve(e.source()).normalize().toString().equals(given.text());
    }
    return e.source().equals(given.text());
  }

  /** {@code @scope/name@^1.2} as {@code @scope/name}. */
  private static String npmName(String spec) {
    int at = spec.indexOf('@', 1);
    return at < 0 ? spec : spec.substring(0, at);
  }

  @Override
  public Integer call() {
    CliContext context = parent.context();
    PackageScope scope = where.scope(context);
    String name = named(scope, this.name, context.cwd());
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
