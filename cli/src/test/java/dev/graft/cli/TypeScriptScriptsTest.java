package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.setup.ScriptFingerprint;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TypeScript scripts from the command line: check reports FILE:LINE, trust covers .ts files. */
class TypeScriptScriptsTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void checkReportsTypeScriptSyntaxErrorsAsFileAndLine() throws Exception {
    Files.writeString(work.resolve("bad.ts"), "export default function (graft: any) {\n\n  const n: = 2;\n}\n");
    CliRun bad = CliRun.run(home, work, "scripts", "check", "bad.ts");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.out()).startsWith(work.resolve("bad.ts") + ":3: loading failed: SyntaxError: Unexpected token `=`");
    Path cache = home.resolve("cache/typescript");
    assertThat(cache).as("a syntax error is not cached").doesNotExist();

    Files.writeString(work.resolve("ok.ts"), """
        import { label } from "./names.js";
        type Ctx = { cwd: string };
        export default function (graft: any): void {
          graft.on("context", (_e: unknown, ctx: Ctx) => {});
          graft.registerCommand(label, { description: "d", handler: (): string => "x" });
        }
        """);
    Files.writeString(work.resolve("names.ts"), "export const label: string = \"typed\";\n");
    CliRun ok = CliRun.run(home, work, "scripts", "check", "ok.ts");
    assertThat(ok.exitCode()).as(ok.out()).isZero();
    assertThat(ok.out()).isEqualTo(work.resolve("ok.ts") + ": loads; events context; commands /typed\nNo problems found.\n");
    try (java.util.stream.Stream<Path> entries = Files.list(cache)) {
      assertThat(entries.map(p -> p.getFileName().toString())).as("ok.ts and names.ts, erased")
          .hasSize(2).allMatch(n -> n.matches("[0-9a-f]{64}\\.js"));
    }
    CliRun warm = CliRun.run(home, work, "scripts", "check", "ok.ts");
    assertThat(warm.out()).isEqualTo(ok.out());
  }

  @Test
  void theTrustFingerprintCoversTypeScriptFiles() throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts/lib"));
    Files.writeString(dir.resolve("a.ts"), "export const a: number = 1;\n");
    Files.writeString(work.resolve("scripts/b.mts"), "export default function () {}\n");
    ScriptFingerprint before = ScriptFingerprint.of(work.resolve("scripts"), "");
    assertThat(before.files()).containsOnlyKeys("lib/a.ts", "b.mts");
    Files.writeString(dir.resolve("a.ts"), "export const a: number = 2;\n");
    ScriptFingerprint after = ScriptFingerprint.of(work.resolve("scripts"), "");
    assertThat(after.value()).isNotEqualTo(before.value());
    assertThat(before.changesTo(after).describe()).isEqualTo("changed: lib/a.ts");
  }
}
