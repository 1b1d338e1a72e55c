package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts that try to reach Java, the file system or Node APIs: each is refused with a message
 * naming the script (and line where there is one), and the well-behaved script next to it loads and
 * answers.
 */
class SandboxEscapeTest {
  @TempDir Path temp;

  private static final String GOOD =
      """
      export default function (pi) {
        pi.on("input", () => ({ action: "handled" }));
      }
      """;

  /** Loads {@code bad.js} (whose load should fail) next to good.js; returns the problem message. */
  private String loadFailure(ScriptFixture f, String badSource) throws Exception {
    f.write("bad.js", badSource);
    f.write("good.js", GOOD);
    LoadReport report = f.load();
    assertThat(report.loaded()).extracting(ScriptFile::name).containsExactly("good.js");
    assertThat(report.problems()).hasSize(1);
    assertThat(f.emit("input", "{\"text\":\"x\"}"))
        .singleElement()
        .isInstanceOf(HandlerOutcome.Answered.class);
    LoadReport.Problem p = report.problems().get(0);
    assertThat(p.path().getFileName().toString()).isEqualTo("bad.js");
    assertThat(p.message()).startsWith(f.dir.toRealPath().resolve("bad.js") + ": loading failed");
    return p.message();
  }

  @Test
  void javaTypeIsNotDefined() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m =
          loadFailure(
              f,
              """
              export default function (pi) {
                const Runtime = Java.type("java.lang.Runtime");
                Runtime.getRuntime().exec("touch /tmp/pwned");
              }
              """);
      assertThat(m).contains("ReferenceError: Java is not defined").endsWith("(at bad.js:2)");
    }
  }

  @Test
  void polyglotEvalIsNotDefined() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m = loadFailure(f, "Polyglot.eval('js', '1');\nexport default function (pi) {}\n");
      assertThat(m).contains("ReferenceError: Polyglot is not defined").endsWith("(at bad.js:1)");
    }
  }

  @Test
  void shellLoadIsNotDefined() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m = loadFailure(f, "export default function (pi) {\n  load('/etc/passwd');\n}\n");
      assertThat(m).contains("ReferenceError: load is not defined").endsWith("(at bad.js:2)");
    }
  }

  @Test
  void requireIsNotDefined() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m = loadFailure(f, "const fs = require('fs');\nexport default function (pi) {}\n");
      assertThat(m).contains("ReferenceError: require is not defined").endsWith("(at bad.js:1)");
    }
  }

  @Test
  void nodeModulesReachNothingWithoutAGrant() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m =
          loadFailure(
              f,
              "import fs from 'fs';\nexport default function (pi) { fs.readFileSync('/etc/passwd'); }\n");
      assertThat(m)
          .contains(
              "Error: fs.readFileSync(\"/etc/passwd\"): read access to /etc/passwd is not granted to bad.js;"
                  + " this host gives scripts no grants")
          .endsWith("(at bad.js:2)");
    }
    try (ScriptFixture f = new ScriptFixture(temp.resolve("net"))) {
      String m = loadFailure(f, "import net from 'node:net';\nexport default function (pi) {}\n");
      assertThat(m)
          .contains(
              "cannot import \"node:net\": node:net is not available in graft's sandbox: no sockets");
    }
  }

  @Test
  void absoluteAndFileUrlImportsAreRefused() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String m = loadFailure(f, "import '/etc/passwd';\nexport default function (pi) {}\n");
      assertThat(m).contains("cannot import /etc/passwd: it is outside the script directory");
    }
    try (ScriptFixture f = new ScriptFixture(temp.resolve("b"))) {
      String m =
          loadFailure(f, "import 'file:///etc/hostname';\nexport default function (pi) {}\n");
      assertThat(m).contains("/etc/hostname").contains("outside the script directory");
    }
  }

  @Test
  void dynamicImportEscapingTheRootIsRefused() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      String up = "../".repeat(temp.getNameCount() + 2);
      f.write(
          "bad.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              const m = await import('%setc/passwd');
              return { leaked: String(m) };
            });
          }
          """
              .formatted(up));
      f.write("good.js", GOOD);
      assertThat(f.load().problems()).isEmpty();
      List<HandlerOutcome> out = f.emit("agent_start", "{}");
      assertThat(out).singleElement().isInstanceOf(HandlerOutcome.Failed.class);
      assertThat(ScriptFixture.messageOf(out.get(0)))
          .contains("bad.js: agent_start handler failed")
          .contains("cannot import /etc/passwd: it is outside the script directory");
      assertThat(f.emit("input", "{}")).singleElement().isInstanceOf(HandlerOutcome.Answered.class);
    }
  }

  @Test
  void aStaticImportThatCannotLoadNamesTheLineThatImports() throws Exception {
    Files.writeString(temp.resolve("outside.js"), "export const x = 1;\n");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      assertThat(
              loadFailure(
                  f,
                  "// a comment first\nimport { x } from \"../outside.js\";\n"
                      + "export default function (pi) {}\n"))
          .contains("cannot import " + temp.toRealPath().resolve("outside.js"))
          .endsWith(" (at bad.js:2)");
    }
    try (ScriptFixture f = new ScriptFixture(temp.resolve("second"))) {
      Files.createDirectories(f.dir.resolve("lib"));
      Files.writeString(f.dir.resolve("lib/a.js"), "export const a = 1;\n");
      assertThat(
              loadFailure(
                  f,
                  "import { a } from './lib/a.js';\n\nimport { nope } from './nothere.js';\n"
                      + "export default function (pi) {}\n"))
          .contains("Cannot find module")
          .endsWith(" (at bad.js:3)");
    }
  }

  @Test
  void symlinkOutOfTheRootIsRefused() throws Exception {
    Path outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outside.resolve("secret.js"), "export const secret = 'the secret';\n");
    try (ScriptFixture f = new ScriptFixture(temp)) {
      Files.createDirectories(f.dir.resolve("lib"));
      Files.createSymbolicLink(f.dir.resolve("lib/link.js"), outside.resolve("secret.js"));
      String m =
          loadFailure(
              f, "import { secret } from './lib/link.js';\nexport default function (pi) {}\n");
      assertThat(m)
          .contains("cannot import " + f.dir.toRealPath().resolve("lib/link.js"))
          .contains("it links to " + outside.toRealPath().resolve("secret.js"))
          .doesNotContain("the secret");
    }
  }

  @Test
  void onlyScriptFilesCanBeImported() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("notes.txt", "password=hunter2\n");
      String m = loadFailure(f, "import './notes.txt';\nexport default function (pi) {}\n");
      assertThat(m)
          .contains("only .js, .mjs, .ts and .mts files can be imported")
          .doesNotContain("hunter2");
    }
  }

  @Test
  void noHostGlobalsAreReachable() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "probe.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              const names = ["Java", "Polyglot", "Graal", "load", "print", "require", "Packages",
                "java", "module", "exports", "quit", "readline", "WebAssembly", "__dirname", "__filename"];
              const found = {};
              for (const n of names) found[n] = typeof globalThis[n];
              found.timers = typeof setTimeout + " " + typeof clearTimeout; // graft's own, on the script thread
              found.apiKeys = Object.keys(pi).sort().join(",");
              found.onSource = Function.prototype.toString.call(pi.on).includes("host") ? "closure" : "?";
              try { found.wait = String(Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)); }
              catch (e) { found.wait = e.name; }
              found.globals = Object.getOwnPropertyNames(globalThis).sort().join(",");
              try { process.binding("fs"); } catch (e) { found.binding = e.message; }
              found.dlopen = typeof process.dlopen === "function" && (() => { try { process.dlopen({}, "x.node"); } catch (e) { return e.message; } })();
              return found;
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      HandlerOutcome.Answered a = (HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0);
      for (String n :
          List.of(
              "Java",
              "Polyglot",
              "Graal",
              "load",
              "print",
              "require",
              "Packages",
              "java",
              "module",
              "exports",
              "quit",
              "readline",
              "WebAssembly",
              "__dirname",
              "__filename")) {
        assertThat(a.value().get(n).asText()).as(n).isEqualTo("undefined");
      }
      assertThat(a.value().get("timers").asText()).isEqualTo("function function");
      assertThat(a.value().get("apiKeys").asText())
          .isEqualTo(
              "appendEntry,events,exec,getActiveTools,getAllTools,getCommands,getFlag,getSessionName,"
                  + "getThinkingLevel,on,registerCommand,registerFlag,registerMessageRenderer,registerProvider,"
                  + "registerShortcut,registerTool,sendMessage,sendUserMessage,setActiveTools,setLabel,"
                  + "setModel,setSessionName,setThinkingLevel,unregisterProvider");
      assertThat(a.value().get("wait").asText()).isEqualTo("TypeError");
      // Every global: ECMAScript's, console, graft's web globals and Node's (docs/hooks.md lists
      // them);
      // "arguments" is GraalJS's (an empty array).
      assertThat(a.value().get("globals").asText())
          .isEqualTo(
              String.join(
                  ",",
                  List.of(
                      "AbortController",
                      "AbortSignal",
                      "AggregateError",
                      "Array",
                      "ArrayBuffer",
                      "Atomics",
                      "BigInt",
                      "BigInt64Array",
                      "BigUint64Array",
                      "Blob",
                      "Boolean",
                      "Buffer",
                      "DataView",
                      "Date",
                      "Error",
                      "EvalError",
                      "Event",
                      "EventTarget",
                      "FinalizationRegistry",
                      "Float16Array",
                      "Float32Array",
                      "Float64Array",
                      "FormData",
                      "Function",
                      "Headers",
                      "Infinity",
                      "Int16Array",
                      "Int32Array",
                      "Int8Array",
                      "Intl",
                      "Iterator",
                      "JSON",
                      "Map",
                      "Math",
                      "NaN",
                      "Number",
                      "Object",
                      "Promise",
                      "Proxy",
                      "RangeError",
                      "ReferenceError",
                      "Reflect",
                      "RegExp",
                      "Request",
                      "Response",
                      "Set",
                      "SharedArrayBuffer",
                      "String",
                      "Symbol",
                      "SyntaxError",
                      "TextDecoder",
                      "TextEncoder",
                      "TypeError",
                      "URIError",
                      "URL",
                      "URLSearchParams",
                      "Uint16Array",
                      "Uint32Array",
                      "Uint8Array",
                      "Uint8ClampedArray",
                      "WeakMap",
                      "WeakRef",
                      "WeakSet",
                      "arguments",
                      "atob",
                      "btoa",
                      "clearImmediate",
                      "clearInterval",
                      "clearTimeout",
                      "console",
                      "crypto",
                      "decodeURI",
                      "decodeURIComponent",
                      "encodeURI",
                      "encodeURIComponent",
                      "escape",
                      "eval",
                      "fetch",
                      "global",
                      "globalThis",
                      "isFinite",
                      "isNaN",
                      "parseFloat",
                      "parseInt",
                      "performance",
                      "process",
                      "queueMicrotask",
                      "setImmediate",
                      "setInterval",
                      "setTimeout",
                      "structuredClone",
                      "undefined",
                      "unescape")));
      assertThat(a.value().get("binding").asText())
          .isEqualTo(
              "process.binding('fs'): graft's scripts have no access to" + " Node's internals");
      assertThat(a.value().get("dlopen").asText())
          .isEqualTo("process.dlopen: graft's scripts cannot load native code");
    }
  }
}
