package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/** Entry point: the only place that ends the JVM ({@link ExitGuard#exit}). */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    ExitGuard exit = ExitGuard.install();
    PrintWriter out = new PrintWriter(new java.io.BufferedWriter(
        new java.io.OutputStreamWriter(new java.io.FileOutputStream(java.io.FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
    PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    CliContext context = CliContext.fromProcess(System.getenv(), out, err, Clock.systemUTC());
    int code = Graft.run(context, args);
    out.flush();
    err.flush();
    exit.exit(code);
  }
}
