package dev.graft.cli.scripts;

import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageScope;
import dev.graft.cli.trust.ScriptLocations;
import java.nio.file.Files;
import java.nio.file.Path;

/** The [DIR] of trust and untrust: a project directory, or its {@code .graft/scripts} directory. */
final class ProjectDirArgument {
  private ProjectDirArgument() {}

  /** The project's scripts directory {@code arg} names (the working directory's when null). */
  static Path scriptsDir(Path cwd, Path arg, boolean mustExist) {
    Path given = arg == null ? cwd : cwd.resolve(arg).normalize();
    Path dir = isScriptsDir(given) ? given : ScriptLocations.projectScripts(given);
    if (mustExist && !Files.isDirectory(dir)) {
      throw new UserError(
          (arg == null ? "this directory" : arg.toString())
              + ": no project scripts here ("
              + dir
              + " is not a directory)");
    }
    return dir;
  }

  /**
   * A project's installed script package {@code name} (the project: {@code arg}, or the working
   * directory).
   */
  static Path packageDir(Path cwd, Path arg, String name) {
    Path project = arg == null ? cwd : cwd.resolve(arg).normalize();
    Path dir = PackageScope.project(project).installed(name);
    if (!Files.isDirectory(dir)) {
      throw new UserError(
          "no project package "
              + name
              + " installed in "
              + project
              + " ("
              + dir
              + " is not a directory; graft scripts install --project installs what the lock file records)");
    }
    return dir;
  }

  /** The project directory of a {@code .graft/scripts} directory. */
  static Path projectOf(Path scriptsDir) {
    return scriptsDir.getParent().getParent();
  }

  private static boolean isScriptsDir(Path p) {
    return p.getFileName() != null
        && p.getFileName().toString().equals("scripts")
        && p.getParent() != null
        && p.getParent().getFileName() != null
        && p.getParent().getFileName().toString().equals(".graft");
  }
}
