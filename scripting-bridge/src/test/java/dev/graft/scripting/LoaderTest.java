package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery, ES module imports (./ relative and graft/lib/), and scripts that fail to load. */
class LoaderTest {
  @TempDir Path temp;

  private static final String NOTHING = "export default function (pi) {}\n";

  @Test
  void discoversFilesAndIndexesSortedByName() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("scripts"));
    for (String name :
        List.of(
            "z.js",
            "a.js",
            "b.mjs",
            "c/index.js",
            "d/helper.js",
            ".hidden.js",
            "notes.txt",
            "e/index.mjs")) {
      Path p = dir.resolve(name);
      Files.createDirectories(p.getParent());
      Files.writeString(p, NOTHING);
    }
    Path single = Files.writeString(temp.resolve("extra.js"), NOTHING);
    ScriptFinder.Discovery d =
        ScriptFinder.discover(
            new ScriptSources(
                List.of(dir, single, temp.resolve("missing"), dir.resolve("notes.txt")),
                Optional.empty()));
    assertThat(d.scripts())
        .extracting(ScriptFile::name)
        .containsExactly("a.js", "b.mjs", "c/index.js", "e/index.mjs", "z.js", "extra.js");
    assertThat(d.scripts().get(2).root()).isEqualTo(dir.toRealPath());
    assertThat(d.scripts().get(5).root()).isEqualTo(temp.toRealPath());
    assertThat(d.problems())
        .extracting(LoadReport.Problem::message)
        .containsExactly(
            "no such file or directory",
            "not a script: only .js, .mjs, .ts and .mts files can be loaded");
  }

  @Test
  void importsRelativeFilesAndTheSharedLibrary() throws Exception {
    Path shared = Files.createDirectories(temp.resolve("shared"));
    Files.writeString(
        shared.resolve("text.js"),
        "import { upper } from './case.js';\nexport const shout = (s) => upper(s) + '!';\n");
    Files.writeString(shared.resolve("case.js"), "export const upper = (s) => s.toUpperCase();\n");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withLibDir(shared);
      f.write("lib/local.js", "export const prefix = 'local:';\n");
      f.write(
          "uses.js",
          """
          import { prefix } from "./lib/local.js";
          import { shout } from "graft/lib/text.js";
          export default function (pi) {
            pi.on("input", (e) => ({ action: "transform", text: prefix + shout(e.text) }));
          }
          """);
      f.write(
          "pkg/index.js",
          """
          import { twice } from "./twice.js";
          export default function (pi) { pi.on("agent_start", () => twice("ab")); }
          """);
      f.write("pkg/twice.js", "export const twice = (s) => s + s;\n");
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      assertThat(r.loaded())
          .extracting(ScriptFile::name)
          .containsExactly("pkg/index.js", "uses.js");
      HandlerOutcome.Answered a =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(a.value().path("text").asText()).isEqualTo("local:HI!");
      assertThat(((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0)).value().asText())
          .isEqualTo("abab");
    }
  }

  @Test
  void libraryImportsCannotClimbOutOfTheLibrary() throws Exception {
    Path shared = Files.createDirectories(temp.resolve("shared"));
    Files.writeString(temp.resolve("private.js"), "export const key = 'sk-secret';\n");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withLibDir(shared);
      f.write(
          "bad.js",
          "import { key } from 'graft/lib/../private.js';\nexport default function (pi) {}\n");
      LoadReport r = f.load();
      assertThat(r.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.message())
                  .contains(
                      "cannot import "
                          + temp.toRealPath().resolve("private.js")
                          + ": it is outside the script directory")
                  .doesNotContain("sk-secret"));
    }
  }

  @Test
  void libraryImportsNeedALibraryDirectory() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("bad.js", "import 'graft/lib/x.js';\nexport default function (pi) {}\n");
      assertThat(f.load().problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.message())
                  .contains(
                      "cannot import \"graft/lib/x.js\": no shared library directory is configured (set scripts.libraryDir in $GRAFT_HOME/settings.json)"));
    }
  }

  @Test
  void scriptsThatFailToLoadAreReportedAndSkipped() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a-syntax.js", "export default function (pi) {\n  pi.on('input', () => {\n}\n");
      f.write("b-noexport.js", "export const x = 1;\n");
      f.write("c-notfunction.js", "export default { on() {} };\n");
      f.write(
          "d-throws.js",
          "export default function (pi) {\n  throw new Error('config missing');\n}\n");
      f.write(
          "e-rejects.js",
          "export default async function (pi) {\n  await null;\n  throw new Error('late failure');\n}\n");
      f.write(
          "f-async-ok.js",
          "export default async function (pi) {\n  await null;\n  pi.on('input', () => ({ action: 'handled' }));\n}\n");
      f.write("g-missing-import.js", "import './nope.js';\nexport default function (pi) {}\n");
      LoadReport r = f.load();
      assertThat(r.loaded()).extracting(ScriptFile::name).containsExactly("f-async-ok.js");
      String d = f.dir.toString();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .satisfiesExactly(
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/a-syntax.js: loading failed: SyntaxError: Expected , but found eof (at a-syntax.js:4)"),
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/b-noexport.js: its default export must be a function that receives the"
                              + " API object (export default function (graft) { ... }), not undefined; a module that only other scripts"
                              + " import belongs in lib/, which is not loaded as scripts"),
              m ->
                  assertThat(m)
                      .endsWith(
                          "c-notfunction.js: its default export must be a function that receives the"
                              + " API object (export default function (graft) { ... }), not an object"),
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/d-throws.js: loading failed: Error: config missing (at d-throws.js:2)"),
              m ->
                  assertThat(m)
                      .isEqualTo(
                          d
                              + "/e-rejects.js: loading failed: Error: late failure (at e-rejects.js:3)"),
              m ->
                  assertThat(m)
                      .startsWith(
                          d
                              + "/g-missing-import.js: loading failed: Error: Cannot find module '"
                              + d
                              + "/nope.js'"));
      assertThat(f.emit("input", "{}")).singleElement().isInstanceOf(HandlerOutcome.Answered.class);
    }
  }
}
