package dev.graft.cli.scripts;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.host.ScriptAccess;
import dev.graft.cli.trust.ScriptInventory;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft scripts list}: every script a run here would load, loaded in a sandbox to see what
 * it does.
 */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List the hook scripts a run would load, with their events, commands, tools and problems.",
      "",
      "Each script's grants say what it may reach beyond graft's API (files, programs, hosts, "
          + "variables).",
      "",
      "Looks at $GRAFT_HOME/scripts, --scripts, -s and the project's .graft/scripts, and loads each "
          + "script without an agent to see what it registers. Untrusted project scripts are listed but "
          + "not run. Exit code 1 when a script has a problem."
    })
final class ScriptsListCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Option(
      names = "--scripts",
      paramLabel = "DIR",
      description = "Also the scripts in DIR, as a run with --scripts DIR.")
  List<Path> dirs = new ArrayList<>();

  @Option(
      names = {"-s", "--script"},
      paramLabel = "FILE",
      description = "Also this script, as a run with -s FILE.")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--cwd",
      paramLabel = "DIR",
      description = "The project directory (default: the current one).")
  Path cwd;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      defaultValue = "text",
      description = "Output format (default: ${DEFAULT-VALUE}).")
  Format format;

  enum Format {
    text,
    json
  }

  @Override
  public Integer call() {
    CliContext context = parent.context();
    Path project = cwd == null ? context.cwd() : context.cwd().resolve(cwd).normalize();
    if (!Files.isDirectory(project)) {
      throw new UserError("--cwd " + cwd + ": not a directory");
    }
    ScriptLocations.Plan plan =
        ScriptLocations.plan(
            new ScriptLocations.Request(context.home(), context.cwd(), project, dirs, files, false),
            ScriptLocations.TrustDecision.SKIP);
    plan.warnings().forEach(p -> context.err().println("graft: warning: " + p));
    ScriptInventory inventory;
    if (plan.locations().isEmpty()) {
      inventory =
          ScriptInventory.of(
              plan, List.of(), f -> List.of(), List.of(), List.of(), List.of(), Map.of());
    } else {
      ScriptAccess access = ScriptAccess.forThisUser(context.home());
      ScriptProbe.Result r =
          ScriptProbe.load(plan.sources(), script -> access.of(plan, script, project));
      inventory =
          ScriptInventory.of(
                  plan,
                  r.report().loaded(),
                  f -> r.events().getOrDefault(f, List.of()),
                  r.commands(),
                  r.tools(),
                  r.report().problems(),
                  r.warnings())
              .withGrants(ScriptAccess.describe(plan, r.report().loaded()))
              .withWarnings(r.notices());
    }
    if (format == Format.json) {
      context.out().println(Json.write(inventory.json()));
    } else {
      inventory.text().forEach(context.out()::println);
    }
    return inventory.hasProblems() ? 1 : 0;
  }
}
