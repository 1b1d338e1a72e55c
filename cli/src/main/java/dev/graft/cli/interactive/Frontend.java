package dev.graft.cli.interactive;

import dev.graft.cli.tui.CompletionSource;
import dev.graft.cli.ui.HookUi;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The terminal side of the interactive mode: the terminal UI (components, an editor that stays
 * live) or plain lines. It shows what the agent does and what commands say, reads the next input,
 * and waits for agent work while the user may interrupt it (or, on a terminal, steer it).
 */
interface Frontend extends AutoCloseable {

  HookUi ui();

  /** Where the components scripts draw are shown; plain input has none. */
  default ScriptComponents components() {
    return ScriptComponents.NONE;
  }

  /** Shows an agent event; called on the thread that emits it. */
  void event(AgentEvent event);

  /** A line in the transcript, of a kind. */
  void notice(Notice kind, String text);

  /**
   * A row of a table (the keys of /hotkeys): {@code lead} holds the padded columns before the last;
   * where lines wrap, {@code text} goes on under its own column.
   */
  default void row(String lead, String text) {
    notice(Notice.INFO, lead + text);
  }

  /** How a line is shown. */
  enum Notice {
    INFO,
    DIM,
    WARNING,
    ERROR,
    SUCCESS,
    TITLE
  }

  /**
   * The conversation of {@code session}'s current branch, drawn afresh (at the start, and after
   * /resume, /tree, /fork, /new).
   */
  void showConversation(Session session, List<String> header);

  /** Where a shell command's output goes while it runs. */
  ShellRun shell(String command, boolean excluded);

  /** A running shell command on the screen. */
  interface ShellRun {
    void output(String chunk);

    /** It ended: with its record, or none (it failed to start). */
    void ended(Optional<AgentMessage.BashExecution> run);
  }

  /** The running work is being aborted (the working line says so; plain output prints it). */
  default void aborting(boolean ctrlC) {
    notice(Notice.WARNING, "aborting…" + (ctrlC ? " (Ctrl+C again to quit)" : ""));
  }

  /**
   * What the working line says during the next {@link #await} (graft's own "Working…" when not
   * called).
   */
  void working(String message);

  /** The session's status changed (model, thinking level, tokens, script statuses). */
  default void statusChanged() {}

  /** Called before the editor reads (the plain mode prints the status line then). */
  default void beforeInput(Supplier<String> statusLine) {}

  /**
   * A script's ctx.ui beyond the dialogs: the terminal's title, the working line's message,
   * visibility and frames.
   */
  void title(String title);

  void workingMessage(Optional<String> message);

  void workingVisible(boolean visible);

  void workingIndicator(Optional<List<String>> frames, int intervalMs);

  /** Reads the next input, with {@code initial} put in the editor. */
  EditorInput read(String initial);

  /** The editor should look at its completions again (a source has new items). */
  default void refreshCompletions() {}

  /**
   * The messages waiting to steer or follow up were taken back: {@code texts} go into the editor.
   */
  default void restoreQueued(List<String> texts) {}

  /**
   * Puts {@code text} in the editor now (a script's ctx.ui.setEditorText); false when it waits for
   * the next input.
   */
  default boolean putInEditor(String text) {
    return false;
  }

  /** Puts {@code text} on the system clipboard (OSC 52); false when this frontend cannot. */
  default boolean copy(String text) {
    return false;
  }

  /** The theme changed (by /settings); everything is drawn again. */
  default void themeChanged(String name) {}

  /** The editor's text now (a script's ctx.ui.getEditorText); "" without an editor. */
  default String editorText() {
    return "";
  }

  /** Whether tool output is expanded (Ctrl+O). */
  default boolean toolsExpanded() {
    return false;
  }

  /** Expands or collapses tool output, as Ctrl+O does. */
  default void setToolsExpanded(boolean expanded) {}

  /**
   * The keys scripts bound ({@code pi.registerShortcut}), read at each key press: a key no built-in
   * action has runs the action {@code "shortcut:" + key}.
   */
  default void scriptShortcuts(Supplier<List<String>> keys) {}

  /** Completions for the editor (a terminal has them; plain input does not). */
  default void completeWith(List<CompletionSource> sources) {}

  /** Where interrupts go: Esc and Ctrl+C while work runs, SIGINT at any time. */
  void onInterrupt(Interrupts interrupts);

  /**
   * Where text typed while work runs goes (Enter steers, Alt+Enter queues a follow-up); plain input
   * has none.
   */
  default void onWorkInput(WorkInput input) {}

  /**
   * Where the terminal's key actions go (model cycling, the model picker...); plain input has none.
   */
  default void onAction(Actions actions) {}

  /** Waits for {@code work}; Esc and Ctrl+C meanwhile go to the {@link #onInterrupt} handler. */
  <T> T await(Future<T> work) throws ExecutionException, InterruptedException;

  /** Text typed while the agent worked, to go in the editor next (plain input: none). */
  String takeTypeAhead();

  @Override
  void close();

  /** Told of Esc (false) and Ctrl+C (true) while work runs, and of SIGINT at any time. */
  @FunctionalInterface
  interface Interrupts {
    void interrupted(boolean ctrlC);

    /** Ctrl+C cleared a draft: the next Ctrl+C is a first one again. */
    default void draftCleared() {}

    /** Ctrl+D while work runs: abort it and quit. */
    default void quit() {}
  }

  /**
   * Text sent while work runs: to steer ({@code followUp} false) or follow up; false when it could
   * not be queued.
   */
  @FunctionalInterface
  interface WorkInput {
    boolean submitted(String text, boolean followUp);
  }

  /**
   * The terminal's key actions, by the reference's keybinding ids ({@code app.model.cycleForward}).
   */
  @FunctionalInterface
  interface Actions {
    /** Runs the action (on a thread of its own, never the UI's); false when it is not one. */
    boolean run(String id);
  }
}
