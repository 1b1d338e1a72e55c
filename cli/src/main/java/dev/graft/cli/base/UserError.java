package dev.graft.cli.base;

/**
 * A mistake the user can fix (a missing file, a session in use): reported as one line, exit 1.
 * A usage error (a bad option value) is one too, with exit 2, as picocli's own usage errors.
 */
public final class UserError extends RuntimeException {
  private final boolean usage;

  public UserError(String message) {
    this(message, null, false);
  }

  public UserError(String message, Throwable cause) {
    this(message, cause, false);
  }

  private UserError(String message, Throwable cause, boolean usage) {
    super(message, cause);
    this.usage = usage;
  }

  /** A bad option value, named in {@code message} ("--thinking huge: use off, ..."): exit 2. */
  public static UserError usage(String message) {
    return new UserError(message, null, true);
  }

  /** Whether this is a usage error (exit 2) rather than a failure (exit 1). */
  public boolean isUsage() {
    return usage;
  }
}
