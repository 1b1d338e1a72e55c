package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One hook point as data: its event, the JSON payload for an input, the result before any script
 * answered, and how one script's answer is read into the result (or reported as wrong). {@link
 * HookRunner#run} asks the scripts of every point with one loop: in load order, each seeing what
 * the ones before made of the input ({@link #next}), a non-answer or a failure leaving the result
 * as it was, until a point's answer stops it.
 *
 * <p>A point is also its event's {@link HandlerRules}: how the several handlers one script may have
 * for the event follow each other ({@link #nextHandler}, {@link #mergeAnswers}) and whether their
 * answers are read at all. Those rules work on the JSON a script's handlers see and answer, inside
 * the script; the typed rules above work on the result, between scripts. Both are written here,
 * side by side, for each point, and the scripting bridge reads the first from here.
 *
 * @param <I> what the point is about (a session switch, a compaction's preparation...)
 * @param <R> its result type, the point's own ({@code BeforeCompact}, {@code BeforeTree}...)
 */
abstract class HookPoint<I, R> implements HandlerRules {
  private final String event;

  HookPoint(String event) {
    this.event = Objects.requireNonNull(event, "event");
  }

  final String event() {
    return event;
  }

  /** The result when no script answers. */
  abstract R initial(I input);

  /** What the scripts get for {@code input} besides {@code type}, which is the event's name. */
  abstract void fill(ObjectNode payload, I input);

  /** The payload for {@code input}: {@code {type: event}} and what {@link #fill} adds. */
  ObjectNode payload(I input) {
    ObjectNode p = Json.object().put("type", event);
    fill(p, input);
    return p;
  }

  /**
   * Hands {@code payload} to one script, with this point's rules for its handlers ({@link #rules});
   * {@code context} hands it the call's reminder sink too. A throw is the script's failure.
   */
  HookSource.Outcome ask(HookSource source, I input, ObjectNode payload) {
    return source.handle(new HookSource.Request(event, payload, rules(input), Optional.empty()));
  }

  /**
   * The rules for the handlers of one script asked about {@code input}: this point's own ({@code
   * context} binds its call's state).
   */
  HandlerRules rules(I input) {
    return this;
  }

  /**
   * A new payload object with {@code payload}'s field values, on which the fields a handler's
   * answer replaces are set; the others are shared. Nothing changes the trees afterwards (the
   * runtime and the next handler read them; a handler gets its own JavaScript copy), so a deep
   * copy, of a 2,000-message context on every model call, would buy nothing.
   */
  static ObjectNode withSameFields(ObjectNode payload) {
    ObjectNode copy = Json.object();
    copy.setAll(payload);
    return copy;
  }

  /**
   * The result once every script was asked (or none handles the event), as the caller gets it;
   * {@code problems} takes what is reported then ({@code context}: reminders dropped because a
   * script did not continue). The result as it is by default.
   */
  R end(I input, R result, Consumer<HookRunner.Problem> problems) {
    return result;
  }

  /**
   * Reads one script's answer (not null, not undefined) into {@code result}: the next result, or a
   * stop that ends the asking. A wrong answer is reported through {@code wrong} and changes
   * nothing. Watching points need not override it.
   */
  Step<R> read(I input, R result, JsonNode answer, Wrong wrong) {
    return new Step.Next<>(result);
  }

  /**
   * What the next script is asked about, given the result so far: the same input for most points;
   * the transformed text for {@code input}, the patched result for {@code tool_result} (so each
   * script sees what the ones before made of it).
   */
  I next(I input, R result) {
    return input;
  }

  /** What asking a script did to the result. */
  sealed interface Step<R> {
    /** Go on to the next script with this result. */
    record Next<R>(R result) implements Step<R> {}

    /** Ask no more scripts; this is the result. */
    record Stop<R>(R result) implements Step<R> {}
  }

  /**
   * What a failing script (it threw, timed out) makes of the result: by default nothing (the point
   * fails open; the failure is reported with {@link #failureNote} after it).
   */
  Step<R> failed(I input, R result, String source, String message) {
    return new Step.Next<>(result);
  }

  /**
   * Said after a failure's report: what the failure did (" (the tool call is blocked)"), or
   * nothing.
   */
  String failureNote() {
    return "";
  }

  /** Reports what was wrong with one script's answer, naming the script and the event. */
  interface Wrong {
    /** The script that answered, by the name problems are reported under. */
    String source();

    /**
     * "{script}: {event} handler returned {what}; {consequence}", and " (at file.js:LINE)" when the
     * source says which handler answered.
     */
    void report(String what, String consequence);

    /** {@link #report(String, String)} for an answer that is ignored. */
    default void report(String what) {
      report(what, "ignored");
    }
  }
}
