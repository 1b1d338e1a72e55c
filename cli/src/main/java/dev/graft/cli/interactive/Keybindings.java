package dev.graft.cli.interactive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.tui.Key;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The interactive mode's key actions and their keys, by the reference's ids and defaults ({@code
 * app.model.cycleForward}: Ctrl+P...), changed in {@code $GRAFT_HOME/keybindings.json} ({@code
 * {"app.model.cycleForward": "ctrl+n"}}, or a list of keys; an empty list unbinds). An unknown id
 * or key name is reported, one line each, and the default kept.
 */
final class Keybindings {
  /** An action: its id, what it does, and its default keys. */
  record Action(String id, String description, List<String> defaults) {}

  static final List<Action> ACTIONS =
      List.of(
          new Action("app.interrupt", "Abort the running turn or command", List.of("escape")),
          new Action(
              "app.clear",
              "Clear the editor; on an empty one, abort, and twice within a second quit",
              List.of("ctrl+c")),
          new Action("app.exit", "Quit (on an empty editor)", List.of("ctrl+d")),
          new Action("app.thinking.cycle", "Next thinking level", List.of("shift+tab")),
          new Action(
              "app.model.cycleForward", "Next model (of those with a key)", List.of("ctrl+p")),
          new Action("app.model.cycleBackward", "Previous model", List.of("ctrl+shift+p")),
          new Action("app.model.select", "Pick a model", List.of("ctrl+l")),
          new Action(
              "app.tools.expand",
              "Expand or collapse tool output and summaries",
              List.of("ctrl+o")),
          new Action("app.thinking.toggle", "Show or hide thinking", List.of("ctrl+t")),
          new Action(
              "app.message.followUp",
              "While the agent works: queue a follow-up (idle: a new line)",
              List.of("alt+enter")),
          new Action(
              "app.message.dequeue",
              "Take queued messages back into the editor",
              List.of("alt+up")),
          new Action("app.session.new", "Start a new session", List.of()),
          new Action("app.session.tree", "Open the session tree", List.of()),
          new Action("app.session.fork", "Fork from an earlier message", List.of()),
          new Action("app.session.resume", "Resume another session", List.of()));

  private final Map<String, List<Key>> keys = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  private Keybindings() {}

  /** The defaults, changed by {@code file} when it exists. */
  static Keybindings load(Path file) {
    Keybindings k = new Keybindings();
    for (Action a : ACTIONS) {
      k.keys.put(a.id(), a.defaults().stream().map(n -> Key.parse(n).orElseThrow()).toList());
    }
    if (file == null || !Files.isRegularFile(file)) {
      return k;
    }
    JsonNode root;
    try {
      root = Json.parse(Files.readString(file));
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      k.problems.add(
          file
              + ": not valid JSON"
              + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
              + " ("
              + Json.problem(e)
              + "); the default keys are used");
      return k;
    } catch (IOException | RuntimeException e) {
      k.problems.add(file + ": cannot read it (" + e.getMessage() + "); the default keys are used");
      return k;
    }
    if (!root.isObject()) {
      k.problems.add(file + ": not a JSON object; the default keys are used");
      return k;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!k.keys.containsKey(e.getKey())) {
        if (!e.getKey().startsWith("tui.")) {
          k.problems.add(file + ": " + e.getKey() + " is not an action graft has; ignored");
        }
        continue;
      }
      List<String> names = new ArrayList<>();
      JsonNode v = e.getValue();
      if (v.isTextual()) {
        names.add(v.textValue());
      } else if (v.isArray()) {
        v.forEach(n -> names.add(n.asText()));
      } else {
        k.problems.add(
            file
                + ": "
                + e.getKey()
                + " must be a key name or a list of them; the default is kept");
        continue;
      }
      List<Key> parsed = new ArrayList<>();
      boolean ok = true;
      for (String name : names) {
        Optional<Key> key = Key.parse(name);
        if (key.isEmpty()) {
          k.problems.add(
              file
                  + ": "
                  + e.getKey()
                  + ": \""
                  + name
                  + "\" is not a key (write ctrl+p, alt+enter, shift+tab, escape...);"
                  + " the default is kept");
          ok = false;
          break;
        }
        parsed.add(key.get());
      }
      if (ok) {
        k.keys.put(e.getKey(), List.copyOf(parsed));
      }
    }
    return k;
  }

  List<String> problems() {
    return List.copyOf(problems);
  }

  /** The action {@code key} is bound to (the first, in the order of {@link #ACTIONS}). */
  Optional<String> action(Key key) {
    String name = key.name();
    for (Map.Entry<String, List<Key>> e : keys.entrySet()) {
      for (Key k : e.getValue()) {
        if (k.name().equals(name)) {
          return Optional.of(e.getKey());
        }
      }
    }
    return Optional.empty();
  }

  /** The first key of {@code id} as hints write it ({@code Ctrl+O}), or "unbound". */
  String shown(String id) {
    List<Key> bound = keys.getOrDefault(id, List.of());
    return bound.isEmpty() ? "(unbound)" : display(bound.getFirst());
  }

  /** All keys of {@code id}, for /hotkeys. */
  List<String> all(String id) {
    return keys.getOrDefault(id, List.of()).stream().map(Keybindings::display).toList();
  }

  static String display(Key key) {
    StringBuilder b = new StringBuilder();
    for (String part : key.name().split("\\+(?=.)")) {
      if (!b.isEmpty()) {
        b.append('+');
      }
      b.append(
          part.length() == 1
              ? part.toUpperCase(Locale.ROOT)
              : Character.toUpperCase(part.charAt(0)) + part.substring(1));
    }
    return b.toString().replace("Escape", "Esc");
  }
}
