package dev.graft.cli.setup;

import static dev.graft.cli.base.OptionField.list;
import static dev.graft.cli.base.OptionField.listOf;
import static dev.graft.cli.base.OptionField.option;

import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.llm.ScriptProviders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The flags that choose a model, tools, prompt and session for an agent run. */
public final class AgentOptions {
  @Option(
      names = "--provider",
      paramLabel = "NAME",
      description =
          "Model provider: anthropic, openai, a provider from models.json, or 'scripted' (replays --model FILE offline).")
  public String provider;

  @Option(
      names = "--model",
      paramLabel = "ID|FILE",
      description =
          "Model id, provider/id or a part of one (sonnet), with an optional :LEVEL of thinking (sonnet:high); with --provider scripted, the JSONL file of turns to replay.")
  public String model;

  @Option(
      names = "--models",
      paramLabel = "PATTERNS",
      split = ",",
      description =
          "Models Ctrl+P cycles through, comma-separated: ids, provider/ids or globs (claude-*), each with an optional :LEVEL of thinking (default: enabledModels of settings.json, else every model with a key).")
  public List<String> models = new ArrayList<>();

  /** The scope {@code --models} or {@code enabledModels} gave, resolved when the run starts. */
  public List<String> modelPatterns = List.of();

  /** Those patterns resolved, when the run started with the model registry (warnings said). */
  public Optional<ModelScope> modelScope = Optional.empty();

  /** The providers this run's scripts registered, which every registry of the run includes. */
  public final ScriptProviders scriptProviders = new ScriptProviders();

  @Option(
      names = "--thinking",
      paramLabel = "LEVEL",
      description =
          "Thinking level: off, minimal, low, medium, high, xhigh (default: the session's, else the"
              + " settings' defaultThinkingLevel, else medium; a model gets the nearest level it has).")
  String thinking;

  @Option(
      names = "--system-prompt",
      paramLabel = "TEXT|FILE",
      description = "Replace graft's system prompt (a file: its content).")
  String systemPrompt;

  @Option(
      names = "--append-system-prompt",
      paramLabel = "TEXT|FILE",
      description = "Add text (a file: its content) to the end of the system prompt.")
  String appendSystemPrompt;

  @Option(
      names = {"-t", "--tools"},
      paramLabel = "LIST",
      split = ",",
      description =
          "Active tools, comma-separated (default: read,bash,edit,write and the scripts' tools; also grep,find,ls).")
  public List<String> tools = new ArrayList<>();

  @Option(
      names = {"-nt", "--no-tools"},
      description = "No tools at all.")
  boolean noTools;

  @Option(
      names = {"-nbt", "--no-builtin-tools"},
      description =
          "None of the built-in tools (read, bash, edit, write...) at the start: only the"
              + " scripts' tools (--tools still names any).")
  boolean noBuiltinTools;

  @Option(
      names = {"-c", "--continue"},
      description = "Continue the most recent session of this directory.")
  boolean continueRecent;

  @Option(
      names = {"-r", "--resume"},
      description =
          "Pick a session to resume (interactive mode); leaving the picker without a choice"
              + " ends graft.")
  public boolean resume;

  @Option(
      names = "--session",
      paramLabel = "FILE|ID",
      description = "Use this session file, or the session whose id starts with ID.")
  String session;

  @Option(
      names = "--fork",
      paramLabel = "FILE|ID",
      description =
          "Start a new session holding a copy of this session file's entries, or of the session"
              + " whose id starts with ID.")
  String fork;

  @Option(names = "--no-session", description = "Keep the session in memory only; write no file.")
  boolean noSession;

  @Option(
      names = "--session-dir",
      paramLabel = "DIR",
      description =
          "Keep new sessions in DIR (made when missing), and look there for -c and -r, in place"
              + " of this directory's folder under $GRAFT_HOME/sessions.")
  Path sessionDir;

  @Option(
      names = "--cwd",
      paramLabel = "DIR",
      description = "Working directory for tools and sessions (default: the current one).")
  public Path cwd;

  @Option(
      names = "--scripts",
      paramLabel = "DIR",
      description = { // lines that fit the column, indented as picocli's: it would break "x.ts"
        // after the dot
        "Load the hook scripts in DIR; repeatable: its",
        "  *.js, *.mjs, *.ts and *.mts files (not the",
        "  tests, *.test.js and the like) and each",
        "  subdirectory's index.js, index.mjs, index.ts",
        "  or index.mts."
      })
  public List<Path> scriptDirs = new ArrayList<>();

  @Option(
      names = {"-s", "--script"},
      paramLabel = "FILE",
      description = "Load one hook script (.js, .mjs, .ts or .mts); repeatable.")
  List<Path> scriptFiles = new ArrayList<>();

  @Option(
      names = {"-e", "--extension"},
      paramLabel = "SOURCE",
      description =
          "Try a package (or a script file) for this run only, without installing it: a source"
              + " as graft scripts add takes it (a folder, npm:NAME@1.2.3 or git:github.com/u/r@v1;"
              + " a folder with no manifest loads its index.ts or index.js). Trusted for this"
              + " run because you named it; repeatable.")
  List<String> extensions = new ArrayList<>();

  @Option(
      names = {"-ne", "--no-scripts"},
      description =
          "Look for no hook scripts, script packages, skills, prompt templates or themes"
              + " (not even $GRAFT_HOME's): only the scripts named with -s, --scripts or -e"
              + " load.")
  boolean noScripts;

  @Option(
      names = {"-nc", "--no-context-files"},
      description =
          "Read no AGENTS.md or CLAUDE.md (not $GRAFT_HOME's, not the project's or its"
              + " parents'), at the start or on /reload.")
  boolean noContextFiles;

  @Option(
      names = {"-ns", "--no-skills"},
      description =
          "Look for no skills (not the project's, yours or the installed packages'): only"
              + " those of the packages named with -e and those scripts name in"
              + " resources_discover load, at the start or on /reload.")
  boolean noSkills;

  @Option(
      names = {"-np", "--no-prompt-templates"},
      description =
          "Look for no prompt templates (not the project's, yours or the installed packages'):"
              + " only those of the packages named with -e and those scripts name in"
              + " resources_discover load.")
  boolean noPromptTemplates;

  @Option(
      names = "--skill",
      paramLabel = "PATH",
      description =
          "Load a skill file (.md) or the skills in a folder, even with --no-skills or"
              + " --no-scripts; repeatable.")
  List<String> skillPaths = new ArrayList<>();

  @Option(
      names = "--prompt-template",
      paramLabel = "PATH",
      description =
          "Load a prompt template file (.md) or the templates in a folder, even with"
              + " --no-prompt-templates or --no-scripts; repeatable.")
  List<String> promptTemplatePaths = new ArrayList<>();

  @Option(
      names = "--theme",
      paramLabel = "PATH",
      description =
          "Load a theme file (.json) or the themes in a folder, even with --no-themes or"
              + " --no-scripts; repeatable.")
  List<String> themePaths = new ArrayList<>();

  @Option(
      names = "--no-themes",
      description =
          "Look for no theme files (not the project's, yours or the installed packages'): only"
              + " those of the packages named with -e and those scripts name in"
              + " resources_discover load; the built-in themes stay.")
  boolean noThemes;

  /**
   * --offline, or GRAFT_OFFLINE set to 1, true or yes (as the reference reads PI_OFFLINE): no
   * script package fetched while starting (npm's cache only for an -e package's dependencies).
   */
  public boolean offline(Map<String, String> env) {
    String value = env.getOrDefault("GRAFT_OFFLINE", "").strip().toLowerCase(Locale.ROOT);
    return offline || value.equals("1") || value.equals("true") || value.equals("yes");
  }

  /** Set by the interactive mode: project scripts that are not trusted are asked about at start. */
  public boolean interactive;

  /** Set from the root command's --verbose: script output (console.log) is shown. */
  public boolean verbose;

  @Option(
      names = "--offline",
      description =
          "Fetch no script package while starting (as GRAFT_OFFLINE=1): an -e npm or git"
              + " source is left out, with a warning; an -e folder's or archive's npm"
              + " dependencies come from npm's cache only. Models are still called.")
  boolean offline;

  @Option(
      names = "--max-tokens",
      paramLabel = "N",
      description = "Most output tokens per model call (default: the model's).")
  int maxTokens;

  /**
   * Not an option: the run's skills and templates once set up, for {@code /reload} to read again.
   */
  RunResources resources;

  /**
   * Not an option: set where no grant can be given (a test file's {@code t.session()}, whose home
   * is temporary): the scripts get none, and a refused call says this ("a test session gives
   * scripts no grants") instead of naming a settings file to edit.
   */
  public Optional<String> withoutGrants = Optional.empty();

  /**
   * Not an option: the command line's options graft does not know ({@code --plan}, {@code --preset
   * fast}), by name, with their value (empty for a bare flag): for the scripts' {@code pi.getFlag}.
   */
  public Map<String, Optional<String>> scriptFlags = Map.of();

  /**
   * Not an option: the flags whose value was the next argument ({@code --preset fast}). That
   * argument stays a prompt too until the scripts are loaded: only a string flag a script registers
   * takes it, as in the reference.
   */
  public Set<String> flagsWithNextArgument = Set.of();

  /**
   * Not an option: the arguments the scripts' string flags took (set once the scripts are loaded),
   * which are therefore not prompts.
   */
  public List<String> argumentsTakenByFlags = List.of();

  /**
   * Adds these options to {@code spec}, a run's spec built without annotations ({@code
   * RunCommandSpec}), bound to this object's fields: the same names and types as the annotations
   * above (RunCommandSpecTest checks them), without their help texts, which only the annotated
   * command prints.
   */
  public void addTo(CommandSpec spec) {
    spec.addOption(
        option(this, String.class, o -> o.provider, (o, v) -> o.provider = (String) v, "--provider")
            .build());
    spec.addOption(
        option(this, String.class, o -> o.model, (o, v) -> o.model = (String) v, "--model")
            .build());
    spec.addOption(
        list(this, String.class, o -> o.models, (o, v) -> o.models = listOf(v), "--models")
            .splitRegex(",")
            .build());
    spec.addOption(
        option(this, String.class, o -> o.thinking, (o, v) -> o.thinking = (String) v, "--thinking")
            .build());
    spec.addOption(
        option(
                this,
                String.class,
                o -> o.systemPrompt,
                (o, v) -> o.systemPrompt = (String) v,
                "--system-prompt")
            .build());
    spec.addOption(
        option(
                this,
                String.class,
                o -> o.appendSystemPrompt,
                (o, v) -> o.appendSystemPrompt = (String) v,
                "--append-system-prompt")
            .build());
    spec.addOption(
        list(this, String.class, o -> o.tools, (o, v) -> o.tools = listOf(v), "-t", "--tools")
            .splitRegex(",")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noTools,
                (o, v) -> o.noTools = (Boolean) v,
                "-nt",
                "--no-tools")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noBuiltinTools,
                (o, v) -> o.noBuiltinTools = (Boolean) v,
                "-nbt",
                "--no-builtin-tools")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.continueRecent,
                (o, v) -> o.continueRecent = (Boolean) v,
                "-c",
                "--continue")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.resume,
                (o, v) -> o.resume = (Boolean) v,
                "-r",
                "--resume")
            .build());
    spec.addOption(
        option(this, String.class, o -> o.session, (o, v) -> o.session = (String) v, "--session")
            .build());
    spec.addOption(
        option(this, String.class, o -> o.fork, (o, v) -> o.fork = (String) v, "--fork").build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noSession,
                (o, v) -> o.noSession = (Boolean) v,
                "--no-session")
            .build());
    spec.addOption(
        option(
                this,
                Path.class,
                o -> o.sessionDir,
                (o, v) -> o.sessionDir = (Path) v,
                "--session-dir")
            .build());
    spec.addOption(
        option(this, Path.class, o -> o.cwd, (o, v) -> o.cwd = (Path) v, "--cwd").build());
    spec.addOption(
        list(this, Path.class, o -> o.scriptDirs, (o, v) -> o.scriptDirs = listOf(v), "--scripts")
            .build());
    spec.addOption(
        list(
                this,
                Path.class,
                o -> o.scriptFiles,
                (o, v) -> o.scriptFiles = listOf(v),
                "-s",
                "--script")
            .build());
    spec.addOption(
        list(
                this,
                String.class,
                o -> o.extensions,
                (o, v) -> o.extensions = listOf(v),
                "-e",
                "--extension")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noScripts,
                (o, v) -> o.noScripts = (Boolean) v,
                "-ne",
                "--no-scripts")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noContextFiles,
                (o, v) -> o.noContextFiles = (Boolean) v,
                "-nc",
                "--no-context-files")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noSkills,
                (o, v) -> o.noSkills = (Boolean) v,
                "-ns",
                "--no-skills")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noPromptTemplates,
                (o, v) -> o.noPromptTemplates = (Boolean) v,
                "-np",
                "--no-prompt-templates")
            .build());
    spec.addOption(
        list(this, String.class, o -> o.skillPaths, (o, v) -> o.skillPaths = listOf(v), "--skill")
            .build());
    spec.addOption(
        list(
                this,
                String.class,
                o -> o.promptTemplatePaths,
                (o, v) -> o.promptTemplatePaths = listOf(v),
                "--prompt-template")
            .build());
    spec.addOption(
        list(this, String.class, o -> o.themePaths, (o, v) -> o.themePaths = listOf(v), "--theme")
            .build());
    spec.addOption(
        option(
                this,
                boolean.class,
                o -> o.noThemes,
                (o, v) -> o.noThemes = (Boolean) v,
                "--no-themes")
            .build());
    spec.addOption(
        option(this, boolean.class, o -> o.offline, (o, v) -> o.offline = (Boolean) v, "--offline")
            .build());
    spec.addOption(
        option(
                this,
                int.class,
                o -> o.maxTokens,
                (o, v) -> o.maxTokens = (Integer) v,
                "--max-tokens")
            .build());
  }
}
