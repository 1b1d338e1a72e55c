package dev.graft.cli.interactive;

import dev.graft.cli.tui.CompletionSource;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Tab on a word that is a path: the entries of its directory that start with its last part
 * (directories end in {@code /}, and Tab goes on into them). Relative paths are from the working
 * directory; {@code ~} is the home directory.
 */
final class PathCompletions implements CompletionSource {
  private static final int SHOWN = 100;

  private final Path cwd;

  PathCompletions(Path cwd) {
    this.cwd = cwd;
  }

  @Override
  public Optional<Completions> complete(String before, boolean explicit) {
    if (!explicit) {
      return Optional.empty();
    }
    int start = Math.max(before.lastIndexOf(' '), before.lastIndexOf('\n')) + 1;
    String word = before.substring(start);
    boolean mention = word.startsWith("@");
    String path = mention ? word.substring(1) : word;
    int slash = path.lastIndexOf('/');
    String dirPart = slash >= 0 ? path.substring(0, slash + 1) : "";
    String prefix = path.substring(slash + 1);
    Path dir = resolve(dirPart.isEmpty() ? "." : dirPart);
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    List<Item> items = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path e : entries) {
        String name = e.getFileName().toString();
        if (!name.startsWith(prefix) || (name.startsWith(".") && !prefix.startsWith("."))) {
          continue;
        }
        boolean directory = Files.isDirectory(e);
        String value = (mention ? "@" : "") + dirPart + name + (directory ? "/" : "");
        items.add(new Item(value, name + (directory ? "/" : ""), "", false));
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    items.sort((a, b) -> a.label().compareTo(b.label()));
    if (items.size() > SHOWN) {
      items = items.subList(0, SHOWN);
    }
    return items.isEmpty() ? Optional.empty() : Optional.of(new Completions(start, items));
  }

  private Path resolve(String dir) {
    if (dir.equals("~/") || dir.startsWith("~/")) {
      return Path.of(System.getProperty("user.home")).resolve(dir.substring(2));
    }
    return cwd.resolve(dir);
  }
}
