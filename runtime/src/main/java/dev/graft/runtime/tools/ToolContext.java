package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What one tool call runs against: the session's working directory (relative paths resolve against
 * it), the signal that aborts the call, and where partial results go while it runs. {@code
 * onUpdate} may be called from a thread other than the one that called execute, but never by two
 * threads at once for the same call.
 */
public record ToolContext(Path cwd, AbortSignal signal, Consumer<ToolResult> onUpdate) {

  public ToolContext {
    cwd = Objects.requireNonNull(cwd, "cwd").toAbsolutePath().normalize();
    signal = Objects.requireNonNullElseGet(signal, AbortSignal::never);
    onUpdate = Objects.requireNonNullElse(onUpdate, partial -> {});
  }

  /** A context that is never aborted and drops partial results. */
  public static ToolContext of(Path cwd) {
    return new ToolContext(cwd, AbortSignal.never(), null);
  }
}
