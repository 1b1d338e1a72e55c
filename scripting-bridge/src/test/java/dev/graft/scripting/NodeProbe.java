package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.LoadReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Runs the same probe in a graft script and in node, for the tests that hold graft's Node modules
 * to Node's behaviour: {@code imports} (ES module import lines), then {@code body}, which defines
 * {@code async function probe()} returning plain data.
 */
final class NodeProbe {
  private NodeProbe() {}

  /** What probe() returns in a graft script loaded by {@code f}. */
  static JsonNode inGraft(ScriptFixture f, String imports, String body) {
    f.write(
        "probe.js",
        imports
            + "\n"
            + body
            + "\nexport default function (pi) { pi.on(\"agent_start\", () => probe()); }\n");
    LoadReport report = f.load();
    assertThat(report.problems()).as("load problems").isEmpty();
    List<HandlerOutcome> out = f.emit("agent_start", "{}");
    assertThat(out).hasSize(1);
    if (out.get(0) instanceof HandlerOutcome.Failed failed) {
      throw new AssertionError("probe failed in graft: " + failed.failure().message());
    }
    return ((HandlerOutcome.Answered) out.get(0)).value();
  }

  /** Where {@code graft} and {@code node} differ, each as "path: graft ≠ node" (at most 30). */
  static List<String> differences(JsonNode graft, JsonNode node) {
    List<String> out = new ArrayList<>();
    diff("", graft, node, out);
    return out;
  }

  private static void diff(String at, JsonNode a, JsonNode b, List<String> out) {
    if (out.size() >= 30 || a.equals(b)) {
      return;
    }
    if (a.isObject() && b.isObject()) {
      Set<String> names = new TreeSet<>();
      a.fieldNames().forEachRemaining(names::add);
      b.fieldNames().forEachRemaining(names::add);
      for (String n : names) {
        diff(at + "." + n, a.path(n), b.path(n), out);
      }
    } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        diff(at + "[" + i + "]", a.get(i), b.get(i), out);
      }
    } else {
      out.add(escaped(at) + ": graft " + a + " but node " + b);
    }
  }

  private static String escaped(String s) {
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return out.toString();
  }

  /** What probe() returns in node (the probe file in {@code dir}). */
  static JsonNode inNode(Path dir, String imports, String body) {
    try {
      Path file = dir.resolve("probe-node.mjs");
      Files.writeString(
          file,
          imports
              + "\n"
              + body
              + "\nprobe().then((v) => process.stdout.write(JSON.stringify(v === undefined ? null : v)), (e) => { console.error(e); process.exit(3); });\n");
      Process p =
          new ProcessBuilder("node", file.toString())
              .directory(dir.toFile())
              .redirectErrorStream(false)
              .start();
      byte[] out = p.getInputStream().readAllBytes();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("node: " + err).isZero();
      return Json.parse(new String(out, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
