package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.Screen;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The terminal side of the interactive mode: a real terminal (JLine, raw keys) or plain lines.
 * Reads prompts, waits for agent work while watching for interrupts, and owns the screen and UI.
 */
interface Frontend extends AutoCloseable {

  Screen screen();

  HookUi ui();

  /** Reads the next input, with {@code initial} already in the editor. */
  EditorInput read(String initial);

  /** Completions for the editor's Tab key (a terminal has them; plain input does not). */
  default void completeWith(Completions completions) {}

  /** Completion candidates for a buffer with the cursor at a position. */
  @FunctionalInterface
  interface Completions {
    java.util.List<CommandRegistry.Completion> complete(String buffer, int cursor);
  }

  /** Where interrupts go: Esc and Ctrl+C while work runs, SIGINT at any time. */
  void onInterrupt(Interrupts interrupts);

  /**
   * Waits for {@code work}; Esc and Ctrl+C meanwhile go to the {@link #onInterrupt} handler.
   * Keys typed meanwhile are kept for the next {@link #read} ({@link #takeTypeAhead}).
   */
  <T> T await(Future<T> work) throws ExecutionException, InterruptedException;

  /** Text typed while the agent worked, to go in the editor next. */
  String takeTypeAhead();

  @Override
  void close();

  /** Told of Esc (false) and Ctrl+C (true) while work runs, and of SIGINT at any time. */
  @FunctionalInterface
  interface Interrupts {
    void interrupted(boolean ctrlC);
  }
}
