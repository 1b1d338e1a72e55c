package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defects TypeScript loading once had, each as a script run through the real loader: what the
 * script answers must be what tsc's JavaScript answers (the corpus test in the cli compares many
 * more files with tsc itself). Each of these failed with the swc-based eraser.
 */
class TypeScriptMeaningTest {
  @TempDir Path temp;

  /**
   * Loads {@code source} as x.ts and answers the {@code input} event; returns the answer's text or
   * the load problem.
   */
  private String run(String source) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("x.ts", source);
      LoadReport r = f.load();
      if (!r.problems().isEmpty()) {
        return "problem: " + r.problems().getFirst().message();
      }
      List<HandlerOutcome> out = f.emit("input", "{\"text\":\"t\"}");
      return ScriptFixture.messageOf(out.getFirst());
    }
  }

  private static String answering(String body) {
    return body
        + "\nexport default function (pi: any) { pi.on(\"input\", () => ({ action: \"transform\", text: String(answer()) })); }\n";
  }

  @Test
  void anArrowsReturnTypeOverSeveralLinesLeavesNoLineBreakBeforeTheArrow() {
    // As pi-mcp-adapter writes it: JavaScript allows no line break between ")" and "=>".
    assertThat(
            run(
                answering(
                    """
                    const pick = async (
                      kind: "a" | "b",
                    ): Promise<
                      | { status: "x"; n: number }
                      | { status: "y" }
                    > => (kind === "a" ? { status: "x", n: 1 } : { status: "y" });
                    const twice = (n: number): number
                      | string => n * 2;
                    const none = ():
                      void => {};
                    let got = "";
                    pick("a").then((r) => { got = r.status + twice(2) + typeof none(); });
                    function answer(): string { return got; }\
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"x4undefined\"}");
  }

  @Test
  void textOutsideTheBasicPlaneBeforeATypeKeepsEveryPosition() {
    assertThat(
            run(answering("// 😀\nconst n: number = 5;\nfunction answer(): number { return n; }")))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"5\"}");
    assertThat(
            run(
                answering(
                    "const s = \"🙂🙃\"; const t: string = s + \"!\";\nfunction answer(): string { return t; }")))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"🙂🙃!\"}");
  }

  @Test
  void aStackTraceNamesTheLineAndColumnAsWrittenAfterEmojiAndTypes() {
    String line = "  const face: string = \"😀\"; const e: Error = new Error(face as string);";
    String out =
        run(
            "// 🧪 types and emoji before the error\nfunction answer(): string {\n"
                + line
                + "\n  return String(e.stack);\n}\n"
                + "export default function (pi: any) { pi.on(\"input\", () => ({ action: \"transform\", text: answer() })); }\n");
    assertThat(out).contains("x.ts:3:" + (line.indexOf("new Error") + 1) + ")");
  }

  @Test
  void aReviewedGateAfterEmojiBlocksWhatItShould() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "gate.ts",
          """
          // 🔒 Reviewed gate: blocks destructive commands. 🚫🧨
          type Input = { command?: string };
          function isDangerous(input: Input): boolean {
            const command: string = input.command!;
            return /rm -rf/.test(command);
          }
          export default function (pi: any): void {
            pi.on("tool_call", (event: { input: Input }) => {
              const safe: boolean = !isDangerous(event.input);
              if (!safe) return { block: true, reason: "🛑 blocked" };
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(
              ScriptFixture.messageOf(
                  f.emit(
                          "tool_call",
                          "{\"toolName\":\"bash\",\"input\":{\"command\":\"rm -rf /\"}}")
                      .getFirst()))
          .isEqualTo("answered {\"block\":true,\"reason\":\"🛑 blocked\"}");
      assertThat(
              ScriptFixture.messageOf(
                  f.emit("tool_call", "{\"toolName\":\"bash\",\"input\":{\"command\":\"ls\"}}")
                      .getFirst()))
          .as("no answer: allowed")
          .isEqualTo("answered ");
    }
  }

  @Test
  void aCastAtALineEndDoesNotRunIntoTheNextLine() {
    assertThat(
            run(
                answering(
                    """
                    let log = "";
                    const f = ((s: string) => { log += "called "; return f; }) as any
                    (function () { log += "iife "; })();
                    const list = [1, 2] as number[]
                    [3].forEach(() => { log += "each"; });
                    function answer() { return log + " " + list.length; }
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"iife each 2\"}");
  }

  @Test
  void aClassIndexSignatureIsNotAField() {
    assertThat(
            run(
                answering(
                    """
                    class Bag { [key: string]: unknown; count = 1; }
                    function answer() { return Object.keys(new Bag()).join(","); }
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"count\"}");
  }

  @Test
  void fieldsNamedReadonlyOrDeclareOnTheirOwnLineStayFields() {
    assertThat(
            run(
                answering(
                    """
                    class Fields {
                      readonly
                      x = 1;
                      declare
                      y: number;
                    }
                    function answer() { return Object.keys(new Fields()).join(","); }
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"readonly,x,declare,y\"}");
  }

  @Test
  void anAngleBracketCastKeepsAnArrowsObjectAndAReturnsValue() {
    assertThat(
            run(
                answering(
                    """
                    const make = () => <any>{ kind: "made" };
                    function one(): number {
                      return <number>
                        1;
                    }
                    function answer() { return make().kind + one(); }
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"made1\"}");
  }

  @Test
  void enumsAndParameterPropertiesLoad() {
    assertThat(
            run(
                answering(
                    """
                    enum Level { Low = 1, High }
                    class User { constructor(public name: string, private readonly age = 3) {} get age2() { return this.age; } }
                    function answer() { const u = new User("ann"); return Level.High + Level[2] + Object.keys(u) + u.age2; }
                    """)))
        .isEqualTo("answered {\"action\":\"transform\",\"text\":\"2Highname,age3\"}");
  }

  @Test
  void aNestingBombIsALoadErrorOfOneLine() {
    for (int depth : new int[] {3_000, 100_000}) {
      for (String[] bomb : new String[][] {{"(", ")"}, {"[", "]"}, {"{a:", "}"}, {"Array<", ">"}}) {
        String source =
            bomb[0].equals("Array<")
                ? "let x: "
                    + bomb[0].repeat(depth)
                    + "number"
                    + bomb[1].repeat(depth)
                    + ";\nexport default function () {}\n"
                : "\nlet x = "
                    + bomb[0].repeat(depth)
                    + "1"
                    + bomb[1].repeat(depth)
                    + ";\nexport default function () {}\n";
        String line = bomb[0].equals("Array<") ? "1" : "2";
        assertThat(run(source))
            .as(bomb[0] + " x " + depth)
            .isEqualTo(
                "problem: "
                    + temp.resolve("scripts/x.ts")
                    + ": loading failed: nested more than 1,000 levels deep here: graft refuses such files rather than risk its"
                    + " stack (at x.ts:"
                    + line
                    + ")");
      }
    }
  }
}
