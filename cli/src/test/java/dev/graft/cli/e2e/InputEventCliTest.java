package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code input} event as the reference sends it: its {@code source} ("interactive" for -p,
 * "rpc" for an RPC prompt, "extension" for a script's sendUserMessage).
 */
class InputEventCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String SCRIPT =
      """
      export default function (graft) {
        graft.on("input", (event) => {
          graft.appendEntry("input", { text: event.text, source: event.source });
          if (event.text === "ask") graft.sendUserMessage("from the script");
          if (event.text.startsWith("later ")) {
            return { action: "transform", text: event.text.replace("later ", "LATER: ") };
          }
          if (event.text === "drop") return { action: "handled" };
        });
        graft.on("input", (event) => {
          graft.appendEntry("second", { text: event.text });
          if (event.text.startsWith("LATER: ")) {
            return { action: "transform", text: event.text + " (twice)" };
          }
        });
        graft.registerTool({
          name: "hold",
          description: "Waits for a yes",
          async execute(id, params, signal, onUpdate, ctx) {
            await ctx.ui.confirm("Go on?", "the tool waits");
            return { content: [{ type: "text", text: "held" }] };
          },
        });
      }
      """;

  private void write(String turns) throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/inputs.js"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), turns);
  }

  private List<String> entries(String type) throws Exception {
    return LastSession.entries(home, work).stream()
        .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals(type))
        .map(e -> ((SessionEntry.Custom) e).data().map(JsonNode::toString).orElse(""))
        .toList();
  }

  @Test
  void printModeSaysInteractiveAndASentMessageSaysExtension() throws Exception {
    write("{\"text\": \"one\"}\n{\"text\": \"two\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "ask");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(entries("input"))
        .containsExactly(
            "{\"text\":\"ask\",\"source\":\"interactive\"}",
            "{\"text\":\"from the script\",\"source\":\"extension\"}");
  }
}
