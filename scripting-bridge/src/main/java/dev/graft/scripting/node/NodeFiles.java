package dev.graft.scripting.node;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.node.PathGrants.Access;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code node:fs} for one script: every call checks its paths against the script's {@link
 * PathGrants} first, then works on the real path that was checked (never following a link that
 * appeared since), and fails as Node fails ({@code ENOENT}, {@code EEXIST}...) with the path as the
 * script gave it.
 */
public final class NodeFiles {
  /** The largest file {@code readFile} reads whole. */
  public static final long MAX_READ = 64L * 1024 * 1024;

  private static final SecureRandom RANDOM = new SecureRandom();
  private final PathGrants grants;

  public NodeFiles(PathGrants grants) {
    this.grants = grants;
  }

  public PathGrants grants() {
    return grants;
  }

  /** The file's bytes. */
  public byte[] readFile(String call, String path) throws NodeError {
    Path p = grants.check(Access.READ, call, path, true);
    try {
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
      if (a.isDirectory()) {
        throw new NodeError(
            "EISDIR",
            "EISDIR: illegal operation on a directory, read",
            Optional.of("read"),
            Optional.empty());
      }
      if (!a.isRegularFile()) {
        // A FIFO or device could hold the script thread for good.
        throw new NodeError(
            "EINVAL",
            call + ": " + path + " is not a regular file (graft reads only files)",
            Optional.of("open"),
            Optional.of(path));
      }
      if (a.size() > MAX_READ) {
        throw new NodeError(
            "ERR_FS_FILE_TOO_LARGE",
            "File size ("
                + a.size()
                + ") is greater than graft's "
                + MAX_READ
                + " bytes for a script's read");
      }
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw failure(e, "open", path);
    }
  }

  /**
   * Writes {@code data} to {@code path}: {@code flag} "w" (create or truncate), "a" (append),
   * "wx"/"ax" (the file must not exist).
   */
  public void writeFile(String call, String path, byte[] data, String flag) throws NodeError {
    Path p = grants.check(Access.WRITE, call, path, true);
    List<OpenOption> options =
        new ArrayList<>(List.of(StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS));
    switch (flag) {
      case "w", "w+" ->
          options.addAll(List.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING));
      case "a", "a+", "as" ->
          options.addAll(List.of(StandardOpenOption.CREATE, StandardOpenOption.APPEND));
      case "wx", "xw", "wx+" -> options.add(StandardOpenOption.CREATE_NEW);
      case "ax", "xa", "ax+" ->
          options.addAll(List.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.APPEND));
      default ->
          throw new NodeError(
              "ERR_INVALID_ARG_VALUE",
              call
                  + ": the flag "
                  + Json.write(Json.MAPPER.valueToTree(flag))
                  + " is not one graft writes with (w, a, wx, ax)");
    }
    try (OutputStream out = Files.newOutputStream(p, options.toArray(OpenOption[]::new))) {
      out.write(data);
    } catch (IOException e) {
      throw failure(e, "open", path);
    }
  }

  /**
   * The names in a folder, sorted; with {@code types}, [name, "file"|"dir"|"link"|"other"] each.
   */
  public String readdir(String call, String path, boolean types) throws NodeError {
    Path p = grants.check(Access.READ, call, path, true);
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(p)) {
      dir.forEach(entries::add);
    } catch (IOException e) {
      throw failure(e, "scandir", path);
    }
    entries.sort(null);
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (Path e : entries) {
      String name = e.getFileName().toString();
      if (types) {
        out.addArray().add(name).add(typeOf(e));
      } else {
        out.add(name);
      }
    }
    return Json.write(out);
  }

  private static String typeOf(Path p) {
    try {
      BasicFileAttributes a =
          Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return a.isSymbolicLink()
          ? "link"
          : a.isDirectory() ? "dir" : a.isRegularFile() ? "file" : "other";
    } catch (IOException e) {
      return "other";
    }
  }

  /** Node's Stats fields as JSON; {@code follow} false for lstat. */
  public String stat(String call, String path, boolean follow) throws NodeError {
    Path p = grants.check(Access.READ, call, path, follow);
    LinkOption[] options =
        follow ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    try {
      ObjectNode out = Json.object();
      Map<String, Object> unix;
      try {
        unix = Files.readAttributes(p, "unix:*", options);
      } catch (UnsupportedOperationException | IllegalArgumentException e) {
        unix = Map.of();
      }
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, options);
      out.put("dev", number(unix.get("dev")));
      out.put("ino", number(unix.get("ino")));
      int type =
          a.isSymbolicLink()
              ? 0120000
              : a.isDirectory() ? 0040000 : a.isRegularFile() ? 0100000 : 0;
      out.put("mode", unix.containsKey("mode") ? number(unix.get("mode")) : type | 0644);
      out.put("nlink", unix.containsKey("nlink") ? number(unix.get("nlink")) : 1);
      out.put("uid", number(unix.get("uid")));
      out.put("gid", number(unix.get("gid")));
      out.put("rdev", number(unix.get("rdev")));
      out.put("size", a.size());
      out.put("blksize", 4096);
      out.put("blocks", (a.size() + 511) / 512);
      out.put("atimeMs", a.lastAccessTime().toMillis());
      out.put("mtimeMs", a.lastModifiedTime().toMillis());
      Object ctime = unix.get("ctime");
      out.put(
          "ctimeMs", ctime instanceof FileTime t ? t.toMillis() : a.lastModifiedTime().toMillis());
      out.put("birthtimeMs", a.creationTime().toMillis());
      return Json.write(out);
    } catch (IOException e) {
      throw failure(e, follow ? "stat" : "lstat", path);
    }
  }

  private static long number(Object v) {
    return v instanceof Number n ? n.longValue() : 0;
  }

  /** Whether {@code path} exists (the grant is checked still: no grant, no answer). */
  public boolean exists(String call, String path) throws NodeError {
    return Files.exists(grants.check(Access.READ, call, path, true));
  }

  /** {@code fs.access}: mode bits 4 (read), 2 (write), 1 (run); 0 only checks that it exists. */
  public void access(String call, String path, int mode) throws NodeError {
    Path p = grants.check((mode & 2) != 0 ? Access.WRITE : Access.READ, call, path, true);
    if ((mode & 2) != 0) {
      grants.check(Access.READ, call, path, true);
    }
    boolean ok =
        Files.exists(p)
            && ((mode & 4) == 0 || Files.isReadable(p))
            && ((mode & 2) == 0 || Files.isWritable(p))
            && ((mode & 1) == 0 || Files.isExecutable(p));
    if (!ok) {
      boolean exists = Files.exists(p, LinkOption.NOFOLLOW_LINKS);
      throw new NodeError(
          exists ? "EACCES" : "ENOENT",
          (exists ? "EACCES: permission denied" : "ENOENT: no such file or directory")
              + ", access '"
              + path
              + "'",
          Optional.of("access"),
          Optional.of(path));
    }
  }

  /** Makes a folder; with {@code recursive}, its parents too, and the first one made (or none). */
  public Optional<String> mkdir(String call, String path, boolean recursive) throws NodeError {
    Path p = grants.check(Access.WRITE, call, path, true);
    try {
      if (!recursive) {
        Files.createDirectory(p);
        return Optional.empty();
      }
      Path first = null;
      for (Path q = p; q != null && !Files.exists(q); q = q.getParent()) {
        first = q;
      }
      if (first == null && !Files.isDirectory(p)) {
        throw new FileAlreadyExistsException(p.toString());
      }
      Files.createDirectories(p);
      return Optional.ofNullable(first)
          .map(f -> grants.absolute(path).getRoot().resolve(f.toString()).toString());
    } catch (IOException e) {
      throw failure(e, "mkdir", path);
    }
  }

  /**
   * {@code fs.rm}: a file, or with {@code recursive} a folder and all in it (links are removed, not
   * followed).
   */
  public void rm(String call, String path, boolean recursive, boolean force) throws NodeError {
    Path p = grants.check(Access.WRITE, call, path, false);
    try {
      if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        if (force) {
          return;
        }
        throw new NoSuchFileException(p.toString());
      }
      if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        if (!recursive) {
          throw new NodeError(
              "ERR_FS_EISDIR",
              "Path is a directory: " + call + " returned EISDIR (is a directory) " + path,
              Optional.of("rm"),
              Optional.of(path));
        }
        deleteTree(p);
      } else {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw failure(e, "rm", path);
    }
  }

  /** {@code fs.rmdir}: an empty folder (or, with {@code recursive}, as {@link #rm}). */
  public void rmdir(String call, String path, boolean recursive) throws NodeError {
    Path p = grants.check(Access.WRITE, call, path, false);
    try {
      if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
          throw new NoSuchFileException(p.toString());
        }
        throw new NotDirectoryException(p.toString());
      }
      if (recursive) {
        deleteTree(p);
      } else {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw failure(e, "rmdir", path);
    }
  }

  /** {@code fs.unlink}: a file or link (not a folder). */
  public void unlink(String call, String path) throws NodeError {
    Path p = grants.check(Access.WRITE, call, path, false);
    try {
      if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        throw new NodeError(
            "EISDIR",
            "EISDIR: illegal operation on a directory, unlink '" + path + "'",
            Optional.of("unlink"),
            Optional.of(path));
      }
      Files.delete(p);
    } catch (IOException e) {
      throw failure(e, "unlink", path);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  public void rename(String call, String from, String to) throws NodeError {
    Path a = grants.check(Access.WRITE, call, from, false);
    Path b = grants.check(Access.WRITE, call, to, true);
    try {
      Files.move(a, b, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      try {
        Files.move(a, b, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e2) {
        throw failure(e2, "rename", from);
      }
    } catch (IOException e) {
      throw failure(e, "rename", from);
    }
  }

  /** Copies a file; {@code exclusive}: fail when the target exists (COPYFILE_EXCL). */
  public void copyFile(String call, String from, String to, boolean exclusive) throws NodeError {
    Path a = grants.check(Access.READ, call, from, true);
    Path b = grants.check(Access.WRITE, call, to, true);
    try {
      if (exclusive) {
        Files.copy(a, b, LinkOption.NOFOLLOW_LINKS);
      } else {
        Files.copy(a, b, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
      }
    } catch (IOException e) {
      throw failure(e, "copyfile", from);
    }
  }

  public String realpath(String call, String path) throws NodeError {
    Path p = grants.check(Access.READ, call, path, true);
    if (!Files.exists(p)) {
      throw failure(new NoSuchFileException(path), "realpath", path);
    }
    return p.toString();
  }

  public String readlink(String call, String path) throws NodeError {
    Path p = grants.check(Access.READ, call, path, false);
    try {
      return Files.readSymbolicLink(p).toString();
    } catch (NotLinkException e) {
      throw new NodeError(
          "EINVAL",
          "EINVAL: invalid argument, readlink '" + path + "'",
          Optional.of("readlink"),
          Optional.of(path));
    } catch (IOException e) {
      throw failure(e, "readlink", path);
    }
  }

  /** {@code fs.mkdtemp}: a new folder named {@code prefix} and six random characters. */
  public String mkdtemp(String call, String prefix) throws NodeError {
    String chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; attempt++) {
      StringBuilder name = new StringBuilder(prefix);
      for (int i = 0; i < 6; i++) {
        name.append(chars.charAt(RANDOM.nextInt(chars.length())));
      }
      Path p = grants.check(Access.WRITE, call, name.toString(), true);
      try {
        Files.createDirectory(p);
        return grants.absolute(name.toString()).toString();
      } catch (FileAlreadyExistsException e) {
        // another name
      } catch (IOException e) {
        throw failure(e, "mkdtemp", prefix + "XXXXXX");
      }
    }
    throw new NodeError("EEXIST", "EEXIST: file already exists, mkdtemp '" + prefix + "XXXXXX'");
  }

  /** Node's error for what the file system said. */
  static NodeError failure(IOException e, String syscall, String path) {
    String code;
    String text;
    switch (e) {
      case NoSuchFileException x -> {
        code = "ENOENT";
        text = "no such file or directory";
      }
      case FileAlreadyExistsException x -> {
        code = "EEXIST";
        text = "file already exists";
      }
      case DirectoryNotEmptyException x -> {
        code = "ENOTEMPTY";
        text = "directory not empty";
      }
      case AccessDeniedException x -> {
        code = "EACCES";
        text = "permission denied";
      }
      case NotDirectoryException x -> {
        code = "ENOTDIR";
        text = "not a directory";
      }
      case FileSystemException x when String.valueOf(x.getReason()).contains("Is a directory") -> {
        code = "EISDIR";
        text = "illegal operation on a directory";
      }
      case FileSystemException x when String.valueOf(x.getReason()).contains("Not a directory") -> {
        code = "ENOTDIR";
        text = "not a directory";
      }
      case FileSystemException x
          when String.valueOf(x.getReason()).contains("Too many levels of symbolic links") -> {
        code = "ELOOP";
        text = "too many symbolic links encountered";
      }
      default -> {
        code = "EIO";
        text = String.valueOf(e.getMessage());
      }
    }
    return new NodeError(
        code,
        code + ": " + text + ", " + syscall + " '" + path + "'",
        Optional.of(syscall),
        Optional.of(path));
  }
}
