package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptCommand;
import java.util.function.Consumer;

/**
 * The RPC commands about scripts: the commands they registered, and the answers to their dialogs.
 */
final class RpcScriptCommands {
  private final ScriptCommandPrompts commands;
  private final RpcUi ui;
  private final Consumer<ObjectNode> write;

  RpcScriptCommands(ScriptCommandPrompts commands, RpcUi ui, Consumer<ObjectNode> write) {
    this.commands = commands;
    this.ui = ui;
    this.write = write;
  }

  void getCommands(RpcRequest r) {
    ObjectNode data = Json.object();
    ArrayNode list = data.putArray("commands");
    for (ScriptCommand command : commands.commands()) {
      ObjectNode o = list.addObject().put("name", command.name());
      if (!command.description().isEmpty()) {
        o.put("description", command.description());
      }
      o.put("source", "extension");
      o.putObject("sourceInfo").put("path", command.script().path().toString());
    }
    write.accept(r.success().set("data", data));
  }

  /** Taken: no response, as in the reference; an unknown id or unusable value: an error. */
  void extensionUiResponse(RpcRequest r) {
    ui.answer(r.fields()).ifPresent(problem -> write.accept(r.error(problem)));
  }
}
