package dev.graft.cli.setup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.host.ScriptAccess;
import dev.graft.cli.host.ScriptExec;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.cli.interactive.ScriptCommands;
import dev.graft.cli.interactive.ScriptControl;
import dev.graft.cli.interactive.SlashCommand;
import dev.graft.cli.trust.ScriptInventory;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.cli.tui.ThemeFile;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptShortcut;
import dev.graft.scripting.api.ScriptTerminal;
import dev.graft.scripting.api.ToolRenderRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The scripts a run loaded, and how to load them again: {@code /reload} reads the locations, trust
 * and exec grants afresh (project scripts that changed since they were trusted are dropped, with
 * the command that trusts them) and reloads the engine.
 */
public final class LoadedScripts implements ScriptControl {
  private final ScriptLocations.Request request;
  private final Optional<ScriptEngine> engine;
  private final ScriptExec exec;
  private final ScriptSurface surface;
  private volatile ScriptLocations.Plan plan;
  private volatile LoadReport report;
  private volatile RunResources resources = RunResources.none();
  private List<String> loadWarnings = List.of();
  private final List<LoadReport.Problem> startProblems;

  public LoadedScripts(
      ScriptLocations.Request request,
      ScriptLocations.Plan plan,
      Optional<ScriptEngine> engine,
      LoadReport report,
      ScriptExec exec,
      ScriptSurface surface) {
    this.request = request;
    this.plan = plan;
    this.engine = engine;
    this.report = report;
    this.startProblems = report.problems();
    this.exec = exec;
    this.surface = surface;
  }

  /** The run's skills and prompt templates, whose commands are offered beside the scripts'. */
  void useResources(RunResources r) {
    resources = r;
  }

  @Override
  public boolean expands(String name) {
    return resources.expands(name);
  }

  @Override
  public List<String> shortcuts() {
    return engine
        .map(e -> e.shortcuts().stream().map(ScriptShortcut::key).toList())
        .orElse(List.of());
  }

  @Override
  public CompletableFuture<?> runShortcut(String key) {
    return engine
        .<CompletableFuture<?>>map(e -> e.runShortcut(key, surface.context(surface.ui())))
        .orElseGet(
            () -> CompletableFuture.failedFuture(new IllegalArgumentException("no scripts")));
  }

  @Override
  public ThemeFile.Loaded themes() {
    return resources.themes();
  }

  public ScriptLocations.Plan plan() {
    return plan;
  }

  /** The packages tried with -e for this run (--no-skills keeps their skills). */
  public List<ScriptLocations.PackagePlan> tried() {
    return request.tried();
  }

  @Override
  public List<SlashCommand> commands() {
    List<SlashCommand> out =
        new ArrayList<>(engine.map(e -> ScriptCommands.of(e, surface)).orElse(List.of()));
    out.addAll(resources.commands());
    return out;
  }

  public ScriptInventory inventory() {
    ScriptLocations.Plan now = plan;
    if (engine.isEmpty()) {
      return ScriptInventory.of(
          now, List.of(), f -> List.of(), List.of(), List.of(), report.problems(), Map.of());
    }
    ScriptEngine e = engine.get();
    return ScriptInventory.of(
            now, e.scripts(), e::events, e.commands(), e.tools(), report.problems(), Map.of())
        .withGrants(ScriptAccess.describe(now, e.scripts()))
        .withWarnings(refusedCommands(e));
  }

  /** Each script's commands that a built-in command's name keeps out, by the script's path. */
  private static Map<Path, List<String>> refusedCommands(ScriptEngine e) {
    Map<Path, List<String>> out = new LinkedHashMap<>();
    e.commands()
        .forEach(c ->
            ScriptCommandPrompts.refusal(c.name())
                .ifPresent(
                    w -> out.computeIfAbsent(c.script().path(), p -> new ArrayList<>()).add(w)));
    return out;
  }

  @Override
  public List<Path> files() {
    return engine.map(e -> e.scripts().stream().map(ScriptFile::path).toList()).orElse(List.of());
  }

  /** The warnings the scripts' first load logged (an unknown event name...), one line each. */
  LoadedScripts withLoadWarnings(List<String> lines) {
    loadWarnings = List.copyOf(lines);
    return this;
  }

  @Override
  public List<LoadReport.Problem> loadFailures() {
    return startProblems;
  }

  @Override
  public List<String> loadProblems() {
    List<String> lines = new ArrayList<>();
    report.problems().forEach(p -> lines.add(notLoaded(p)));
    lines.addAll(loadWarnings);
    return lines;
  }

  @Override
  public List<String> replacedTools() {
    return engine
        .map(e ->
            e.tools().stream()
                .filter(t -> BuiltinTools.NAMES.contains(t.name()))
                .map(AgentTools::replacement)
                .toList())
        .orElse(List.of());
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
      next =
          ScriptLocations.plan(
              request,
              (project, store) -> {
                lines.add(TrustDecisions.notLoaded(project));
                return false;
              });
    } catch (RuntimeException e) {
      return List.of("scripts not reloaded: " + e.getMessage());
    }
    next.warnings().forEach(p -> lines.add("warning: " + p));
    if (engine.isEmpty()) {
      lines.add(
          next.locations().isEmpty()
              ? "scripts: none to load"
              : "scripts: none were loaded when graft started; restart graft to load the scripts found now");
      return lines;
    }
    exec.update(next);
    plan = next;
    LoadReport r = engine.get().load(next.sources());
    report = r;
    lines.add(
        0,
        "scripts: "
            + r.loaded().size()
            + " loaded"
            + (r.loaded().isEmpty()
                ? ""
                : " (" + String.join(", ", r.loaded().stream().map(f -> f.name()).toList()) + ")"));
    r.problems().forEach(p -> lines.add(notLoaded(p)));
    return lines;
  }

  /** {@code script FILE not loaded: why}, on one line. */
  public static String notLoaded(LoadReport.Problem p) {
    return "script "
        + ScriptText.safeLine(p.path().toString())
        + " not loaded: "
        + ScriptText.safeLine(p.reason());
  }

  @Override
  public boolean rendersTool(String name) {
    return engine.map(e -> e.rendersTool(name)).orElse(false);
  }

  @Override
  public Optional<MessageRendering> renderTool(ToolRenderRequest request, Duration wait) {
    try {
      return engine.flatMap(e -> e.renderTool(request, wait));
    } catch (IllegalStateException e) {
      return Optional.empty(); // the engine is closed: graft is on its way out
    }
  }

  @Override
  public void useTerminal(ScriptTerminal terminal) {
    engine.ifPresent(e -> e.useTerminal(terminal));
  }

  @Override
  public Optional<MessageRendering> renderMessage(
      JsonNode message, boolean expanded, Duration wait) {
    try {
      return engine.flatMap(e -> e.renderMessage(message, expanded, wait));
    } catch (IllegalStateException e) {
      return Optional.empty(); // the engine is closed: graft is on its way out
    }
  }
}
