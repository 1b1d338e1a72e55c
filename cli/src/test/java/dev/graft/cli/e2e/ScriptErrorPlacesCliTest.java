package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Script errors that have no stack of their own still name a FILE:LINE, in a real {@code graft -p}
 * run and in {@code graft scripts check}: a {@code context} answer of the wrong shape names its
 * handler, and an import that fails in a module the script imports through another names that
 * module and its line.
 */
class ScriptErrorPlacesCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private Path write(String name, String text) throws Exception {
    Path p = work.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  @Test
  void aContextAnswerOfTheWrongShapeNamesItsHandlersLine() throws Exception {
    write("turns.jsonl", "{\"text\": \"fine\"}\n");
    write(
        "s/shape.js",
        """
        export default function (graft) {
          graft.on("context", (event) => {
            return { messages: "x" };
          });
        }
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "s",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err().strip())
        .isEqualTo(
            "graft: script problem: shape.js: context handler returned something other than"
                + " {messages: [...]}; ignored (at shape.js:2)");
  }

  @Test
  void anImportThatFailsInANestedModuleNamesThatModuleAndItsLine() throws Exception {
    write("turns.jsonl", "{\"text\": \"fine\"}\n");
    write("outside.js", "export const secret = 1;\n");
    Path script =
        write(
            "s/a.js",
            """
            import { b } from "./lib/b.js";
            export default function (graft) { graft.on("input", () => { b(); }); }
            """);
    write(
        "s/lib/b.js",
        """
        // helpers for a.js

        import { secret } from "../../outside.js";
        export function b() { return secret; }
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "s",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err().strip())
        .startsWith("graft: script " + script.toRealPath() + " not loaded: loading failed: Error:")
        .contains("it is outside the script directory")
        .endsWith(" (at lib/b.js:3)");

    CliRun check = CliRun.run(home, work, "scripts", "check", "s/a.js");
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.out())
        .startsWith(work.resolve("s/lib/b.js") + ":3: loading failed: Error: cannot import ")
        .contains("1 problem.");
  }
}
