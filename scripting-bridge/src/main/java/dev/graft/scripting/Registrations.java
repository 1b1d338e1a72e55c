package dev.graft.scripting;

import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFlag;
import dev.graft.scripting.api.ScriptShortcut;
import dev.graft.scripting.api.ScriptTool;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.graalvm.polyglot.Value;

/**
 * What one script registered: its handlers by event, in the order it subscribed, its commands,
 * tools and message renderers. {@link HostCalls} adds to it as the script calls {@code graft.on},
 * {@code registerCommand}, {@code registerTool} and {@code registerMessageRenderer}; {@link
 * RunningScripts} and the engine read it. Owner thread only.
 */
final class Registrations {
  record Command(ScriptCommand info, Value handler) {}

  /** A tool: its execute, and its renderCall and renderResult (null when it has none). */
  record Tool(ScriptTool info, Value execute, Value renderCall, Value renderResult) {
    boolean renders() {
      return renderCall != null || renderResult != null;
    }
  }

  record Flag(ScriptFlag info, Value defaultValue) {}

  record Shortcut(ScriptShortcut info, Value handler) {}

  private final Map<String, Flag> flags = new LinkedHashMap<>();
  private final Map<String, Shortcut> shortcuts = new LinkedHashMap<>();

  void addFlag(Flag flag) {
    flags.put(flag.info().name(), flag);
  }

  Optional<Flag> flag(String name) {
    return Optional.ofNullable(flags.get(name));
  }

  Collection<Flag> flags() {
    return flags.values();
  }

  void addShortcut(Shortcut shortcut) {
    shortcuts.put(shortcut.info().key(), shortcut);
  }

  Optional<Shortcut> shortcut(String key) {
    return Optional.ofNullable(shortcuts.get(key));
  }

  Collection<Shortcut> shortcuts() {
    return shortcuts.values();
  }

  private final Map<String, List<Value>> handlers = new LinkedHashMap<>();

  /** graft's wrappers of handlers (tool_call's watchInput) to the script's own functions. */
  private final Map<Value, Value> wrapped = new IdentityHashMap<>();

  /**
   * Where each handler's own function is ("stacking.js:67"), read once as it is registered: a wrong
   * answer is reported off the script's thread, where its function cannot be asked.
   */
  private final Map<Value, String> places = new IdentityHashMap<>();

  private final Map<String, Command> commands = new LinkedHashMap<>();
  private final Map<String, Tool> tools = new LinkedHashMap<>();

  /** Message renderers by custom type. */
  private final Map<String, Value> renderers = new LinkedHashMap<>();

  /**
   * {@code handler} is graft's wrapper around the script's function {@code own} (whose line errors
   * name), or {@code own} itself; {@code place}: where {@code own} is, when known.
   */
  void addHandler(String event, Value handler, Value own, Optional<String> place) {
    handlers.computeIfAbsent(event, e -> new ArrayList<>()).add(handler);
    if (own != handler) {
      wrapped.put(handler, own);
    }
    place.ifPresent(p -> places.put(handler, p));
  }

  List<Value> handlersFor(String event) {
    return handlers.getOrDefault(event, List.of());
  }

  /** Where the script's own function behind handler {@code fn} is, as "file.js:LINE". */
  Optional<String> placeOf(Value fn) {
    return Optional.ofNullable(places.get(fn));
  }

  /** The events it has handlers for, in the order it subscribed. */
  List<String> events() {
    return handlers.entrySet().stream()
        .filter(e -> !e.getValue().isEmpty())
        .map(Map.Entry::getKey)
        .toList();
  }

  /**
   * The script's own function behind {@code fn}, when {@code fn} is a wrapper graft made around it.
   */
  Value ownFunction(Value fn) {
    return wrapped.getOrDefault(fn, fn);
  }

  void addCommand(Command command) {
    commands.put(command.info().name(), command);
  }

  Optional<Command> command(String name) {
    return Optional.ofNullable(commands.get(name));
  }

  Collection<Command> commands() {
    return commands.values();
  }

  void addTool(Tool tool) {
    tools.put(tool.info().name(), tool);
  }

  Optional<Tool> tool(String name) {
    return Optional.ofNullable(tools.get(name));
  }

  Collection<Tool> tools() {
    return tools.values();
  }

  void addRenderer(String customType, Value renderer) {
    renderers.put(customType, renderer);
  }

  Optional<Value> renderer(String customType) {
    return Optional.ofNullable(renderers.get(customType));
  }

  Set<String> rendererTypes() {
    return renderers.keySet();
  }
}
