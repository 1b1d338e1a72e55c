package dev.graft.cli.setup;

import dev.graft.cli.interactive.SlashCommand;
import dev.graft.cli.resources.PromptTemplate;
import dev.graft.cli.resources.PromptTemplates;
import dev.graft.cli.resources.Skill;
import dev.graft.cli.resources.Skills;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.cli.tui.ThemeFile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The skills, prompt templates and themes of a run, read from {@link SharedResources}' plan, and
 * read again by {@code /reload}: what the system prompt lists, what a typed {@code /skill:NAME} or
 * {@code /template args} becomes, and the slash commands that complete them.
 */
public final class RunResources {
  private final Supplier<SharedResources.Plan> planner;
  private volatile SharedResources.Plan plan;
  private volatile Skills skills;
  private volatile PromptTemplates templates;
  private volatile ThemeFile.Loaded themes;

  /**
   * {@code planner}: how {@code /reload} finds the files again (no trust is asked then: a project
   * folder changed since you trusted it is left out, and {@link #reload} says so).
   */
  public RunResources(SharedResources.Plan plan, Supplier<SharedResources.Plan> planner) {
    this.planner = planner;
    use(plan);
  }

  public static RunResources none() {
    return new RunResources(SharedResources.Plan.NONE, () -> SharedResources.Plan.NONE);
  }

  private void use(SharedResources.Plan p) {
    plan = p;
    skills =
        Skills.load(
            p.skills().stream()
                .map(f -> new Skills.Found(f.file(), f.source(), f.trusted()))
                .toList());
    templates =
        PromptTemplates.load(
            p.prompts().stream()
                .map(f -> new PromptTemplates.Found(f.file(), f.source(), f.trusted()))
                .toList());
    themes = ThemeFile.loadAll(p.themes().stream().map(SharedResources.Found::file).toList());
  }

  /**
   * Finds and reads everything again; what was loaded and what is wrong, one line each: a project
   * folder not loaded (changed since you trusted it, say) with the command that trusts it, as
   * {@code /reload} says of the project's scripts.
   */
  public List<String> reload() {
    use(planner.get());
    List<String> lines = new ArrayList<>();
    lines.add(
        "skills: "
            + skills.all().size()
            + ", prompt templates: "
            + templates.all().size()
            + ", themes: "
            + themes.themes().size());
    plan.untrusted().forEach(u -> lines.add(TrustDecisions.notLoaded(u.project())));
    lines.addAll(problems());
    return lines;
  }

  public SharedResources.Plan plan() {
    return plan;
  }

  public Skills skills() {
    return skills;
  }

  public PromptTemplates templates() {
    return templates;
  }

  public ThemeFile.Loaded themes() {
    return themes;
  }

  /**
   * Every problem: skills' (with their line), templates', themes', and untrusted project folders.
   */
  public List<String> problems() {
    List<String> out = new ArrayList<>(plan.warnings());
    skills
        .problems()
        .forEach(p ->
            out.add("skill " + p.file() + ": " + p.message() + (p.fatal() ? " (not loaded)" : "")));
    out.addAll(templates.problems().stream().map(p -> "prompt template " + p).toList());
    out.addAll(themes.problems().stream().map(p -> "theme " + p).toList());
    return out;
  }

  /** The system prompt's skills section ("" without skills). */
  public String promptSection() {
    return skills.promptSection();
  }

  /**
   * {@code text} with a skill command or a template expanded, as the reference does, after the
   * input hook: from what was read at start or at the last {@code /reload}, not the file as it is
   * now (which trust may not have seen).
   */
  public String expand(String text) {
    return templates.expand(skills.expand(text));
  }

  /** Whether {@code /name} is a skill command or a template (so it is a prompt, not a command). */
  public boolean expands(String name) {
    return name.startsWith("skill:")
        ? skills.find(name.substring(6)).isPresent()
        : templates.find(name).isPresent();
  }

  /**
   * The slash commands the interactive mode completes and sends as prompts: each skill, then each
   * template.
   */
  public List<SlashCommand> commands() {
    List<SlashCommand> out = new ArrayList<>();
    for (Skill s : skills.all()) {
      add(out, "skill:" + s.name(), s.description(), SlashCommand.SKILL);
    }
    for (PromptTemplate t : templates.all()) {
      add(
          out,
          t.name(),
          t.description() + t.argumentHint().map(h -> " " + h).orElse(""),
          SlashCommand.PROMPT);
    }
    return out;
  }

  private static void add(List<SlashCommand> out, String name, String description, String origin) {
    try {
      out.add(
          new SlashCommand(
              name,
              description,
              origin,
              SlashCommand.ArgumentCompleter.NONE,
              (ctx, args) -> {
                throw new IllegalStateException("/" + name + " is sent as a prompt");
              }));
    } catch (IllegalArgumentException e) {
      // a name no command can have (upper case, a dot): it still expands when typed
    }
  }
}
