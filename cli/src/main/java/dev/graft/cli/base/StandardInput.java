package dev.graft.cli.base;

import java.io.Console;
import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether this process's standard input is a terminal, asked of the C library's {@code isatty(0)}.
 * {@link System#console()} answers for stdin and stdout together: {@code graft -p "..." > out.md}
 * typed at a terminal has a console of neither, and reading its stdin would wait for the keyboard.
 */
public final class StandardInput {
  private StandardInput() {}

  private static final Optional<MethodHandle> ISATTY = isatty();

  private static Optional<MethodHandle> isatty() {
    // without --enable-native-access (the launcher gives it), the JDK would warn of the call
    if (!StandardInput.class.getModule().isNativeAccessEnabled()) {
      return Optional.empty();
    }
    try {
      Linker linker = Linker.nativeLinker();
      FunctionDescriptor intOfInt =
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
      // isatty in POSIX C libraries, _isatty in Windows' C runtime
      return linker
          .defaultLookup()
          .find("isatty")
          .or(() -> linker.defaultLookup().find("_isatty"))
          .map(f -> linker.downcallHandle(f, intOfInt));
    } catch (RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }

  /**
   * Whether stdin (descriptor 0) is a terminal. Without the C library's answer, what Linux's
   * /proc/self/fd/0 links to (a terminal device, /dev/pts/N or /dev/ttyN); else the JDK's console,
   * a terminal only when stdin and stdout both are.
   */
  public static boolean isTerminal() {
    if (ISATTY.isPresent()) {
      try {
        return (int) ISATTY.get().invokeExact(0) != 0;
      } catch (Throwable e) {
        // fall back to /proc or the JDK's console below
      }
    }
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException e) {
      // no /proc here
    }
    Console console = System.console();
    return console != null && console.isTerminal();
  }
}
