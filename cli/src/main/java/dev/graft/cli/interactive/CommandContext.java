package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.session.SessionStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a slash command may use: the agent and its session, the UI port for dialogs, output, the
 * editor's next text, and a way to run long work that Esc or Ctrl+C can abort. Commands run on the
 * interactive mode's main thread, while the agent is idle.
 */
public interface CommandContext {

  AgentSession agent();

  HookUi ui();

  SessionStore sessions();

  /** The model registry (models.json, keys), loaded once and again by {@link #reload}. */
  ModelRegistry models();

  /** The models Ctrl+P cycles through ({@code --models}, {@code enabledModels}); empty: all. */
  ModelScope scope();

  CommandRegistry commands();

  /** The run's hook scripts ({@code /scripts}). */
  ScriptControl scripts();

  void info(String text);

  void warn(String text);

  /** A row of a table; a long {@code text} goes on under its column, not under {@code lead}. */
  void row(String lead, String text);

  /** Puts text in the editor for the next prompt (to be edited and sent). */
  void setEditorText(String text);

  /**
   * Draws the conversation of the session's current branch again (after a move in the tree or a
   * switch of session).
   */
  void showConversation();

  /** Puts {@code text} on the clipboard; false when the terminal cannot be asked to. */
  boolean copy(String text);

  /** graft's home directory (settings.json, keybindings.json). */
  Path home();

  /** The model, thinking level or settings changed: the footer shows them again. */
  void statusChanged();

  /** The theme setting changed. */
  void themeChanged(String name);

  /** The keys of the terminal's actions, as loaded from keybindings.json. */
  Keybindings keys();

  /**
   * Reloads settings, the system prompt's project context files, the models and the hook scripts;
   * what was loaded.
   */
  List<String> reload();

  /**
   * Runs {@code work} on the agent thread with the keyboard watched: Esc or Ctrl+C abort the signal
   * (and whatever the agent runs). Blocks until the work ends; its exception is thrown.
   */
  <T> T runAbortable(AbortableWork<T> work) throws Exception;

  /**
   * Writes the session as an HTML page ({@code graft session export}), to {@code output} or next to
   * where graft runs; returns the page's path.
   */
  String exportSession(Optional<String> output) throws Exception;

  /** Ends the interactive mode after this command. */
  void quit();

  /** Long work that honours an abort signal. */
  @FunctionalInterface
  interface AbortableWork<T> {
    T run(AbortSignal signal) throws Exception;
  }
}
