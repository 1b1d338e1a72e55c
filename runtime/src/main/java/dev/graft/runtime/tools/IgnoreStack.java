package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ignore files in force at one directory of a walk: those of the directory and of every
 * directory above it up to the repository root, deeper ones taking precedence, and {@code .ignore}
 * over {@code .gitignore} in the same directory. Files are honoured whether or not the tree is a
 * git repository (as fd's {@code --no-require-git}); above the walk's root they are read only up to
 * the enclosing repository's root, never from unrelated parent directories.
 */
record IgnoreStack(List<Layer> layers) {
  static final List<String> FILE_NAMES = List.of(".gitignore", ".ignore");

  record Layer(Path base, IgnoreRules rules) {}

  IgnoreStack {
    layers = List.copyOf(layers);
  }

  /** The rules in force at {@code root} before its own ignore files are read. */
  static IgnoreStack above(Path root) {
    Optional<Path> repository = repositoryRoot(root);
    if (repository.isEmpty()) {
      return new IgnoreStack(List.of());
    }
    IgnoreStack stack = new IgnoreStack(List.of());
    Path repo = repository.get();
    Optional<IgnoreRules> exclude = load(repo.resolve(".git").resolve("info").resolve("exclude"));
    if (exclude.isPresent()) {
      stack = stack.plus(new Layer(repo, exclude.get()));
    }
    List<Path> chain = new ArrayList<>();
    for (Path p = root.getParent(); p != null && p.startsWith(repo); p = p.getParent()) {
      chain.addFirst(p);
    }
    for (Path dir : chain) {
      stack = stack.with(dir);
    }
    return stack;
  }

  /** This stack plus the ignore files of {@code directory}. */
  IgnoreStack with(Path directory) {
    IgnoreStack stack = this;
    for (String name : FILE_NAMES) {
      Optional<IgnoreRules> rules = load(directory.resolve(name));
      if (rules.isPresent()) {
        stack = stack.plus(new Layer(directory, rules.get()));
      }
    }
    return stack;
  }

  boolean ignored(Path path, boolean directory) {
    for (int i = layers.size() - 1; i >= 0; i--) {
      Layer layer = layers.get(i);
      if (!path.startsWith(layer.base()) || path.equals(layer.base())) {
        continue;
      }
      String relative = layer.base().relativize(path).toString().replace('\\', '/');
      Optional<Boolean> verdict = layer.rules().match(relative, directory);
      if (verdict.isPresent()) {
        return verdict.get();
      }
    }
    return false;
  }

  private IgnoreStack plus(Layer layer) {
    List<Layer> more = new ArrayList<>(layers);
    more.add(layer);
    return new IgnoreStack(more);
  }

  private static Optional<IgnoreRules> load(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          IgnoreRules.parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
    } catch (IOException unreadable) {
      return Optional.empty();
    }
  }

  /** The nearest directory at or above {@code dir} holding a {@code .git} entry. */
  private static Optional<Path> repositoryRoot(Path dir) {
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
