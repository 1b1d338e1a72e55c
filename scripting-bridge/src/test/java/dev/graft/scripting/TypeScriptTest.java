package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.modules.TypeScriptStripper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TypeScript scripts: types erased at load, lines kept, ./x.js reaching x.ts, errors at the .ts
 * line.
 */
class TypeScriptTest {
  @TempDir Path temp;

  private static final String TYPED =
      """
      import type { Thing } from "./types.js";
      import { type Other, twice } from "./lib/util.js";

      interface Event {
        text: string;
        count?: number;
      }
      type Reply = { action: "transform"; text: string };

      abstract class Base<T> implements Thing {
        private readonly prefix: string = ">";
        protected label?: string;
        static made: number = 0;
        abstract name(): string;
        public wrap(s: T): string { return this.prefix + String(s); }
      }
      class Shout extends Base<string> {
        override name(): string { return "shout"; }
      }

      function pick<T>(items: T[], i: number): T | undefined;
      function pick<T>(items: T[], i: number) { return items[i]; }

      export default function (pi: any): void {
        pi.on("input", (e: Event): Reply => {
          const s = new Shout();
          const text = (e.text as string).toUpperCase()!;
          const n = pick<number>([e.count ?? 1], 0) satisfies number | undefined;
          return { action: "transform", text: s.wrap(twice(text)) + n };
        });
        pi.on("agent_start", (): never => {
          throw new Error("typed failure");
        });
        pi.on("turn_start", (): string => new Error("where").stack as string);
      }
      """;

  @Test
  void typeScriptScriptsLoadWithTheirTypesErasedAndLinesKept() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("typed.ts", TYPED);
      f.write("lib/types.ts", "export interface Thing {}\n");
      f.write(
          "lib/util.ts",
          "export type Other = number;\nexport const twice = (s: string): string => s + s;\n");
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      assertThat(r.loaded()).extracting(ScriptFile::name).containsExactly("typed.ts");
      HandlerOutcome.Answered a =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\",\"count\":3}").get(0);
      assertThat(a.value().path("text").asText()).isEqualTo(">HIHI3");
      assertThat(ScriptFixture.messageOf(f.emit("agent_start", "{}").get(0)))
          .isEqualTo(
              f.dir.resolve("typed.ts")
                  + ": agent_start handler failed: Error: typed failure (at typed.ts:32)");
      HandlerOutcome.Answered stack = (HandlerOutcome.Answered) f.emit("turn_start", "{}").get(0);
      // Line 34, column 37: where "new Error" is in the .ts file as written, types and all.
      assertThat(stack.value().asText()).endsWith("/typed.ts:34:37");
    }
  }

  @Test
  void typeScriptFilesAreDiscoveredLikeJavaScriptOnes() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a.mts", "export default function (pi: any) {}\n");
      f.write("b.ts", "export default function (pi: any) {}\n");
      f.write("b.test.ts", "export default [];\n");
      f.write("types.d.ts", "export interface X {}\n");
      f.write("c/index.ts", "export default function (pi: any) {}\n");
      ScriptFinder.Discovery d = ScriptFinder.discover(f.sources);
      assertThat(d.scripts())
          .extracting(ScriptFile::name)
          .containsExactly("a.mts", "b.ts", "c/index.ts");
    }
  }

  @Test
  void erasingKeepsEveryLineAndColumn() throws Exception {
    String stripped = new TypeScriptStripper().strip("typed.ts", TYPED);
    assertThat(stripped.lines().count()).isEqualTo(TYPED.lines().count());
    assertThat(stripped).hasSameSizeAs(TYPED);
    assertThat(stripped.lines().toList().get(24))
        .isEqualTo("  pi.on(\"input\", (e       )        => {");
    assertThat(stripped)
        .doesNotContain(
            "interface",
            "private",
            "readonly",
            " as string",
            "satisfies",
            "<number>",
            "implements");
    assertThat(stripped)
        .contains(
            "class Shout extends Base         {",
            "static made",
            "function pick   (items     , i        ) {");
  }

  @Test
  void syntaxErrorsAndCodeThatNeedsGeneratingAreReportedAtTheirLine() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a-syntax.ts", "export default function (pi: any) {\n  const x: = 1;\n}\n");
      f.write(
          "b-namespace.ts",
          "\n\nnamespace Color { export const red = 1; }\nexport default function (pi) {}\n");
      f.write(
          "c-imports-bad.ts",
          "import { y } from './lib/broken.js';\nexport default function (pi) {}\n");
      f.write("lib/broken.ts", "export const y: number = ;\n");
      LoadReport r = f.load();
      String d = f.dir.toString();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .satisfiesExactly(
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/a-syntax.ts: loading failed: SyntaxError: Type expected. (at a-syntax.ts:2)"),
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/b-namespace.ts: loading failed: a namespace that holds values needs code"
                              + " generated that graft does not write: use a module or an object instead (at b-namespace.ts:3)"),
              m ->
                  assertThat(m)
                      .contains("cannot import " + d + "/lib/broken.ts: SyntaxError: ")
                      .contains("(at broken.ts:1)"));
    }
  }

  @Test
  void aByteThatIsNotUtf8ReadsAsAReplacementCharacterAsInAJavaScriptFile() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      // "café" in Latin-1: node, tsc and graft's .js files read the byte as U+FFFD.
      latin1(
          f.write("main.ts", ""),
          "import { tail } from \"./lib/tail.js\";\n"
              + "export default function (pi: any): void {\n"
              + "  pi.on(\"input\", (): string => \"caf\u00e9\" + tail);\n"
              + "}\n");
      latin1(f.write("lib/tail.ts", ""), "export const tail: string = \"caf\u00e9\";\n");
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      HandlerOutcome.Answered a = (HandlerOutcome.Answered) f.emit("input", "{}").get(0);
      assertThat(a.value().asText()).isEqualTo("caf\uFFFDcaf\uFFFD");
    }
  }

  private static void latin1(Path file, String text) throws IOException {
    Files.write(file, text.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void theStripperKeepsResultsByContent() throws Exception {
    TypeScriptStripper s = new TypeScriptStripper();
    String first = s.strip("a.ts", "let a: number = 1;\n");
    assertThat(first).isEqualTo("let a         = 1;\n");
    assertThat(s.strip("b.ts", "let a: number = 1;\n")).isSameAs(first);
    assertThat(TypeScriptStripper.handles("x.ts")).isTrue();
    assertThat(TypeScriptStripper.handles("x.mts")).isTrue();
    assertThat(TypeScriptStripper.handles("x.d.ts")).isFalse();
    assertThat(TypeScriptStripper.handles("x.tsx")).isFalse();
    for (int run = 0; run < 2; run++) {
      assertThatThrownBy(() -> s.strip("c.ts", "\nnamespace N { export const x = 1; }\n"))
          .isInstanceOf(TypeScriptStripper.TypeScriptError.class)
          .hasMessageStartingWith("a namespace that holds values needs code generated")
          .extracting(e -> ((TypeScriptStripper.TypeScriptError) e).line())
          .isEqualTo(2);
    }
  }
}
