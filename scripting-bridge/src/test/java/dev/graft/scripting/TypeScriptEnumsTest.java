package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Enum members read in initialisers as tsc reads them (review of issue 22, defect 6), each run
 * through the real loader; tsc's answers, from {@code transpileModule}, are written beside each
 * case. The cli's TypeScriptCorpusTest compares these and more with tsc itself.
 */
class TypeScriptEnumsTest {
  @TempDir Path temp;

  private String run(String body) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "x.ts",
          body
              + "\nexport default function (pi: any) { pi.on(\"input\", () => ({ action: \"transform\","
              + " text: String(answer()) })); }\n");
      LoadReport r = f.load();
      if (!r.problems().isEmpty()) {
        return "problem: " + r.problems().getFirst().message();
      }
      List<HandlerOutcome> out = f.emit("input", "{\"text\":\"t\"}");
      String answer = ScriptFixture.messageOf(out.getFirst());
      return answer.substring(answer.indexOf("\"text\":\"") + 8, answer.lastIndexOf("\"}"));
    }
  }

  @Test
  void theReviewsGateBlocksAsTscMeansIt() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "gate.ts",
          """
          const Block = 0; // a UI constant elsewhere in the file
          enum Verdict { Allow = 0, Block = 1 }
          enum Verdict { Default = Block }
          export default function (graft: any): void {
            graft.on("tool_call", (event: any) => {
              if (event.toolName === "bash" && Verdict.Default === Verdict.Block) return { block: true, reason: "blocked by default" };
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(
              ScriptFixture.messageOf(
                  f.emit("tool_call", "{\"toolName\":\"bash\",\"input\":{\"command\":\"ls\"}}")
                      .getFirst()))
          .isEqualTo("answered {\"block\":true,\"reason\":\"blocked by default\"}");
    }
    // Without the const, the second declaration still reads the first's member (graft: "Block is
    // not defined").
    assertThat(
            run(
                "enum V { Allow = 0, Block = 1 }\nenum V { Default = Block }\nfunction answer() { return V.Default; }"))
        .isEqualTo("1");
  }

  @Test
  void membersShadowOuterNamesWhateverTheirSpelling() {
    // tsc: 1 (graft read the outer A: 100)
    assertThat(
            run("const A = 100;\nenum E { \"A\" = 1, B = A }\nfunction answer() { return E.B; }"))
        .isEqualTo("1");
    // tsc: 5 and 10 (graft read the enum object)
    assertThat(
            run(
                "enum E { E = 5, F = E, G = E * 2 }\nfunction answer() { return E.F + \",\" + E.G; }"))
        .isEqualTo("5,10");
    // tsc: 1, 2, 1, 2 (graft read the global eval and the function's arguments)
    assertThat(
            run(
                "enum Ev { eval = 1, X = eval, Y = eval + Number(\"1\") }\nenum Ar { arguments = 1, X = arguments }\n"
                    + "function answer() { return [Ev.X, Ev.Y, Ar.X, (function () { return arguments.length; })(1, 2)].join(); }"))
        .isEqualTo("1,2,1,2");
    // tsc: keys 1,2,X,Y (graft mapped Object.prototype: "[object Object]")
    assertThat(
            run(
                "enum P { __proto__ = 1, X = __proto__, Y }\nfunction answer() { return Object.keys(P).join(); }"))
        .isEqualTo("1,2,X,Y");
  }

  @Test
  void whatTscComputesDecidesTheNextMemberAndTheReverseMapping() {
    // tsc: B is undefined after a computed member; a string a function returns is still mapped
    // back.
    assertThat(
            run(
                "function s(): string { return \"s\"; }\nenum C { A = Number(\"2\"), B, D = s() }\n"
                    + "function answer() { return JSON.stringify(C); }"))
        .isEqualTo(
            "{\\\"2\\\":\\\"A\\\",\\\"A\\\":2,\\\"undefined\\\":\\\"B\\\","
                + "\\\"D\\\":\\\"s\\\",\\\"s\\\":\\\"D\\\"}");
    // tsc: a constant declared before is evaluated: Y is 5.
    assertThat(run("const BASE = 4;\nenum B { X = BASE, Y }\nfunction answer() { return B.Y; }"))
        .isEqualTo("5");
  }

  @Test
  void aMemberReadBeforeItsDeclarationIsRefusedWithItsLine() {
    assertThat(run("\n\nenum F { A = B + 1, B = 1 }\nfunction answer() { return F.A; }"))
        .isEqualTo(
            "problem: "
                + temp.resolve("scripts/x.ts")
                + ": loading failed: an enum member's value reads B, a member declared after it:"
                + " tsc gives it the value 0 there; declare B first (at x.ts:3)");
  }
}
