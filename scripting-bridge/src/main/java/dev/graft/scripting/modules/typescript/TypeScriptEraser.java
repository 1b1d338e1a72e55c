package dev.graft.scripting.modules.typescript;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Turns a TypeScript module into the JavaScript tsc makes of it, keeping every line where it is:
 * types are overwritten with spaces (line breaks kept), so errors and stack traces point into the
 * {@code .ts} file as written. Enums and parameter properties get the code tsc writes for them, on
 * the lines they are on; what would need more (namespaces with values, CommonJS {@code import =
 * require} and {@code export =}, decorators) is refused with its line.
 *
 * <p>The parser is graft's own, in Java, so no input can take the JVM down: nesting deeper than
 * {@value ParserBase#MAX_DEPTH} levels is refused, input that would make it guess again and again
 * stops after a bounded amount of work, and it runs on a thread of its own whose stack holds that
 * nesting several times over, whatever the stack of the caller.
 */
public final class TypeScriptEraser {
  /**
   * 1,000 levels take 1 to 2 MB of stack before the JIT compiles the parser; this is room for
   * several times that.
   */
  private static final long STACK_BYTES = 16L * 1024 * 1024;

  private TypeScriptEraser() {}

  /**
   * Why a file was not turned into JavaScript: a syntax error, a refused construct or a limit, at a
   * 1-based line.
   */
  public static final class Failure extends Exception {
    private final int line;

    Failure(String message, int line) {
      super(message);
      this.line = line;
    }

    public int line() {
      return line;
    }
  }

  /** {@code source} as JavaScript, each line where it was. */
  public static String erase(String source) throws Failure {
    FutureTask<String> task = new FutureTask<>(() -> parse(source));
    Thread parser = new Thread(null, task, "graft-typescript", STACK_BYTES);
    parser.setDaemon(true);
    parser.start();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          // The parse is bounded; finish it rather than leave the caller without an answer.
          interrupted = true;
        }
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Failure f) {
        throw f;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static String parse(String source) throws Failure {
    ModuleSyntax parser = new ModuleSyntax(source);
    try {
      return parser.program();
    } catch (ParseFailure f) {
      String message = f.fatal() ? f.getMessage() : "SyntaxError: " + f.getMessage();
      throw new Failure(message, parser.scanner.lineOf(f.offset()));
    } catch (StackOverflowError e) {
      // Not reached with the nesting limit and this thread's stack; kept so that a change to
      // either can never let a file take graft down.
      throw new Failure(
          "nested too deeply here for graft's parser: graft refuses such files",
          parser.scanner.lineOf(parser.scanner.start()));
    }
  }
}
