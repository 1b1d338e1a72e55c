package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * Runs a command the user typed ({@code !cmd} in the interactive mode, {@code bash} over RPC): the
 * same shell, process-tree kill and output limits as the bash tool, the last 2,000 lines or 50 KB
 * kept and the whole output saved to a temp file when cut. The result becomes a bashExecution
 * message in the session.
 */
public final class UserShell {
  private final BashOperations shell;
  private final Path tempDir;

  private UserShell(BashOperations shell, Path tempDir) {
    this.shell = shell;
    this.tempDir = tempDir;
  }

  /** The local shell (bash, else sh), with temp files in java.io.tmpdir. */
  public static UserShell local() {
    return new UserShell(LocalShell.detect(true), Path.of(System.getProperty("java.io.tmpdir")));
  }

  /** How the command ended and what it printed (cut to the limits). */
  public record Result(
      String output,
      OptionalInt exitCode,
      boolean cancelled,
      boolean truncated,
      Optional<Path> fullOutputPath) {}

  /** Runs {@code command} in {@code cwd} until it ends or {@code signal} aborts it. */
  public Result run(String command, Path cwd, AbortSignal signal, Consumer<String> onOutput)
      throws IOException, InterruptedException {
    try (OutputCapture output =
        new OutputCapture(
            tempDir, "graft-user-bash", OutputLimits.MAX_LINES, OutputLimits.MAX_BYTES)) {
      BashOperations.Exit exit;
      try {
        exit =
            shell.run(
                command,
                cwd,
                Optional.empty(),
                signal,
                (data, offset, length) -> {
                  output.append(data, offset, length);
                  if (onOutput != null) {
                    onOutput.accept(new String(data, offset, length, StandardCharsets.UTF_8));
                  }
                });
      } catch (ToolFailure f) {
        throw new IOException(f.getMessage(), f);
      }
      output.finish();
      OutputCapture.Snapshot snapshot = output.snapshot(true);
      OptionalInt code =
          exit instanceof BashOperations.Exit.Exited(int c)
              ? OptionalInt.of(c)
              : OptionalInt.empty();
      boolean cancelled = !(exit instanceof BashOperations.Exit.Exited);
      return new Result(
          snapshot.content(),
          code,
          cancelled,
          snapshot.truncation().truncated(),
          snapshot.fullOutputPath());
    }
  }
}
