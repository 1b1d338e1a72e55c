package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.UserSettings;
import dev.graft.cli.chat.ChatView;
import dev.graft.cli.chat.CustomRenderer;
import dev.graft.cli.chat.Footer;
import dev.graft.cli.chat.FooterData;
import dev.graft.cli.chat.QueueView;
import dev.graft.cli.chat.ShellView;
import dev.graft.cli.chat.ToolRenderer;
import dev.graft.cli.chat.ViewContext;
import dev.graft.cli.chat.WorkingLine;
import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.ColorMode;
import dev.graft.cli.tui.CompletionSource;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Container;
import dev.graft.cli.tui.Editor;
import dev.graft.cli.tui.History;
import dev.graft.cli.tui.JLineTerminal;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeFile;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Tui;
import dev.graft.cli.tui.highlight.CodeHighlighter;
import dev.graft.cli.ui.HookUi;
import dev.graft.cli.ui.Screen;
import dev.graft.cli.ui.TerminalUi;
import dev.graft.cli.views.ScriptComponent;
import dev.graft.cli.views.TerminalForScripts;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.Session;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptView;
import dev.graft.scripting.api.ToolRenderRequest;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The interactive mode on a terminal: the conversation as components ({@link ChatView}) above the
 * queue of waiting messages, the working line, the editor (or a dialog in its place) and the
 * footer. The editor stays live while the agent works: Enter steers, Alt+Enter queues a follow-up,
 * Alt+Up takes them back. Keys bound in {@link Keybindings} run actions.
 */
final class TuiFrontend implements Frontend {
  private final JLineTerminal terminal;
  private final Tui tui;
  private final Theme theme;
  private final ViewContext view;
  private final ChatView chat;
  private final Editor editor;
  private final Footer footer;
  private final WorkingLine working;
  private final QueueView queue;
  private final Container slot = new Container();
  private final TerminalUi ui;
  private final Keybindings keys;
  private final LinkedBlockingQueue<EditorInput> inputs = new LinkedBlockingQueue<>();
  private final AtomicBoolean footerDue = new AtomicBoolean();
  private volatile Supplier<FooterData> footerData = () -> null;
  private volatile boolean busy;
  private volatile String nextWorkingMessage = WorkingLine.WORKING;
  private volatile Interrupts interrupts = ctrlC -> {};
  private volatile WorkInput workInput = (text, followUp) -> false;
  private volatile Actions actions = id -> false;
  private final Supplier<ThemeFile.Loaded> themes;
  private volatile Supplier<List<String>> scriptKeys = List::of;
  private final ScriptScreen scripts;
  private final TerminalForScripts terminalForScripts;
  private volatile Runnable onThemeChange = () -> {};
  private final CustomMessageLines custom;
  private final Path cwd;
  private final Path settingsFile;

  /** The editor shown: graft's, or a script's ({@link #scriptEditor}). UI thread. */
  private Component activeEditor;

  /** A script's editor in the place of graft's ({@code ctx.ui.setEditorComponent}), or null. */
  private volatile ScriptComponent scriptEditor;

  /** The text of the script's editor, as it last said. */
  private volatile String scriptEditorText = "";

  private static final Screen UNSTYLED = Screen.plain(new PrintWriter(PrintWriter.nullWriter()));

  TuiFrontend(
      JLineTerminal terminal,
      Path home,
      Path cwd,
      Map<String, String> env,
      Keybindings keys,
      CustomMessageLines custom,
      Supplier<Session> session,
      IntSupplier providers,
      Supplier<ThemeFile.Loaded> themes) {
    this.terminal = terminal;
    this.keys = keys;
    this.tui = new Tui(terminal);
    this.settingsFile = home.resolve("settings.json");
    UserSettings settings = UserSettings.load(settingsFile);
    ColorMode mode = ColorMode.detect(env);
    this.themes = themes;
    this.theme =
        themes
            .get()
            .theme(settings.text("theme").orElse("dark"), mode)
            .orElseGet(() -> Theme.dark(mode));
    this.view = new ViewContext(theme, cwd);
    view.onLateRendering(tui::requestRedrawAll);
    view.setThinkingHidden(settings.flag("hideThinkingBlock").orElse(false));
    view.keys(keys.shown("app.tools.expand"), keys.shown("app.thinking.toggle"));
    this.working = new WorkingLine(theme);
    this.queue = new QueueView(theme);
    queue.setEditKey(keys.shown("app.message.dequeue"));
    this.chat = new ChatView(tui, view, this::renderCustom, session, queue, working);
    this.custom = custom;
    this.cwd = cwd;
    this.editor = new Editor(theme, History.load(home.resolve("history")), tui::rows);
    this.activeEditor = editor;
    this.footer = new Footer(theme);
    editor.onSubmit(this::submitted);
    this.terminalForScripts = new TerminalForScripts(theme, tui::columns, tui::rows);
    tui.addKeyListener(this::key);
    tui.onError(t ->
        tui.append(
            new Text(
                theme.fg(
                    ThemeRole.ERROR,
                    "✗ internal error in the terminal UI: " + Ansi.clean(String.valueOf(t))),
                0)));
    this.ui =
        new TerminalUi(
            tui,
            theme,
            new TerminalUi.Place() {
              @Override
              public void open(Component dialog) {
                slot.clear();
                slot.add(dialog);
                editor.setFocused(false);
                tui.setFocus(dialog);
              }

              @Override
              public void close(Component dialog) {
                slot.clear();
                slot.add(activeEditor);
                editor.setFocused(activeEditor == editor);
                tui.setFocus(activeEditor);
              }

              @Override
              public void record(String line) {
                tui.append(new Text(line, 0));
              }

              @Override
              public void statusesChanged() {
                statusChanged();
              }
            });
    this.scripts =
        new ScriptScreen(
            tui, theme, ui, footer, cwd, providers, view -> tui.post(() -> useScriptEditor(view)));
    tui.bottom().add(queue);
    tui.bottom().add(working);
    tui.bottom().add(scripts.above());
    tui.bottom().add(slot);
    tui.bottom().add(scripts.below());
    tui.bottom().add(scripts.footerSlot());
    tui.setFocus(editor);
    terminal.onResize(tui::requestRender);
    terminal.onInterrupt(() -> interrupts.interrupted(true));
    tui.start(terminal.keys());
  }

  /**
   * A custom message as its script's renderer shows it: a component it returned, drawn in the
   * transcript; its text; or a note that it failed and the default after it.
   */
  private Optional<CustomRenderer.Rendered> renderCustom(
      AgentMessage.Custom message, boolean expanded, Duration wait) {
    Optional<MessageRendering> rendering = custom.rendering(message, expanded, wait);
    if (rendering.isEmpty()) {
      return Optional.empty();
    }
    if (rendering.get() instanceof MessageRendering.View v) {
      ScriptComponent component =
          new ScriptComponent(
              v.view(),
              ScriptComponent.Place.TRANSCRIPT,
              theme,
              tui,
              p -> ui.notify("script problem: " + p, HookUi.NotifyLevel.ERROR));
      return Optional.of(new CustomRenderer.Rendered.Drawn(component, component::close));
    }
    return custom
        .linesOf(UNSTYLED, message, rendering.get())
        .map(lines ->
            new CustomRenderer.Rendered.Lines(
                lines, rendering.get() instanceof MessageRendering.Failed));
  }

  /**
   * How the tools of scripts that draw their calls and results are drawn: by {@code scripts}'
   * renderers.
   */
  void toolsDrawnBy(ScriptControl scripts) {
    chat.useTools(
        new ToolRenderer() {
          @Override
          public boolean renders(String toolName) {
            return scripts.rendersTool(toolName);
          }

          @Override
          public Optional<CustomRenderer.Rendered.Drawn> render(
              String toolName,
              String toolCallId,
              ObjectNode args,
              Optional<AgentEvent.ToolOutput> result,
              boolean isError,
              boolean expanded,
              Duration wait) {
            Optional<JsonNode> output =
                result.map(r -> {
                  ObjectNode o = Json.object();
                  o.set("content", MessageCodec.encodeBlocks(r.content()));
                  r.details().ifPresent(d -> o.set("details", d));
                  return o;
                });
            Optional<MessageRendering> rendering =
                scripts.renderTool(
                    new ToolRenderRequest(
                        toolName,
                        toolCallId,
                        args,
                        output,
                        false,
                        isError,
                        expanded,
                        cwd.toString()),
                    wait);
            if (rendering.orElse(null) instanceof MessageRendering.View v) {
              ScriptComponent component =
                  new ScriptComponent(
                      v.view(),
                      ScriptComponent.Place.TRANSCRIPT,
                      theme,
                      tui,
                      p -> ui.notify("script problem: " + p, HookUi.NotifyLevel.ERROR));
              return Optional.of(new CustomRenderer.Rendered.Drawn(component, component::close));
            }
            rendering
                .filter(MessageRendering.Failed.class::isInstance)
                .ifPresent(f ->
                    ui.notify(
                        "script problem: " + ((MessageRendering.Failed) f).problem(),
                        HookUi.NotifyLevel.ERROR));
            return Optional.empty();
          }
        });
  }

  /** Where the footer's data comes from (computed off the UI thread, when the status changed). */
  void footer(Supplier<FooterData> data) {
    this.footerData = data;
    statusChanged();
  }

  @Override
  public HookUi ui() {
    return ui;
  }

  @Override
  public ScriptComponents components() {
    return scripts;
  }

  /**
   * The terminal as the components scripts draw see it (the theme's colours, the size, markdown).
   */
  TerminalForScripts terminalForScripts() {
    return terminalForScripts;
  }

  /** Called (on the UI thread) once the theme changed, after everything was drawn again. */
  void onThemeChange(Runnable handler) {
    this.onThemeChange = handler;
  }

  @Override
  public void event(AgentEvent event) {
    chat.accept(event);
    if (event instanceof AgentEvent.MessageEnd
        || event instanceof AgentEvent.AgentEnd
        || event instanceof AgentEvent.CompactionEnd) {
      statusChanged();
    }
  }

  /**
   * As the reference, Ctrl+T is remembered: hideThinkingBlock in the user's settings, so the next
   * start shows thinking as it was left. A file that cannot be written leaves the switch made.
   */
  private void saveThinkingHidden(boolean hidden) {
    UserSettings.keep(
            settingsFile,
            "thinking is " + (hidden ? "hidden" : "shown"),
            "hideThinkingBlock",
            s -> s.set("hideThinkingBlock", hidden))
        .ifPresent(warning -> notice(Notice.WARNING, warning));
  }

  @Override
  public void notice(Notice kind, String text) {
    String clean = Ansi.clean(text);
    String styled =
        switch (kind) {
          case INFO -> clean;
          case DIM -> theme.fg(ThemeRole.MUTED, clean);
          case WARNING -> theme.fg(ThemeRole.WARNING, clean);
          case ERROR -> theme.fg(ThemeRole.ERROR, clean);
          case SUCCESS -> theme.fg(ThemeRole.SUCCESS, clean);
          case TITLE -> theme.bold(clean);
        };
    tui.post(() -> chat.line(styled));
  }

  @Override
  public void row(String lead, String text) {
    String l = Ansi.clean(lead);
    String t = Ansi.clean(text);
    tui.post(() -> chat.row(l, t));
  }

  @Override
  public void showConversation(Session session, List<String> header) {
    List<Component> components = chat.conversation(session.buildContext().messages());
    List<Component> banner = new ArrayList<>();
    for (String line : header) {
      banner.add(new Text(line, 0));
    }
    tui.post(() -> chat.replace(List.of(scripts.header(banner)), components));
    statusChanged();
  }

  @Override
  public ShellRun shell(String command, boolean excluded) {
    ShellView shell = tui.call(() -> chat.shell(command, excluded));
    return new ShellRun() {
      @Override
      public void output(String chunk) {
        tui.post(() -> shell.append(chunk));
      }

      @Override
      public void ended(Optional<AgentMessage.BashExecution> run) {
        tui.post(() -> run.ifPresentOrElse(shell::finish, shell::end));
      }
    };
  }

  @Override
  public void aborting(boolean ctrlC) {
    tui.post(() -> working.say("Aborting…" + (ctrlC ? " (Ctrl+C again to quit)" : "")));
  }

  @Override
  public void working(String message) {
    nextWorkingMessage = message;
  }

  @Override
  public void statusChanged() {
    if (!footerDue.compareAndSet(false, true)) {
      return;
    }
    Thread.ofVirtual()
        .name("graft-footer")
        .start(() -> {
          footerDue.set(false);
          FooterData data = footerData.get();
          if (data != null) {
            tui.post(() -> footer.set(data));
          }
        });
  }

  @Override
  public void title(String title) {
    tui.post(() -> terminal.title(title));
  }

  @Override
  public void workingMessage(Optional<String> message) {
    tui.post(() -> working.setScriptMessage(message));
  }

  @Override
  public void workingVisible(boolean visible) {
    tui.post(() -> working.setVisible(visible));
  }

  @Override
  public void workingIndicator(Optional<List<String>> frames, int intervalMs) {
    tui.post(() -> working.setIndicator(frames, intervalMs));
  }

  @Override
  public void completeWith(List<CompletionSource> sources) {
    tui.post(() -> {
      sources.forEach(editor::addCompletionSource);
      editor.refreshCompletions(); // for what was typed before the sources came
    });
  }

  @Override
  public void refreshCompletions() {
    tui.post(editor::refreshCompletions);
  }

  @Override
  public void onInterrupt(Interrupts handler) {
    this.interrupts = handler;
  }

  @Override
  public void onWorkInput(WorkInput input) {
    this.workInput = input;
  }

  @Override
  public void onAction(Actions handler) {
    this.actions = handler;
  }

  /**
   * The editor appears once graft is ready for input (keys typed before are kept in it); then the
   * code colouring's lexers are loaded in the background, so that start-up does not wait for them
   * and the first code block does not either.
   */
  private void showEditor() {
    tui.post(() -> {
      if (slot.isEmpty()) {
        slot.add(activeEditor);
        CodeHighlighter.warmUp();
      }
    });
  }

  @Override
  public EditorInput read(String initial) {
    showEditor();
    if (!initial.isEmpty()) {
      tui.post(() -> setEditorText(initial));
    }
    try {
      return inputs.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new EditorInput.Ended();
    }
  }

  @Override
  public <T> T await(Future<T> work) throws ExecutionException, InterruptedException {
    String message = nextWorkingMessage;
    nextWorkingMessage = WorkingLine.WORKING;
    busy = true;
    showEditor();
    tui.post(() -> {
      working.start(message, keys.shown("app.interrupt") + " to interrupt");
      editor.setPlaceholder(
          "Enter steers · " + keys.shown("app.message.followUp") + " queues a follow-up");
    });
    tui.animate(true);
    try {
      return work.get();
    } finally {
      busy = false;
      tui.animate(false);
      tui.post(() -> {
        working.stop();
        editor.setPlaceholder("");
      });
      statusChanged();
    }
  }

  @Override
  public String takeTypeAhead() {
    return "";
  }

  @Override
  public void restoreQueued(List<String> texts) {
    tui.post(() -> {
      queue.clear();
      if (!texts.isEmpty()) {
        String typed = editorTextNow();
        setEditorText(String.join("\n\n", texts) + (typed.isBlank() ? "" : "\n\n" + typed));
      }
    });
  }

  @Override
  public boolean putInEditor(String text) {
    tui.post(() -> setEditorText(text));
    return true;
  }

  @Override
  public boolean copy(String text) {
    String encoded = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    tui.post(() -> {
      terminal.write("\033]52;c;" + encoded + "\007");
      terminal.flush();
    });
    return true;
  }

  @Override
  public void scriptShortcuts(Supplier<List<String>> keys) {
    this.scriptKeys = keys;
  }

  @Override
  public String editorText() {
    return editorTextNow();
  }

  @Override
  public boolean toolsExpanded() {
    return view.expanded();
  }

  @Override
  public void setToolsExpanded(boolean expanded) {
    tui.post(() -> {
      if (view.expanded() != expanded) {
        view.setExpanded(expanded);
        chat.redrawAll();
      }
    });
  }

  @Override
  public void themeChanged(String name) {
    tui.post(() -> {
      theme.adopt(themes.get().theme(name, theme.mode()).orElse(theme));
      tui.transcript().forEach(Component::invalidate);
      tui.bottom().invalidate();
      tui.requestRedrawAll();
      onThemeChange.run();
    });
  }

  /** Runs a slash command as if typed, when graft is idle. */
  void runCommand(String command) {
    if (busy) {
      notice(Notice.WARNING, command + " waits until the agent is done (Esc aborts it)");
      return;
    }
    inputs.add(new EditorInput.Submitted(command));
  }

  // ------------------------------------------------------------------ keys (UI thread)

  private void submitted(String text) {
    if (text.isBlank()) {
      return;
    }
    if (busy) {
      if (workInput.submitted(text, false)) {
        queue.add(false, text);
      } else {
        inputs.add(new EditorInput.Submitted(text));
      }
      return;
    }
    inputs.add(new EditorInput.Submitted(text));
  }

  private boolean key(Key key) {
    if (scriptEditor != null && tui.focus() == scriptEditor) {
      // the script's editor has the keys; it hands graft the app's (ScriptEditor's actions)
      return keys.action(key).isEmpty() && scriptShortcut(key);
    }
    if (tui.focus() != editor) {
      return false; // a dialog has the keys
    }
    if (editor.popupOpen() || editor.searching()) {
      if (key.is(Key.Kind.ESCAPE) || key.isCtrl('c') || key.isCtrl('g')) {
        editor.handleKey(Key.of(Key.Kind.ESCAPE));
        return true;
      }
      return false;
    }
    String action = keys.action(key).orElse(null);
    if (action == null) {
      return scriptShortcut(key);
    }
    return appAction(action, graftsEditor);
  }

  /** A key a script bound ({@code pi.registerShortcut}) runs its handler. */
  private boolean scriptShortcut(Key key) {
    String name = key.name();
    for (String bound : scriptKeys.get()) {
      if (Key.parse(bound).map(Key::name).filter(name::equals).isPresent()) {
        return actions.run("shortcut:" + bound);
      }
    }
    return false;
  }

  /** The editor an app action works on: graft's, or a script's. */
  private interface EditorText {
    boolean isEmpty();

    void clear();

    /** Its text, which it no longer holds. */
    String take();
  }

  private final EditorText graftsEditor =
      new EditorText() {
        @Override
        public boolean isEmpty() {
          return editor.isEmpty();
        }

        @Override
        public void clear() {
          editor.clear();
        }

        @Override
        public String take() {
          return editor.take();
        }
      };

  /** Runs the app action {@code action} (UI thread); false when it is not for now. */
  private boolean appAction(String action, EditorText target) {
    switch (action) {
      case "app.interrupt" -> {
        if (busy) {
          interrupts.interrupted(false);
          return true;
        }
        return false;
      }
      case "app.clear" -> {
        if (!target.isEmpty()) {
          target.clear();
          interrupts.draftCleared();
          return true;
        }
        if (busy) {
          interrupts.interrupted(true);
        } else {
          inputs.add(new EditorInput.Interrupted(""));
        }
        return true;
      }
      case "app.exit" -> {
        if (target.isEmpty()) {
          if (busy) {
            interrupts.quit();
          }
          inputs.add(new EditorInput.Ended());
          return true;
        }
        return false;
      }
      case "app.tools.expand" -> {
        view.setExpanded(!view.expanded());
        chat.redrawAll();
        return true;
      }
      case "app.thinking.toggle" -> {
        view.setThinkingHidden(!view.thinkingHidden());
        saveThinkingHidden(view.thinkingHidden());
        chat.redrawAll();
        return true;
      }
      case "app.message.followUp" -> {
        if (!busy) {
          return false; // a new line, as Alt+Enter is when idle
        }
        String text = target.take();
        if (text.isBlank()) {
          return true;
        }
        if (workInput.submitted(text, true)) {
          queue.add(true, text);
        } else {
          inputs.add(new EditorInput.Submitted(text)); // a command runs: the text is the next input
        }
        return true;
      }
      default -> {
        return actions.run(action);
      }
    }
  }

  // ------------------------------------------------------------------ a script's editor (UI
  // thread)

  /**
   * {@code view} in the place of graft's editor, with the text it holds; empty brings graft's back
   * with the script's text. One that ends (its script let go of it, reloaded, or it failed) gives
   * graft's editor back too; a problem is told in one notice.
   */
  private void useScriptEditor(Optional<ScriptView> view) {
    String text = editorTextNow();
    ScriptComponent before = scriptEditor;
    if (view.isEmpty()) {
      if (before != null) {
        scriptEditor = null;
        before.close();
        show(editor);
        editor.setText(text);
      }
      return;
    }
    ScriptComponent next =
        new ScriptComponent(
                view.get(),
                ScriptComponent.Place.EDITOR,
                theme,
                tui,
                p ->
                    ui.notify(
                        "script problem: " + p + " (graft's editor is back)",
                        HookUi.NotifyLevel.ERROR))
            .maxLines(() -> Math.max(3, tui.rows() - 3));
    next.onEnd(problem -> {
      if (scriptEditor == next) {
        scriptEditor = null;
        next.close();
        show(editor);
        editor.setText(scriptEditorText);
      }
    });
    next.onEditor((what, said) -> {
      if (scriptEditor == next) {
        scriptEditorSaid(what, said);
      }
    });
    scriptEditor = next;
    scriptEditorText = text;
    if (before != null) {
      before.close();
    }
    editor.clear();
    view.get().setText(text);
    show(next);
  }

  /** {@code next} becomes the editor shown, and has the keys unless a dialog has them. */
  private void show(Component next) {
    Component was = activeEditor;
    activeEditor = next;
    editor.setFocused(next == editor);
    if (slot.children().contains(was)) {
      slot.clear();
      slot.add(next);
    }
    if (tui.focus() == was || tui.focus() == null) {
      tui.setFocus(next);
    }
    tui.requestRender();
  }

  /** What the script's editor said: it submitted, its text changed, or an app action. */
  private void scriptEditorSaid(String what, String text) {
    switch (what) {
      case "change" -> scriptEditorText = text;
      case "submit" -> {
        scriptEditorText = "";
        submitted(text);
      }
      default -> {
        EditorText target = scriptEditorHolding(text);
        if (!appAction(what, target) && what.equals("app.message.followUp")) {
          submitted(target.take()); // idle, Alt+Enter submits (as the reference's app does)
        }
      }
    }
  }

  /** The script's editor, holding {@code text}, for an app action. */
  private EditorText scriptEditorHolding(String text) {
    return new EditorText() {
      @Override
      public boolean isEmpty() {
        return text.isEmpty();
      }

      @Override
      public void clear() {
        setEditorText("");
      }

      @Override
      public String take() {
        clear();
        return text;
      }
    };
  }

  /** The text of the editor shown. */
  private String editorTextNow() {
    return scriptEditor != null ? scriptEditorText : editor.text();
  }

  /** {@code text} into the editor shown (UI thread). */
  private void setEditorText(String text) {
    ScriptComponent script = scriptEditor;
    if (script != null) {
      scriptEditorText = text;
      script.view().setText(text);
    } else {
      editor.setText(text);
    }
  }

  @Override
  public void close() {
    ui.close();
    tui.stop();
    terminal.close();
  }
}
