package dev.graft.cli.packages;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Writes a package onto disk from a folder or a tar archive, so that what lands is only regular
 * files and directories, made by graft (so the user's), with modes 644 and 755 (no setuid, no exec
 * bits: nothing of a package is run as a program), within {@link #MAX_BYTES} and {@link
 * #MAX_ENTRIES}. A link is copied as the file it leads to when that is one of the package's own
 * files; any other link, a device, FIFO or socket is refused, naming it.
 */
final class PackageContent {
  /** The cap on what a package (its dependencies included) holds. */
  static final long MAX_BYTES = 512L << 20;

  /** The cap on a package's files and directories (its dependencies included). */
  static final int MAX_ENTRIES = 50_000;

  /**
   * The cap on a path in a package, in bytes: far below what a file system takes, so a refusal
   * names it.
   */
  static final int MAX_PATH_BYTES = 1_024;

  private static final Set<PosixFilePermission> FILE_MODE =
      PosixFilePermissions.fromString("rw-r--r--");
  private static final Set<PosixFilePermission> DIR_MODE =
      PosixFilePermissions.fromString("rwxr-xr-x");
  private static final int MAX_LINK_HOPS = 8;

  /**
   * Why content was refused: the installer says which source it came from. The message is one line
   * whatever names it holds: control characters are written as escapes.
   */
  static final class Refused extends RuntimeException {
    Refused(String message) {
      super(escaped(message));
    }
  }

  /** {@code s} with each control character written as an escape ({@code \n}, {@code \x1b}). */
  static String escaped(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029') {
            out.append(
                c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /** A name from the package as a refusal shows it: at most 200 characters. */
  private static String shown(String name) {
    return name.length() <= 200
        ? name
        : name.substring(0, 160) + "..." + name.substring(name.length() - 37);
  }

  private final Path root;
  private final Set<String> files = new HashSet<>();
  private final Set<String> dirs = new HashSet<>();

  /** Links by where they are; the target as an archive's or folder's path, resolved, or why not. */
  private final Map<String, Link> links = new LinkedHashMap<>();

  private long bytes;
  private int entries;

  private record Link(Optional<String> target, String why) {}

  private PackageContent(Path root) {
    this.root = root;
  }

  /** Content written into {@code root}, a new folder graft made. */
  static PackageContent into(Path root) {
    mkdir(root);
    return new PackageContent(root);
  }

  Path root() {
    return root;
  }

  /** A gzipped tar archive's entries. */
  void addTarball(Path tgz) {
    try {
      if (Files.size(tgz) == 0) {
        throw new Refused("not a gzipped tar archive (the file is empty)");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + tgz + ": " + e.getMessage(), e);
    }
    try (InputStream in = new GZIPInputStream(Files.newInputStream(tgz), 1 << 16)) {
      addTar(in);
    } catch (ZipException e) {
      throw new Refused("not a gzipped tar archive (" + e.getMessage() + ")");
    } catch (EOFException e) {
      throw new Refused(
          "the archive ends early" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + tgz + ": " + e.getMessage(), e);
    }
  }

  /** A tar archive's entries, read from {@code in}. */
  void addTar(InputStream in) throws IOException {
    TarArchive tar = new TarArchive(in);
    for (Optional<TarArchive.Entry> next = tar.next(); next.isPresent(); next = tar.next()) {
      TarArchive.Entry e = next.get();
      String path = relative(e.path());
      if (path.isEmpty()) {
        continue;
      }
      switch (e.type()) {
        case DIRECTORY -> directory(path);
        case FILE -> {
          links.remove(path);
          file(path, tar.content(), e.size());
        }
        case SYMLINK -> symlink(path, e.linkTarget());
        case HARDLINK -> link(path, new Link(within("", relative(e.linkTarget())), e.linkTarget()));
        case CHARACTER_DEVICE -> refuse(path, "a character device");
        case BLOCK_DEVICE -> refuse(path, "a block device");
        case FIFO -> refuse(path, "a FIFO");
        case OTHER -> refuse(path, "an entry of a kind tar archives rarely hold");
      }
    }
  }

  /**
   * The files under {@code dir}, written under {@code under} ("" for the top), but for the entries
   * of {@code dir} named in {@code leaveOut}.
   */
  void addFolder(Path dir, String under, Set<String> leaveOut) {
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              String rel = join(under, dir.relativize(d));
              if (dir.equals(d.getParent()) && leaveOut.contains(d.getFileName().toString())) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              if (!rel.isEmpty()) {
                directory(rel);
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
              String rel = join(under, dir.relativize(f));
              if (dir.equals(f.getParent()) && leaveOut.contains(f.getFileName().toString())) {
                return FileVisitResult.CONTINUE;
              }
              if (attrs.isSymbolicLink()) {
                symlink(rel, Files.readSymbolicLink(f).toString());
              } else if (attrs.isRegularFile()) {
                try (InputStream in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
                  file(rel, in, attrs.size());
                }
              } else {
                refuse(rel, kindOf(f));
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
              throw e;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Copies each link's file into place; refuses a link that leads anywhere else. */
  void resolveLinks() {
    for (Map.Entry<String, Link> e : List.copyOf(links.entrySet())) {
      String at = e.getKey();
      Link link = e.getValue();
      Optional<String> target = link.target();
      for (int hop = 0; target.isPresent() && links.containsKey(target.get()); hop++) {
        if (hop == MAX_LINK_HOPS) {
          throw new Refused(
              shown(at) + " is a link that leads through more than " + MAX_LINK_HOPS + " links");
        }
        target = links.get(target.get()).target();
      }
      if (target.isEmpty()) {
        throw new Refused(
            shown(at)
                + " is a link to "
                + shown(link.why())
                + ", outside the package; a package may link only to its"
                + " own files");
      }
      if (target.get().isEmpty() || dirs.contains(target.get())) {
        throw new Refused(
            shown(at)
                + " is a link to a directory ("
                + shown(link.why())
                + "); a package may link only to its"
                + " own files");
      }
      if (!files.contains(target.get())) {
        throw new Refused(
            shown(at) + " is a link to " + shown(link.why()) + ", which the package does not hold");
      }
      try (InputStream in =
          Files.newInputStream(root.resolve(target.get()), LinkOption.NOFOLLOW_LINKS)) {
        file(at, in, Files.size(root.resolve(target.get())));
      } catch (IOException ex) {
        throw new UncheckedIOException("cannot copy " + target.get() + ": " + ex.getMessage(), ex);
      }
    }
    links.clear();
  }

  private void symlink(String path, String target) {
    String parent = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
    link(
        path, new Link(target.startsWith("/") ? Optional.empty() : within(parent, target), target));
  }

  private void link(String path, Link link) {
    if (dirs.contains(path)) {
      throw new Refused(shown(path) + " is both a link and a directory in the package");
    }
    if (!files.contains(path) && links.put(path, link) == null) {
      count(path);
    }
  }

  /** {@code target} taken from folder {@code from}, if it stays inside the package. */
  private static Optional<String> within(String from, String target) {
    List<String> parts = new ArrayList<>(from.isEmpty() ? List.of() : List.of(from.split("/")));
    for (String part : target.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        if (parts.isEmpty()) {
          return Optional.empty();
        }
        parts.removeLast();
      } else {
        parts.add(part);
      }
    }
    return Optional.of(String.join("/", parts));
  }

  private void directory(String path) {
    if (dirs.contains(path)) {
      return;
    }
    if (files.contains(path) || links.containsKey(path)) {
      throw new Refused(shown(path) + " is both a file and a directory in the package");
    }
    int slash = path.lastIndexOf('/');
    if (slash > 0) {
      directory(path.substring(0, slash));
    }
    count(path);
    mkdir(root.resolve(path));
    dirs.add(path);
  }

  private void file(String path, InputStream in, long size) throws IOException {
    if (dirs.contains(path)) {
      throw new Refused(shown(path) + " is both a file and a directory in the package");
    }
    int slash = path.lastIndexOf('/');
    if (slash > 0) {
      directory(path.substring(0, slash));
    }
    if (files.add(path) && !links.containsKey(path)) {
      count(path);
    }
    if (size > MAX_BYTES - bytes) {
      throw tooLarge();
    }
    Path target = root.resolve(path);
    try (OutputStream out =
        Files.newOutputStream(
            target,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS)) {
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        bytes += n;
        if (bytes > MAX_BYTES) {
          throw tooLarge();
        }
        out.write(buffer, 0, n);
      }
    }
    Files.setPosixFilePermissions(target, FILE_MODE);
  }

  private static Refused tooLarge() {
    return new Refused(
        "the package is larger than "
            + (MAX_BYTES >> 20)
            + " MiB unpacked (the cap on a package's size)");
  }

  private void count(String path) {
    if (++entries > MAX_ENTRIES) {
      throw new Refused(
          "the package has more than "
              + String.format("%,d", MAX_ENTRIES)
              + " files and directories (the cap on a package's size)");
    }
  }

  private static void refuse(String path, String kind) {
    throw new Refused(shown(path) + " is " + kind + "; a package holds only files and directories");
  }

  /** An archive's path made relative and plain, or refused: no absolute paths, no {@code ..}. */
  private static String relative(String path) {
    if (path.startsWith("/")) {
      throw new Refused(shown(path) + " is an absolute path; a package's paths are relative to it");
    }
    if (path.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
      throw new Refused(
          "a path in the package is longer than "
              + String.format("%,d", MAX_PATH_BYTES)
              + " bytes (the cap"
              + " on a path): "
              + path.substring(0, 60)
              + "...");
    }
    List<String> parts = new ArrayList<>();
    for (String part : path.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..") || part.indexOf('\0') >= 0) {
        throw new Refused(shown(path) + " leaves the package (a path with ..)");
      }
      if (part.getBytes(StandardCharsets.UTF_8).length > 255) {
        throw new Refused(
            "a name in the package is longer than 255 bytes: " + part.substring(0, 40) + "...");
      }
      parts.add(part);
    }
    return String.join("/", parts);
  }

  private static String join(String under, Path rel) {
    List<String> parts = new ArrayList<>();
    rel.forEach(p -> {
      if (!p.toString().isEmpty()) {
        parts.add(p.toString());
      }
    });
    String r = String.join("/", parts);
    return under.isEmpty() ? r : r.isEmpty() ? under : under + "/" + r;
  }

  private static String kindOf(Path f) {
    try {
      int type = (Integer) Files.getAttribute(f, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
      return switch (type) {
        case 0010000 -> "a FIFO";
        case 0020000 -> "a character device";
        case 0060000 -> "a block device";
        case 0140000 -> "a socket";
        default -> "not a regular file";
      };
    } catch (IOException | UnsupportedOperationException e) {
      return "not a regular file";
    }
  }

  private static void mkdir(Path dir) {
    try {
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, DIR_MODE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
  }
}
