package dev.graft.scripting.node;

import java.util.Optional;

/**
 * A failed Node call as Node reports it: an error {@code code} ({@code ENOENT}, {@code
 * ERR_ACCESS_DENIED}...), the system call and path when there are some, and the message. The script
 * receives an {@code Error} with these fields.
 */
public final class NodeError extends Exception {
  private final String code;
  private final Optional<String> syscall;
  private final Optional<String> path;

  public NodeError(String code, String message, Optional<String> syscall, Optional<String> path) {
    super(message, null, false, false);
    this.code = code;
    this.syscall = syscall;
    this.path = path;
  }

  public NodeError(String code, String message) {
    this(code, message, Optional.empty(), Optional.empty());
  }

  public String code() {
    return code;
  }

  public Optional<String> syscall() {
    return syscall;
  }

  public Optional<String> path() {
    return path;
  }

  /**
   * A refusal: the call is outside the script's grants ({@code message} names the grant to add).
   */
  public static NodeError denied(String message) {
    return new NodeError("ERR_ACCESS_DENIED", message);
  }
}
