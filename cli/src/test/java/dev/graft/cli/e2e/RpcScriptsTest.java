package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Script commands, dialogs and failures over --mode rpc, as a client sees them. */
class RpcScriptsTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String PICK =
      """
      export default function (graft) {
        graft.registerCommand("pick", {
          description: "Pick a colour and record it",
          handler: async (args, ctx) => {
            ctx.ui.setStatus("pick", "picking");
            const colour = await ctx.ui.select("Colour?", ["red", "green", "blue"]);
            graft.appendEntry("picked", { colour: colour ?? null, args });
            ctx.ui.notify("picked " + (colour ?? "nothing"), "info");
            ctx.ui.setStatus("pick", undefined);
            return colour ? "use " + colour : undefined;
          },
        });
        graft.registerCommand("boom", { description: "Always fails", handler: () => { throw new Error("kaboom"); } });
        graft.on("agent_start", () => { throw new Error("bad start"); });
      }
      """;

  private RpcDriver start(String turns) throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/pick.js"), PICK);
    Files.writeString(work.resolve("turns.jsonl"), turns);
    return RpcDriver.scripted(home, work, "--scripts", "scripts");
  }

  private static boolean request(JsonNode line, String method) {
    return line.path("type").asText().equals("extension_ui_request")
        && line.path("method").asText().equals(method);
  }

  @Test
  void getCommandsListsTemplatesAndSkillsAfterScriptCommandsAsTheReferenceDoes() throws Exception {
    Files.createDirectories(home.resolve("prompts"));
    Files.writeString(
        home.resolve("prompts/review.md"), "---\ndescription: Review a file\n---\nReview $1\n");
    Path skill = home.resolve("skills/notes/SKILL.md");
    Files.createDirectories(skill.getParent());
    Files.writeString(skill, "---\nname: notes\ndescription: Keeps notes.\n---\nTake notes\n");
    try (RpcDriver rpc = start("{\"text\": \"ok\"}\n")) {
      JsonNode commands =
          rpc.call("c", "{\"id\":\"c\",\"type\":\"get_commands\"}").at("/data/commands");
      List<String> listed = new ArrayList<>();
      commands.forEach(c ->
          listed.add(
              c.path("name").asText()
                  + " "
                  + c.path("source").asText()
                  + " "
                  + c.path("description").asText()));
      assertThat(listed)
          .containsExactly(
              "pick extension Pick a colour and record it",
              "boom extension Always fails",
              "review prompt Review a file",
              "skill:notes skill Keeps notes.");
      assertThat(commands.get(2).at("/sourceInfo/path").asText())
          .isEqualTo(home.resolve("prompts/review.md").toRealPath().toString());
      assertThat(commands.get(3).at("/sourceInfo/path").asText())
          .isEqualTo(skill.toRealPath().toString());
    }
  }

  @Test
  void aScriptCommandAsksBySelectAndItsAnswerLandsInTheSession() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"green it is\"}\n{\"text\": \"noted\"}\n")) {
      JsonNode commands =
          rpc.call("c", "{\"id\":\"c\",\"type\":\"get_commands\"}").at("/data/commands");
      assertThat(commands).hasSize(2);
      assertThat(commands.get(0).path("name").asText()).isEqualTo("pick");
      assertThat(commands.get(0).path("description").asText())
          .isEqualTo("Pick a colour and record it");
      assertThat(commands.get(0).path("source").asText()).isEqualTo("extension");
      assertThat(commands.get(0).at("/sourceInfo/path").asText())
          .isEqualTo(work.resolve("scripts/pick.js").toRealPath().toString());

      assertThat(
              rpc.call(
                      "p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"/pick for the walls\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      JsonNode status = rpc.await(l -> request(l, "setStatus"), "setStatus");
      assertThat(status.path("statusKey").asText()).isEqualTo("pick");
      assertThat(status.path("statusText").asText()).isEqualTo("picking");
      JsonNode select = rpc.await(l -> request(l, "select"), "the select dialog");
      assertThat(select.path("title").asText()).isEqualTo("Colour?");
      assertThat(select.path("options").toString()).isEqualTo("[\"red\",\"green\",\"blue\"]");
      String dialog = select.path("id").asText();

      // While the command waits for its answer, the reader keeps answering commands.
      assertThat(rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").path("success").asBoolean())
          .isTrue();
      // A value that is not an option is refused and the dialog stays open; an unknown id is
      // refused.
      rpc.send(
          "{\"type\":\"extension_ui_response\",\"id\":\"" + dialog + "\",\"value\":\"purple\"}");
      assertThat(rpc.response(dialog).path("error").asText())
          .contains("\"purple\" is not one of the options")
          .contains("still open");
      assertThat(
              rpc.call(
                      "nope",
                      "{\"type\":\"extension_ui_response\",\"id\":\"nope\",\"value\":\"red\"}")
                  .path("error")
                  .asText())
          .startsWith("no dialog is waiting for an answer with id nope (open: " + dialog + ")");

      rpc.send(
          "{\"type\":\"extension_ui_response\",\"id\":\"" + dialog + "\",\"value\":\"green\"}");
      assertThat(rpc.await(l -> request(l, "notify"), "notify").path("message").asText())
          .isEqualTo("picked green");
      JsonNode cleared = rpc.await(l -> request(l, "setStatus"), "setStatus cleared");
      assertThat(cleared.has("statusText")).isFalse();
      // The text the command returned is sent to the model as a prompt.
      JsonNode run = rpc.event("agent_end");
      assertThat(run.at("/messages/0/role").asText()).isEqualTo("user");
      assertThat(run.at("/messages/0/content").toString()).contains("use green");
      assertThat(run.at("/messages/1/content/0/text").asText()).isEqualTo("green it is");
      // The same dialog cannot be answered twice.
      assertThat(
              rpc.call(
                      dialog,
                      "{\"type\":\"extension_ui_response\",\"id\":\""
                          + dialog
                          + "\",\"value\":\"red\"}")
                  .path("error")
                  .asText())
          .contains("no dialog is waiting");

      // A cancelled dialog answers the script with undefined.
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"/pick again\"}");
      String second = rpc.await(l -> request(l, "select"), "the second select").path("id").asText();
      rpc.send("{\"type\":\"extension_ui_response\",\"id\":\"" + second + "\",\"cancelled\":true}");
      assertThat(rpc.await(l -> request(l, "notify"), "notify").path("message").asText())
          .isEqualTo("picked nothing");

      rpc.call("p3", "{\"id\":\"p3\",\"type\":\"prompt\",\"message\":\"carry on\"}");
      rpc.event("agent_end");
      Path file =
          Path.of(
              rpc.call("g", "{\"id\":\"g\",\"type\":\"get_state\"}")
                  .at("/data/sessionFile")
                  .asText());
      List<String> picked;
      try (Session session = Session.open(file)) {
        picked =
            session.entries().stream()
                .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("picked"))
                .map(e -> ((SessionEntry.Custom) e).data().map(JsonNode::toString).orElse(""))
                .toList();
      }
      assertThat(picked)
          .containsExactly(
              "{\"colour\":\"green\",\"args\":\"for the walls\"}",
              "{\"colour\":null,\"args\":\"again\"}");
    }
  }

  @Test
  void aScriptCommandWithABuiltInNameIsRefusedAsInTheInteractiveMode() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/taker.js"),
        """
        export default function (graft) {
          graft.registerCommand("model", { description: "Not the built-in", handler: () => "taken model" });
          graft.registerCommand("own", { description: "Its own", handler: () => undefined });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answer\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      JsonNode commands =
          rpc.call("c", "{\"id\":\"c\",\"type\":\"get_commands\"}").at("/data/commands");
      assertThat(commands)
          .singleElement()
          .satisfies(c -> assertThat(c.path("name").asText()).isEqualTo("own"));
      JsonNode model = rpc.call("m", "{\"id\":\"m\",\"type\":\"prompt\",\"message\":\"/model\"}");
      assertThat(model.path("success").asBoolean()).isFalse();
      assertThat(model.path("error").asText())
          .startsWith("/model is a built-in command of the interactive mode; it does not run here")
          .contains("(script commands: /own)");
      assertThat(rpc.err())
          .contains(
              "graft: warning: script command not added: /model exists already (from built-in)\n");
    }
  }

  @Test
  void scriptFailuresAreExtensionErrorsAndUnknownCommandsSuggestTheNearest() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"still answering\"}\n")) {
      JsonNode unknown =
          rpc.call("u", "{\"id\":\"u\",\"type\":\"prompt\",\"message\":\"/pik red\"}");
      assertThat(unknown.path("success").asBoolean()).isFalse();
      assertThat(unknown.path("error").asText())
          .isEqualTo("unknown command /pik; did you mean /pick? (script commands: /pick, /boom)");

      rpc.call("b", "{\"id\":\"b\",\"type\":\"prompt\",\"message\":\"/boom\"}");
      JsonNode boom = rpc.event("extension_error");
      assertThat(boom.path("extensionPath").asText())
          .isEqualTo(work.resolve("scripts/pick.js").toRealPath().toString());
      assertThat(boom.path("event").asText()).isEqualTo("command");
      assertThat(boom.path("error").asText())
          .contains("/boom")
          .contains("Error: kaboom")
          .contains("pick.js:13");

      rpc.send("{oops");
      assertThat(
              rpc.await(l -> l.path("command").asText().equals("parse"), "parse error")
                  .path("error")
                  .asText())
          .startsWith("not a JSON line");

      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hello\"}");
      JsonNode start = rpc.event("extension_error");
      assertThat(start.path("event").asText()).isEqualTo("agent_start");
      assertThat(start.path("error").asText()).contains("bad start");
      rpc.event("agent_end");
      assertThat(
              rpc.call("t", "{\"id\":\"t\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("still answering");
    }
  }

  @Test
  void theEndOfInputDismissesAnOpenDialogAndGraftExits() throws Exception {
    RpcDriver rpc = start("");
    rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"/pick\"}");
    rpc.await(l -> request(l, "select"), "the select dialog");
    rpc.close(); // asserts exit code 0 (the command got "dismissed" and finished)
  }
}
