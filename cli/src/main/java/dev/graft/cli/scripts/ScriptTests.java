package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * {@code graft scripts test}: runs the {@code *.test.js} files under a directory. Each test file is
 * loaded as a script with the harness library ({@code graft/lib/test.js}); each of its tests runs
 * in order, and the sessions a test started end with it.
 */
public final class ScriptTests {
  /**
   * A test that has not finished after this long is reported as failed (a guard, not a measure).
   */
  private static final long TEST_LIMIT_SECONDS = 300;

  private ScriptTests() {}

  /** One test's outcome; {@code at} is "file:line" of the failing assertion when known. */
  public record Outcome(
      String file, String name, boolean passed, Optional<String> at, String message) {}

  /** The test files under {@code dir}, in name order (hidden directories skipped). */
  public static List<Path> find(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> ScriptFinder.isTestName(p.getFileName().toString()))
          .filter(p ->
              StreamSupport.stream(dir.relativize(p).spliterator(), false)
                  .noneMatch(part -> part.toString().startsWith(".")))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Runs every test of {@code file}, printing each outcome to {@code out} as it comes. */
  public static List<Outcome> run(Path file, String shownAs, PrintWriter out, ScriptLog log) {
    return run(file, shownAs, out, log, Map.of(), ScriptSettings.defaults());
  }

  /**
   * As {@link #run(Path, String, PrintWriter, ScriptLog)}, with these installed packages importable
   * and these settings (where TypeScript is kept erased).
   */
  public static List<Outcome> run(
      Path file,
      String shownAs,
      PrintWriter out,
      ScriptLog log,
      Map<String, Path> packages,
      ScriptSettings settings) {
    List<Outcome> outcomes = new ArrayList<>();
    out.println(shownAs);
    out.flush();
    Path lib = library();
    try (TestHarness harness = new TestHarness(file.getParent());
        ScriptEngine engine = ScriptEngine.start(settings, harness.port(), log)) {
      LoadReport loaded = engine.load(new ScriptSources(List.of(file), Optional.of(lib), packages));
      if (!loaded.problems().isEmpty()) {
        // the file is named on the line above: its reason, without the path and "loading failed"
        String problem =
            loaded.problems().getFirst().reason().replaceFirst("^loading failed: ", "");
        // A test file is loaded as a script, but its default export is the tests, not a script's
        // function.
        String message =
            problem.startsWith("its default export must be a function")
                ? "cannot load: its default export is not the tests; end the file with `export default tests;`"
                : "cannot load: " + problem;
        outcomes.add(
            report(out, new Outcome(shownAs, "(loading)", false, Optional.empty(), message)));
        return outcomes;
      }
      List<ScriptCommand> tests =
          engine.commands().stream()
              .filter(c -> c.name().startsWith("graft-test-"))
              .sorted((a, b) -> Integer.compare(number(a), number(b)))
              .toList();
      if (tests.isEmpty()) {
        outcomes.add(
            report(
                out,
                new Outcome(
                    shownAs,
                    "(no tests)",
                    false,
                    Optional.empty(),
                    "no tests: declare them with test(name, fn) and end the file with `export default tests;`")));
      }
      for (ScriptCommand test : tests) {
        outcomes.add(report(out, runOne(engine, test, shownAs, lib)));
        harness.endSessions();
      }
    } finally {
      deleteLibrary(lib);
    }
    return outcomes;
  }

  private static int number(ScriptCommand c) {
    return Integer.parseInt(c.name().substring("graft-test-".length()));
  }

  private static Outcome runOne(ScriptEngine engine, ScriptCommand test, String file, Path lib) {
    try {
      JsonNode r =
          engine
              .runCommand(test.name(), "", EventContext.EMPTY)
              .get(TEST_LIMIT_SECONDS, TimeUnit.SECONDS);
      if (r != null && r.path("passed").asBoolean(false)) {
        return new Outcome(file, test.description(), true, Optional.empty(), "");
      }
      Optional<String> at =
          r != null && r.path("at").isTextual()
              ? Optional.of(r.get("at").asText())
              : Optional.empty();
      String message =
          r == null
              ? "the test gave no result"
              : engine.asWritten(r.path("message").asText("failed"));
      return new Outcome(file, test.description(), false, at, message);
    } catch (ExecutionException e) {
      return new Outcome(
          file, test.description(), false, Optional.empty(), failure(e.getCause(), test, lib));
    } catch (TimeoutException e) {
      return new Outcome(
          file,
          test.description(),
          false,
          Optional.empty(),
          "did not finish in " + TEST_LIMIT_SECONDS + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(file, test.description(), false, Optional.empty(), "interrupted");
    }
  }

  /**
   * A test's failure as the file's reader knows it: "the test" for the command graft runs it as,
   * without the file's path (the outcome is listed under it) or a place in the harness library.
   */
  private static String failure(Throwable t, ScriptCommand test, Path lib) {
    String message = String.valueOf(t.getMessage());
    int named = message.indexOf(": /" + test.name() + " command ");
    if (named >= 0) {
      message =
          "the test " + message.substring(named + (": /" + test.name() + " command ").length());
    }
    return message.replaceAll(" \\(at " + Pattern.quote(lib.toString()) + "[^)]*\\)", "");
  }

  private static Outcome report(PrintWriter out, Outcome o) {
    out.println((o.passed() ? "  ✓ " : "  ✗ ") + ScriptText.safeLine(o.name()));
    if (!o.passed()) {
      out.println(
          "      " + ScriptText.safeLine(o.at().map(a -> a + ": ").orElse("") + o.message()));
    }
    out.flush();
    return o;
  }

  /**
   * The harness library in a directory of its own, for the test file to import as
   * graft/lib/test.js.
   */
  private static Path library() {
    try (InputStream in = ScriptTests.class.getResourceAsStream("test.js")) {
      if (in == null) {
        throw new IllegalStateException(
            "graft is missing its test harness (dev/graft/cli/scripts/test.js)");
      }
      Path dir = Files.createTempDirectory("graft-test-lib-");
      Files.write(dir.resolve("test.js"), in.readAllBytes());
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the test harness: " + e.getMessage(), e);
    }
  }

  private static void deleteLibrary(Path dir) {
    try {
      Files.deleteIfExists(dir.resolve("test.js"));
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // a temporary file left behind is no failure
    }
  }
}
