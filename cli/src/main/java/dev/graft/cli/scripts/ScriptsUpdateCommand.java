package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageScope;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft scripts update [NAME]...}: fetches packages' sources again and locks what they give
 * now.
 */
@Command(
    name = "update",
    mixinStandardHelpOptions = true,
    description = {
      "Fetch script packages again and lock what their sources give now.",
      "",
      "A git ref's newest commit, the npm version a range gives now. A project package whose files "
          + "change needs trust again."
    })
final class ScriptsUpdateCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Mixin PackageScopeOption where;

  @Parameters(
      paramLabel = "NAME",
      arity = "0..*",
      description = "The packages (default: all of the scope's).")
  List<String> names = new ArrayList<>();

  @Override
  public Integer call() {
    CliContext context = parent.context();
    PackageScope scope = where.scope(context);
    PackageLock lock = scope.lock();
    List<String> which = names.isEmpty() ? List.copyOf(lock.entries().keySet()) : names;
    for (String n : which) {
      if (lock.get(n).isEmpty()) {
        throw new UserError(
            "no "
                + scope.label()
                + " package "
                + n
                + (scope.project() ? "" : " (a project's? add --project)"));
      }
    }
    PackageInstaller installer = new PackageInstaller(context.home());
    PrintWriter out = context.out();
    if (which.isEmpty()) {
      out.println("No " + scope.label() + " packages.");
    }
    for (String n : which) {
      PackageLock.Entry before = lock.get(n).orElseThrow();
      Optional<PackageLock.Entry> after = installer.update(scope, n);
      out.println(
          after
              .map(a -> "Updated " + n + ": " + change(before, a))
              .orElse(n + " is up to date (" + describe(before) + ")"));
    }
    return 0;
  }

  /**
   * {@code 1.0.0 abc -> 1.1.0 def}, or what changed when the origin is the same (a folder's files,
   * the dependencies).
   */
  private static String change(PackageLock.Entry before, PackageLock.Entry after) {
    if (!describe(before).equals(describe(after))) {
      return describe(before) + " -> " + describe(after);
    }
    boolean files = !before.hash().equals(after.hash());
    boolean deps =
        !before.dependencies().equals(after.dependencies())
            || !before.dependenciesHash().equals(after.dependenciesHash());
    return describe(after)
        + ", "
        + (files && deps ? "its files and dependencies" : deps ? "its dependencies" : "its files")
        + " changed";
  }

  private static String describe(PackageLock.Entry e) {
    return (e.version().isEmpty() ? "" : e.version() + " ") + e.resolved();
  }
}
