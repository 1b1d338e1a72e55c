package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A component a script draws ({@code ctx.ui.custom}, a widget, a footer or header, what a message
 * or tool renderer returned). It lives in the script's context; graft holds this handle and asks
 * for its lines, which the script thread makes. Every method may be called from any thread but the
 * script thread, and none waits longer than it is told.
 */
public interface ScriptView {

  /** The script it belongs to. */
  ScriptFile script();

  /** What it is, for messages: {@code the ctx.ui.custom component}, {@code widget "todo"}... */
  String what();

  /**
   * Its lines for {@code width} columns, as the script's render gave them (not cleaned yet),
   * waiting at most {@code wait} for the script thread.
   */
  Frame render(int width, Duration wait);

  /**
   * A key, as the terminal sends it ({@code handleInput}'s data); runs later, on the script thread.
   */
  void input(String data);

  /**
   * graft's text goes into it ({@code setText}, for a script's editor); runs later, on the script
   * thread. Views without a text ignore it (the default).
   */
  default void setText(String text) {}

  /**
   * The theme or the terminal changed: the component drops what it cached ({@code invalidate()}).
   */
  void invalidate();

  /**
   * graft is done with it: it is disposed and, for {@code ctx.ui.custom}, the promise resolves with
   * {@code result} (undefined when empty). Does nothing once it is closed.
   */
  void close(Optional<JsonNode> result);

  /**
   * Whether it ended (closed by graft, by the script, or with its script); {@link #ended} says why.
   */
  boolean closed();

  /**
   * Why it ended, once it did: empty when the script ended it (done(), a replacement), else the
   * reason.
   */
  Optional<String> ended();

  /**
   * Whether a key or a render has waited more than a moment for the script thread (it is busy or
   * stuck).
   */
  boolean stalled();

  /** Who is told when it asks for a frame or ends (one watcher; the last set wins). */
  void watch(Watcher watcher);

  /**
   * Told on whatever thread: never call back into the view from here while holding a lock the UI
   * needs.
   */
  interface Watcher {
    /** It asked to be drawn again, or a key it got may have changed it. */
    void changed();

    /** It ended; {@code problem} says why when it was not the script's own doing. */
    void closed(Optional<String> problem);

    /** A key it was given made it throw: {@code problem} names the script and the line. */
    default void problem(String problem) {}

    /**
     * A script's editor spoke: {@code what} is "submit" or "change" (with its {@code text}), or an
     * app action it hands graft ("app.interrupt", "app.clear"...; {@code text} is its text then).
     */
    default void editor(String what, String text) {}
  }

  /** What a render gave. */
  sealed interface Frame {
    /** Its lines, and how many more it gave than graft takes. */
    record Lines(List<String> lines, int cut) implements Frame {
      public Lines {
        lines = List.copyOf(lines);
      }
    }

    /** The script thread did not answer in time: draw what was drawn before. */
    record Late() implements Frame {}

    /**
     * Its render failed: {@code problem} names the script and what went wrong; {@code fatal} when
     * it was stopped (it spun, or its script was stopped) and will not be asked again.
     */
    record Failed(String problem, boolean fatal) implements Frame {
      public Failed {
        Objects.requireNonNull(problem, "problem");
      }
    }

    /** It is closed. */
    record Closed() implements Frame {}
  }
}
