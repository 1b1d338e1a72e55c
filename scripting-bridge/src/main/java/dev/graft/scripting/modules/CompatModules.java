package dev.graft.scripting.modules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.graalvm.polyglot.io.FileSystem;

/**
 * The packages a script written for the reference imports, as graft's own small modules (JS
 * resources under compat/): {@code typebox} and {@code @sinclair/typebox} (Type, building JSON
 * Schema), {@code typebox/value} and {@code typebox/compile} (Check, Errors), {@code
 * @mariozechner/pi-ai} and its {@code /compat} (StringEnum, complete, Type, clampThinkingLevel) and
 * {@code @mariozechner/pi-coding-agent} (VERSION, defineTool, isToolCallEventType,
 * withFileMutationQueue, convertToLlm, serializeConversation, and the components DynamicBorder,
 * BorderedLoader, keyHint, getMarkdownTheme...) and {@code @mariozechner/pi-tui} (the components
 * Text, Box, Container, SelectList, Input, Markdown..., matchesKey, Key, truncateToWidth,
 * visibleWidth), each {@code @mariozechner/NAME} also as {@code @earendil-works/NAME} (the scope
 * the reference moved to), and Node's built-in modules graft has ({@link NodeBuiltins}: {@code
 * path}, {@code node:fs}...). A bare import of one of these names resolves to a read-only file in a
 * virtual directory, served from memory whatever the disk holds there; everything else goes to the
 * script's own file system, unchanged.
 */
public final class CompatModules implements FileSystem {
  /** Where the modules appear to be: served from here, whatever the disk holds at that path. */
  static final Path DIR = Path.of("/", ".graft-builtin-modules");

  /**
   * Bare specifier to resource name: the reference's packages (their {@code @earendil-works/} names
   * are read through {@link #NEW_SCOPE}), and Node's built-in modules (by name and node:name).
   */
  static final Map<String, String> MODULES = modules();

  private static Map<String, String> modules() {
    Map<String, String> m =
        new HashMap<>(
            Map.of(
                "typebox", "typebox.mjs",
                "typebox/value", "typebox-value.mjs",
                "typebox/compile", "typebox-compile.mjs",
                "@sinclair/typebox", "typebox.mjs",
                "@mariozechner/pi-ai", "pi-ai.mjs",
                "@mariozechner/pi-ai/compat", "pi-ai.mjs",
                "@mariozechner/pi-coding-agent", "pi-coding-agent.mjs",
                "@mariozechner/pi-tui", "pi-tui.mjs"));
    for (String name : NodeBuiltins.AVAILABLE.keySet()) {
      m.put(name, NodeBuiltins.resource(name));
      m.put("node:" + name, NodeBuiltins.resource(name));
    }
    return Map.copyOf(m);
  }

  /** graft's version (Maven's project version, written into compat/version.properties at build). */
  public static final String VERSION = version();

  private static final Map<String, byte[]> SOURCES = load();

  private final FileSystem files;

  CompatModules(FileSystem files) {
    this.files = files;
  }

  private static Map<String, byte[]> load() {
    Map<String, byte[]> out = new HashMap<>();
    NodeBuiltins.AVAILABLE.forEach((name, exports) ->
        out.put(
            NodeBuiltins.resource(name),
            NodeBuiltins.facade(name, exports).getBytes(StandardCharsets.UTF_8)));
    for (String name : Set.copyOf(MODULES.values())) {
      if (out.containsKey(name)) {
        continue;
      }
      try (InputStream in = CompatModules.class.getResourceAsStream("compat/" + name)) {
        if (in == null) {
          throw new IllegalStateException("missing resource compat/" + name);
        }
        byte[] source = in.readAllBytes();
        if (name.equals("pi-coding-agent.mjs")) {
          // The reference's VERSION is its own version; graft's module has graft's.
          source =
              (new String(source, StandardCharsets.UTF_8)
                      + "\n/** graft's version. */\nexport const VERSION = \""
                      + VERSION
                      + "\";\n")
                  .getBytes(StandardCharsets.UTF_8);
        }
        out.put(name, source);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return Map.copyOf(out);
  }

  private static String version() {
    Properties p = new Properties();
    try (InputStream in = CompatModules.class.getResourceAsStream("compat/version.properties")) {
      if (in == null) {
        throw new IllegalStateException("missing resource compat/version.properties");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String v = p.getProperty("version", "");
    if (!v.matches("[0-9A-Za-z.+-]+")) {
      throw new IllegalStateException("compat/version.properties holds no version: \"" + v + "\"");
    }
    return v;
  }

  private static Optional<byte[]> source(Path path) {
    Path p = path.normalize();
    if (p.getParent() == null || !p.getParent().equals(DIR) || p.getFileName() == null) {
      return Optional.empty();
    }
    return Optional.ofNullable(SOURCES.get(p.getFileName().toString()));
  }

  @Override
  public Path parsePath(URI uri) {
    String resource = "node".equals(uri.getScheme()) ? MODULES.get(uri.toString()) : null;
    return resource != null ? DIR.resolve(resource) : files.parsePath(uri);
  }

  /**
   * The reference's packages moved from {@code @mariozechner/} to this scope: each module is served
   * under both.
   */
  static final String NEW_SCOPE = "@earendil-works/";

  private static final String OLD_SCOPE = "@mariozechner/";

  /**
   * The resource of a bare specifier, {@code @earendil-works/NAME} taken as
   * {@code @mariozechner/NAME}.
   */
  static Optional<String> resource(String specifier) {
    String s =
        specifier.startsWith(NEW_SCOPE)
            ? OLD_SCOPE + specifier.substring(NEW_SCOPE.length())
            : specifier;
    return Optional.ofNullable(MODULES.get(s));
  }

  @Override
  public Path parsePath(String path) {
    return resource(path).map(DIR::resolve).orElseGet(() -> files.parsePath(path));
  }

  @Override
  public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... options)
      throws IOException {
    if (source(path).isPresent()) {
      if (modes.contains(AccessMode.WRITE) || modes.contains(AccessMode.EXECUTE)) {
        throw new AccessDeniedException(
            path.toString(), null, "graft's built-in modules are read-only");
      }
      return;
    }
    files.checkAccess(path, modes, options);
  }

  @Override
  public SeekableByteChannel newByteChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
    Optional<byte[]> bytes = source(path);
    return bytes.isPresent()
        ? new InMemoryModuleChannel(bytes.get())
        : files.newByteChannel(path, options, attrs);
  }

  @Override
  public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
      throws IOException {
    Optional<byte[]> bytes = source(path);
    if (bytes.isEmpty()) {
      return files.readAttributes(path, attributes, options);
    }
    FileTime epoch = FileTime.fromMillis(0);
    Map<String, Object> out = new HashMap<>();
    out.put("size", (long) bytes.get().length);
    out.put("isRegularFile", true);
    out.put("isDirectory", false);
    out.put("isSymbolicLink", false);
    out.put("isOther", false);
    out.put("lastModifiedTime", epoch);
    out.put("lastAccessTime", epoch);
    out.put("creationTime", epoch);
    out.put("fileKey", null);
    return out;
  }

  @Override
  public Path toAbsolutePath(Path path) {
    return source(path).isPresent() ? path : files.toAbsolutePath(path);
  }

  @Override
  public Path toRealPath(Path path, LinkOption... options) throws IOException {
    return source(path).isPresent() ? path.normalize() : files.toRealPath(path, options);
  }

  @Override
  public DirectoryStream<Path> newDirectoryStream(
      Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
    return files.newDirectoryStream(dir, filter);
  }

  @Override
  public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
    files.createDirectory(dir, attrs);
  }

  @Override
  public void delete(Path path) throws IOException {
    files.delete(path);
  }
}
