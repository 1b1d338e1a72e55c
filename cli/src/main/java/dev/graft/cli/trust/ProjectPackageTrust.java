package dev.graft.cli.trust;

import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.PackageFiles;
import dev.graft.cli.packages.PackageLock;
import java.nio.file.Path;
import java.util.List;

/**
 * What trusting a project's script package covers ({@link ScriptFingerprint#ofPackage}), worked out
 * only once its folder is what the lock file locks: a repository may commit {@code
 * .graft/packages/NAME} itself, so its files are checked against the locked hashes, and a folder
 * holding a link (graft installs none) is refused, before anything of it is trusted or loaded.
 */
public final class ProjectPackageTrust {
  private ProjectPackageTrust() {}

  /**
   * The fingerprint of {@code dir}, the package {@code entry} of {@code lockFile} locks; else a
   * {@link UserError} saying why not.
   */
  public static ScriptFingerprint fingerprint(
      Path dir, PackageLock.Entry entry, Path lockFile, String grants) {
    PackageFiles.Contents contents = PackageFiles.read(dir);
    List<String> odd = contents.oddEntries();
    if (!odd.isEmpty()) {
      throw new UserError(
          odd.getFirst()
              + " in it is "
              + contents.files().get(odd.getFirst())
              + " (graft installs only files and folders); graft scripts install --project installs it again");
    }
    if (!contents.hash().equals(entry.hash())
        || !contents.dependenciesHash().equals(entry.dependenciesHash())) {
      throw new UserError(
          "its files are not what "
              + lockFile
              + " locks ("
              + (contents.hash().equals(entry.hash())
                  ? "node_modules: "
                      + contents.dependenciesHash()
                      + ", locked "
                      + entry.dependenciesHash()
                  : contents.hash() + ", locked " + entry.hash())
              + "); graft scripts install --project installs what it locks");
    }
    return ScriptFingerprint.ofPackage(contents, grants);
  }
}
