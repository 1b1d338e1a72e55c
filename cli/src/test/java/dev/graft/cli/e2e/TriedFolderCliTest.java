package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code graft -e DIR} for a folder with no package.json manifest, as the reference reads one: its
 * {@code index.ts} or {@code index.js} loads (the reference's examples are such folders); a folder
 * with neither, nor a manifest, nor the conventional folders, loads nothing and says so in one
 * line.
 */
class TriedFolderCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private CliRun tryFolder(String folder, String prompt) throws IOException {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    write(proj.resolve("ok.jsonl"), "{\"text\": \"fine\"}\n");
    return CliRun.run(
        home,
        proj,
        "-p",
        "--provider",
        "scripted",
        "--model",
        "ok.jsonl",
        "-e",
        "../" + folder,
        prompt);
  }

  @Test
  void aFolderWithOnlyAnIndexTsLoadsItAndItsImports() throws Exception {
    write(temp.resolve("plan-mode/README.md"), "# plan mode\n");
    write(temp.resolve("plan-mode/utils.ts"), "export const word = (): string => \"planned\";\n");
    write(
        temp.resolve("plan-mode/index.ts"),
        """
        import { word } from "./utils.ts";
        export default function (pi: any): void {
          pi.registerCommand("plan", { description: "plan", handler: async (): Promise<void> => { console.warn(word()); } });
        }
        """);
    CliRun r = tryFolder("plan-mode", "/plan");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("[index.ts] planned\n");
  }

  @Test
  void aFolderWithOnlyAnIndexJsLoadsIt() throws Exception {
    write(
        temp.resolve("greet/index.js"),
        """
        export default function (pi) {
          pi.registerCommand("greet", { handler: async () => { console.warn("hello"); } });
        }
        """);
    CliRun r = tryFolder("greet", "/greet");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("[index.js] hello\n");
  }

  @Test
  void aFolderWithNoIndexNoManifestAndNoScriptsSaysSoInOneLine() throws Exception {
    write(temp.resolve("notes/README.md"), "# notes\n");
    CliRun r = tryFolder("notes", "hi");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err())
        .isEqualTo(
            "graft: warning: -e ../notes loads nothing: it has no index.ts or index.js, no"
                + " package.json manifest and no extensions/ folder (a library: import it as"
                + " \"notes\")\n");
  }

  @Test
  void aFolderOfLooseScriptsSaysHowToLoadThemAsScriptsAddDoes() throws Exception {
    write(temp.resolve("loose/gate.js"), "export default function (pi) {}\n");
    CliRun r = tryFolder("loose", "hi");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err())
        .isEqualTo(
            "graft: warning: -e ../loose loads nothing: it has no index.ts or index.js, no"
                + " package.json manifest and no extensions/ folder (a library: import it as"
                + " \"loose\"; to load gate.js, name it in a package.json: {\"graft\":"
                + " {\"scripts\": [\"gate.js\"]}}, or move them into extensions/)\n");
  }

  @Test
  void aManifestOrAnExtensionsFolderStillDecidesOverTheIndex() throws Exception {
    write(temp.resolve("kit/index.js"), "export const lib = 1;\n");
    write(
        temp.resolve("kit/extensions/gate.js"),
        "export default function (pi) { console.warn(\"gate loaded\"); }\n");
    CliRun r = tryFolder("kit", "hi");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("[gate.js] gate loaded\n");
  }
}
