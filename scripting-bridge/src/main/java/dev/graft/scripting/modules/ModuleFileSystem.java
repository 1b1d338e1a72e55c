package dev.graft.scripting.modules;

import dev.graft.scripting.api.ScriptFinder;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.graalvm.polyglot.io.FileSystem;

/**
 * The only files a script context can see: read-only, {@code .js}/{@code .mjs} files (and {@code
 * .ts}/{@code .mts} files, read with their types erased by {@link TypeScriptStripper}) under the
 * script's root directory, the shared library directory and the installed packages' directories.
 * GraalJS resolves {@code import "./x.js"} against the importing file, and when there is no {@code
 * x.js} but an {@code x.ts} (or {@code x.mjs} and {@code x.mts}) that is read, as TypeScript's own
 * resolution does. A bare specifier reaches this file system as a relative path: {@code
 * graft/lib/<file>} resolves to the library, and a package's name (with or without a file after it)
 * to that package or, for a module of a package, to its dependency ({@link PackageModules}).
 * Anything else, a {@code ..} that leaves the roots, or a symbolic link that leads out of the root
 * it is in, is refused with a message the script's load error carries.
 *
 * <p>GraalJS hands a bare specifier over without the module that imports it, but it parses that
 * module's path just before (DefaultESModuleLoader: the referrer's file, then the specifier), so
 * the absolute path parsed last, if nothing else was parsed since, is the importing module. Every
 * import is resolved so (a relative, absolute or {@code file:} one too) and then made a real path:
 * the referrer parsed just before is its importer there ({@link #importer}). A file in a package's
 * {@code node_modules} is its dependency, made real only for that package's modules (and, right
 * after, once more when the loader reads the source of a dynamic import's module). {@code
 * PackageImportTest} fails should a GraalJS version change that order.
 */
public final class ModuleFileSystem implements FileSystem {
  /** How a script imports a file of the shared library directory: {@code graft/lib/<file>}. */
  public static final String LIB_PREFIX = "graft/lib/";

  private final FileSystem files =
      FileSystem.newReadOnlyFileSystem(FileSystem.newDefaultFileSystem());
  private final Path root;
  private final Optional<Path> lib;
  private final List<Path> roots = new ArrayList<>();
  private final TypeScriptStripper typeScript;
  private final PackageModules packages;

  /**
   * The script's CommonJS side: which files are CommonJS, and the ES module graft serves for one.
   */
  private final NodeModules node;

  /** The absolute path parsed last, if nothing was parsed since: the module that imports next. */
  private Optional<Path> referrer = Optional.empty();

  /**
   * The last bare specifier that named nothing, and where from: for the message that refuses it.
   */
  private Optional<Map.Entry<String, Optional<Path>>> missed = Optional.empty();

  /**
   * The path parsed last and the one parsed before it (an import's importer, then the import),
   * absolute or not.
   */
  private Path parsedLast;

  private Path parsedBefore;

  /** The dependency file made real last for its own package's module, for its source's load. */
  private Path lastAdmitted;

  /**
   * The file system of a script whose directory is {@code root}: its files, the shared library
   * {@code lib}, the installed {@code packages} and graft's built-in stand-ins for the reference's
   * packages ({@link CompatModules}), read only. {@code root}, {@code lib} and the packages'
   * directories are real paths (symbolic links resolved).
   */
  public static FileSystem forScript(
      Path root, Optional<Path> lib, PackageModules packages, TypeScriptStripper typeScript) {
    return NodeModules.forScript(root, lib, packages, typeScript).fileSystem();
  }

  ModuleFileSystem(
      Path root,
      Optional<Path> lib,
      PackageModules packages,
      TypeScriptStripper typeScript,
      NodeModules node) {
    this.root = root;
    this.lib = lib;
    this.packages = packages;
    this.typeScript = typeScript;
    this.node = node;
    roots.add(root);
    lib.ifPresent(roots::add);
    roots.addAll(packages.roots());
  }

  @Override
  public Path parsePath(URI uri) {
    if ("node".equals(uri.getScheme())) {
      throw new SecurityException(packages.whyNot(uri.toString(), Optional.empty()));
    }
    if (!"file".equals(uri.getScheme())) {
      throw new UnsupportedOperationException(
          "cannot import " + uri + ": only files can be imported");
    }
    Path p = Path.of(uri);
    referrer = Optional.empty();
    noteParsed(p);
    return p;
  }

  private void noteParsed(Path p) {
    parsedBefore = parsedLast;
    parsedLast = p;
  }

  @Override
  public Path parsePath(String path) {
    Path p = parse(path);
    noteParsed(p);
    return p;
  }

  private Path parse(String path) {
    Optional<Path> from = referrer;
    referrer = Optional.empty();
    if (path.startsWith("/")) {
      Path p = Path.of(path);
      referrer = Optional.of(p);
      return p;
    }
    if (path.startsWith(LIB_PREFIX) && lib.isPresent()) {
      return lib.get().resolve(path.substring(LIB_PREFIX.length())).normalize();
    }
    if (PackageModules.isBare(path)) {
      Optional<Path> found = packages.find(path, from);
      if (found.isPresent()) {
        return found.get();
      }
      // An unknown name stays relative, and toAbsolutePath refuses it with the reason.
      missed = Optional.of(Map.entry(path, from));
    }
    return Path.of(path);
  }

  @Override
  public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... options)
      throws IOException {
    if (modes.contains(AccessMode.WRITE) || modes.contains(AccessMode.EXECUTE)) {
      throw new AccessDeniedException(
          path.toString(), null, "scripts can only read their own files");
    }
    files.checkAccess(allowed(path), modes, options);
  }

  @Override
  public SeekableByteChannel newByteChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
    for (OpenOption o : options) {
      if (o != StandardOpenOption.READ) {
        throw new AccessDeniedException(
            path.toString(), null, "scripts can only read their own files");
      }
    }
    Path p = allowed(path);
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    boolean commonJs = name.endsWith(".cjs") && packages.packageOf(p).isPresent();
    if (!ScriptFinder.isScriptName(name) && !commonJs) {
      throw new SecurityException(
          "cannot import "
              + p
              + ": only .js, .mjs, .ts and .mts files can be imported"
              + " (and .cjs files of installed packages)");
    }
    node.read(p, Files.size(p));
    if ((name.endsWith(".js") || commonJs) && packages.packageOf(p).isPresent()) {
      String source = TypeScriptStripper.read(p);
      if (node.isCommonJs(p, source)) {
        return new InMemoryModuleChannel(node.facade(p, source).getBytes(StandardCharsets.UTF_8));
      }
      return new InMemoryModuleChannel(source.getBytes(StandardCharsets.UTF_8));
    }
    if (TypeScriptStripper.handles(name)) {
      String source = TypeScriptStripper.read(p);
      try {
        return new InMemoryModuleChannel(
            typeScript.strip(name, source).getBytes(StandardCharsets.UTF_8));
      } catch (TypeScriptStripper.TypeScriptError e) {
        throw new SecurityException(
            "cannot import "
                + p
                + ": "
                + e.getMessage()
                + " (at "
                + p.getFileName()
                + ":"
                + e.line()
                + ")");
      }
    }
    return files.newByteChannel(p, options, attrs);
  }

  @Override
  public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
      throws IOException {
    return files.readAttributes(allowed(path), attributes, options);
  }

  /** There is no working directory: a relative path here is a bare specifier, refused. */
  @Override
  public Path toAbsolutePath(Path path) {
    if (!path.isAbsolute()) {
      throw refuseBare(path);
    }
    return path;
  }

  @Override
  public Path toRealPath(Path path, LinkOption... options) throws IOException {
    Path real = allowed(path);
    Optional<Path> owner = packages.dependencyOwner(real);
    if (owner.isPresent()) {
      // The loader reading the source of a module it has just resolved (a dynamic import's):
      // the empty path parsed, then the module's own, for the dependency admitted last.
      boolean loading =
          parsedBefore != null
              && parsedBefore.toString().isEmpty()
              && path.equals(parsedLast)
              && real.equals(lastAdmitted);
      Path importer = importer(path);
      if (!loading && (importer == null || !importer.startsWith(owner.get()))) {
        lastAdmitted = null;
        throw new SecurityException(
            "cannot import "
                + real
                + ": it is a dependency of "
                + owner.get()
                + " (in its node_modules), which only that package's own modules may import");
      }
      lastAdmitted = real;
    }
    return real;
  }

  /**
   * The module importing {@code path}, being made real: the referrer GraalJS parsed just before. A
   * bare or {@code file:} specifier is parsed too (to {@code path}), after its referrer; an
   * absolute or relative one is not, so the referrer is the path parsed last.
   */
  private Path importer(Path path) {
    Path candidate = path.equals(parsedLast) ? parsedBefore : parsedLast;
    return candidate != null && candidate.isAbsolute() ? candidate.normalize() : null;
  }

  @Override
  public DirectoryStream<Path> newDirectoryStream(
      Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
    throw new AccessDeniedException(dir.toString(), null, "scripts cannot list directories");
  }

  @Override
  public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
    throw new AccessDeniedException(dir.toString(), null, "scripts cannot write files");
  }

  @Override
  public void delete(Path path) throws IOException {
    throw new AccessDeniedException(path.toString(), null, "scripts cannot write files");
  }

  /**
   * {@link #allowed}, for the CommonJS loader: the real path of a module file this script may load.
   */
  Path readable(Path path) throws IOException {
    return allowed(path);
  }

  /**
   * The real path of {@code path} if it may be read: lexically under a root and, once every link is
   * resolved, still under that root (the outermost one holding it: a package holds the scripts
   * folder of its own).
   */
  private Path allowed(Path path) throws IOException {
    if (!path.isAbsolute()) {
      throw refuseBare(path);
    }
    Path normal = path.normalize();
    // The root first: graft looks for no file outside the roots, not even whether it exists.
    Optional<Path> root =
        roots.stream()
            .filter(normal::startsWith)
            .min((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
    if (root.isEmpty()) {
      throw new SecurityException("cannot import " + normal + ": it is outside " + describeRoots());
    }
    Path p = typeScriptFor(normal);
    Path real;
    try {
      real = p.toRealPath();
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(p.toString());
    }
    if (!real.startsWith(root.get())) {
      throw new SecurityException(
          "cannot import " + p + ": it links to " + real + ", outside " + root.get());
    }
    return real;
  }

  /**
   * {@code x.ts} for an {@code x.js} that does not exist ({@code x.mts} for {@code x.mjs}); for a
   * name without an extension that names no file, the file with one ({@code .js}, {@code .mjs},
   * {@code .cjs}, {@code .ts}, {@code .mts}) or the folder's entry (package.json {@code main}, else
   * {@code index.js}...), as TypeScript and bundlers resolve it.
   */
  private static Path typeScriptFor(Path p) {
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    if (Files.isRegularFile(p)) {
      return p;
    }
    String ts =
        name.endsWith(".js")
            ? name.substring(0, name.length() - 3) + ".ts"
            : name.endsWith(".mjs") ? name.substring(0, name.length() - 4) + ".mts" : null;
    if (ts != null) {
      Path sibling = p.resolveSibling(ts);
      return Files.exists(sibling) ? sibling : p;
    }
    for (String ext : List.of(".js", ".mjs", ".cjs", ".ts", ".mts")) {
      Path q = p.resolveSibling(name + ext);
      if (Files.isRegularFile(q)) {
        return q;
      }
    }
    if (Files.isDirectory(p)) {
      return NodeModules.fileOrFolder(p, true).orElse(p);
    }
    return p;
  }

  private SecurityException refuseBare(Path path) {
    String spec = path.toString();
    if (PackageModules.isBare(spec)) {
      Optional<Path> from =
          missed.filter(m -> m.getKey().equals(spec)).flatMap(Map.Entry::getValue);
      return new SecurityException(packages.whyNot(spec, from));
    }
    if (spec.startsWith(LIB_PREFIX)) {
      return new SecurityException(
          "cannot import \""
              + spec
              + "\": no shared library directory is configured"
              + " (set scripts.libraryDir in $GRAFT_HOME/settings.json)");
    }
    return new SecurityException(
        "cannot import \""
            + spec
            + "\": a script can import files under its directory"
            + " (\"./x.js\"), the shared library (\""
            + LIB_PREFIX
            + "x.js\") and installed script packages by name");
  }

  private String describeRoots() {
    return "the script directory "
        + root
        + lib.map(l -> ", the shared library " + l).orElse("")
        + (packages.isEmpty() ? "" : " and the installed packages");
  }
}
