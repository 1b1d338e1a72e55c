package dev.graft.runtime.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** {@link SearchOperations} on the local file system. */
final class LocalFileTree implements SearchOperations {

  @Override
  public boolean exists(Path path) {
    return Files.exists(path);
  }

  @Override
  public boolean isDirectory(Path path) {
    return Files.isDirectory(path);
  }

  @Override
  public InputStream open(Path file) throws IOException {
    return Files.newInputStream(file);
  }

  @Override
  public void walk(Path root, Visitor visitor) throws IOException {
    walk(root, "", IgnoreStack.above(root), visitor);
  }

  /** Returns false when the visitor asked to stop. */
  private boolean walk(Path directory, String prefix, IgnoreStack inherited, Visitor visitor)
      throws IOException {
    IgnoreStack ignores = inherited.with(directory);
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      entries.forEach(children::add);
    } catch (IOException unreadable) {
      return true;
    }
    children.sort(Comparator.comparing(p -> p.getFileName().toString()));
    for (Path child : children) {
      String name = child.getFileName().toString();
      BasicFileAttributes attributes;
      try {
        attributes =
            Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException vanished) {
        continue;
      }
      Kind kind =
          attributes.isSymbolicLink()
              ? Kind.SYMLINK
              : attributes.isDirectory()
                  ? Kind.DIRECTORY
                  : attributes.isRegularFile() ? Kind.FILE : Kind.OTHER;
      if ((kind == Kind.DIRECTORY && name.equals(".git"))
          || ignores.ignored(child, kind == Kind.DIRECTORY)) {
        continue;
      }
      Decision decision = visitor.visit(new Entry(child, prefix + name, kind));
      if (decision == Decision.STOP) {
        return false;
      }
      if (decision == Decision.CONTINUE
          && kind == Kind.DIRECTORY
          && !walk(child, prefix + name + "/", ignores, visitor)) {
        return false;
      }
    }
    return true;
  }
}
