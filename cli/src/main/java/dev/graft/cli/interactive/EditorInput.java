package dev.graft.cli.interactive;

/**
 * What the editor returned: a submitted text, Ctrl+C (with what was typed), or the end (Ctrl+D).
 */
sealed interface EditorInput {
  record Submitted(String text) implements EditorInput {}

  record Interrupted(String partial) implements EditorInput {}

  record Ended() implements EditorInput {}
}
