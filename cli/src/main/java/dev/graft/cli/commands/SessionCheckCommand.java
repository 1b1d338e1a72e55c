package dev.graft.cli.commands;

import dev.graft.runtime.session.SessionCheck;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft session check FILE}: problems in a session file, without changing it. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Report problems in a session file without changing it.",
      "",
      "Skipped lines, missing parents, duplicate ids, parent cycles, compactions that keep "
          + "nothing on their path, labels of missing entries, bad timestamps. Exit code 0 when there "
          + "are none, 1 otherwise."
    })
final class SessionCheckCommand implements Callable<Integer> {
  @ParentCommand SessionCommand parent;

  @Parameters(paramLabel = "FILE", description = "The session file (.jsonl).")
  Path file;

  @Override
  public Integer call() throws Exception {
    var context = parent.context();
    Path path = SessionFiles.resolve(context, file);
    SessionCheck.Report report = SessionCheck.run(path);
    for (SessionCheck.Finding f : report.findings()) {
      context.out().println((f.problem() ? "problem: " : "note: ") + f);
    }
    long problems = report.findings().stream().filter(SessionCheck.Finding::problem).count();
    context
        .out()
        .println(
            path.getFileName()
                + ": version "
                + report.header().version()
                + ", "
                + report.entries()
                + " entries, "
                + (problems == 0
                    ? "no problems"
                    : problems + " problem" + (problems == 1 ? "" : "s")));
    context.out().flush();
    return report.clean() ? 0 : 1;
  }
}
