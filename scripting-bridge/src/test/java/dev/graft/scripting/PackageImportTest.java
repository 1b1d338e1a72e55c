package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports by package name: installed script packages, and each package's own npm dependencies for
 * that package's modules only; Node built-ins refused; no link leads out of a package.
 */
class PackageImportTest {
  @TempDir Path temp;

  private Path teamLib() throws Exception {
    Path pkg = Files.createDirectories(temp.resolve("installed/team-lib"));
    Files.writeString(
        pkg.resolve("package.json"),
        "{\"name\":\"team-lib\",\"exports\":{\".\":{\"import\":\"./src/main.ts\"}}}");
    Files.createDirectories(pkg.resolve("src"));
    Files.writeString(
        pkg.resolve("src/main.ts"),
        """
        import { pad } from "tiny-pad";
        export const banner = (s: string): string => pad(s.toUpperCase());
        """);
    Files.writeString(pkg.resolve("extra.js"), "export const extra = 'extra';\n");
    Path dep = Files.createDirectories(pkg.resolve("node_modules/tiny-pad"));
    Files.writeString(
        dep.resolve("package.json"), "{\"name\":\"tiny-pad\",\"main\":\"lib/pad.js\"}");
    Files.createDirectories(dep.resolve("lib"));
    Files.writeString(dep.resolve("lib/pad.js"), "export const pad = (s) => '[' + s + ']';\n");
    return pkg;
  }

  @Test
  void scriptsImportPackagesByNameAndTheirDependenciesComeAlong() throws Exception {
    Path pkg = teamLib();
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("team-lib", pkg));
      f.write(
          "uses.js",
          """
          import { banner } from "team-lib";
          import { extra } from "team-lib/extra.js";
          export default function (pi) {
            pi.on("input", (e) => ({ action: "transform", text: banner(e.text) + extra }));
          }
          """);
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      HandlerOutcome.Answered a =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(a.value().path("text").asText()).isEqualTo("[HI]extra");
    }
  }

  @Test
  void nodeBuiltinsAndUnknownPackagesAreRefusedClearly() throws Exception {
    Path pkg = teamLib();
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("team-lib", pkg));
      f.write("a-net.js", "import { Socket } from 'node:net';\nexport default function (pi) {}\n");
      f.write("b-http.js", "import http from 'http';\nexport default function (pi) {}\n");
      f.write("c-unknown.js", "import x from 'left-pad';\nexport default function (pi) {}\n");
      f.write(
          "d-escape.js",
          "import x from 'team-lib/../../private.js';\nexport default function (pi) {}\n");
      Files.writeString(temp.resolve("private.js"), "export default 'sk-secret';\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .satisfiesExactly(
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import \"node:net\": node:net is not available in graft's sandbox: no sockets")
                      // A refusal is the script's error, not graft's.
                      .doesNotContain("inside graft", "java.lang"),
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import \"http\": node:http is not available in graft's sandbox: no HTTP"),
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import \"left-pad\": no installed script package is called \"left-pad\""
                              + " (installed: team-lib)"),
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import "
                              + temp.toRealPath().resolve("private.js")
                              + ": it is outside")
                      .doesNotContain("sk-secret"));
    }
  }

  /**
   * An installed package whose index imports {@code dep} and exports what it got, with its own
   * {@code dep}.
   */
  private Path packageWithDep(String name, String depValue) throws Exception {
    Path pkg = Files.createDirectories(temp.resolve("installed/" + name));
    Files.writeString(
        pkg.resolve("package.json"), "{\"name\":\"" + name + "\",\"main\":\"lib/index.js\"}");
    Files.createDirectories(pkg.resolve("lib"));
    Files.writeString(
        pkg.resolve("lib/index.js"), "import { value } from \"dep\";\nexport const got = value;\n");
    Path dep = Files.createDirectories(pkg.resolve("node_modules/dep"));
    Files.writeString(dep.resolve("index.js"), "export const value = \"" + depValue + "\";\n");
    return pkg;
  }

  @Test
  void eachPackageSeesItsOwnDependenciesAndNoOtherScriptDoes() throws Exception {
    Path a = packageWithDep("pkg-a", "dep of a");
    Path b = packageWithDep("pkg-b", "dep of b");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("pkg-a", a, "pkg-b", b));
      f.write(
          "uses.js",
          """
          import { got as fromA } from "pkg-a";
          import { got as fromB } from "pkg-b";
          export default function (pi) {
            pi.on("input", () => ({ action: "transform", text: fromA + " / " + fromB }));
          }
          """);
      f.write("reaches.js", "import { value } from \"dep\";\nexport default function (pi) {}\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .singleElement()
          .asString()
          .contains(
              "cannot import \"dep\": no installed script package is called \"dep\" (installed: pkg-a, pkg-b)");
      HandlerOutcome.Answered answer =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(answer.value().path("text").asText()).isEqualTo("dep of a / dep of b");
    }
  }

  @Test
  void aDependencyThatLinksOutOfItsPackageOpensNothing() throws Exception {
    Path outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outside.resolve("secret.js"), "export const secret = 'sk-outside';\n");
    Path pkg = teamLib();
    Files.createSymbolicLink(pkg.resolve("node_modules/everything"), outside);
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("team-lib", pkg));
      f.write(
          "a-absolute.js",
          "import { secret } from \""
              + outside.toRealPath().resolve("secret.js")
              + "\";\nexport default function (pi) {}\n");
      f.write(
          "b-through.js",
          "import { secret } from \"team-lib/node_modules/everything/secret.js\";\n"
              + "export default function (pi) {}\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .satisfiesExactly(
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import "
                              + outside.toRealPath().resolve("secret.js")
                              + ": it is outside")
                      .doesNotContain("sk-outside"),
              m ->
                  assertThat(m)
                      .contains(
                          "it links to " + outside.toRealPath().resolve("secret.js") + ", outside")
                      .doesNotContain("sk-outside"));
    }
  }

  @Test
  void aPackagesModulesImportItsDependenciesDynamically() throws Exception {
    Path a = packageWithDep("pkg-a", "dep of a");
    Files.writeString(
        a.resolve("lib/index.js"),
        """
        const { value } = await import("dep");
        export const got = value;
        export async function later() { return (await import("dep")).value + " later"; }
        """);
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("pkg-a", a));
      f.write(
          "uses.js",
          """
          import { got, later } from "pkg-a";
          export default function (pi) {
            pi.on("input", async () => ({ action: "transform", text: got + " / " + (await later()) }));
          }
          """);
      // Right after the package's own dynamic import, the file is still refused to others.
      Path depFile = a.toRealPath().resolve("node_modules/dep/index.js");
      f.write(
          "w-steals.js",
          "import { later } from \"pkg-a\";\n"
              + "export default async function (pi) { await later();"
              + " await (0, eval)('import(\""
              + depFile
              + "\")'); }\n");
      f.write(
          "x-steals.js",
          "import { later } from \"pkg-a\";\n"
              + "export default async function (pi) { await later(); await import(\""
              + depFile
              + "\"); }\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .hasSize(2)
          .allSatisfy(m ->
              assertThat(m)
                  .contains(
                      "cannot import " + depFile + ": it is a dependency of " + a.toRealPath()));
      HandlerOutcome.Answered answer =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(answer.value().path("text").asText()).isEqualTo("dep of a / dep of a later");
    }
  }

  @Test
  void anotherPackagesDependenciesAreNotReachableByPath() throws Exception {
    // Review of issue 22, defect 7: only the bare name was refused.
    Path a = packageWithDep("pkg-a", "dep of a");
    Files.writeString(
        a.resolve("node_modules/dep/index.js"),
        "import { more } from \"./more.js\";\n" + "export const value = \"dep of a\" + more;\n");
    Files.writeString(a.resolve("node_modules/dep/more.js"), "export const more = \"!\";\n");
    Path b = Files.createDirectories(temp.resolve("installed/pkg-b"));
    Files.writeString(b.resolve("package.json"), "{\"name\":\"pkg-b\"}");
    Files.writeString(
        b.resolve("by-name.js"), "export { value } from \"pkg-a/node_modules/dep/index.js\";\n");
    Files.writeString(
        b.resolve("by-dots.js"),
        "export { value } from \"pkg-b/../pkg-a/node_modules/dep/index.js\";\n");
    Path depFile = a.toRealPath().resolve("node_modules/dep/index.js");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("pkg-a", a, "pkg-b", b));
      f.write(
          "a-uses.js",
          """
          import { got } from "pkg-a";
          export default function (pi) {
            pi.on("input", () => ({ action: "transform", text: got }));
          }
          """);
      f.write(
          "b-from-b-by-name.js",
          "import { value } from \"pkg-b/by-name.js\";\nexport default function (pi) {}\n");
      f.write(
          "c-from-b-by-dots.js",
          "import { value } from \"pkg-b/by-dots.js\";\nexport default function (pi) {}\n");
      f.write(
          "d-by-name.js",
          "import { value } from \"pkg-a/node_modules/dep/index.js\";\nexport default function (pi) {}\n");
      f.write(
          "e-absolute.js",
          "import { value } from \"" + depFile + "\";\nexport default function (pi) {}\n");
      f.write(
          "f-url.js",
          "import { value } from \"" + depFile.toUri() + "\";\nexport default function (pi) {}\n");
      f.write(
          "g-dynamic.js",
          "export default async function (pi) { await import(\"" + depFile + "\"); }\n");
      // Code without a file of its own, right after the package's own modules were resolved.
      f.write(
          "h-eval.js",
          "export default async function (pi) { await import(\"pkg-a\");"
              + " await (0, eval)('import(\""
              + depFile
              + "\")'); }\n");
      f.write(
          "i-function.js",
          "export default async function (pi) { await import(\"pkg-a\");"
              + " await new Function('return import(\""
              + depFile
              + "\")')(); }\n");
      LoadReport r = f.load();
      String refused =
          "cannot import "
              + depFile
              + ": it is a dependency of "
              + a.toRealPath()
              + " (in its node_modules), which only that package's own modules may import";
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .hasSize(8)
          .allSatisfy(m -> assertThat(m).contains(refused));
      HandlerOutcome.Answered answer =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(answer.value().path("text").asText()).isEqualTo("dep of a!");
    }
  }

  @Test
  void anImportTellsNothingOfFilesOutsideTheRoots() throws Exception {
    // Review of issue 22, defect 8: graft looked for x.ts beside a missing x.js outside the roots.
    Path outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outside.resolve("there.ts"), "export const x = 1;\n");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "a-there.js",
          "import { x } from \""
              + outside.toRealPath().resolve("there.js")
              + "\";\n"
              + "export default function (pi) {}\n");
      f.write(
          "b-missing.js",
          "import { x } from \""
              + outside.toRealPath().resolve("missing.js")
              + "\";\n"
              + "export default function (pi) {}\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .satisfiesExactly(
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import "
                              + outside.toRealPath().resolve("there.js")
                              + ": it is outside"),
              m ->
                  assertThat(m)
                      .contains(
                          "cannot import "
                              + outside.toRealPath().resolve("missing.js")
                              + ": it is outside"));
    }
  }
}
