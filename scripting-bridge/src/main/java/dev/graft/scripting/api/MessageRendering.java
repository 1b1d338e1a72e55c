package dev.graft.scripting.api;

import java.util.Objects;

/** What a script's message renderer ({@code registerMessageRenderer}) gave for a custom message. */
public sealed interface MessageRendering {

  /**
   * The text to show, as the renderer returned it (lines separated by newlines, not cleaned yet).
   */
  record Text(String text) implements MessageRendering {
    public Text {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * The component the renderer returned, drawn by the script; graft closes it when it no longer
   * shows it.
   */
  record View(ScriptView view) implements MessageRendering {
    public View {
      Objects.requireNonNull(view, "view");
    }
  }

  /**
   * The renderer threw, timed out or returned something other than a string: show the default, with
   * this note.
   */
  record Failed(String problem) implements MessageRendering {
    public Failed {
      Objects.requireNonNull(problem, "problem");
    }
  }
}
