package dev.graft.cli.trust;

import dev.graft.cli.base.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a project's skills, prompts or themes folder holds, as trust sees it: the SHA-256 of every
 * file under it (a skill may carry scripts and references the model is told to use), by path, in a
 * {@link ScriptFingerprint} so that the trust store keeps it as it keeps a scripts folder's. A link
 * is where it points ({@code link:TARGET}), not followed.
 */
public final class ResourceFingerprint {
  private ResourceFingerprint() {}

  public static ScriptFingerprint of(Path dir) {
    Map<String, String> files = new TreeMap<>();
    int[] seen = {0};
    try {
      Path root = dir.toRealPath();
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs)
                throws IOException {
              count();
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) throws IOException {
              count();
              String rel = ScriptFingerprint.relative(root, p);
              if (attrs.isRegularFile()) {
                files.put(rel, Sha256.ofBytes(Files.readAllBytes(p)));
              } else if (attrs.isSymbolicLink()) {
                files.put(rel, ScriptFingerprint.LINK + Files.readSymbolicLink(p));
              }
              return FileVisitResult.CONTINUE;
            }

            private void count() throws IOException {
              if (++seen[0] > ScriptFingerprint.MAX_ENTRIES) {
                throw new IOException(
                    "more than "
                        + String.format("%,d", ScriptFingerprint.MAX_ENTRIES)
                        + " files and folders under "
                        + dir);
              }
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
    }
    return new ScriptFingerprint(ScriptFingerprint.combine(files, ""), files, "");
  }
}
