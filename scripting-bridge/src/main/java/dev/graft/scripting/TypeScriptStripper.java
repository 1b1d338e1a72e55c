package dev.graft.scripting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Turns a TypeScript module into JavaScript by erasing its types: swc (through swc4j) parses it,
 * and every type-only part (annotations, interfaces, type aliases, generics, {@code as}/
 * {@code satisfies}/{@code !}, {@code import type}, modifiers such as {@code private}) is
 * overwritten with spaces, line breaks kept, so each remaining character stays at its line and
 * column and errors and stack traces point into the {@code .ts} file as written. TypeScript that
 * needs code generated (enums, namespaces, parameter properties, {@code import x = require()})
 * is refused with its line, as Node's type stripping does.
 *
 * <p>Results are kept by content hash in memory and, when given a cache directory, on disk as
 * {@code <sha256>.js}, so that a file loaded unchanged is not parsed again, and a process that
 * finds all its files on disk never loads swc4j (about 1.4 s of native library and classes).
 * Failures are not kept. Thread-safe.
 */
public final class TypeScriptStripper {
  /**
   * Part of every cache key: change it whenever {@link SwcTypeEraser}'s output may change,
   * including a new swc4j version (a test checks that it names the swc4j on the class path).
   */
  static final String CACHE_VERSION = "graft-typescript-1/swc4j-2.2.0";
  private static final int MEMORY_ENTRIES = 256;

  /** A file that swc cannot parse, or TypeScript that cannot be erased; {@code line} is 1-based. */
  public static final class TypeScriptError extends Exception {
    private final int line;

    TypeScriptError(String message, int line) {
      super(message);
      this.line = line;
    }

    public int line() {
      return line;
    }
  }

  /** What does the parsing and erasing; swc's unless a test counts the calls. */
  interface Erasure {
    String erase(String fileName, String source) throws TypeScriptError;
  }

  private final Map<String, String> memory = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > MEMORY_ENTRIES;
    }
  };
  private final Optional<Path> cacheDir;
  /** Made on the first miss: a hit must not touch swc4j's classes. */
  private Erasure erasure;

  /** A stripper that keeps its results in memory only. */
  public TypeScriptStripper() {
    this(Optional.empty());
  }

  /** A stripper that also keeps its results as files in {@code cacheDir} (created when first written). */
  public TypeScriptStripper(Optional<Path> cacheDir) {
    this.cacheDir = Objects.requireNonNull(cacheDir, "cacheDir");
  }

  TypeScriptStripper(Optional<Path> cacheDir, Erasure erasure) {
    this(cacheDir);
    this.erasure = Objects.requireNonNull(erasure, "erasure");
  }

  /** True for the file names graft strips: {@code .ts} and {@code .mts} (not {@code .d.ts}). */
  public static boolean handles(String fileName) {
    return (fileName.endsWith(".ts") || fileName.endsWith(".mts")) && !fileName.endsWith(".d.ts");
  }

  /** {@code source} with its types erased; {@code fileName} is for messages and tells {@code .mts} from {@code .ts}. */
  public String strip(String fileName, String source) throws TypeScriptError {
    String key = key(fileName, source);
    synchronized (memory) {
      String hit = memory.get(key);
      if (hit != null) {
        return hit;
      }
    }
    Optional<String> stored = read(key, source);
    String stripped = stored.isPresent() ? stored.get() : erasure().erase(fileName, source);
    if (stored.isEmpty()) {
      write(key, stripped);
    }
    synchronized (memory) {
      memory.put(key, stripped);
    }
    return stripped;
  }

  /** The file an entry is kept in, when there is a cache directory. */
  Optional<Path> cacheFile(String fileName, String source) {
    return cacheDir.map(d -> d.resolve(key(fileName, source) + ".js"));
  }

  private synchronized Erasure erasure() {
    if (erasure == null) {
      erasure = new SwcTypeEraser();
    }
    return erasure;
  }

  /**
   * The stored result, if there is a readable one that could be an erasure of {@code source}: each
   * character as written or blanked, every line break kept. Anything else (a partly written or
   * edited file) is a miss, rewritten after parsing; and so a file placed in the cache can at most
   * blank parts of the script, never add code to it.
   */
  private Optional<String> read(String key, String source) {
    if (cacheDir.isEmpty()) {
      return Optional.empty();
    }
    String text;
    try {
      text = Files.readString(cacheDir.get().resolve(key + ".js"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return Optional.empty();
    }
    return erases(source, text) ? Optional.of(text) : Optional.empty();
  }

  private static boolean erases(String source, String text) {
    if (text.length() != source.length()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char t = text.charAt(i);
      char s = source.charAt(i);
      if (t != s && (t != ' ' || s == '\n' || s == '\r')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes the entry to a new file beside it and renames that into place, so that a reader (this
   * or another graft process) sees the whole entry or none. A cache that cannot be written is only
   * slower, so failures are ignored.
   */
  private void write(String key, String stripped) {
    if (cacheDir.isEmpty()) {
      return;
    }
    Path dir = cacheDir.get();
    Path temp = dir.resolve(key + "." + UUID.randomUUID() + ".tmp");
    try {
      Files.createDirectories(dir);
      Files.writeString(temp, stripped, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      Files.move(temp, dir.resolve(key + ".js"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // Nothing more to do: a stray .tmp file is never read.
      }
    }
  }

  private static String key(String fileName, String source) {
    String kind = fileName.endsWith(".mts") ? "mts" : "ts";
    return sha256(CACHE_VERSION + "\n" + kind + "\n" + source);
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }
}
