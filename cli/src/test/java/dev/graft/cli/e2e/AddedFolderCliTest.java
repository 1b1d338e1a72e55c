package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code graft scripts add DIR} for a folder with no package.json manifest loads its {@code
 * index.ts} or {@code index.js}, as {@code -e DIR} does and as the reference's {@code pi install}
 * of a local folder does (its example extensions, such as plan-mode, are such folders). A package
 * from git, npm or a tarball gets no such index.
 */
class AddedFolderCliTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private Path planMode() throws IOException {
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
    return temp.resolve("plan-mode");
  }

  private CliRun prompt(Path home, Path proj, String prompt) throws IOException {
    write(proj.resolve("ok.jsonl"), "{\"text\": \"fine\"}\n");
    return CliRun.run(home, proj, "-p", "--provider", "scripted", "--model", "ok.jsonl", prompt);
  }

  @Test
  void anAddedFolderWithOnlyAnIndexTsLoadsItInEveryRun() throws Exception {
    planMode();
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home, proj, "scripts", "add", "../plan-mode");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(add.out()).contains("  scripts: index.ts\n").doesNotContain("scripts: none");
    CliRun run = prompt(home, proj, "/plan");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEqualTo("[index.ts] planned\n");
    CliRun list = CliRun.run(home, proj, "scripts", "list");
    assertThat(list.out()).contains("commands: /plan").contains("    scripts: index.ts\n");
  }

  @Test
  void anAddedFolderWithOnlyAnIndexJsLoadsIt() throws Exception {
    write(
        temp.resolve("greet/index.js"),
        """
        export default function (pi) {
          pi.registerCommand("greet", { handler: async () => { console.warn("hello"); } });
        }
        """);
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home, proj, "scripts", "add", "../greet");
    assertThat(add.out()).as(add.err()).contains("  scripts: index.js\n");
    CliRun run = prompt(home, proj, "/greet");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEqualTo("[index.js] hello\n");
  }

  @Test
  void aProjectsFolderPackageLoadsItsIndexOnceTrusted() throws Exception {
    planMode();
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home, proj, "scripts", "add", "--project", "../plan-mode");
    assertThat(add.out()).as(add.err()).contains("  scripts: index.ts\n");
    CliRun trust = CliRun.run(home, proj, "scripts", "trust", "--package", "plan-mode", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    CliRun run = prompt(home, proj, "/plan");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEqualTo("[index.ts] planned\n");
  }

  @Test
  void aFolderWithAManifestOrExtensionsFolderStillLoadsWhatItNames() throws Exception {
    write(temp.resolve("kit/index.js"), "export const lib = 1;\n");
    write(
        temp.resolve("kit/extensions/gate.js"),
        "export default function (pi) { console.warn(\"gate loaded\"); }\n");
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home, proj, "scripts", "add", "../kit");
    assertThat(add.out()).as(add.err()).contains("  scripts: extensions/gate.js\n");
    CliRun run = prompt(home, proj, "hi");
    assertThat(run.err()).isEqualTo("[gate.js] gate loaded\n");
  }

  @Test
  void aTarballWithOnlyAnIndexStaysALibrary() throws Exception {
    Path tgz = temp.resolve("lib-1.0.0.tgz");
    try (TarBuilder t = TarBuilder.gzip(tgz)) {
      t.file("package/package.json", "{\"name\": \"lib\", \"version\": \"1.0.0\"}\n")
          .file("package/index.js", "export default function (pi) { console.warn(\"loaded\"); }\n");
    }
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    CliRun add = CliRun.run(home, proj, "scripts", "add", tgz.toString());
    assertThat(add.out())
        .as(add.err())
        .contains("  scripts: none (a library: import it as \"lib\")");
    CliRun run = prompt(home, proj, "hi");
    assertThat(run.err()).doesNotContain("loaded");
  }
}
