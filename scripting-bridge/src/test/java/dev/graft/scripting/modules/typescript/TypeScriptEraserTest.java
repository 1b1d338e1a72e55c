package dev.graft.scripting.modules.typescript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The eraser on its own: what it blanks, what it writes, what it refuses, and that no input breaks
 * it.
 */
class TypeScriptEraserTest {
  private static final String TYPED =
      """
      import type { A } from "./a.js";
      import { type B, c } from "./b.js";
      interface I<T> extends A { x?: T; m(): void }
      type U = string | ((n: number) => void);
      declare const d: number;
      export type { I };
      abstract class K<T> extends Base<T> implements I<T>, A {
        private readonly p: number = 1;
        protected q?: string;
        declare r: number;
        [key: string]: unknown;
        abstract s(): void;
        public m<X>(this: K<T>, a: X, b?: number): X { return a!; }
        static override get g(): string { return ""; }
      }
      function f(x: string): string;
      function f(x: any) { return x as string; }
      const v = <T,>(t: T): T => t satisfies unknown;
      let w!: number;
      for (const [k, n] of Object.entries(o) as [string, number][]) {}
      try {} catch (e: unknown) {}
      const h = g<number>(1) ?? new Map<string, Set<number>>();
      """;

  @Test
  void typesAreBlankedAndEveryOtherCharacterKeepsItsPlace() throws Exception {
    String out = TypeScriptEraser.erase(TYPED);
    assertThat(out).hasSameSizeAs(TYPED);
    for (int i = 0; i < out.length(); i++) {
      char c = out.charAt(i);
      if (c != ' ' && c != ';') {
        assertThat(c).as("character %d", i).isEqualTo(TYPED.charAt(i));
      }
    }
    assertThat(out.lines().toList())
        .containsExactly(
            ";                               ",
            "import {         c } from \"./b.js\";",
            ";                                            ",
            ";                                       ",
            ";                       ",
            ";                 ",
            "         class K    extends Base                       {",
            "  ;                p         = 1;",
            "  ;         q         ;",
            "  ;                 ",
            "  ;                      ",
            "  ;                  ",
            "  ;      m   (            a   , b         )    { return a ; }",
            "  static          get g()         { return \"\"; }",
            "}",
            ";                             ",
            "function f(x     ) { return x          ; }",
            "const v =     (t   )    => t                  ;",
            "let w         ;",
            "for (const [k, n] of Object.entries(o)                      ) {}",
            "try {} catch (e         ) {}",
            "const h = g        (1) ?? new Map                     ();");
  }

  @Test
  void aSemicolonGoesWhereAnErasedTailWouldLetTheNextLineContinue() throws Exception {
    assertThat(TypeScriptEraser.erase("let a = b as T\n(c)\n")).isEqualTo("let a = b ;   \n(c)\n");
    assertThat(TypeScriptEraser.erase("let a = b!\n[c]\n"))
        .isEqualTo("let a = b \n[c]\n")
        .as("x! continues into the next line in tsc too");
    assertThat(TypeScriptEraser.erase("let a = b as number\n- 1\n"))
        .isEqualTo("let a = b          \n- 1\n")
        .as("an operator continues the expression in tsc too");
    assertThat(TypeScriptEraser.erase("let a = 1\ntype T = 2\n(c)\n"))
        .isEqualTo("let a = 1\n;         \n(c)\n");
    assertThat(
            TypeScriptEraser.erase(
                "class K {\n  a = 1 as number\n  [b] = 2;\n  c?: string\n  [d]: number\n  [e: string]: 1\n}\n"))
        .isEqualTo(
            "class K {\n  a = 1 ;        \n  [b] = 2;\n  c ;       \n  [d];       \n  ;             \n}\n");
    assertThat(TypeScriptEraser.erase("a = b satisfies T\n`x`\n"))
        .isEqualTo("a = b ;          \n`x`\n");
  }

  @Test
  void wordsThatAreModifiersOnlyBeforeANameOnTheSameLineStayNames() throws Exception {
    assertThat(
            TypeScriptEraser.erase(
                "class K {\n  readonly\n  x = 1;\n  declare\n  y: number;\n  public = 2;\n}\n"))
        .isEqualTo("class K {\n  readonly\n  x = 1;\n  declare\n  y        ;\n  public = 2;\n}\n");
    assertThat(TypeScriptEraser.erase("let type = 1;\ntype\nFoo = 2;\ndeclare\n++x;\n"))
        .isEqualTo("let type = 1;\ntype\nFoo = 2;\ndeclare\n++x;\n");
  }

  @Test
  void angleBracketCastsGetParenthesesWhereErasingAloneWouldChangeTheMeaning() throws Exception {
    assertThat(TypeScriptEraser.erase("f = () => <any>{ a: 1 };"))
        .isEqualTo("f = () => (    { a: 1 });");
    assertThat(TypeScriptEraser.erase("function g() {\n  return <T>\n    1;\n}"))
        .isEqualTo("function g() {\n  return (  \n    1);\n}");
    assertThat(TypeScriptEraser.erase("x = <number>y + 1;")).isEqualTo("x =         y + 1;");
  }

  @Test
  void enumsAndParameterPropertiesAreWrittenOnTheirOwnLines() throws Exception {
    String out =
        TypeScriptEraser.erase(
            "enum E {\n  A,\n  B = \"b\",\n}\nclass K extends L {\n  constructor(public x: number) {\n"
                + "    super();\n  }\n}\n");
    assertThat(out.lines().toList())
        .containsExactly(
            "var E;(function (E) {        ",
            "  E[E[\"A\"] = 0] = \"A\";  ",
            "      E[\"B\"] = (\"b\"); ",
            "})(E || (E = {})); ",
            "class K extends L {x;",
            "  constructor(       x        ) {",
            "    super();;this.x=x;",
            "  }",
            "}");
  }

  @Test
  void whatNeedsMoreCodeIsRefusedWithItsLine() {
    refused("\n@dec class K {}", 2, "decorators are not supported");
    refused("class K { @dec m() {} }", 1, "decorators are not supported");
    refused(
        "\n\nnamespace N { export const x = 1; }",
        3,
        "a namespace that holds values needs code generated");
    refused("import fs = require(\"fs\");", 1, "import x = require() is CommonJS");
    refused("const v = 1;\nexport = v;", 2, "export = is CommonJS");
    refused(
        "class K extends L { constructor(public x: number) { if (x) super(); } }",
        1,
        "parameter properties in a class that extends another need a super(...) call");
  }

  @Test
  void typeOnlyNamespacesAndDeclarationsAreErasedNotRefused() throws Exception {
    assertThat(
            TypeScriptEraser.erase(
                    "namespace T { export type X = 1; export interface I {} }\ndeclare namespace D { const y: 1; }\n"
                        + "declare module \"m\" { export const z: 2; }\nexport as namespace G;\n")
                .strip())
        .matches("[ ;\\n]*");
  }

  @Test
  void syntaxErrorsAreReportedAtTheirLine() {
    syntax("const a: number = 1;\n\nconst b: = 2;", 3, "SyntaxError: Type expected.");
    syntax("let x = <div>hi</div>;", 1, "SyntaxError: ");
    syntax("function f( {", 1, "SyntaxError: ");
    syntax("let s = \"open\n", 1, "SyntaxError: Unterminated string literal.");
    syntax("/* never closed", 1, "SyntaxError: '*/' expected.");
  }

  @Test
  void nestingBombsAreRefusedQuickly() {
    Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int depth : new int[] {3_000, 100_000}) {
            for (String[] bomb :
                new String[][] {
                  {"(", ")"},
                  {"[", "]"},
                  {"{", "}"},
                  {"A<", ">"},
                  {"!", ""},
                  {"a=>", ""},
                  {"<any>", ""},
                  {"`${", "}`"},
                  {"function f(){", "}"},
                  {"if(a)", ";"},
                  {"keyof ", ""}
                }) {
              String middle =
                  bomb[0].equals("{") || bomb[0].startsWith("function") || bomb[0].startsWith("if")
                      ? ""
                      : "x";
              String prefix =
                  bomb[0].equals("A<") || bomb[0].equals("keyof ")
                      ? "let v: "
                      : bomb[0].equals("{")
                              || bomb[0].startsWith("function")
                              || bomb[0].startsWith("if")
                          ? ""
                          : "let v = ";
              String source = prefix + bomb[0].repeat(depth) + middle + bomb[1].repeat(depth);
              assertThatThrownBy(() -> TypeScriptEraser.erase(source))
                  .as(bomb[0] + " x " + depth)
                  .isInstanceOf(TypeScriptEraser.Failure.class)
                  .hasMessage(
                      "nested more than 1,000 levels deep here: graft refuses such files rather than risk its stack");
            }
          }
        });
  }

  @Test
  void inputMadeToMakeTheParserGuessAgainAndAgainEndsInBoundedTime() {
    Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(120),
        () -> {
          // Each "a <" makes the parser try type arguments to the end of the line before reading a
          // comparison.
          String line = "x = " + "a < ".repeat(900) + "b;\n";
          try {
            assertThat(TypeScriptEraser.erase(line.repeat(400))).hasSize(line.length() * 400);
          } catch (TypeScriptEraser.Failure f) {
            assertThat(f)
                .hasMessageStartingWith("this file is too ambiguous to parse in reasonable time");
          }
          String casts = "x = " + "<any>".repeat(900) + "y;\n";
          assertThat(TypeScriptEraser.erase(casts.repeat(200))).hasSize(casts.length() * 200);
        });
  }

  @Test
  void noInputBreaksTheParser() {
    Random random = new Random(22);
    String alphabet =
        "(){}[]<>;:,.=>?!`'\"$/\\*+-&|@#\n\r abcxyz01 type as enum class declare readonly interface"
            + " function => 😀 \u2028";
    Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(120),
        () -> {
          for (int i = 0; i < 3_000; i++) {
            StringBuilder b = new StringBuilder(TYPED);
            for (int edits = 1 + random.nextInt(4); edits > 0; edits--) {
              int at = random.nextInt(b.length() + 1);
              switch (random.nextInt(3)) {
                case 0 -> b.delete(at, Math.min(b.length(), at + random.nextInt(12)));
                case 1 -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                default -> {
                  int from = random.nextInt(b.length());
                  b.insert(at, b.substring(from, Math.min(b.length(), from + random.nextInt(40))));
                }
              }
            }
            String input = b.toString();
            try {
              TypeScriptEraser.erase(input);
            } catch (TypeScriptEraser.Failure f) {
              assertThat(f.line()).isBetween(1, (int) input.lines().count() + 1);
              assertThat(f.getMessage()).doesNotContain("\n");
            } catch (RuntimeException e) {
              fail("input " + i + " broke the parser: " + e + "\n" + input, e);
            }
          }
        });
  }

  private static void refused(String source, int line, String message) {
    assertThatThrownBy(() -> TypeScriptEraser.erase(source))
        .as(source)
        .isInstanceOf(TypeScriptEraser.Failure.class)
        .hasMessageStartingWith(message)
        .satisfies(e -> assertThat(((TypeScriptEraser.Failure) e).line()).isEqualTo(line));
  }

  private static void syntax(String source, int line, String message) {
    assertThatThrownBy(() -> TypeScriptEraser.erase(source))
        .as(source)
        .isInstanceOf(TypeScriptEraser.Failure.class)
        .hasMessageStartingWith(message)
        .satisfies(e -> assertThat(((TypeScriptEraser.Failure) e).line()).isEqualTo(line));
  }
}
