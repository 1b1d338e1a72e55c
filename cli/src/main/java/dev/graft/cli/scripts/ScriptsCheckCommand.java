package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.host.ScriptAccess;
import dev.graft.cli.trust.ScriptInventory;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.hooks.HookEvents;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSources;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft scripts check FILE}: loads one script in the sandbox and reports its problems. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Load one hook script and report its problems as FILE:LINE: message.",
      "",
      "Loads it in the sandbox without an agent: syntax and import errors, exceptions while loading, "
          + "bad registrations. Handlers of events graft never emits (the reference's after_provider_response, "
          + "a misspelt name) are listed apart, not counted as problems. So is a command with a built-in "
          + "command's name: a run keeps the built-in and warns. Exit code 0 when clean, 1 on problems."
    })
final class ScriptsCheckCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Parameters(paramLabel = "FILE", description = "The script (.js, .mjs, .ts or .mts).")
  Path file;

  /**
   * The engine ends a message with "(at name.js:LINE)", the file relative to the script's folder (a
   * module it imports: "lib/b.js"); put it first, as FILE:LINE: message.
   */
  private static final Pattern AT = Pattern.compile("(?s)(.*?)\\s*\\(at ([^()]*?):(\\d+)\\)\\s*$");

  static String located(Path path, String problem) {
    String text =
        problem.startsWith(path + ": ") ? problem.substring(path.toString().length() + 2) : problem;
    Matcher m = AT.matcher(text);
    if (!m.matches()) {
      return path + ": " + text;
    }
    Path named = path.resolveSibling(m.group(2)).normalize();
    Path file = Files.isRegularFile(named) ? named : path;
    return file + ":" + m.group(3) + ": " + m.group(1);
  }

  @Override
  public Integer call() {
    CliContext context = parent.context();
    Path path = context.cwd().resolve(file).normalize();
    ScriptLocations.notAScriptFile(
            file,
            path,
            "graft scripts list --scripts " + file + " lists the scripts in it and their problems")
        .ifPresent(problem -> {
          throw new UserError(file + ": " + problem);
        });
    // What a run here could import: the shared library and the packages (global, trusted project
    // ones).
    ScriptLocations.Plan here =
        ScriptLocations.plan(
            new ScriptLocations.Request(
                context.home(), context.cwd(), context.cwd(), List.of(), List.of(), false),
            ScriptLocations.TrustDecision.SKIP);
    // With the grants a run here gives it (by its name, or its package's).
    ScriptAccess access = ScriptAccess.forThisUser(context.home());
    ScriptProbe.Result r =
        ScriptProbe.load(
            new ScriptSources(List.of(path), here.libraryDir(), here.packages()),
            script -> access.of(here, script, context.cwd()));
    PrintWriter out = context.out();
    List<String> problems = new ArrayList<>();
    for (LoadReport.Problem p : r.report().problems()) {
      problems.add(p.message());
    }
    // A handler of an event graft never emits is not a problem of the script: it is listed apart.
    r.warnings()
        .values()
        .forEach(w ->
            w.stream().filter(t -> !t.startsWith("pi.on: unknown event")).forEach(problems::add));
    for (ScriptFile f : r.report().loaded()) {
      List<String> parts = new ArrayList<>();
      List<String> events = r.events().getOrDefault(f, List.of());
      if (!events.isEmpty()) {
        parts.add("events " + String.join(", ", events));
      }
      List<String> commands =
          r.commands().stream().filter(c -> c.script().equals(f)).map(c -> "/" + c.name()).toList();
      if (!commands.isEmpty()) {
        parts.add("commands " + String.join(", ", commands));
      }
      List<String> tools =
          r.tools().stream()
              .filter(t -> t.script().equals(f))
              .map(t -> ScriptInventory.toolLabel(t.name()))
              .toList();
      if (!tools.isEmpty()) {
        parts.add("tools " + String.join(", ", tools));
      }
      out.println(
          ScriptText.safeLine(
              f.path()
                  + ": loads; "
                  + (parts.isEmpty() ? "registers nothing" : String.join("; ", parts))));
      List<String> never =
          events.stream()
              .filter(e -> !HookEvents.POINTS.contains(e) && !HookEvents.WATCHED.contains(e))
              .toList();
      if (!never.isEmpty()) {
        out.println(
            ScriptText.safeLine(
                f.path()
                    + ": events graft never emits (their handlers are never called): "
                    + String.join(", ", never)));
      }
    }
    List<String> notices = r.notices().values().stream().flatMap(List::stream).toList();
    notices.forEach(n -> out.println(ScriptText.safeLine(path + ": warning: " + n)));
    problems.forEach(p -> out.println(ScriptText.safeLine(located(path, p))));
    if (problems.isEmpty()) {
      out.println(
          "No problems found"
              + (notices.isEmpty()
                  ? "."
                  : " (" + notices.size() + (notices.size() == 1 ? " warning)." : " warnings).")));
      return 0;
    }
    out.println(problems.size() + (problems.size() == 1 ? " problem." : " problems."));
    return 1;
  }
}
