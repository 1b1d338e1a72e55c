package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.cli.resources.PromptTemplate;
import dev.graft.cli.resources.Skill;
import dev.graft.cli.setup.RunResources;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptCommand;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The RPC commands about scripts: the commands they registered (with the prompt templates and
 * skills, as the reference lists them), and the answers to their dialogs.
 */
final class RpcScriptCommands {
  private final ScriptCommandPrompts commands;
  private final RunResources resources;
  private final RpcUi ui;
  private final Consumer<ObjectNode> write;

  RpcScriptCommands(
      ScriptCommandPrompts commands, RunResources resources, RpcUi ui, Consumer<ObjectNode> write) {
    this.commands = commands;
    this.resources = resources;
    this.ui = ui;
    this.write = write;
  }

  /**
   * As the reference lists them: the script commands, then the prompt templates ({@code source:
   * "prompt"}), then the skills ({@code "skill:NAME"}, {@code source: "skill"}), as read at the
   * start or the last reload.
   */
  void getCommands(RpcRequest r) {
    ObjectNode data = Json.object();
    ArrayNode list = data.putArray("commands");
    for (ScriptCommand command : commands.commands()) {
      add(list, command.name(), command.description(), "extension", command.script().path());
    }
    for (PromptTemplate template : resources.templates().all()) {
      add(list, template.name(), template.description(), "prompt", template.file());
    }
    for (Skill skill : resources.skills().all()) {
      add(list, "skill:" + skill.name(), skill.description(), "skill", skill.file());
    }
    write.accept(r.success().set("data", data));
  }

  private static void add(
      ArrayNode list, String name, String description, String source, Path path) {
    ObjectNode o = list.addObject().put("name", name);
    if (!description.isEmpty()) {
      o.put("description", description);
    }
    o.put("source", source);
    o.putObject("sourceInfo").put("path", path.toString());
  }

  /** Taken: no response, as in the reference; an unknown id or unusable value: an error. */
  void extensionUiResponse(RpcRequest r) {
    ui.answer(r.fields()).ifPresent(problem -> write.accept(r.error(problem)));
  }
}
