package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.packages.PackageInstaller;
import dev.graft.cli.packages.PackageLock;
import dev.graft.cli.packages.PackageScope;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts install}: installs exactly what a lock file records. */
@Command(
    name = "install",
    mixinStandardHelpOptions = true,
    description = {
      "Install exactly the script packages a lock file records.",
      "",
      "The locked commit or version, checked against the locked hash before anything else of it "
          + "is used, then the locked dependencies (npm ci), checked against theirs. Uses graft's cache, "
          + "so once fetched it works offline. Packages already installed as locked are left alone."
    })
final class ScriptsInstallCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Mixin PackageScopeOption where;

  @Override
  public Integer call() {
    CliContext context = parent.context();
    PackageScope scope = where.scope(context);
    PackageLock lock = scope.lock();
    PackageInstaller installer = new PackageInstaller(context.home());
    PrintWriter out = context.out();
    int installed = 0;
    for (PackageLock.Entry e : lock.entries().values()) {
      if (PackageInstaller.isInstalled(scope, e)) {
        continue;
      }
      installer.install(scope, e);
      out.println(
          "Installed "
              + e.name()
              + (e.version().isEmpty() ? "" : " " + e.version())
              + " ("
              + e.resolved()
              + ")");
      installed++;
    }
    int locked = lock.entries().size();
    out.println(
        installed > 0
            ? installed + " installed."
            : switch (locked) {
              case 0 -> "The lock file records no " + scope.label() + " packages.";
              case 1 -> "The " + scope.label() + " package is installed as locked.";
              default ->
                  "All " + locked + " " + scope.label() + " packages are installed as locked.";
            });
    for (String stray : notLocked(scope, lock)) {
      out.println(
          stray
              + " is installed but not in "
              + lock.file()
              + ", so runs do not load it; graft scripts remove "
              + scope.option()
              + stray
              + " deletes it");
    }
    if (scope.project() && installed > 0) {
      out.println(
          "Runs load a project's packages once you trust them: graft scripts trust --package NAME");
    }
    return 0;
  }

  /** Packages installed in the scope that its lock file does not name (a teammate removed them). */
  private static List<String> notLocked(PackageScope scope, PackageLock lock) {
    List<String> names = new ArrayList<>();
    for (Path p : folders(scope.packagesDir())) {
      String name = p.getFileName().toString();
      if (name.startsWith("@")) {
        folders(p).forEach(q -> names.add(name + "/" + q.getFileName()));
      } else if (!name.startsWith(".")) {
        names.add(name);
      }
    }
    return names.stream().filter(n -> lock.get(n).isEmpty()).sorted().toList();
  }

  private static List<Path> folders(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
    }
  }
}
