package dev.graft.cli.interactive;

import dev.graft.cli.ui.HookUi;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.session.SessionStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What commands get: the interactive mode's state, through the {@link CommandContext} port. */
final class ModeContext implements CommandContext {
  private final InteractiveMode mode;
  private ModelRegistry models;
  private ModelScope scope;
  private Keybindings keys;

  ModeContext(InteractiveMode mode) {
    this.mode = mode;
  }

  @Override
  public AgentSession agent() {
    return mode.agent();
  }

  @Override
  public HookUi ui() {
    return mode.frontend().ui();
  }

  @Override
  public SessionStore sessions() {
    return mode.setup().sessions();
  }

  @Override
  public synchronized ModelRegistry models() {
    if (models == null || models.stale()) {
      // read again once a script registered or removed a provider, so /model lists it at once
      models = mode.setup().models().get();
    }
    return models;
  }

  @Override
  public synchronized ModelScope scope() {
    if (scope == null) {
      // Resolved here when the run started without the registry (the scripted provider).
      scope =
          mode.setup()
              .modelScope()
              .orElseGet(() ->
                  ModelScope.resolve(
                      mode.setup().modelPatterns(), models(), w -> info("Warning: " + w + ".")));
    }
    return scope;
  }

  @Override
  public CommandRegistry commands() {
    return mode.commands();
  }

  @Override
  public ScriptControl scripts() {
    return mode.setup().scripts();
  }

  @Override
  public void info(String text) {
    mode.frontend().notice(Frontend.Notice.INFO, text);
  }

  @Override
  public void warn(String text) {
    mode.frontend().notice(Frontend.Notice.WARNING, text);
  }

  @Override
  public void row(String lead, String text) {
    mode.frontend().row(lead, text);
  }

  @Override
  public void setEditorText(String text) {
    mode.setEditorText(text);
  }

  @Override
  public void showConversation() {
    mode.frontend().showConversation(agent().session(), mode.banner());
  }

  @Override
  public boolean copy(String text) {
    return mode.frontend().copy(text);
  }

  @Override
  public Path home() {
    return mode.setup().home();
  }

  @Override
  public void statusChanged() {
    mode.frontend().statusChanged();
  }

  @Override
  public void themeChanged(String name) {
    mode.frontend().themeChanged(name);
  }

  @Override
  public synchronized Keybindings keys() {
    if (keys == null) {
      keys = Keybindings.load(home().resolve("keybindings.json"));
    }
    return keys;
  }

  @Override
  public List<String> reload() {
    ModelRegistry before = models();
    List<String> report = new ArrayList<>(mode.setup().reloader().reload(agent()));
    List<String> scripts = agent().reloadScripts(mode.setup().scripts()::reload);
    synchronized (this) {
      models = null;
    }
    agent().rebindScriptModel(before, models());
    report.add(
        models().listModels().stream().filter(l -> l.usable()).count()
            + " usable models (models.json and keys read again)");
    report.addAll(scripts);
    report.addAll(mode.registerScriptCommands());
    statusChanged();
    return report;
  }

  @Override
  public <T> T runAbortable(AbortableWork<T> work) throws Exception {
    return mode.runAbortable(work);
  }

  @Override
  public String exportSession(Optional<String> output) throws Exception {
    AgentSession agent = agent();
    agent.syncSession();
    Path file =
        agent
            .session()
            .file()
            .filter(f -> f.toFile().exists())
            .orElseThrow(() ->
                new IllegalStateException(
                    "nothing to export yet: the session has no file until its first message"));
    mode.frontend().working("Exporting…");
    return runAbortable(signal -> mode.setup().exporter().export(file, output));
  }

  @Override
  public void quit() {
    mode.quit();
  }
}
