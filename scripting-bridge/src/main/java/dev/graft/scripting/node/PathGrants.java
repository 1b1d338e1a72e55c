package dev.graft.scripting.node;

import dev.graft.scripting.api.ScriptPermissions;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides which paths a script may read or write. A path is taken relative to the working directory
 * and its {@code ..} resolved by name; then both that path and the real path it leads to (every
 * link followed) must be under a grant: so {@code /home/u/proj} grants neither {@code
 * /home/u/project2} (paths are compared by whole names) nor what a link inside it points to
 * elsewhere, and {@code proj/../secret} is {@code secret}. The call then works on the real path, so
 * what was checked is what is touched. Reading is also granted in the script's own folders (its
 * directory and its package), under the same rule, unless one is or holds the project or the user's
 * home ({@link OwnFolders}): a refusal there says so.
 */
public final class PathGrants {
  /** Read or write. */
  public enum Access {
    READ("read"),
    WRITE("write");

    final String field;

    Access(String field) {
      this.field = field;
    }
  }

  /** One grant: everything under {@code dir}, or under what {@code glob} matches. */
  private record Grant(Path dir, Optional<PathMatcher> glob, String text) {
    boolean covers(Path p) {
      if (glob.isEmpty()) {
        return p.startsWith(dir);
      }
      for (Path q = p; q != null; q = q.getParent()) {
        if (!q.startsWith(dir)) {
          return false;
        }
        if (glob.get().matches(q)) {
          return true;
        }
      }
      return false;
    }
  }

  private final Path cwd;
  private final List<Grant> read = new ArrayList<>();
  private final List<Grant> write = new ArrayList<>();
  private final OwnFolders own;
  private final ScriptPermissions.GrantAdvice advice;
  private final String who;

  /**
   * {@code own}: the script's own folders, read without a grant unless one is or holds {@code cwd}
   * (the project) or {@code home}.
   */
  public PathGrants(
      Path cwd, Path home, List<Path> own, ScriptPermissions permissions, String who) {
    this.cwd = cwd;
    this.own = OwnFolders.of(own, cwd, home);
    this.advice = permissions.advice();
    this.who = who;
    for (Path p : this.own.readable()) {
      add(read, p.toString());
    }
    permissions.read().forEach(g -> add(read, g));
    permissions.write().forEach(g -> add(write, g));
  }

  /** A grant as given, and as where its links lead (when that differs): both spellings count. */
  private static void add(List<Grant> list, String text) {
    int glob = firstGlobChar(text);
    Path literal =
        Path.of(glob < 0 ? text : text.substring(0, text.lastIndexOf('/', glob) + 1)).normalize();
    Optional<PathMatcher> matcher =
        glob < 0
            ? Optional.empty()
            : Optional.of(
                FileSystems.getDefault().getPathMatcher("glob:" + Path.of(text).normalize()));
    list.add(new Grant(literal, matcher, text));
    Path real = realOf(literal);
    if (!real.equals(literal)) {
      Optional<PathMatcher> realMatcher =
          glob < 0
              ? Optional.empty()
              : Optional.of(
                  FileSystems.getDefault()
                      .getPathMatcher(
                          "glob:" + real + text.substring(text.lastIndexOf('/', glob))));
      list.add(new Grant(real, realMatcher, text));
    }
  }

  private static int firstGlobChar(String text) {
    for (int i = 0; i < text.length(); i++) {
      if ("*?[{".indexOf(text.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  /** {@code given} as an absolute path, {@code ..} resolved by name (what a message shows). */
  public Path absolute(String given) {
    return cwd.resolve(given).normalize();
  }

  /**
   * The real path {@code call} may read at {@code given} ({@code followLast} false: the last name
   * is not followed when it is a link, for lstat, readlink and unlink).
   *
   * @throws NodeError ERR_ACCESS_DENIED naming the grant to add
   */
  public Path check(Access access, String call, String given, boolean followLast) throws NodeError {
    if (given.indexOf('\0') >= 0) {
      throw new NodeError(
          "ERR_INVALID_ARG_VALUE", call + ": the path must not contain a null byte");
    }
    Path p = absolute(given);
    List<Grant> grants = access == Access.READ ? read : write;
    if (grants.stream().noneMatch(g -> g.covers(p))) {
      throw refusal(access, call, p, p);
    }
    Path real =
        followLast || p.getParent() == null
            ? realOf(p)
            : realOf(p.getParent()).resolve(p.getFileName());
    if (grants.stream().noneMatch(g -> g.covers(real))) {
      throw refusal(access, call, p, real);
    }
    return real;
  }

  private NodeError refusal(Access access, String call, Path p, Path real) {
    String through = real.equals(p) ? "" : " (it leads to " + real + ")";
    String why =
        access == Access.READ
            ? own.whyNot(p, real)
                .map(w -> " (" + w + ", so it is not readable without a grant)")
                .orElse("")
            : "";
    return NodeError.denied(
        call
            + ": "
            + access.field
            + " access to "
            + p
            + through
            + " is not granted to "
            + who
            + why
            + "; "
            + advice.add(access.field, real.equals(p) ? p.toString() : real.toString()));
  }

  /**
   * Where {@code p} leads with every link followed: its real path when it exists, else the real
   * path of the nearest folder above it that exists, with the rest of the names.
   */
  static Path realOf(Path p) {
    Path existing = p;
    List<Path> rest = new ArrayList<>();
    // At most a few dozen links deep: a loop is left as it is, and refused by the checks above.
    for (int hops = 0; existing != null; hops++) {
      try {
        Path real = existing.toRealPath();
        for (int i = rest.size() - 1; i >= 0; i--) {
          real = real.resolve(rest.get(i));
        }
        return real;
      } catch (IOException e) {
        if (Files.isSymbolicLink(existing) && hops < 40) {
          // A dangling link: where it would lead.
          try {
            Path target = existing.resolveSibling(Files.readSymbolicLink(existing)).normalize();
            existing = target;
            continue;
          } catch (IOException ignored) {
            // unreadable link: treated as a name
          }
        }
        if (existing.getFileName() == null) {
          return p;
        }
        rest.add(existing.getFileName());
        existing = existing.getParent();
      }
    }
    return p;
  }
}
