package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential test of graft's TypeScript loading: every file of {@code typescript/corpus} runs as
 * a script in graft (real GraalJS, through the script engine's loader) and, compiled by tsc's
 * {@code transpileModule}, in node ({@code typescript/tsc-corpus.mjs}); what each prints must be
 * the same. A file tsc reports a syntax error in must be refused by graft at the same line; a file
 * graft refuses although tsc compiles it must be listed, with the reason, in {@code
 * typescript/refusals.txt}. TypeScript comes from {@code cli/src/test/browser} (installed by {@code
 * ./graft test}).
 */
class TypeScriptCorpusTest {
  private static final Path RESOURCES = Path.of("src/test/resources/typescript").toAbsolutePath();
  private static final Path TYPESCRIPT =
      Path.of("src/test/browser/node_modules/typescript").toAbsolutePath();

  @TempDir Path temp;

  @Test
  void everyCorpusFileMeansInGraftWhatItMeansToTsc() throws Exception {
    Path node = node();
    Path scripts = temp.resolve("scripts");
    copy(RESOURCES.resolve("corpus"), scripts);
    Map<String, String> refusals = refusals();
    JsonNode tsc = runTsc(node, scripts);
    Graft graft = runGraft(scripts);

    List<String> files = topLevelFiles(scripts);
    assertThat(files).as("the corpus").hasSizeGreaterThanOrEqualTo(60);
    assertThat(refusals.keySet()).as("refusals.txt names corpus files").isSubsetOf(files);
    List<String> mismatches = new ArrayList<>();
    for (String file : files) {
      JsonNode expected = tsc.path(file);
      Optional<String> problem = graft.problem(file);
      List<String> printed = graft.output(file);
      JsonNode diagnostics = expected.path("diagnostics");
      if (refusals.containsKey(file)) {
        String reason = refusals.get(file);
        if (!diagnostics.isEmpty()) {
          mismatches.add(
              file
                  + ": listed as a refusal, but tsc refuses it too ("
                  + diagnostics.get(0).path("message").asText()
                  + ")");
        } else if (problem.isEmpty()
            || !problem.get().contains(reason)
            || !problem.get().matches("(?s).*\\(at " + file.replace(".", "\\.") + ":\\d+\\)$")) {
          mismatches.add(
              file
                  + ": expected graft to refuse it with \""
                  + reason
                  + "\" and its line, got "
                  + problem.orElse(printed.toString()));
        }
      } else if (!diagnostics.isEmpty()) {
        int line = diagnostics.get(0).path("line").asInt();
        if (problem.isEmpty() || !problem.get().endsWith("(at " + file + ":" + line + ")")) {
          mismatches.add(
              file
                  + ": tsc refuses it at line "
                  + line
                  + " ("
                  + diagnostics.get(0).path("message").asText()
                  + "), graft "
                  + problem.map(p -> "says: " + p).orElse("loads it"));
        }
      } else if (problem.isPresent()) {
        mismatches.add(
            file
                + ": tsc compiles it (node prints "
                + text(expected.path("output"))
                + "), graft refuses it: "
                + problem.get());
      } else {
        List<String> want = text(expected.path("output"));
        if (!expected.path("failed").isNull()) {
          mismatches.add(
              file + ": node failed running tsc's output: " + expected.path("failed").asText());
        } else if (!printed.equals(want)) {
          mismatches.add(
              file
                  + ":\n    tsc + node: "
                  + String.join("\n                ", want)
                  + "\n    graft:      "
                  + String.join("\n                ", printed));
        }
      }
    }
    assertThat(mismatches)
        .as("files whose meaning differs (%d of %d)", mismatches.size(), files.size())
        .isEmpty();
  }

  /** What graft printed and reported, by file name. */
  private record Graft(Map<String, List<String>> lines, Map<String, String> problems) {
    List<String> output(String file) {
      return lines.getOrDefault(file, List.of());
    }

    Optional<String> problem(String file) {
      return Optional.ofNullable(problems.get(file));
    }
  }

  private static Graft runGraft(Path scripts) {
    Map<String, List<String>> lines = new ConcurrentHashMap<>();
    ScriptLog log =
        (ScriptFile script, ScriptLog.Level level, String text) -> {
          if (level == ScriptLog.Level.INFO) {
            lines.computeIfAbsent(script.name(), k -> new CopyOnWriteArrayList<>()).add(text);
          }
        };
    ScriptHostPort refusing =
        (ScriptHostPort)
            Proxy.newProxyInstance(
                ScriptHostPort.class.getClassLoader(),
                new Class<?>[] {ScriptHostPort.class},
                (proxy, method, args) -> {
                  throw new UnsupportedOperationException(
                      "corpus scripts call no host method: " + method.getName());
                });
    Map<String, String> problems = new TreeMap<>();
    try (ScriptEngine engine = ScriptEngine.start(ScriptSettings.defaults(), refusing, log)) {
      LoadReport report = engine.load(ScriptSources.of(scripts));
      for (LoadReport.Problem p : report.problems()) {
        problems.put(scripts.relativize(p.path()).toString(), p.message());
      }
    }
    return new Graft(Map.copyOf(lines), problems);
  }

  private static JsonNode runTsc(Path node, Path scripts) throws Exception {
    assertThat(TYPESCRIPT.resolve("lib/typescript.js"))
        .as(
            "typescript is installed by `npm install --prefix cli/src/test/browser` (./graft test does this)")
        .isRegularFile();
    Path out = scripts.resolveSibling("tsc-out");
    Process p =
        new ProcessBuilder(
                node.toString(),
                RESOURCES.resolve("tsc-corpus.mjs").toString(),
                TYPESCRIPT.toString(),
                scripts.toString(),
                out.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("tsc-corpus.mjs finished").isTrue();
    assertThat(p.exitValue()).as("tsc-corpus.mjs exit code").isZero();
    return Json.parse(json);
  }

  /** node on the PATH; without one the test is skipped, except in CI (CI set), where it fails. */
  private static Path node() {
    Optional<Path> found =
        Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .filter(d -> !d.isEmpty())
            .map(d -> Path.of(d, "node"))
            .filter(Files::isExecutable)
            .findFirst();
    if (found.isEmpty()) {
      String why =
          "node is not on the PATH: the TypeScript corpus compares graft with tsc run by node 20+";
      assertThat(System.getenv("CI")).as(why).isNull();
      Assumptions.abort(why);
    }
    return found.get();
  }

  /** refusals.txt: "file.ts: what graft's message says", after comment lines explaining each. */
  private static Map<String, String> refusals() throws IOException {
    Map<String, String> refusals = new TreeMap<>();
    for (String line : Files.readAllLines(RESOURCES.resolve("refusals.txt"))) {
      if (!line.isBlank() && !line.startsWith("#")) {
        int colon = line.indexOf(": ");
        refusals.put(line.substring(0, colon), line.substring(colon + 2));
      }
    }
    return refusals;
  }

  private static List<String> topLevelFiles(Path scripts) throws IOException {
    try (Stream<Path> files = Files.list(scripts)) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> f.getFileName().toString())
          .filter(n -> n.matches(".*\\.(m?ts|tsx)$"))
          .sorted()
          .toList();
    }
  }

  private static List<String> text(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }
}
