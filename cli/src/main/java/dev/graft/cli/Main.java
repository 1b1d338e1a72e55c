package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * Entry point: runs the command and ends the JVM with its exit code ({@link ExitGuard#exit}, which
 * halts if a shutdown hook hangs). Commands return their exit code and do not end the JVM, with one
 * exception: in a {@code -p} or json run, a Ctrl+C after one that aborted the run, or while the
 * agent is idle, exits at once from the signal handler ({@code modes.CtrlCAbort}): the run has not
 * returned its exit code here, and may never (a script stuck in a built-in, say).
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    ExitGuard exit = ExitGuard.install();
    PrintWriter out =
        new PrintWriter(
            new BufferedWriter(
                new OutputStreamWriter(
                    new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8),
                1 << 16));
    PrintWriter err =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    CliContext context = CliContext.fromProcess(System.getenv(), out, err, Clock.systemUTC());
    int code = Graft.run(context, args);
    out.flush();
    err.flush();
    exit.exit(code);
  }
}
