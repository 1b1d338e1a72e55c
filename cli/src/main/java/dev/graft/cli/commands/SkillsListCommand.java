package dev.graft.cli.commands;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.resources.Skill;
import dev.graft.cli.resources.SkillFile;
import dev.graft.cli.resources.Skills;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.cli.setup.SharedResources;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code graft skills list}: the skills a run here loads, in order, with their problems. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List the skills a run here would load: name, where it comes from, its file and description.",
      "",
      "Looks at the project's .graft/skills and .agents/skills (once trusted), $GRAFT_HOME/skills, "
          + "~/.agents/skills and the installed packages. A skill marked \"user only\" is not listed to the "
          + "model (disable-model-invocation: true); /skill:NAME still sends it. Exit code 1 when a skill "
          + "has a problem (graft skills check shows them with their line)."
    })
final class SkillsListCommand implements Callable<Integer> {
  @ParentCommand SkillsCommand parent;

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
  String format;

  @Override
  public Integer call() {
    CliContext context = parent.context();
    if (!format.equals("text") && !format.equals("json")) {
      throw UserError.usage("--format " + format + ": use text or json");
    }
    Path project = cwd == null ? context.cwd() : context.cwd().resolve(cwd).normalize();
    if (!Files.isDirectory(project)) {
      throw new UserError("--cwd " + cwd + ": not a directory");
    }
    SharedResources.Plan plan = SkillsCheckCommand.plan(context, project);
    Skills skills =
        Skills.load(
            plan.skills().stream()
                .map(f -> new Skills.Found(f.file(), f.source(), f.trusted()))
                .toList());
    PrintWriter out = context.out();
    if (format.equals("json")) {
      ObjectNode root = Json.object();
      ArrayNode list = root.putArray("skills");
      for (Skill s : skills.all()) {
        list.addObject()
            .put("name", s.name())
            .put("description", s.description())
            .put("file", s.file().toString())
            .put("source", s.source())
            .put("listedToModel", !s.userOnly());
      }
      ArrayNode problems = root.putArray("problems");
      skills
          .problems()
          .forEach(p ->
              problems
                  .addObject()
                  .put("file", p.file().toString())
                  .put("problem", p.message())
                  .put("loaded", !p.fatal()));
      ArrayNode untrusted = root.putArray("untrusted");
      plan.untrusted().forEach(u -> untrusted.add(u.project().dir().toString()));
      out.println(Json.write(root));
      return skills.problems().isEmpty() ? 0 : 1;
    }
    if (skills.all().isEmpty()) {
      out.println(
          "No skills (graft loads $GRAFT_HOME/skills, ~/.agents/skills, a trusted .graft/skills or .agents/skills,"
              + " and packages' skills).");
    }
    for (Skill s : skills.all()) {
      out.println(
          ScriptText.safeLine(
              s.name()
                  + "  ("
                  + s.source()
                  + (s.userOnly() ? ", user only" : "")
                  + ")  "
                  + s.file()));
      out.println("  " + ScriptText.safeLine(oneLine(s.description())));
    }
    for (SkillFile.Problem p : skills.problems()) {
      out.println(
          ScriptText.safeLine(
              "problem: " + p.file() + ": " + p.message() + (p.fatal() ? " (not loaded)" : "")));
    }
    for (SharedResources.Untrusted u : plan.untrusted()) {
      if (u.kind().equals("skills")) {
        out.println(ScriptText.safeLine(TrustDecisions.notLoaded(u.project())));
      }
    }
    plan.warnings().forEach(w -> context.err().println("graft: warning: " + w));
    return skills.problems().isEmpty() ? 0 : 1;
  }

  private static String oneLine(String s) {
    String line = s.strip().replaceAll("\\s+", " ");
    return line.length() > 160 ? line.substring(0, 157) + "..." : line;
  }

  static List<ScriptLocations.PackagePlan> packages(CliContext context, Path project) {
    return ScriptLocations.plan(
            new ScriptLocations.Request(
                context.home(), context.cwd(), project, List.of(), List.of(), false),
            ScriptLocations.TrustDecision.SKIP)
        .packagePlans();
  }

  static Path userHome(CliContext context) {
    return AgentSetup.userHome(context);
  }
}
