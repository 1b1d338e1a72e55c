package dev.graft.scripting.api;

/** The exception a command or tool future fails with when the script did not answer. */
public final class ScriptFailure extends RuntimeException {
  private final transient Failure failure;

  public ScriptFailure(Failure failure) {
    super(failure.message(), null, false, false);
    this.failure = failure;
  }

  public Failure failure() {
    return failure;
  }
}
