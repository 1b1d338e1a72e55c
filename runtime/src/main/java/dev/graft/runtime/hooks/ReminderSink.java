package dev.graft.runtime.hooks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one durable, model-visible thing a {@code context} hook may add: a reminder for the model.
 * The messages a hook returns count for one call only; a reminder stays in the session, and later
 * calls read it like any message (docs/hooks.md, ctx.reminders). The {@link HookRunner} makes one
 * per model call and hands it to each context hook; what they append is committed (a {@code
 * custom_message} entry each, sent with this very call) only if every context hook continued, and
 * dropped otherwise. Once the chain is over it accepts nothing more. Thread-safe: scripts append
 * from their thread.
 */
public final class ReminderSink {
  /** At most this many reminders per model call, of at most {@link #MAX_CHARS} characters each. */
  public static final int MAX_PER_CALL = 8;

  public static final int MAX_CHARS = 16_000;

  /** A reminder as appended: by whom, under which custom type, what the model is told. */
  record Reminder(String source, String customType, String text) {
    Reminder {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(customType, "customType");
      Objects.requireNonNull(text, "text");
    }
  }

  private final List<Reminder> appended = new ArrayList<>();
  private boolean open = true;

  /** Host-made only: a hook gets one from the runner and cannot make its own. */
  ReminderSink() {}

  /**
   * Queues {@code text} for the model, to be committed as a {@code customType} custom message if
   * every context hook continues. Throws {@link IllegalArgumentException} for an empty or too long
   * text or a blank type, and {@link IllegalStateException} past the per-call limit or once the
   * chain is over (an append from a handler that already answered, or timed out).
   */
  public synchronized void append(String source, String customType, String text) {
    if (customType == null || customType.isBlank()) {
      throw new IllegalArgumentException("the customType must be a non-empty string");
    }
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("the reminder must be a non-empty string");
    }
    if (text.length() > MAX_CHARS) {
      throw new IllegalArgumentException(
          "the reminder has " + text.length() + " characters; at most " + MAX_CHARS);
    }
    if (!open) {
      throw new IllegalStateException(
          "the model call this ctx was for has been prepared; append while the context handler runs");
    }
    if (appended.size() >= MAX_PER_CALL) {
      throw new IllegalStateException("at most " + MAX_PER_CALL + " reminders per model call");
    }
    appended.add(new Reminder(Objects.requireNonNull(source, "source"), customType, text));
  }

  /** Ends the chain: no more appends; returns what was appended, in order. */
  synchronized List<Reminder> close() {
    open = false;
    return List.copyOf(appended);
  }
}
