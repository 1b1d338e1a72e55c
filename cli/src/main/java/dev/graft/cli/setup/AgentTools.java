package dev.graft.cli.setup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.ToolContext;
import dev.graft.runtime.tools.ToolResult;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.BuiltinToolRun;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptTool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Every tool an agent may be given by name: the built-ins, then the tools hook scripts registered.
 * A script tool with a built-in tool's name replaces it, as in the reference, and the run says so
 * once (two scripts' tools of one name are sorted out by the bridge: the first stands, as in the
 * reference).
 */
public final class AgentTools {
  private final BuiltinTools builtin;
  private final Consumer<String> report;
  private final Set<String> reported = ConcurrentHashMap.newKeySet();
  private volatile Optional<ScriptEngine> engine = Optional.empty();
  private volatile Supplier<EventContext> ctx = () -> EventContext.EMPTY;

  /**
   * The agent started with every script tool (no --tools or --no-tools): tools registered later
   * join it.
   */
  private volatile boolean offerLateTools = true;

  AgentTools(BuiltinTools builtin, Consumer<String> report) {
    this.builtin = builtin;
    this.report = report;
  }

  /**
   * From now on, the tools {@code engine}'s scripts register are offered too; their execute gets
   * {@code ctx}.
   */
  void useScripts(ScriptEngine engine, Supplier<EventContext> ctx) {
    this.ctx = ctx;
    this.engine = Optional.of(engine);
  }

  /** The script tools that can be used now, in load order. */
  List<Tool> scriptTools() {
    List<Tool> out = new ArrayList<>();
    Optional<ScriptEngine> e = engine;
    if (e.isEmpty()) {
      return out;
    }
    for (ScriptTool t : e.get().tools()) {
      if (BuiltinTools.NAMES.contains(t.name())
          && reported.add(t.script().name() + "/" + t.name())) {
        report.accept("warning: " + replacement(t));
      }
      out.add(new ScriptAgentTool(t, e.get(), ctx));
    }
    return out;
  }

  /** What a run says of a script tool that replaces a built-in tool. */
  static String replacement(ScriptTool t) {
    return "script " + t.script().name() + " replaces built-in tool " + t.name();
  }

  /**
   * Runs the built-in tool a script asked for inside the model's call of its replacement ({@code
   * createReadTool(cwd).execute}); the bridge has checked the call. The answer is {@code {content,
   * details?, isError}}; cancelling it aborts the tool.
   */
  CompletableFuture<JsonNode> runBuiltin(BuiltinToolRun run) {
    Tool tool =
        run.tool().equals("bash")
            ? builtin.bashWithVariables(run.variables())
            : builtin
                .get(run.tool())
                .orElseThrow(() -> new IllegalArgumentException("no built-in tool " + run.tool()));
    AbortSignal signal = AbortSignal.never();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    Thread.ofVirtual()
        .name("graft-builtin-" + run.tool())
        .start(() -> {
          try {
            ToolResult r =
                tool.execute(
                    run.toolCallId(), run.arguments(), new ToolContext(run.cwd(), signal, null));
            ObjectNode o = Json.object();
            o.set("content", MessageCodec.encodeBlocks(r.content()));
            r.details().ifPresent(d -> o.set("details", d));
            o.put("isError", r.isError());
            answer.complete(o);
          } catch (RuntimeException e) {
            answer.completeExceptionally(e);
          }
        });
    answer.whenComplete((v, e) -> {
      if (answer.isCancelled()) {
        signal.abort();
      }
    });
    return answer;
  }

  /** The script tools' names and the paths of the scripts that registered them. */
  Map<String, String> scriptToolFiles() {
    Map<String, String> out = new LinkedHashMap<>();
    engine.ifPresent(
        e -> e.tools().forEach(t -> out.putIfAbsent(t.name(), t.script().path().toString())));
    return out;
  }

  /** Every tool by name: built-ins first. */
  Map<String, Tool> all() {
    Map<String, Tool> all = new LinkedHashMap<>();
    builtin.all().forEach(t -> all.put(t.name(), t));
    scriptTools().forEach(t -> all.put(t.name(), t));
    return all;
  }

  /**
   * --tools or --no-tools chose the agent's tools: a tool a script registers later is not added to
   * them.
   */
  void keepChosenTools() {
    offerLateTools = false;
  }

  /**
   * The tool a script registered after loading, when the agent should offer it now, as the
   * reference activates a newly registered tool; empty when the user chose the tools.
   */
  Optional<Tool> lateTool(String name) {
    return offerLateTools
        ? scriptTools().stream().filter(t -> t.name().equals(name)).findFirst()
        : Optional.empty();
  }

  /**
   * The named tools, in the order given; an unknown name is an IllegalArgumentException listing the
   * known ones.
   */
  List<Tool> select(List<String> names) {
    Map<String, Tool> all = all();
    List<Tool> selected = new ArrayList<>();
    for (String name : names) {
      Tool tool = all.get(name.strip());
      if (tool == null) {
        throw new IllegalArgumentException(
            "unknown tool '" + name + "' (known: " + String.join(", ", all.keySet()) + ")");
      }
      if (!selected.contains(tool)) {
        selected.add(tool);
      }
    }
    return selected;
  }
}
