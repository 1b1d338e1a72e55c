package dev.graft.cli.base;

import java.util.List;

/**
 * A mistake the user can fix (a missing file, a session in use): reported as one line, exit 1. A
 * usage error (a bad option value) is one too, with exit 2, as picocli's own usage errors.
 */
public final class UserError extends RuntimeException {
  private final boolean usage;
  private final List<String> details;

  public UserError(String message) {
    this(message, null, false, List.of());
  }

  public UserError(String message, Throwable cause) {
    this(message, cause, false, List.of());
  }

  private UserError(String message, Throwable cause, boolean usage, List<String> details) {
    super(message, cause);
    this.usage = usage;
    this.details = List.copyOf(details);
  }

  /**
   * A failure whose one line is followed by {@code details}, lines of another program's own words
   * (npm's error lines) that say why, shown indented below it.
   */
  public static UserError withDetails(String message, List<String> details) {
    return new UserError(message, null, false, details);
  }

  /** The same failure with {@code prefix} before its message ("team-lib: "), its details kept. */
  public UserError prefixed(String prefix) {
    return new UserError(prefix + getMessage(), getCause(), usage, details);
  }

  /** Lines that say more about the failure than its one line; shown below it. */
  public List<String> details() {
    return details;
  }

  /** A bad option value, named in {@code message} ("--thinking huge: use off, ..."): exit 2. */
  public static UserError usage(String message) {
    return new UserError(message, null, true, List.of());
  }

  /** Whether this is a usage error (exit 2) rather than a failure (exit 1). */
  public boolean isUsage() {
    return usage;
  }
}
