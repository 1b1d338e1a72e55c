package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script that fails to load because of a module it imports through another: the failure names the
 * nested module and the line in it, not only the script (a.js imports lib/b.js, and lib/b.js has
 * the bad import or the bad line).
 */
class NestedImportPlacesTest {
  @TempDir Path temp;

  private static final String SCRIPT =
      """
      import { b } from "./lib/b.js";
      import { d } from "./lib/d.js";
      export default function (graft) { graft.on("input", () => { b(); d(); }); }
      """;

  private static final String D = "export function d() {}\n";

  /** The one load problem of a.js, with {@code files} beside it. */
  private String failure(String name, Map<String, String> files) throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.resolve(name))) {
      f.write("a.js", SCRIPT);
      f.write("lib/d.js", D);
      files.forEach(f::write);
      LoadReport report = f.load();
      assertThat(report.loaded()).isEmpty();
      assertThat(report.problems()).hasSize(1);
      return report.problems().getFirst().message();
    }
  }

  @Test
  void aMissingFileImportedByTheNestedModule() throws Exception {
    assertThat(
            failure(
                "missing",
                Map.of(
                    "lib/b.js",
                    "// b\nimport { m } from \"./missing.js\";\nexport const b = m;\n")))
        .contains("Cannot find module")
        .endsWith(" (at lib/b.js:2)");
  }

  @Test
  void aSyntaxErrorInTheNestedModule() throws Exception {
    assertThat(
            failure(
                "syntax", Map.of("lib/b.js", "// b\nexport function b() {\n  return 1 +;\n}\n")))
        .contains("SyntaxError")
        .endsWith(" (at lib/b.js:3)");
  }

  @Test
  void aFileOutsideTheDirectoryImportedByTheNestedModule() throws Exception {
    Files.createDirectories(temp.resolve("outside"));
    Files.writeString(temp.resolve("outside/secret.js"), "export const s = 1;\n");
    assertThat(
            failure(
                "outside",
                Map.of(
                    "lib/b.js",
                    "// b\n\nimport { s } from \"../../secret.js\";\nexport const b = () => s;\n")))
        .contains("it is outside the script directory")
        .endsWith(" (at lib/b.js:3)");
  }

  @Test
  void anUnknownPackageImportedByASecondNestedModule() throws Exception {
    assertThat(
            failure(
                "bare",
                Map.of(
                    "lib/b.js",
                    "export function b() {}\n",
                    "lib/d.js",
                    "// d\nimport pad from \"left-pad\";\nexport function d() { return pad; }\n")))
        .contains("cannot import \"left-pad\"")
        .endsWith(" (at lib/d.js:2)");
  }

  @Test
  void aNameTheModuleTheNestedOneImportsDoesNotExport() throws Exception {
    assertThat(
            failure(
                "export",
                Map.of(
                    "lib/b.js",
                    "// b\nimport { nope } from \"./c.js\";\nexport const b = () => nope;\n",
                    "lib/c.js",
                    "export const c = 1;\n")))
        .contains("does not provide an export named 'nope'")
        .endsWith(" (at lib/b.js:2)");
  }
}
