package dev.graft.scripting.api;

import java.util.Objects;

/**
 * Why a handler, command or tool gave no answer; {@code message} names the script and says where.
 */
public record Failure(Kind kind, String message) {

  public enum Kind {
    /** It threw (an Error or any other value), or its promise was rejected. */
    THREW,
    /** It answered with something that cannot become JSON, or with too much of it. */
    NOT_JSON,
    /** Its promise did not settle in time. */
    TIMED_OUT,
    /** It ran too long without returning and was interrupted; the script stays loaded. */
    INTERRUPTED,
    /** It hit the statement limit or used too much memory; the script is stopped until a reload. */
    STOPPED,
    /** The script was unloaded (reload or shutdown) before it answered. */
    UNLOADED
  }

  public Failure {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
  }
}
