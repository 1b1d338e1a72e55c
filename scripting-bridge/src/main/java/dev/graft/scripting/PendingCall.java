package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFailure;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.graalvm.polyglot.Value;

/**
 * A call into a script whose answer has not come yet: what it is ("context handler"), whether its
 * answer is wanted, its future, and the timer that gives up on it. Owner thread only.
 */
final class PendingCall {
  private final String what;
  private final boolean wantResult;
  private final boolean contextAnswer;
  private final CompletableFuture<JsonNode> result = new CompletableFuture<>();
  private ScheduledFuture<?> timer;
  private Value fn;

  /** {@code wantResult} false for a script's default export, whose result is not wanted. */
  PendingCall(String what, boolean wantResult) {
    this(what, wantResult, false);
  }

  /**
   * {@code contextAnswer} for a context handler: its answer names the messages it returned
   * unchanged by id ({@link MessageMirror}).
   */
  PendingCall(String what, boolean wantResult, boolean contextAnswer) {
    this.what = what;
    this.wantResult = wantResult;
    this.contextAnswer = contextAnswer;
  }

  String what() {
    return what;
  }

  boolean wantResult() {
    return wantResult;
  }

  boolean contextAnswer() {
    return contextAnswer;
  }

  CompletableFuture<JsonNode> result() {
    return result;
  }

  /** The function called, whose line is named when an error has no line of its own. */
  Value fn() {
    return fn;
  }

  void calls(Value function) {
    this.fn = function;
  }

  /** {@code timer} gives up on the call when it fires. */
  void arm(ScheduledFuture<?> timer) {
    this.timer = timer;
  }

  void disarm() {
    if (timer != null) {
      timer.cancel(false);
    }
  }

  void fail(Failure failure) {
    result.completeExceptionally(new ScriptFailure(failure));
  }
}
