package dev.graft.scripting;

import static dev.graft.scripting.ScriptViewsTest.until;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's own editor (ctx.ui.setEditorComponent): a CustomEditor gets graft's text and keys and
 * hands graft what it submits and the app's keys, as the reference's app wires it; without
 * components the call does nothing, as in the reference's print and RPC modes.
 */
class ScriptEditorTest {
  @TempDir Path temp;

  private static final String MODAL =
      """
      import { CustomEditor } from "@mariozechner/pi-coding-agent";
      import { matchesKey } from "@earendil-works/pi-tui";
      class Modal extends CustomEditor {
        mode = "insert";
        handleInput(data) {
          if (matchesKey(data, "escape") && this.mode === "insert") { this.mode = "normal"; return; }
          if (this.mode === "normal" && data === "i") { this.mode = "insert"; return; }
          super.handleInput(data);
        }
        render(width) {
          const lines = super.render(width);
          lines[lines.length - 1] = this.mode.toUpperCase();
          return lines;
        }
      }
      let factory;
      export default function (pi) {
        pi.registerCommand("modal", { handler: async (args, ctx) => {
          factory = (tui, theme, kb) => new Modal(tui, theme, kb);
          ctx.ui.setEditorComponent(factory);
          return String(ctx.ui.getEditorComponent() === factory);
        } });
        pi.registerCommand("plain", { handler: async (args, ctx) => {
          ctx.ui.setEditorComponent(undefined);
          return String(ctx.ui.getEditorComponent());
        } });
        pi.registerCommand("bad", { handler: async (args, ctx) => {
          try { ctx.ui.setEditorComponent("nope"); } catch (e) { return e.message; }
          return "no error";
        } });
      }
      """;

  private static EventContext ctx(ViewUi ui) {
    return new EventContext(Json.object(), ui);
  }

  private static String run(ScriptFixture f, String command, ViewUi ui) throws Exception {
    JsonNode answer = f.engine.runCommand(command, "", ctx(ui)).get(10, TimeUnit.SECONDS);
    return answer.asText();
  }

  @Test
  void aCustomEditorTakesGraftsTextAndHandsBackSubmitAndTheAppsKeys() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("modal.js", MODAL);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      assertThat(run(f, "modal", ui)).isEqualTo("true");
      ScriptView editor = ui.editors.poll(10, TimeUnit.SECONDS);
      assertThat(editor.what()).isEqualTo("the editor (ctx.ui.setEditorComponent)");

      editor.setText("draft");
      editor.input("!");
      until(5, () -> ui.said.contains("change draft!"));
      assertThat(ViewUi.lines(editor, 12))
          .containsExactly("────────────", "draft!\033_pi:c\007\033[7m \033[27m     ", "INSERT");

      // Escape: the script's own (normal mode); then graft's (app.interrupt) with the text
      editor.input("\033");
      ScriptViewsTest.until(
          5,
          () -> ViewUi.lines(editor, 12).getLast().equals("NORMAL"),
          () -> ViewUi.lines(editor, 12) + " " + ui.said + ui.problems);
      editor.input("\033");
      editor.input("\003"); // Ctrl+C: app.clear
      editor.input("i");
      editor.input("\r");
      ScriptViewsTest.until(5, () -> ui.said.contains("submit draft!"), ui.said::toString);
      editor.input("\004"); // Ctrl+D on the empty editor: app.exit
      editor.input("\017"); // Ctrl+O: app.tools.expand
      ScriptViewsTest.until(5, () -> ui.said.size() >= 8, ui.said::toString);
      assertThat(ui.said)
          .containsExactly(
              "change draft",
              "change draft!",
              "app.interrupt draft!",
              "app.clear draft!",
              "change ",
              "submit draft!",
              "app.exit ",
              "app.tools.expand ");

      assertThat(run(f, "plain", ui)).isEqualTo("undefined");
      until(5, editor::closed);
      assertThat(ui.events).containsExactly("editor true", "editor false");
      assertThat(run(f, "bad", ui))
          .isEqualTo(
              "ctx.ui.setEditorComponent: the factory must be a function (tui, theme, keybindings)"
                  + " => editor, or undefined for graft's editor");
    }
  }

  @Test
  void withoutComponentsSetEditorComponentDoesNothingAsInTheReferencesRpcMode() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("modal.js", MODAL);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(false);
      assertThat(run(f, "modal", ui)).isEqualTo("false");
      assertThat(ui.events).isEmpty();
    }
  }
}
