package dev.graft.scripting.api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code ctx.ui} for one emit or command: dialogs answered by the mode's UI thread. Same threading
 * rules as {@link ScriptHostPort}: called on the owner thread, answers by future.
 */
public interface ScriptUi {

  /** No UI (print and JSON modes): dialogs answer as if dismissed, notifications go nowhere. */
  ScriptUi NONE =
      new ScriptUi() {
        @Override
        public boolean available() {
          return false;
        }

        @Override
        public CompletableFuture<Optional<String>> select(String title, List<String> options) {
          return CompletableFuture.completedFuture(Optional.empty());
        }

        @Override
        public CompletableFuture<Boolean> confirm(String title, String message) {
          return CompletableFuture.completedFuture(false);
        }

        @Override
        public CompletableFuture<Optional<String>> input(String title, String placeholder) {
          return CompletableFuture.completedFuture(Optional.empty());
        }

        @Override
        public void notify(String message, String level) {}
      };

  /** {@code ctx.hasUI}. */
  boolean available();

  /** The chosen option, or empty when dismissed. */
  CompletableFuture<Optional<String>> select(String title, List<String> options);

  CompletableFuture<Boolean> confirm(String title, String message);

  /** The text entered, or empty when dismissed. */
  CompletableFuture<Optional<String>> input(String title, String placeholder);

  /** {@code level} is "info", "warning" or "error". */
  void notify(String message, String level);

  /**
   * {@code ui.select} with {@code {timeout}}: when it passes, the dialog closes as dismissed. A UI
   * that cannot time a dialog out ignores it (the default).
   */
  default CompletableFuture<Optional<String>> select(
      String title, List<String> options, Optional<Duration> timeout) {
    return select(title, options);
  }

  /** {@code ui.confirm} with {@code {timeout}}; false when it passes. */
  default CompletableFuture<Boolean> confirm(
      String title, String message, Optional<Duration> timeout) {
    return confirm(title, message);
  }

  /** {@code ui.input} with {@code {timeout}}; empty when it passes. */
  default CompletableFuture<Optional<String>> input(
      String title, String placeholder, Optional<Duration> timeout) {
    return input(title, placeholder);
  }

  /**
   * {@code ui.setStatus(key, text)}: shows {@code text} in the status line under {@code key}, or
   * removes that key's text when empty. Without a UI it goes nowhere (the default).
   */
  default void setStatus(String key, Optional<String> text) {}

  /**
   * {@code ui.editor(title, prefill)}: a text the user edits, starting from {@code prefill}; empty
   * when dismissed. Without a UI: dismissed (the default).
   */
  default CompletableFuture<Optional<String>> editor(String title, String prefill) {
    return CompletableFuture.completedFuture(Optional.empty());
  }

  /**
   * {@code ui.setWidget(key, lines, {placement})}: lines shown with the editor under {@code key}
   * ("aboveEditor" or "belowEditor"); empty removes them. Without a UI it goes nowhere.
   */
  default void setWidget(String key, Optional<List<String>> lines, String placement) {}

  /** {@code ui.setTitle(title)}: the terminal's (or the client's) window title. */
  default void setTitle(String title) {}

  /**
   * {@code ui.setWorkingMessage(message)}: the text beside the working indicator; empty restores
   * graft's own.
   */
  default void setWorkingMessage(Optional<String> message) {}

  /**
   * {@code ui.setWorkingVisible(visible)}: shows or hides the working indicator's line. Without a
   * spinner it goes nowhere.
   */
  default void setWorkingVisible(boolean visible) {}

  /**
   * {@code ui.setWorkingIndicator({frames?, intervalMs?})}: the frames the working indicator cycles
   * through (none: no indicator, only the message), every {@code intervalMs} milliseconds; empty
   * frames keep graft's own, an interval of 0 graft's own. Without a spinner it goes nowhere.
   */
  default void setWorkingIndicator(Optional<List<String>> frames, int intervalMs) {}

  /**
   * {@code ui.setEditorText(text)} (and {@code pasteToEditor}): puts {@code text} in the input
   * editor.
   */
  default void setEditorText(String text) {}

  /**
   * {@code ctx.shutdown()}: graft should quit once what it is doing now is done (the interactive
   * mode after the current input, the RPC mode once its current command is done). Without a UI
   * graft quits when its prompts are done anyway (the default does nothing).
   */
  default void shutdown() {}

  /**
   * A theme a script may switch to: its name, and its file when it has one (graft's own have none).
   */
  record ThemeEntry(String name, Optional<String> path) {}

  /** The editor's text now ({@code ctx.ui.getEditorText}); "" without an editor (the default). */
  default String editorText() {
    return "";
  }

  /**
   * Every theme ({@code ctx.ui.getAllThemes}); none without a terminal (the default, as the
   * reference's).
   */
  default List<ThemeEntry> themes() {
    return List.of();
  }

  /**
   * Switches the terminal to the theme {@code name} and keeps it as the setting ({@code
   * ctx.ui.setTheme}); the error when it cannot (the default: no UI to theme).
   */
  default Optional<String> setTheme(String name) {
    return Optional.of("UI not available");
  }

  /** Whether tool output is shown expanded ({@code ctx.ui.getToolsExpanded}, Ctrl+O). */
  default boolean toolsExpanded() {
    return false;
  }

  /**
   * Expands or collapses tool output ({@code ctx.ui.setToolsExpanded}); without a terminal nothing.
   */
  default void setToolsExpanded(boolean expanded) {}

  /**
   * Whether this UI draws the components scripts make ({@code ctx.ui.custom}, a widget, footer or
   * header given as a factory). Without them (print, JSON and RPC modes), as in the reference,
   * {@code custom} resolves undefined and those factories are not called.
   */
  default boolean components() {
    return false;
  }

  /**
   * {@code ctx.ui.custom}: shows {@code view} with the keys (in the editor's place) until it
   * closes: by the script's {@code done()}, or by graft, which then {@link ScriptView#close closes}
   * it. A UI without components closes it at once (the default).
   */
  default void custom(ScriptView view, CustomOptions options) {
    view.close(Optional.empty());
  }

  /**
   * {@code ctx.ui.setWidget(key, factory, {placement})}: {@code view} replaces what {@code key}
   * showed.
   */
  default void setWidget(String key, ScriptView view, String placement) {
    view.close(Optional.empty());
  }

  /**
   * {@code ctx.ui.setFooter(factory)}: {@code footer} instead of graft's footer; empty restores
   * graft's.
   */
  default void setFooter(Optional<ScriptView> footer) {
    footer.ifPresent(v -> v.close(Optional.empty()));
  }

  /**
   * {@code ctx.ui.setHeader(factory)}: {@code header} instead of graft's banner; empty restores it.
   */
  default void setHeader(Optional<ScriptView> header) {
    header.ifPresent(v -> v.close(Optional.empty()));
  }

  /**
   * {@code ctx.ui.setEditorComponent(factory)}: {@code editor} has the keys in the place of graft's
   * editor; empty brings graft's editor back.
   */
  default void setEditor(Optional<ScriptView> editor) {
    editor.ifPresent(v -> v.close(Optional.empty()));
  }

  /** What a footer component's {@code footerData} answers. */
  default FooterFacts footerFacts() {
    return FooterFacts.NONE;
  }
}
