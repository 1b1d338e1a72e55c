package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where graft draws no components (RPC, -p), a script written for the reference's terminal gets the
 * reference's fallbacks: ctx.ui.custom resolves undefined without calling its factory, a widget,
 * footer or header given as a factory is ignored, and a widget's lines still go to the RPC client.
 */
class ComponentFallbacksCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String SCRIPT =
      """
      import { Text } from "@mariozechner/pi-tui";
      export default function (pi) {
        pi.registerCommand("draw", { handler: async (args, ctx) => {
          let called = 0;
          const answer = await ctx.ui.custom((tui, theme, kb, done) => { called++; return new Text("never"); });
          ctx.ui.setWidget("fancy", () => { called++; return new Text("never"); });
          ctx.ui.setWidget("plain", ["a line"], { placement: "belowEditor" });
          ctx.ui.setFooter(() => { called++; return new Text("never"); });
          ctx.ui.setHeader(() => { called++; return new Text("never"); });
          ctx.ui.setFooter(undefined);
          ctx.ui.notify("custom " + answer + ", factories called " + called + ", hasUI " + ctx.hasUI, "info");
          return "custom " + answer + ", factories called " + called;
        } });
      }
      """;

  @Test
  void overRpcCustomResolvesUndefinedAndFactoriesAreIgnoredButWidgetLinesAreSent()
      throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/draw.js"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--scripts", "scripts")) {
      rpc.send("{\"id\":\"d\",\"type\":\"prompt\",\"message\":\"/draw\"}");
      List<JsonNode> widgets = new ArrayList<>();
      JsonNode notify =
          rpc.await(
              l -> {
                if (l.path("method").asText().equals("setWidget")) {
                  widgets.add(l);
                }
                return l.path("method").asText().equals("notify");
              },
              "the notification");
      assertThat(notify.path("message").asText())
          .isEqualTo("custom undefined, factories called 0, hasUI true");
      assertThat(widgets)
          .singleElement()
          .satisfies(w -> {
            assertThat(w.path("widgetKey").asText()).isEqualTo("plain");
            assertThat(w.path("widgetLines").toString()).isEqualTo("[\"a line\"]");
            assertThat(w.path("widgetPlacement").asText()).isEqualTo("belowEditor");
          });
    }
  }

  @Test
  void inPrintModeCustomResolvesUndefinedWithoutCallingTheFactory() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(work.resolve("scripts/draw.js"), SCRIPT);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
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
            "/draw");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // what the command returns is sent as the prompt
    try (Session s = Session.open(LastSession.file(home, work))) {
      assertThat(
              s.branchPath().stream()
                  .filter(e ->
                      e instanceof SessionEntry.Message m
                          && m.message() instanceof AgentMessage.User)
                  .map(e ->
                      ((AgentMessage.User) ((SessionEntry.Message) e).message()).content().text(""))
                  .toList())
          .containsExactly("custom undefined, factories called 0");
    }
    assertThat(run.out() + run.err()).doesNotContain("never");
  }
}
