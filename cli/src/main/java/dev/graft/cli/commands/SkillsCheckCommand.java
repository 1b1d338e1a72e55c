package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.packages.ResourceFolders;
import dev.graft.cli.resources.SkillFile;
import dev.graft.cli.resources.Skills;
import dev.graft.cli.setup.SharedResources;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.hooks.ScriptText;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft skills check [PATH...]}: what is wrong with SKILL.md files, each problem with its
 * line.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Check skills and report each problem with its file and line.",
      "",
      "Problems: front matter that is not YAML, a missing or too long description, a name that "
          + "breaks the Agent Skills rules or differs from its folder, two skills of one name, a "
          + "skill's file named skill.md in another case than SKILL.md (not loaded).",
      "",
      "PATH: a SKILL.md (or another .md skill) or a folder of skills; none: every skill a run here would "
          + "read, untrusted project skills included (checking runs nothing). Each problem names its file and "
          + "line. Exit code 1 when there is a problem, 0 when every skill is right."
    })
final class SkillsCheckCommand implements Callable<Integer> {
  @ParentCommand SkillsCommand parent;

  @Parameters(
      paramLabel = "PATH",
      arity = "0..*",
      description = "SKILL.md files or folders of skills.")
  List<Path> paths = new ArrayList<>();

  @Override
  public Integer call() {
    CliContext context = parent.context();
    List<Skills.Found> found = new ArrayList<>();
    if (paths.isEmpty()) {
      SharedResources.Plan plan = plan(context, context.cwd());
      plan.skills().forEach(f -> found.add(new Skills.Found(f.file(), f.source(), f.trusted())));
      for (SharedResources.Untrusted u : plan.untrusted()) {
        if (u.kind().equals("skills")) {
          Path dir = u.project().dir();
          boolean rootFiles = !dir.getParent().getFileName().toString().equals(".agents");
          ResourceFolders.skills(dir, rootFiles)
              .forEach(f -> found.add(new Skills.Found(f, "project (not trusted)")));
        }
      }
    }
    for (Path p : paths) {
      Path at = context.cwd().resolve(p).normalize();
      if (Files.isDirectory(at)) {
        List<Path> skills = ResourceFolders.skills(at, true);
        if (skills.isEmpty()) {
          throw new UserError(p + ": no SKILL.md or .md skill in this folder");
        }
        skills.forEach(f -> found.add(new Skills.Found(f, "path")));
      } else if (Files.isRegularFile(at) && at.getFileName().toString().endsWith(".md")) {
        found.add(new Skills.Found(at, "path"));
      } else {
        throw new UserError(
            p + ": " + (Files.exists(at) ? "not a markdown file" : "no such file or folder"));
      }
    }
    Skills skills = Skills.load(found);
    PrintWriter out = context.out();
    for (Skills.Found f : found) {
      List<SkillFile.Problem> problems =
          skills.problems().stream()
              .filter(p ->
                  p.file().equals(f.file().toAbsolutePath().normalize())
                      || p.file().equals(f.file()))
              .toList();
      if (problems.isEmpty()) {
        String name =
            skills.all().stream()
                .filter(s -> s.file().equals(f.file().toAbsolutePath().normalize()))
                .map(s -> " (" + s.name() + ")")
                .findFirst()
                .orElse("");
        out.println(ScriptText.safeLine(f.file() + ": ok" + name));
      }
      for (SkillFile.Problem p : problems) {
        out.println(
            ScriptText.safeLine(
                f.file() + ": " + p.message() + (p.fatal() ? " (not loaded)" : "")));
      }
    }
    if (found.isEmpty()) {
      out.println("No skills to check.");
    }
    int count = skills.problems().size();
    out.println(
        count == 0
            ? found.size() + (found.size() == 1 ? " skill, no problems." : " skills, no problems.")
            : count + (count == 1 ? " problem." : " problems."));
    return count == 0 ? 0 : 1;
  }

  /**
   * The skills a run in {@code project} would read (untrusted project folders listed, not read).
   */
  static SharedResources.Plan plan(CliContext context, Path project) {
    return SharedResources.plan(
        context.home(),
        SkillsListCommand.userHome(context),
        project,
        SkillsListCommand.packages(context, project),
        ScriptLocations.TrustDecision.SKIP);
  }
}
