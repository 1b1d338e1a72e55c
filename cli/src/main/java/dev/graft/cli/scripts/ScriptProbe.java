package dev.graft.cli.scripts;

import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptTool;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Loads scripts in an engine of their own, with no agent behind it, to see what they register and
 * what goes wrong ({@code graft scripts list} and {@code check}). Warnings and errors a script logs
 * while loading count as its problems; its other output is dropped. A command with a built-in
 * command's name is only a warning: a run keeps the built-in and loads the script, as the reference
 * does.
 */
public final class ScriptProbe {
  private ScriptProbe() {}

  /**
   * What loading gave: the report, each script's events, the warnings logged per script (its
   * problems), what a run leaves out but says and goes on ({@code notices}: a command with a
   * built-in command's name), by script path.
   */
  public record Result(
      LoadReport report,
      Map<ScriptFile, List<String>> events,
      Map<Path, List<String>> warnings,
      Map<Path, List<String>> notices,
      List<ScriptCommand> commands,
      List<ScriptTool> tools) {}

  /**
   * Loads {@code sources} as a run does, each script with the Node access {@code access} gives it
   * (its grants, as a run's).
   */
  public static Result load(ScriptSources sources, Function<ScriptFile, NodeAccess> access) {
    Map<Path, List<String>> warnings = new LinkedHashMap<>();
    ScriptLog log =
        new ScriptLog() {
          @Override
          public void line(ScriptFile script, Level level, String text) {
            if (level == Level.WARN || level == Level.ERROR) {
              synchronized (warnings) {
                warnings.computeIfAbsent(script.path(), p -> new ArrayList<>()).add(text);
              }
            }
          }
        };
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), noAgent(access), log)) {
      LoadReport report = engine.load(sources);
      Map<ScriptFile, List<String>> events = new LinkedHashMap<>();
      for (ScriptFile f : engine.scripts()) {
        events.put(f, engine.events(f));
      }
      synchronized (warnings) {
        // What a run leaves out: a command with a built-in one's name. (A tool with a built-in
        // tool's name replaces it: the listing says so.)
        Map<Path, List<String>> notices = new LinkedHashMap<>();
        for (ScriptCommand c : engine.commands()) {
          ScriptCommandPrompts.refusal(c.name())
              .ifPresent(
                  w -> notices.computeIfAbsent(c.script().path(), p -> new ArrayList<>()).add(w));
        }
        return new Result(
            report,
            events,
            Map.copyOf(warnings),
            Map.copyOf(notices),
            engine.commands(),
            engine.tools());
      }
    }
  }

  /**
   * A port where every call fails: there is no agent while listing. A proxy, so that methods the
   * port gains later fail the same way.
   */
  static ScriptHostPort noAgent(Function<ScriptFile, NodeAccess> access) {
    InvocationHandler refuse =
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "equals" -> {
              return proxy == args[0];
            }
            case "hashCode" -> {
              return System.identityHashCode(proxy);
            }
            case "toString" -> {
              return "no agent";
            }
            case "nodeAccess" -> {
              return access.apply((ScriptFile) args[0]);
            }
            case "registerProvider", "unregisterProvider", "unloaded" -> {
              return null; // a script may register a provider as it loads; no run uses it here
            }
            case "agentDir", "spawn" -> {
              return InvocationHandler.invokeDefault(proxy, method, args); // no programs
            }
            default -> {
              IllegalStateException e =
                  new IllegalStateException(
                      "there is no agent while scripts are listed or checked");
              if (CompletableFuture.class.isAssignableFrom(method.getReturnType())) {
                return CompletableFuture.failedFuture(e);
              }
              throw e;
            }
          }
        };
    return (ScriptHostPort)
        Proxy.newProxyInstance(
            ScriptHostPort.class.getClassLoader(), new Class<?>[] {ScriptHostPort.class}, refuse);
  }
}
