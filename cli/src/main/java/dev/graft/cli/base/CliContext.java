package dev.graft.cli.base;

import dev.graft.runtime.config.GraftHome;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What a command needs from its process, passed in so that tests run commands in-process: the
 * environment, graft's home, the working directory, output streams and the clock.
 */
public record CliContext(
    Map<String, String> env,
    GraftHome home,
    Path cwd,
    PrintWriter out,
    PrintWriter err,
    Clock clock,
    InputStream in) {

  /**
   * A context with nothing on its standard input, for a command run in-process: not this process's
   * stdin, which graft -p reads when it is not a terminal.
   */
  public CliContext(
      Map<String, String> env,
      GraftHome home,
      Path cwd,
      PrintWriter out,
      PrintWriter err,
      Clock clock) {
    this(env, home, cwd, out, err, clock, InputStream.nullInputStream());
  }

  public static CliContext fromProcess(
      Map<String, String> env, PrintWriter out, PrintWriter err, Clock clock) {
    return new CliContext(
        Map.copyOf(env),
        GraftHome.fromEnvironment(env),
        Path.of("").toAbsolutePath(),
        out,
        err,
        clock,
        System.in);
  }

  /** This context with {@code err} as its error stream. */
  public CliContext withErr(PrintWriter err) {
    return new CliContext(env, home, cwd, out, err, clock, in);
  }
}
