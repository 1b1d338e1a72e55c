package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.ScriptFinder;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts test [DIR | FILE]}: runs the scripts' test files, or one of them. */
@Command(
    name = "test",
    mixinStandardHelpOptions = true,
    description = {
      "Run the scripts' test files under DIR (default: the current directory).",
      "",
      "A test file (*.test.js, .mjs, .ts or .mts) imports graft's harness,",
      "  import { test, assert, tests } from \"graft/lib/test.js\";",
      "and drives real sessions with the scripts under test and a scripted model "
          + "(see docs/testing.md).",
      "",
      "Prints each test and \"N passed, N failed\"; exits 1 when a test failed."
    })
final class ScriptsTestCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Parameters(
      paramLabel = "DIR",
      arity = "0..1",
      description = "Where the test files are (default: .), or one test file.")
  Path dir;

  private static final String TEST_FILES = "*.test.js, *.test.mjs, *.test.ts or *.test.mts";

  @Override
  public Integer call() {
    CliContext context = parent.context();
    Path given = dir == null ? context.cwd() : context.cwd().resolve(dir).normalize();
    Path root = given;
    List<Path> files;
    if (Files.isRegularFile(given) && ScriptFinder.isTestName(given.getFileName().toString())) {
      // One test file: run it alone, named as it would be in its folder's run.
      root = given.getParent();
      files = List.of(given);
    } else if (Files.isRegularFile(given)) {
      throw new UserError(dir + ": not a test file (" + TEST_FILES + ") nor a directory");
    } else if (!Files.isDirectory(given)) {
      throw new UserError((dir == null ? given : dir) + ": not a directory");
    } else {
      files = ScriptTests.find(given);
    }
    if (files.isEmpty()) {
      throw new UserError("no test files (" + TEST_FILES + ") in " + (dir == null ? given : dir));
    }
    PrintWriter out = context.out();
    PrintWriter err = context.err();
    boolean verbose = parent.verbose();
    ScriptLog log =
        (script, level, text) -> {
          if (verbose || level == ScriptLog.Level.WARN || level == ScriptLog.Level.ERROR) {
            err.println(
                "[" + ScriptText.safeLine(script.name()) + "] " + ScriptText.safeLine(text));
            err.flush();
          }
        };
    List<ScriptTests.Outcome> outcomes = new ArrayList<>();
    // Tests may import the installed packages a run here could (global ones, trusted project ones).
    Map<String, Path> packages =
        ScriptLocations.plan(
                new ScriptLocations.Request(
                    context.home(), context.cwd(), context.cwd(), List.of(), List.of(), false),
                ScriptLocations.TrustDecision.SKIP)
            .packages();
    for (Path file : files) {
      outcomes.addAll(
          ScriptTests.run(
              file,
              root.relativize(file).toString(),
              out,
              log,
              packages,
              ScriptSettings.defaults()));
    }
    long failed = outcomes.stream().filter(o -> !o.passed()).count();
    out.println((outcomes.size() - failed) + " passed, " + failed + " failed");
    out.flush();
    return failed == 0 ? 0 : 1;
  }
}
