package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the real clients (git, npm, tar) as processes and returns what they print. */
final class Processes {
  private static final long LIMIT_MINUTES = 10;

  private Processes() {}

  /** {@code command}'s standard output; a failure is a {@link UserError} with its last error line. */
  static String run(Path dir, List<String> command) {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
    pb.environment().put("GIT_TERMINAL_PROMPT", "0");
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UserError("cannot run " + command.getFirst() + ": " + e.getMessage() + " (is it installed and on PATH?)");
    }
    try {
      p.getOutputStream().close();
      CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
      String out = read(p.getInputStream());
      if (!p.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new UserError(String.join(" ", command) + ": did not finish in " + LIMIT_MINUTES + " minutes");
      }
      if (p.exitValue() != 0) {
        String last = err.join().lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("exit code " + p.exitValue());
        throw new UserError(String.join(" ", command) + " failed: " + last.strip());
      }
      return out;
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new UserError(command.getFirst() + " was interrupted");
    } catch (IOException e) {
      throw new UserError("cannot run " + command.getFirst() + ": " + e.getMessage());
    }
  }

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
