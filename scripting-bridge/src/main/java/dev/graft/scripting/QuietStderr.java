package dev.graft.scripting;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Points the process's standard error (file descriptor 2) at {@code /dev/null} while native code
 * that writes there on its own runs, then back. Only swc4j needs it: on a parse error its Rust
 * side prints a panic note on stderr besides throwing the exception graft reports. Where the C
 * library cannot be reached (no native access, not a POSIX system) the call just runs.
 */
final class QuietStderr {
  private static final Object LOCK = new Object();
  private static final Optional<Calls> CALLS = calls();

  /** A call that may throw {@code E}. */
  @FunctionalInterface
  interface Action<T, E extends Exception> {
    T run() throws E;
  }

  private record Calls(MethodHandle dup, MethodHandle dup2, MethodHandle open, MethodHandle close) {}

  private QuietStderr() {}

  static <T, E extends Exception> T during(Action<T, E> action) throws E {
    if (CALLS.isEmpty()) {
      return action.run();
    }
    Calls c = CALLS.get();
    synchronized (LOCK) {
      int saved = -1;
      try (Arena arena = Arena.ofConfined()) {
        int nul = (int) c.open().invokeExact(arena.allocateFrom("/dev/null"), 1);
        if (nul >= 0) {
          saved = (int) c.dup().invokeExact(2);
          int ignored = (int) c.dup2().invokeExact(nul, 2);
          ignored = (int) c.close().invokeExact(nul);
        }
      } catch (Throwable t) {
        saved = -1;
      }
      try {
        return action.run();
      } finally {
        if (saved >= 0) {
          try {
            int ignored = (int) c.dup2().invokeExact(saved, 2);
            ignored = (int) c.close().invokeExact(saved);
          } catch (Throwable t) {
            // stderr stays where it is; nothing better to do
          }
        }
      }
    }
  }

  private static Optional<Calls> calls() {
    if (System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
      return Optional.empty();
    }
    try {
      Linker linker = Linker.nativeLinker();
      SymbolLookup libc = linker.defaultLookup();
      FunctionDescriptor intInt = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
      MethodHandle dup = linker.downcallHandle(libc.find("dup").orElseThrow(), intInt);
      MethodHandle dup2 = linker.downcallHandle(libc.find("dup2").orElseThrow(),
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
      MethodHandle open = linker.downcallHandle(libc.find("open").orElseThrow(),
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
      MethodHandle close = linker.downcallHandle(libc.find("close").orElseThrow(), intInt);
      return Optional.of(new Calls(dup, dup2, open, close));
    } catch (RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }
}
