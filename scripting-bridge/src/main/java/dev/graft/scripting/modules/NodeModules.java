package dev.graft.scripting.modules;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import java.util.regex.Pattern;
import org.graalvm.polyglot.io.FileSystem;

/**
 * A script's modules as Node finds them, over its {@link ModuleFileSystem}: {@code require()}
 * (CommonJS: relative paths with Node's extension and folder rules, {@code #imports}, packages by
 * name through their {@code exports} with the {@code require} condition), JSON modules (in
 * installed packages only: a script's own folder may hold files that are not code, such as {@code
 * $GRAFT_HOME}'s), and the ES module graft writes for a CommonJS file an ES module imports (its
 * {@code module.exports} as the default export, and the names it visibly exports).
 *
 * <p>A package's dependencies are found from a module this context has loaded; from any other path
 * (a {@code createRequire} of a file it never loaded) only the installed packages are, so no path a
 * script makes up reaches another package's {@code node_modules}.
 */
public final class NodeModules {
  /** The largest JSON file {@code require} reads. */
  static final long MAX_JSON = 16L * 1024 * 1024;

  private static final Pattern ESM_SYNTAX =
      Pattern.compile(
          "(?m)^[ \\t]*(?:import\\b\\s*(?:[\\w$*{]|[\"'])|export\\b\\s*(?:[{*]|default\\b|(?:const|let|var|function|class|async)\\b))");
  private static final List<String> REQUIRE_EXTENSIONS =
      List.of(".js", ".json", ".cjs", ".ts", ".cts");
  private static final List<String> INDEXES =
      List.of("index.js", "index.json", "index.cjs", "index.ts");

  private final ModuleFileSystem files;
  private final PackageModules packages;
  private final Path root;
  private final TypeScriptStripper typeScript;
  private final Set<Path> loaded = ConcurrentHashMap.newKeySet();

  /** Told the size of every module source read, for the run's module budget. */
  private volatile LongConsumer sizes = bytes -> {};

  /** A module that cannot be loaded: Node's code ({@code MODULE_NOT_FOUND}...) and the message. */
  public static final class Failure extends Exception {
    private final String code;

    Failure(String code, String message) {
      super(message, null, false, false);
      this.code = code;
    }

    public String code() {
      return code;
    }
  }

  private NodeModules(
      Path root, Optional<Path> lib, PackageModules packages, TypeScriptStripper typeScript) {
    this.root = root;
    this.packages = packages;
    this.typeScript = typeScript;
    this.files = new ModuleFileSystem(root, lib, packages, typeScript, this);
  }

  /**
   * The modules of a script whose directory is {@code root} (see {@link
   * ModuleFileSystem#forScript}).
   */
  public static NodeModules forScript(
      Path root, Optional<Path> lib, PackageModules packages, TypeScriptStripper typeScript) {
    return new NodeModules(root, lib, packages, typeScript);
  }

  /** What the script's context reads modules through (graft's built-in modules first). */
  public FileSystem fileSystem() {
    return new CompatModules(files);
  }

  /** The installed package {@code file} belongs to, if any. */
  public Optional<Path> packageOf(Path file) {
    return packages.packageOf(file);
  }

  /** {@code file} was read as a module by this context. */
  void loaded(Path file) {
    loaded.add(file);
  }

  /** {@code file}, {@code bytes} long, was read as a module: the run loading it may take longer. */
  void read(Path file, long bytes) {
    loaded.add(file);
    sizes.accept(bytes);
  }

  /** Who is told the size of each module source this context reads (the watchdog). */
  public void onRead(LongConsumer listener) {
    this.sizes = listener;
  }

  // ------------------------------------------------------------------ resolving

  /**
   * The file {@code specifier} names for a module at {@code from} ({@code mode}: {@code require},
   * {@code import}, or {@code file} for a path graft's own ES module wrapper gives).
   */
  public String resolve(String specifier, Optional<Path> from, String mode) throws Failure {
    if (mode.equals("file")) {
      return checked(Path.of(specifier), specifier).toString();
    }
    PackageExports.Mode conditions =
        mode.equals("import") ? PackageExports.Mode.IMPORT : PackageExports.Mode.REQUIRE;
    Optional<Path> trusted = from.map(Path::normalize).filter(loaded::contains);
    Path base = from.map(f -> f.normalize().getParent()).orElse(root);
    if (specifier.startsWith("./")
        || specifier.startsWith("../")
        || specifier.equals(".")
        || specifier.equals("..")
        || specifier.startsWith("/")) {
      Path p = base.resolve(specifier).normalize();
      return found(fileOrFolder(p, specifier.endsWith("/")), specifier, from).toString();
    }
    if (specifier.startsWith("#")) {
      Path at = trusted.orElseThrow(() -> notFound(specifier, from));
      Path top = packages.packageOf(at).orElse(root);
      try {
        Optional<Path> p = PackageExports.imported(at, top, specifier, conditions);
        return found(p.flatMap(x -> fileOrFolder(x, false)), specifier, from).toString();
      } catch (PackageExports.NotExported e) {
        throw new Failure("ERR_PACKAGE_IMPORT_NOT_DEFINED", e.getMessage());
      }
    }
    String name = PackageModules.nameOf(specifier);
    String rest = specifier.substring(name.length());
    Optional<Path> dir = packages.packageDir(name, trusted);
    if (dir.isEmpty()) {
      throw notFound(specifier, from);
    }
    String subpath = rest.isEmpty() || rest.equals("/") ? "." : "." + rest;
    try {
      Optional<Path> exported = PackageExports.exported(dir.get(), subpath, conditions);
      if (exported.isPresent()) {
        return found(
                Files.isRegularFile(exported.get()) ? exported : Optional.empty(), specifier, from)
            .toString();
      }
    } catch (PackageExports.NotExported e) {
      throw new Failure("ERR_PACKAGE_PATH_NOT_EXPORTED", e.getMessage());
    }
    Path target =
        subpath.equals(".") ? dir.get() : dir.get().resolve(rest.substring(1)).normalize();
    if (!target.startsWith(dir.get())) {
      throw notFound(specifier, from);
    }
    return found(fileOrFolder(target, rest.endsWith("/")), specifier, from).toString();
  }

  private Path found(Optional<Path> file, String specifier, Optional<Path> from) throws Failure {
    if (file.isEmpty()) {
      throw notFound(specifier, from);
    }
    return checked(file.get(), specifier);
  }

  /** {@code p} as a module this script may load: under its roots, links and all. */
  private Path checked(Path p, String specifier) throws Failure {
    try {
      return files.readable(p);
    } catch (SecurityException e) {
      throw new Failure("ERR_ACCESS_DENIED", e.getMessage());
    } catch (IOException e) {
      throw new Failure("MODULE_NOT_FOUND", "Cannot find module '" + specifier + "'");
    }
  }

  private static Failure notFound(String specifier, Optional<Path> from) {
    return new Failure(
        "MODULE_NOT_FOUND",
        "Cannot find module '"
            + specifier
            + "'"
            + from.map(f -> "\nRequire stack:\n- " + f).orElse(""));
  }

  /** Node's LOAD_AS_FILE then LOAD_AS_DIRECTORY (with graft's TypeScript files). */
  static Optional<Path> fileOrFolder(Path p, boolean folderOnly) {
    if (!folderOnly) {
      Optional<Path> f = file(p);
      if (f.isPresent()) {
        return f;
      }
    }
    if (!Files.isDirectory(p)) {
      return Optional.empty();
    }
    Optional<String> main =
        PackageExports.manifest(p)
            .map(m -> m.path("main"))
            .filter(m -> m.isTextual())
            .map(m -> m.asText());
    if (main.isPresent() && !main.get().isBlank()) {
      Path m = p.resolve(main.get()).normalize();
      if (m.startsWith(p)) {
        Optional<Path> f = file(m).or(() -> index(m));
        if (f.isPresent()) {
          return f;
        }
      }
    }
    return index(p);
  }

  private static Optional<Path> file(Path p) {
    if (Files.isRegularFile(p)) {
      return Optional.of(p);
    }
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    for (String ext : REQUIRE_EXTENSIONS) {
      Path q = p.resolveSibling(name + ext);
      if (Files.isRegularFile(q)) {
        return Optional.of(q);
      }
    }
    // TypeScript written for ESM names its imports ".js" when the file is ".ts".
    if (name.endsWith(".js")) {
      Path ts = p.resolveSibling(name.substring(0, name.length() - 3) + ".ts");
      if (Files.isRegularFile(ts)) {
        return Optional.of(ts);
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> index(Path dir) {
    return INDEXES.stream().map(dir::resolve).filter(Files::isRegularFile).findFirst();
  }

  // ------------------------------------------------------------------ reading

  /** A JSON module's text: only in an installed package. */
  public String read(Path file) throws Failure {
    Path p = checked(file, file.toString());
    if (!p.getFileName().toString().endsWith(".json") || packages.packageOf(p).isEmpty()) {
      throw new Failure(
          "ERR_ACCESS_DENIED",
          "cannot load "
              + file
              + " as JSON: a script requires JSON files of installed"
              + " packages only (read other files with node:fs and a read grant)");
    }
    try {
      if (Files.size(p) > MAX_JSON) {
        throw new Failure(
            "ERR_FS_FILE_TOO_LARGE",
            "cannot load " + file + ": larger than " + MAX_JSON + " bytes");
      }
      String text = TypeScriptStripper.read(p);
      read(p, text.length());
      return text;
    } catch (IOException e) {
      throw new Failure("MODULE_NOT_FOUND", "Cannot find module '" + file + "'");
    }
  }

  /**
   * A CommonJS file's text in Node's wrapper, on the same lines (TypeScript's types erased first).
   */
  public String commonJs(Path file) throws Failure {
    Path p = checked(file, file.toString());
    String name = p.getFileName().toString();
    if (!(name.endsWith(".js")
        || name.endsWith(".cjs")
        || name.endsWith(".ts")
        || name.endsWith(".cts"))) {
      throw new Failure(
          "ERR_UNKNOWN_FILE_EXTENSION",
          "cannot load " + file + ": graft loads .js, .cjs, .json and .ts modules");
    }
    if (name.endsWith(".mjs") || name.endsWith(".mts")) {
      throw new Failure(
          "ERR_REQUIRE_ESM", "require() of the ES module " + file + ": import it instead");
    }
    String source;
    try {
      // Counted before reading: reading and checking a large file is part of loading it.
      read(p, Files.size(p));
      source = TypeScriptStripper.read(p);
      if (name.endsWith(".ts") || name.endsWith(".cts")) {
        source =
            typeScript.strip(
                name.endsWith(".cts") ? name.substring(0, name.length() - 4) + ".ts" : name,
                source);
      }
    } catch (IOException e) {
      throw new Failure("MODULE_NOT_FOUND", "Cannot find module '" + file + "'");
    } catch (TypeScriptStripper.TypeScriptError e) {
      throw new Failure(
          "ERR_INVALID_TYPESCRIPT",
          "cannot load " + file + ": " + e.getMessage() + " (at " + name + ":" + e.line() + ")");
    }
    if (isEsm(source) && !name.endsWith(".cjs")) {
      throw new Failure(
          "ERR_REQUIRE_ESM",
          "require() of the ES module "
              + file
              + " (it uses import/export): graft"
              + " cannot load an ES module synchronously; import it instead");
    }
    if (source.startsWith("#!")) {
      source = "//" + source.substring(2);
    }
    return "(function (exports, require, module, __filename, __dirname) {" + source + "\n})";
  }

  // ------------------------------------------------------------------ ES module side

  static boolean isEsm(String source) {
    return ESM_SYNTAX.matcher(source).find();
  }

  /**
   * Whether an ES module import of {@code real} (a {@code .js} or {@code .cjs} file) gets CommonJS:
   * a {@code .cjs} file always; a {@code .js} file of a package whose package.json does not say
   * {@code "type": "module"} when its text has no import or export (as Node detects it).
   */
  boolean isCommonJs(Path real, String source) {
    String name = real.getFileName().toString();
    if (name.endsWith(".cjs")) {
      return true;
    }
    if (!name.endsWith(".js") || packages.packageOf(real).isEmpty()) {
      return false;
    }
    for (Path d = real.getParent();
        d != null && packages.packageOf(d).isPresent();
        d = d.getParent()) {
      Optional<JsonNode> pkg = PackageExports.manifest(d);
      if (pkg.isPresent()) {
        String type = pkg.get().path("type").asText("commonjs");
        if (type.equals("module")) {
          return false;
        }
        break;
      }
    }
    return !isEsm(source);
  }

  /** The ES module graft serves for the CommonJS file {@code real}: its exports through require. */
  String facade(Path real, String source) {
    loaded(real);
    Set<String> names = new TreeSet<>();
    collect(real, source, names, 0);
    StringBuilder out = new StringBuilder();
    out.append("const m = globalThis[Symbol.for(\"graft.node\")].requireFile(")
        .append(quote(real.toString()))
        .append(");\nexport default m;\n");
    List<String> exported =
        names.stream().filter(CommonJsExports::bindable).filter(n -> !n.equals("m")).toList();
    if (!exported.isEmpty()) {
      out.append("export const { ")
          .append(String.join(", ", exported))
          .append(
              " } = m !== null && (typeof m === \"object\" || typeof m === \"function\") ? m : {};\n");
    }
    return out.toString();
  }

  /**
   * The names {@code source} exports, following its re-exports (relative ones, a few levels deep).
   */
  private void collect(Path file, String source, Set<String> names, int depth) {
    CommonJsExports.Found found = CommonJsExports.of(source);
    names.addAll(found.names());
    if (depth >= 4) {
      return;
    }
    for (String re : found.reexports()) {
      try {
        Path target = Path.of(resolve(re, Optional.of(file), "require"));
        if (target.getFileName().toString().endsWith(".json")) {
          continue;
        }
        collect(target, Files.readString(target, StandardCharsets.UTF_8), names, depth + 1);
      } catch (Failure | IOException | RuntimeException e) {
        // a re-export graft cannot follow: its names are reached through the default export
      }
    }
  }

  private static String quote(String s) {
    return "\""
        + s.replace("\\", "\\\\")
            .replace("\"", "\\\"")
            .replace("\n", "\\n")
            .replace("\r", "\\r")
            .replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029")
        + "\"";
  }
}
