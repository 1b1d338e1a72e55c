package dev.graft.cli.setup;

import dev.graft.runtime.hooks.ScriptText;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.interactive.ScriptCommands;
import dev.graft.cli.interactive.ScriptControl;
import dev.graft.cli.interactive.SlashCommand;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.ScriptEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The scripts a run loaded, and how to load them again: {@code /reload} reads the locations,
 * trust and exec grants afresh (project scripts that changed since they were trusted are dropped,
 * with the command that trusts them) and reloads the engine.
 */
public final class LoadedScripts implements ScriptControl {
  private final ScriptLocations.Request request;
  private final Optional<ScriptEngine> engine;
  private final ScriptExec exec;
  private final ScriptSurface surface;
  private volatile ScriptLocations.Plan plan;
  private volatile LoadReport report;

  public LoadedScripts(ScriptLocations.Request request, ScriptLocations.Plan plan, Optional<ScriptEngine> engine,
      LoadReport report, ScriptExec exec, ScriptSurface surface) {
    this.request = request;
    this.plan = plan;
    this.engine = engine;
    this.report = report;
    this.exec = exec;
    this.surface = surface;
  }

  @Override
  public List<SlashCommand> commands() {
    return engine.map(e -> ScriptCommands.of(e, surface)).orElse(List.of());
  }

  public ScriptInventory inventory() {
    ScriptLocations.Plan now = plan;
    if (engine.isEmpty()) {
      return ScriptInventory.of(now, List.of(), f -> List.of(), List.of(), List.of(), report.problems(), Map.of());
    }
    ScriptEngine e = engine.get();
    return ScriptInventory.of(now, e.scripts(), e::events, e.commands(), e.tools(), report.problems(), Map.of());
  }

  @Override
  public List<java.nio.file.Path> files() {
    return engine.map(e -> e.scripts().stream().map(dev.graft.scripting.api.ScriptFile::path).toList()).orElse(List.of());
  }

  @Override
  public List<String> describe() {
    return inventory().text();
  }

  @Override
  public List<String> reload() {
    List<String> lines = new ArrayList<>();
    ScriptLocations.Plan next;
    try {
      next = ScriptLocations.plan(request, (project, store) -> {
        lines.add(TrustDecisions.notLoaded(project));
        return false;
      });
    } catch (RuntimeException e) {
      return List.of("scripts not reloaded: " + e.getMessage());
    }
    next.warnings().forEach(p -> lines.add("warning: " + p));
    if (engine.isEmpty()) {
      lines.add(next.locations().isEmpty() ? "scripts: none to load"
          : "scripts: none were loaded when graft started; restart graft to load the scripts found now");
      return lines;
    }
    exec.update(next);
    plan = next;
    LoadReport r = engine.get().load(next.sources());
    report = r;
    lines.add(0, "scripts: " + r.loaded().size() + " loaded" + (r.loaded().isEmpty() ? ""
        : " (" + String.join(", ", r.loaded().stream().map(f -> f.name()).toList()) + ")"));
    r.problems().forEach(p -> lines.add("script " + ScriptText.shown(p.path().toString()) + " not loaded: "
        + ScriptText.shown(p.reason())));
    return lines;
  }

  @Override
  public boolean rendersTool(String name) {
    return engine.map(e -> e.rendersTool(name)).orElse(false);
  }

  @Override
  public Optional<dev.graft.scripting.api.MessageRendering> renderTool(dev.graft.scripting.api.ToolRenderRequest request,
      java.time.Duration wait) {
    try {
      return engine.flatMap(e -> e.renderTool(request, wait));
    } catch (IllegalStateException e) {
      return Optional.empty(); // the engine is closed: graft is on its way out
    }
  }

  @Override
  public void useTerminal(dev.graft.scripting.api.ScriptTerminal terminal) {
    engine.ifPresent(e -> e.useTerminal(terminal));
  }

  @Override
  public Optional<dev.graft.scripting.api.MessageRendering> renderMessage(com.fasterxml.jackson.databind.JsonNode message,
      boolean expanded, java.time.Duration wait) {
    try {
      return engine.flatMap(e -> e.renderMessage(message, expanded, wait));
    } catch (IllegalStateException e) {
      return Optional.empty(); // the engine is closed: graft is on its way out
    }
  }
}
