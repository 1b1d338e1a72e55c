package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a bash command in the session's directory. The model sees the last 2,000 lines or 50 KB of
 * the output; when more was printed, all of it is saved to a temp file whose path is given. While
 * the command runs, the output so far is sent as partial results at most every 100 ms. A non-zero
 * exit, a timeout and an abort are errors, with the output so far.
 */
record BashTool(BashOperations shell, Path tempDir) implements Tool {
  static final Duration UPDATE_INTERVAL = Duration.ofMillis(100);

  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .required("command", "string", "Bash command to execute")
        .optional("timeout", "number", "Timeout in seconds (optional, no default timeout)")
        .build();
  }

  BashTool {
    Objects.requireNonNull(shell, "shell");
    Objects.requireNonNull(tempDir, "tempDir");
  }

  @Override
  public String name() {
    return "bash";
  }

  @Override
  public String description() {
    return "Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated"
        + " to last "
        + OutputLimits.MAX_LINES
        + " lines or "
        + OutputLimits.MAX_BYTES / 1024
        + "KB (whichever is"
        + " hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> bash(args, context));
  }

  private ToolResult bash(Arguments args, ToolContext context)
      throws ToolFailure, IOException, InterruptedException {
    String command = args.string("command");
    OptionalDouble seconds = args.optionalNumber("timeout");
    Optional<Duration> timeout =
        seconds.isPresent() && seconds.getAsDouble() > 0
            ? Optional.of(
                Duration.ofNanos((long) Math.min(seconds.getAsDouble() * 1e9, Long.MAX_VALUE)))
            : Optional.empty();
    try (OutputCapture output =
        new OutputCapture(tempDir, "graft-bash", OutputLimits.MAX_LINES, OutputLimits.MAX_BYTES)) {
      AtomicBoolean dirty = new AtomicBoolean();
      CountDownLatch ended = new CountDownLatch(1);
      send(context, new ToolResult(List.of(), Optional.empty(), false));
      Thread updater =
          Thread.ofVirtual()
              .name("graft-bash-updates")
              .start(() -> sendUpdates(output, dirty, ended, context));
      BashOperations.Exit exit;
      try {
        exit =
            shell.run(
                command,
                context.cwd(),
                timeout,
                context.signal(),
                (data, offset, length) -> {
                  output.append(data, offset, length);
                  dirty.set(true);
                });
      } finally {
        // Not an interrupt: the listener may be writing to a channel, which an interrupt closes.
        ended.countDown();
        updater.join();
      }
      output.finish();
      if (dirty.getAndSet(false)) {
        send(context, partial(output.snapshot(true)));
      }
      OutputCapture.Snapshot snapshot = output.snapshot(true);
      long lastLineBytes = output.lastLineBytes();
      return switch (exit) {
        case BashOperations.Exit.Exited(int code) when code == 0 -> {
          Formatted f = format(snapshot, "(no output)", lastLineBytes);
          yield ToolResult.text(f.text(), f.details());
        }
        case BashOperations.Exit.Exited(int code) ->
            failed(
                format(snapshot, "(no output)", lastLineBytes), "Command exited with code " + code);
        case BashOperations.Exit.TimedOut() ->
            failed(
                format(snapshot, "", lastLineBytes),
                "Command timed out after " + JsNumbers.format(seconds.getAsDouble()) + " seconds");
        case BashOperations.Exit.Aborted() ->
            failed(format(snapshot, "", lastLineBytes), "Command aborted");
      };
    }
  }

  /**
   * Sends the output so far every interval while there is something new, until the command ends.
   */
  private static void sendUpdates(
      OutputCapture output, AtomicBoolean dirty, CountDownLatch ended, ToolContext context) {
    try {
      while (!ended.await(UPDATE_INTERVAL.toMillis(), TimeUnit.MILLISECONDS)) {
        if (dirty.getAndSet(false)) {
          send(context, partial(output.snapshot(true)));
        }
      }
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    }
  }

  /** Partial results are for display; a listener that fails must not fail the command. */
  private static void send(ToolContext context, ToolResult partial) {
    try {
      context.onUpdate().accept(partial);
    } catch (RuntimeException ignored) {
      // Nothing to tell: the final result still carries all of the output.
    }
  }

  private static ToolResult partial(OutputCapture.Snapshot snapshot) {
    ObjectNode details = Json.object();
    if (snapshot.truncation().truncated()) {
      details.set("truncation", snapshot.truncation().toJson());
    }
    snapshot.fullOutputPath().ifPresent(p -> details.put("fullOutputPath", p.toString()));
    return new ToolResult(
        List.of(new ContentBlock.Text(snapshot.content())), Optional.of(details), false);
  }

  private record Formatted(String text, ObjectNode details) {}

  private static Formatted format(
      OutputCapture.Snapshot snapshot, String emptyText, long lastLineBytes) {
    Truncation truncation = snapshot.truncation();
    String text = snapshot.content().isEmpty() ? emptyText : snapshot.content();
    if (!truncation.truncated()) {
      return new Formatted(text, null);
    }
    String path = snapshot.fullOutputPath().map(Path::toString).orElse("(could not be saved)");
    ObjectNode details = Json.object();
    details.set("truncation", truncation.toJson());
    snapshot.fullOutputPath().ifPresent(p -> details.put("fullOutputPath", p.toString()));
    long endLine = truncation.totalLines();
    long startLine = endLine - truncation.outputLines() + 1;
    if (truncation.lastLinePartial()) {
      text +=
          "\n\n[Showing last "
              + SizeFormat.format(truncation.outputBytes())
              + " of line "
              + endLine
              + " (line is "
              + SizeFormat.format(lastLineBytes)
              + "). Full output: "
              + path
              + "]";
    } else if (truncation.truncatedBy().orElseThrow() == Truncation.TruncatedBy.LINES) {
      text +=
          "\n\n[Showing lines "
              + startLine
              + "-"
              + endLine
              + " of "
              + endLine
              + ". Full output: "
              + path
              + "]";
    } else {
      text +=
          "\n\n[Showing lines "
              + startLine
              + "-"
              + endLine
              + " of "
              + endLine
              + " ("
              + SizeFormat.format(OutputLimits.MAX_BYTES)
              + " limit). Full output: "
              + path
              + "]";
    }
    return new Formatted(text, details);
  }

  /** An error result: the output (if any), a blank line, then what went wrong. */
  private static ToolResult failed(Formatted output, String status) {
    String text = output.text().isEmpty() ? status : output.text() + "\n\n" + status;
    return ToolResult.error(text, output.details());
  }
}
