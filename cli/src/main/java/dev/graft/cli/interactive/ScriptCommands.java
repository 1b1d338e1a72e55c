package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.Screen;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.FooterFacts;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptUi;
import dev.graft.scripting.api.ScriptView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The commands hook scripts registered ({@code graft.registerCommand}), as slash commands of the
 * interactive mode. A handler runs on the script thread with {@code ctx.ui} answered by this
 * terminal's dialogs; Esc or Ctrl+C while it works abandon it ("⏹ /name aborted", and its {@code
 * ctx.signal} aborts). What it returns is a {@link CommandAnswer}: a prompt runs once the command
 * is done, a status is shown.
 */
public final class ScriptCommands {
  private ScriptCommands() {}

  /**
   * The commands {@code engine}'s scripts registered; their ctx is {@code surface}'s, with this
   * terminal's dialogs.
   */
  public static List<SlashCommand> of(ScriptEngine engine, ScriptSurface surface) {
    List<SlashCommand> out = new ArrayList<>();
    for (ScriptCommand c : engine.commands()) {
      out.add(
          new SlashCommand(
              c.name(),
              ScriptText.safeLine(c.description()),
              ScriptText.safeLine(c.script().name()),
              SlashCommand.ArgumentCompleter.NONE,
              (ctx, args) -> {
                ScriptSessionCommands sessionCommands = new ScriptSessionCommands(ctx);
                // The mode's ctx.ui (its title, working message, editor and shutdown too) when it
                // attached
                // one; otherwise this command context's dialogs.
                ScriptUi shown = surface.ui() != ScriptUi.NONE ? surface.ui() : ui(ctx.ui());
                EventContext eventContext = surface.context(shown).withCommands(sessionCommands);
                try {
                  JsonNode result;
                  try {
                    result =
                        ctx.runAbortable(signal -> {
                          CompletableFuture<JsonNode> running =
                              engine.runCommand(c.name(), args, eventContext);
                          Runnable stop = () -> running.cancel(true);
                          signal.onAbort(stop);
                          try {
                            return running.get();
                          } finally {
                            signal.removeListener(stop);
                          }
                        });
                  } catch (CancellationException e) {
                    ctx.warn("⏹ /" + c.name() + " aborted");
                    return;
                  }
                  if (sessionCommands.editorText.get() != null) {
                    ctx.setEditorText(sessionCommands.editorText.get());
                  }
                  // A prompt runs once the command is done, as the runs scripts ask for do.
                  ScriptCommandPrompts.act(
                      CommandAnswer.of(c.name(), result), ctx.agent(), ctx::info);
                } finally {
                  if (sessionCommands.reloadAfter
                      .get()) { // ctx.reload(), now that the handler is done
                    ctx.reload().forEach(ctx::info);
                  }
                }
              }));
    }
    return out;
  }

  private static DialogOptions dialog(Optional<Duration> timeout) {
    return timeout.map(DialogOptions::timeout).orElse(DialogOptions.NONE);
  }

  /**
   * What the interactive mode does for a script's ctx.ui beyond the dialogs: the window title, the
   * working message, whether the working line shows, the indicator (frames, interval in ms), the
   * editor's next text, and quitting.
   */
  record ScreenActions(
      Consumer<String> title,
      Consumer<Optional<String>> working,
      Consumer<Boolean> workingVisible,
      BiConsumer<Optional<List<String>>, Integer> indicator,
      Consumer<String> editorText,
      Runnable shutdown,
      ScriptComponents components) {
    static final ScreenActions NONE =
        new ScreenActions(
            t -> {}, w -> {}, v -> {}, (f, i) -> {}, e -> {}, () -> {}, ScriptComponents.NONE);
  }

  /**
   * What a script's ctx.ui reads of the interactive mode and may change: the editor's text, the
   * themes (switching one keeps it as the setting, as /settings does), and whether tool output is
   * expanded.
   */
  interface ScreenState {
    String editorText();

    List<ScriptUi.ThemeEntry> themes();

    Optional<String> setTheme(String name);

    boolean toolsExpanded();

    void setToolsExpanded(boolean expanded);

    ScreenState NONE =
        new ScreenState() {
          @Override
          public String editorText() {
            return "";
          }

          @Override
          public List<ScriptUi.ThemeEntry> themes() {
            return List.of();
          }

          @Override
          public Optional<String> setTheme(String name) {
            return Optional.of("UI not available");
          }

          @Override
          public boolean toolsExpanded() {
            return false;
          }

          @Override
          public void setToolsExpanded(boolean expanded) {}
        };
  }

  /** The terminal's dialogs as a script's {@code ctx.ui}. */
  static ScriptUi ui(HookUi ui) {
    return ui(ui, ScreenActions.NONE, ScreenState.NONE);
  }

  /**
   * The terminal's dialogs and {@code screen} as a script's {@code ctx.ui}: components where the
   * screen draws them; elsewhere a widget's lines are shown as a status text under its key (joined
   * by " · "). The colours a script put in a status or a notification are dropped (graft styles
   * those itself).
   */
  static ScriptUi ui(HookUi ui, ScreenActions screen, ScreenState state) {
    return new ScriptUi() {
      @Override
      public String editorText() {
        return state.editorText();
      }

      @Override
      public List<ThemeEntry> themes() {
        return state.themes();
      }

      @Override
      public Optional<String> setTheme(String name) {
        return state.setTheme(name);
      }

      @Override
      public boolean toolsExpanded() {
        return state.toolsExpanded();
      }

      @Override
      public void setToolsExpanded(boolean expanded) {
        state.setToolsExpanded(expanded);
      }

      @Override
      public CompletableFuture<Optional<String>> editor(String title, String prefill) {
        return ui.input(title, "", prefill, DialogOptions.NONE);
      }

      @Override
      public void setWidget(String key, Optional<List<String>> lines, String placement) {
        if (!screen.components().widgetLines(key, lines, placement)) {
          setStatus(key, lines.map(l -> String.join(" · ", l)));
        }
      }

      @Override
      public boolean components() {
        return screen.components().available();
      }

      @Override
      public void custom(ScriptView view, CustomOptions options) {
        screen.components().custom(view, options);
      }

      @Override
      public void setWidget(String key, ScriptView view, String placement) {
        screen.components().widget(key, view, placement);
      }

      @Override
      public void setFooter(Optional<ScriptView> footer) {
        screen.components().footer(footer);
      }

      @Override
      public void setHeader(Optional<ScriptView> header) {
        screen.components().header(header);
      }

      @Override
      public void setEditor(Optional<ScriptView> editor) {
        screen.components().editor(editor);
      }

      @Override
      public FooterFacts footerFacts() {
        return screen.components().footerFacts();
      }

      @Override
      public void setTitle(String title) {
        screen.title().accept(title);
      }

      @Override
      public void setWorkingMessage(Optional<String> message) {
        screen.working().accept(message);
      }

      @Override
      public void setWorkingVisible(boolean visible) {
        screen.workingVisible().accept(visible);
      }

      @Override
      public void setWorkingIndicator(Optional<List<String>> frames, int intervalMs) {
        screen.indicator().accept(frames, intervalMs);
      }

      @Override
      public void setEditorText(String text) {
        screen.editorText().accept(text);
      }

      @Override
      public void shutdown() {
        screen.shutdown().run();
      }

      @Override
      public boolean available() {
        return ui.available();
      }

      @Override
      public CompletableFuture<Optional<String>> select(String title, List<String> options) {
        return ui.select(ScriptText.safeLine(title), options, DialogOptions.NONE);
      }

      @Override
      public CompletableFuture<Boolean> confirm(String title, String message) {
        return ui.confirm(ScriptText.safeLine(title), message, DialogOptions.NONE)
            .thenApply(answer -> answer.orElse(false));
      }

      @Override
      public CompletableFuture<Optional<String>> input(String title, String placeholder) {
        return ui.input(
            ScriptText.safeLine(title), placeholder == null ? "" : placeholder, DialogOptions.NONE);
      }

      @Override
      public CompletableFuture<Optional<String>> select(
          String title, List<String> options, Optional<Duration> timeout) {
        return ui.select(ScriptText.safeLine(title), options, dialog(timeout));
      }

      @Override
      public CompletableFuture<Boolean> confirm(
          String title, String message, Optional<Duration> timeout) {
        return ui.confirm(ScriptText.safeLine(title), message, dialog(timeout))
            .thenApply(answer -> answer.orElse(false));
      }

      @Override
      public CompletableFuture<Optional<String>> input(
          String title, String placeholder, Optional<Duration> timeout) {
        return ui.input(
            ScriptText.safeLine(title), placeholder == null ? "" : placeholder, dialog(timeout));
      }

      @Override
      public void notify(String message, String level) {
        ui.notify(
            ScriptText.safeLines(Screen.withoutColours(message)), HookUi.NotifyLevel.parse(level));
      }

      @Override
      public void setStatus(String key, Optional<String> text) {
        ui.setStatus(
            ScriptText.safeLine(key), text.map(t -> ScriptText.safeLine(Screen.withoutColours(t))));
      }
    };
  }
}
