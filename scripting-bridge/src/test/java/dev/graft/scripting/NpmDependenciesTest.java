package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An installed package's npm dependencies load as Node resolves them: CommonJS ({@code require},
 * {@code module.exports}, {@code createRequire}, one module cache for import and require), {@code
 * exports}/{@code imports} maps with their conditions, extensionless and folder imports; a large
 * dependency is given time to load while a spinning script is still stopped; CommonJS code reaches
 * nothing a script could not.
 */
class NpmDependenciesTest {
  @TempDir Path temp;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  /** The installed package "app", its own modules and its node_modules. */
  private Path app(String index) throws IOException {
    Path app = temp.resolve("installed/app");
    write(app.resolve("package.json"), "{\"name\":\"app\",\"type\":\"module\"}");
    write(app.resolve("index.js"), index);
    write(
        app.resolve("lib/helper.ts"),
        "const twice = (n: number): number => n * 2;\n" + "export default twice(21);\n");
    write(app.resolve("lib/index.js"), "export default \"lib folder\";\n");
    write(app.resolve("data.json"), "{\"answer\": 42}");
    Path nm = app.resolve("node_modules");
    // ms: a CommonJS function as module.exports
    write(nm.resolve("ms/package.json"), "{\"name\":\"ms\",\"main\":\"./index\"}");
    write(
        nm.resolve("ms/index.js"),
        """
        var h = 60 * 60 * 1000;
        module.exports = function (val) {
          var m = /^(\\d+)h$/.exec(val);
          if (!m) throw new Error("val is not a duration: " + JSON.stringify(val));
          return Number(m[1]) * h;
        };
        """);
    // cjs-named: exports.x = ..., an imports map (#internal), a counter to show one module cache
    write(
        nm.resolve("cjs-named/package.json"),
        "{\"name\":\"cjs-named\",\"imports\":{\"#internal\":{\"require\":\"./src/internal.js\"}}}");
    write(
        nm.resolve("cjs-named/index.js"),
        """
        "use strict";
        Object.defineProperty(exports, "__esModule", { value: true });
        const internal = require("#internal");
        let n = 0;
        exports.slug = (s) => s.toLowerCase().replace(/\\s+/g, "-");
        exports.count = () => ++n;
        exports.internal = internal.name;
        exports.where = require("path").basename(__dirname) + "/" + require("path").basename(__filename);
        """);
    write(nm.resolve("cjs-named/src/internal.js"), "module.exports = { name: \"internal\" };\n");
    // dual: exports with import/require conditions and a subpath, as zod's "zod/v4"
    write(
        nm.resolve("dual/package.json"),
        """
        {"name":"dual","exports":{
          ".":{"types":"./index.d.ts","import":"./esm/index.mjs","require":"./cjs/index.js"},
          "./v4":{"import":"./esm/v4.mjs","default":"./cjs/v4.js"},
          "./package.json":"./package.json"}}
        """);
    write(nm.resolve("dual/esm/index.mjs"), "export const kind = \"esm\";\n");
    write(nm.resolve("dual/esm/v4.mjs"), "export default { version: \"v4 esm\" };\n");
    write(nm.resolve("dual/cjs/index.js"), "exports.kind = \"cjs\";\n");
    write(nm.resolve("dual/cjs/v4.js"), "module.exports = { version: \"v4 cjs\" };\n");
    write(nm.resolve("dual/private.js"), "module.exports = \"not exported\";\n");
    // esm-imports: an ES module package's own imports map, with conditions (as chalk's)
    write(
        nm.resolve("esm-imports/package.json"),
        """
        {"name":"esm-imports","type":"module","exports":"./source/index.js","imports":{
          "#styles":"./source/vendor/styles.js",
          "#support":{"node":"./source/vendor/support-node.js","default":"./source/vendor/support-browser.js"}}}
        """);
    write(
        nm.resolve("esm-imports/source/index.js"),
        "import styles from \"#styles\";\nimport support from \"#support\";\n"
            + "export default styles + \"/\" + support;\n");
    write(nm.resolve("esm-imports/source/vendor/styles.js"), "export default \"styles\";\n");
    write(nm.resolve("esm-imports/source/vendor/support-node.js"), "export default \"node\";\n");
    write(
        nm.resolve("esm-imports/source/vendor/support-browser.js"),
        "export default \"browser\";\n");
    // main-and-module: Node takes main; "module" is a bundler's field (as turndown's)
    write(
        nm.resolve("main-and-module/package.json"),
        "{\"name\":\"main-and-module\",\"main\":\"lib/cjs.js\",\"module\":\"lib/es.js\"}");
    write(nm.resolve("main-and-module/lib/cjs.js"), "module.exports = \"main (cjs)\";\n");
    write(
        nm.resolve("main-and-module/lib/es.js"),
        "var dep = require(\"bundled\");\nexport default \"module (es)\";\n");
    return app;
  }

  private static final String INDEX =
      """
      import ms from "ms";
      import { slug, count } from "cjs-named";
      import cjsNamed from "cjs-named";
      import v4 from "dual/v4";
      import { kind } from "dual";
      import helper from "./lib/helper";
      import fromFolder from "./lib";
      import esmImports from "esm-imports";
      import mainAndModule from "main-and-module";
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const attempt = (fn) => { try { return fn(); } catch (e) { return "ERR " + e.code + ": " + e.message; } };
      export function results() {
        return {
          ms: ms("2h"),
          slug: slug("Hello World"),
          counts: [count(), require("cjs-named").count(), cjsNamed.count()],
          sameModule: require("cjs-named") === cjsNamed,
          internal: cjsNamed.internal,
          where: cjsNamed.where,
          importKind: kind,
          requireKind: require("dual").kind,
          importV4: v4.version,
          requireV4: require("dual/v4").version,
          manifest: require("dual/package.json").name,
          json: require("./data.json").answer,
          helper,
          fromFolder,
          notExported: attempt(() => require("dual/private.js")),
          missing: attempt(() => require("left-pad")),
          esm: attempt(() => require("./lib/index.js")),
          msError: attempt(() => ms("soon")),
          esmImports,
          mainAndModule,
        };
      }
      """;

  @Test
  void dependenciesLoadAsNodeResolvesThem() throws Exception {
    Path app = app(INDEX);
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("app", app));
      JsonNode r =
          NodeProbe.inGraft(
              f,
              "import { results } from \"app\";",
              """
              async function probe() { return results(); }
              """);
      assertThat(r.get("ms").asLong()).isEqualTo(7_200_000L);
      assertThat(r.get("slug").asText()).isEqualTo("hello-world");
      assertThat(r.get("counts").toString()).isEqualTo("[1,2,3]");
      assertThat(r.get("sameModule").asBoolean()).isTrue();
      assertThat(r.get("internal").asText()).isEqualTo("internal");
      assertThat(r.get("where").asText()).isEqualTo("cjs-named/index.js");
      assertThat(r.get("importKind").asText()).isEqualTo("esm");
      assertThat(r.get("requireKind").asText()).isEqualTo("cjs");
      assertThat(r.get("importV4").asText()).isEqualTo("v4 esm");
      assertThat(r.get("requireV4").asText()).isEqualTo("v4 cjs");
      assertThat(r.get("manifest").asText()).isEqualTo("dual");
      assertThat(r.get("json").asInt()).isEqualTo(42);
      assertThat(r.get("helper").asInt()).isEqualTo(42);
      assertThat(r.get("fromFolder").asText()).isEqualTo("lib folder");
      assertThat(r.get("notExported").asText())
          .startsWith("ERR ERR_PACKAGE_PATH_NOT_EXPORTED")
          .contains("./private.js");
      assertThat(r.get("missing").asText())
          .startsWith("ERR MODULE_NOT_FOUND: Cannot find module 'left-pad'");
      assertThat(r.get("esm").asText()).startsWith("ERR ERR_REQUIRE_ESM");
      assertThat(r.get("msError").asText()).contains("val is not a duration: \"soon\"");
      assertThat(r.get("esmImports").asText()).isEqualTo("styles/node");
      assertThat(r.get("mainAndModule").asText()).isEqualTo("main (cjs)");
    }
  }

  /** About {@code kib} KiB of CommonJS: many small functions, each called once at load. */
  private static String large(int kib) {
    StringBuilder out = new StringBuilder("\"use strict\";\nconst table = [];\n");
    for (int i = 0; out.length() < kib * 1024; i++) {
      out.append("function f")
          .append(i)
          .append("(a, b) { const o = { k: a + ")
          .append(i)
          .append(", s: String(b) + \"")
          .append(i)
          .append("\" }; return o.k * 2 + o.s.length; }\ntable.push(f")
          .append(i)
          .append("(")
          .append(i)
          .append(", \"x\"));\n");
    }
    return out.append("module.exports = { size: table.length };\n").toString();
  }

  @Test
  void aLargeDependencyLoadsPastTheSpinLimitAndASpinningScriptIsStillStopped() throws Exception {
    Path app = temp.resolve("installed/big");
    write(app.resolve("package.json"), "{\"name\":\"big\",\"main\":\"index.js\"}");
    write(app.resolve("index.js"), "module.exports = require(\"huge\");\n");
    write(app.resolve("node_modules/huge/index.js"), large(1536));
    ScriptSettings settings =
        ScriptSettings.defaults()
            .withSpinLimit(Duration.ofSeconds(1))
            .withHandlerTimeout(Duration.ofSeconds(60));
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      f.sources = f.sources.withPackages(Map.of("big", app));
      f.write(
          "a-big.js",
          """
          import big from "big";
          export default function (pi) {
            pi.on("input", () => ({ action: "transform", text: String(big.size) }));
            pi.on("agent_start", () => { for (;;) {} });
          }
          """);
      f.write(
          "b-spins.js",
          """
          import { createRequire } from "node:module";
          for (;;) {}
          export default function (pi) {}
          """);
      LoadReport r = f.load();
      assertThat(r.problems())
          .extracting(LoadReport.Problem::message)
          .singleElement()
          .asString()
          .contains("b-spins.js")
          .contains("ran for more than");
      HandlerOutcome.Answered a =
          (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\"}").get(0);
      assertThat(a.value().path("text").asInt()).isGreaterThan(10_000);
      assertThat(ScriptFixture.messageOf(f.emit("agent_start", "{}").get(0)))
          .contains("ran for more than");
    }
  }

  @Test
  void commonJsCodeReachesNothingAScriptCannot() throws Exception {
    Files.writeString(temp.resolve("outside.js"), "module.exports = 'sk-outside';\n");
    Path app = temp.resolve("installed/evil");
    write(app.resolve("package.json"), "{\"name\":\"evil\",\"main\":\"index.js\"}");
    write(
        app.resolve("index.js"),
        """
        const attempt = (fn) => { try { const v = fn(); return v === undefined ? "ok" : v; } catch (e) { return "ERR " + e.code + ": " + e.message; } };
        const outside = require("path").resolve(__dirname, "../../outside.js");
        module.exports = {
          relative: attempt(() => require("../../outside.js")),
          absolute: attempt(() => require(outside)),
          load: attempt(() => module.constructor._load(outside, module)),
          created: attempt(() => module.constructor.createRequire(outside)("./outside.js")),
          resolveOut: attempt(() => require.resolve("../../outside.js")),
          cacheKeys: Object.keys(require.cache).filter((k) => !k.startsWith(__dirname)).length,
          fs: attempt(() => require("fs").readFileSync(outside, "utf8")),
          exec: attempt(() => require("child_process").execSync("id").toString()),
          java: typeof Java + "/" + typeof Polyglot + "/" + typeof Packages,
          host: attempt(() => (function () { return this; })().constructor.constructor("return typeof Java")()),
          binding: attempt(() => process.binding("fs")),
          wrapper: attempt(() => require("module").wrap("x")),
        };
        """);
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.sources = f.sources.withPackages(Map.of("evil", app));
      JsonNode r =
          NodeProbe.inGraft(
              f, "import evil from \"evil\";", "async function probe() { return evil; }\n");
      assertThat(r.toString()).doesNotContain("sk-outside");
      for (String k : List.of("relative", "absolute", "load", "created", "resolveOut")) {
        assertThat(r.get(k).asText()).as(k).startsWith("ERR ").contains("outside");
      }
      assertThat(r.get("cacheKeys").asInt()).isZero();
      assertThat(r.get("fs").asText())
          .startsWith("ERR ERR_ACCESS_DENIED")
          .contains("read access to")
          .contains("is not granted");
      assertThat(r.get("exec").asText()).startsWith("ERR ERR_ACCESS_DENIED").contains("id");
      assertThat(r.get("java").asText()).isEqualTo("undefined/undefined/undefined");
      assertThat(r.get("host").asText()).isEqualTo("undefined");
      assertThat(r.get("binding").asText()).contains("no access to Node's internals");
    }
  }
}
