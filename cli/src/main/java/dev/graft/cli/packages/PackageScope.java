package dev.graft.cli.packages;

import dev.graft.runtime.config.GraftHome;
import java.nio.file.Path;

/**
 * Where packages are installed: globally ({@code $GRAFT_HOME/packages}, lock file {@code
 * $GRAFT_HOME/packages.lock.json}, for your own use) or for a project ({@code .graft/packages},
 * lock file {@code .graft/packages.lock.json}, committed and shared, run only once trusted). {@code
 * base} is what relative sources in the lock file are relative to.
 */
public record PackageScope(Path dir, boolean project, Path base) {
  public static PackageScope global(GraftHome home) {
    return new PackageScope(home.root(), false, home.root());
  }

  public static PackageScope project(Path projectDir) {
    return new PackageScope(projectDir.resolve(".graft"), true, projectDir);
  }

  public Path packagesDir() {
    return dir.resolve("packages");
  }

  public Path installed(String name) {
    return packagesDir().resolve(name);
  }

  /**
   * Where {@code name} is installed, once no folder on the way there below the project (or below
   * {@code $GRAFT_HOME}) is a link; else a {@link dev.graft.cli.base.UserError} naming it.
   */
  public Path installedChecked(String name) {
    return checked(installed(name));
  }

  /**
   * {@code path} (under this scope) once none of its components below the project or home is a
   * link.
   */
  Path checked(Path path) {
    return NoLinks.check(project ? base : dir, path);
  }

  /** The lock file, read once neither it nor {@code .graft} is a link. */
  public PackageLock lock() {
    checked(dir.resolve(PackageLock.FILE_NAME));
    return PackageLock.load(dir);
  }

  public String label() {
    return project ? "project" : "global";
  }

  /** The option that names this scope on a command line, with a space after it ("" for global). */
  public String option() {
    return project ? "--project " : "";
  }
}
