package dev.graft.scripting.modules;

import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.modules.typescript.TypeScriptEraser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a TypeScript module into the JavaScript that runs: {@link TypeScriptEraser} blanks its
 * types and keeps every line where it was, so errors and stack traces point into the {@code .ts}
 * file as written; enums and parameter properties get the code tsc writes for them; what would need
 * more is refused with its line. Results are kept in memory by content, so that a {@code /reload}
 * of unchanged files does not parse them again. Thread-safe.
 */
public final class TypeScriptStripper {
  private static final int MEMORY_ENTRIES = 256;

  /** A file that is not valid TypeScript, or TypeScript graft refuses; {@code line} is 1-based. */
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

  private final Map<String, String> memory =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > MEMORY_ENTRIES;
        }
      };

  /** True for the file names graft strips: {@code .ts} and {@code .mts} (not {@code .d.ts}). */
  public static boolean handles(String fileName) {
    return ScriptFinder.isTypeScriptName(fileName);
  }

  /**
   * A module's source as Node and tsc read it, and as GraalJS reads a {@code .js} file: UTF-8, a
   * byte that is not UTF-8 read as U+FFFD (a Latin-1 comment must not stop the file loading).
   */
  public static String read(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }

  /**
   * {@code source} as JavaScript. {@code fileName} says which file it is ({@code .ts} and {@code
   * .mts} read alike: both are ES modules).
   */
  public String strip(String fileName, String source) throws TypeScriptError {
    synchronized (memory) {
      String hit = memory.get(source);
      if (hit != null) {
        return hit;
      }
    }
    String stripped;
    try {
      stripped = TypeScriptEraser.erase(source);
    } catch (TypeScriptEraser.Failure e) {
      throw new TypeScriptError(e.getMessage(), e.line());
    }
    synchronized (memory) {
      memory.put(source, stripped);
    }
    return stripped;
  }

  /**
   * {@code text} (an error's message) with the lines the engine quotes from a TypeScript module
   * this stripper erased put back as written: the engine saw, and quotes, the erased line.
   */
  public String asWritten(String text) {
    synchronized (memory) {
      return QuotedLines.asWritten(text, memory);
    }
  }
}
