package dev.graft.cli.e2e;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs graft in-process with a home and working directory of the test's choosing. */
record CliRun(int exitCode, String out, String err) {
  /** The command line of graft as a process of its own (for signals, its environment, PATH). */
  static List<String> processCommand(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.graft.cli.Main"));
    command.addAll(List.of(args));
    return command;
  }

  static CliRun run(Path home, Path cwd, String... args) {
    return run(home, cwd, Map.of(), args);
  }

  /** With {@code env} added to the environment graft reads (GRAFT_HOME is {@code home}). */
  static CliRun run(Path home, Path cwd, Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Map<String, String> all = new HashMap<>(env);
    all.put("GRAFT_HOME", home.toString());
    CliContext context =
        new CliContext(
            Map.copyOf(all),
            new GraftHome(home),
            cwd,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    int code = Graft.run(context, args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
