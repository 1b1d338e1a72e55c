package dev.graft.cli.e2e;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** Runs graft in-process with a home and working directory of the test's choosing. */
record CliRun(int exitCode, String out, String err) {
  static CliRun run(Path home, Path cwd, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            cwd,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    int code = Graft.run(context, args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
