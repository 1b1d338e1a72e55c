package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a script package comes from, as {@code graft scripts add SOURCE} takes it: {@code
 * git+URL[#REF]} (any URL git clones: {@code git+file:///srv/team-lib.git#v1}, {@code
 * git+https://host/team/lib.git#main}; REF a tag, branch or commit, default the remote's HEAD),
 * {@code npm:NAME[@VERSION]} or a plain {@code NAME@VERSION} (the npm registry), a {@code .tgz}
 * file ({@code npm pack}'s output), or a directory.
 */
public sealed interface PackageSource {
  record Git(String url, Optional<String> ref) implements PackageSource {
    @Override
    public String text() {
      return "git+" + url + ref.map(r -> "#" + r).orElse("");
    }
  }

  record Npm(String spec) implements PackageSource {
    @Override
    public String text() {
      return "npm:" + spec;
    }
  }

  /**
   * {@code file} as written in the lock file (relative to the scope's base when it was given so).
   */
  record Tarball(String file) implements PackageSource {
    @Override
    public String text() {
      return file;
    }
  }

  record Local(String dir) implements PackageSource {
    @Override
    public String text() {
      return dir;
    }
  }

  /** The canonical text, as the lock file records it and {@link #parse} reads it back. */
  String text();

  Pattern NPM_NAME = Pattern.compile("((?:@[a-z0-9][\\w.-]*/)?[a-z0-9][\\w.-]*)(?:@(\\S+))?");

  /** npm's longest package name, and so the longest name an installed package's folder has. */
  int MAX_NAME = 214;

  /**
   * The URLs graft hands git: https, http, ssh, git and file URLs, {@code [user@]host:path}, or an
   * absolute path; never a remote helper ({@code fd::17}, {@code ext::CMD}) or another scheme.
   */
  Pattern GIT_URL =
      Pattern.compile(
          "(?:https?|ssh|git|file)://[^\\s]+|(?:[\\w.-]+@)?[\\w.-]+:(?![:/\\\\])[^\\s]+|/[^\\s]*");

  /**
   * A name an installed package may have: an npm name ({@code lib}, {@code @team/lib}), so also a
   * safe directory name.
   */
  static boolean isPackageName(String name) {
    Matcher m = NPM_NAME.matcher(name);
    return m.matches() && m.group(2) == null && !name.contains("..") && name.length() <= MAX_NAME;
  }

  /** Reads SOURCE; a relative path is relative to {@code base} (where the command runs). */
  static PackageSource parse(String text, Path base) {
    String s = text.strip();
    if (s.isEmpty()) {
      throw new UserError(
          "an empty package source: give git+URL#REF, NAME@VERSION, a .tgz file or a directory");
    }
    if (s.startsWith("git+")) {
      String rest = s.substring(4);
      int hash = rest.lastIndexOf('#');
      String url = hash < 0 ? rest : rest.substring(0, hash);
      Optional<String> ref =
          hash < 0 || hash == rest.length() - 1
              ? Optional.empty()
              : Optional.of(rest.substring(hash + 1));
      if (url.startsWith("-") || ref.filter(r -> r.startsWith("-")).isPresent()) {
        throw new UserError(text + ": a URL or ref cannot start with '-'");
      }
      if (url.isBlank()) {
        throw new UserError(
            text
                + ": no URL after git+ (git+file:///path/repo.git#v1, git+https://host/repo.git#main)");
      }
      if (url.contains("::") || !GIT_URL.matcher(url).matches()) {
        throw new UserError(
            text
                + ": not a git URL graft fetches: give https://, http://, ssh://, git://, file:// or"
                + " user@host:path");
      }
      return new Git(url, ref);
    }
    if (s.startsWith("npm:")) {
      Matcher m = NPM_NAME.matcher(s.substring(4));
      if (!m.matches()) {
        throw new UserError(text + ": not an npm package name (npm:NAME or npm:NAME@VERSION)");
      }
      return new Npm(s.substring(4));
    }
    Path p =
        base.resolve(
                s.startsWith("~/")
                    ? Path.of(System.getProperty("user.home")).resolve(s.substring(2)).toString()
                    : s)
            .normalize();
    if (s.endsWith(".tgz") || s.endsWith(".tar.gz")) {
      if (!Files.isRegularFile(p)) {
        throw new UserError(text + ": no such file");
      }
      return new Tarball(s);
    }
    if (Files.isDirectory(p)) {
      return new Local(s);
    }
    if (s.startsWith(".") || s.startsWith("/") || s.startsWith("~")) {
      throw new UserError(text + ": no such directory");
    }
    if (NPM_NAME.matcher(s).matches()) {
      return new Npm(s);
    }
    throw new UserError(
        text
            + ": not a package source: give git+URL#REF, NAME@VERSION (npm), a .tgz file or a directory");
  }
}
