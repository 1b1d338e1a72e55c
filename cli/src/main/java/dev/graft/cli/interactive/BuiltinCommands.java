package dev.graft.cli.interactive;

import java.util.List;
import java.util.Optional;

/**
 * The commands graft has without any script, and {@code /help}, {@code /compact}, {@code /reload},
 * {@code /scripts}, {@code /quit}.
 */
final class BuiltinCommands {
  static final List<KeyHelp> KEYS =
      List.of(
          new KeyHelp(
              "Enter", "send; while the agent works, steer it (a line ending in \\ continues)"),
          new KeyHelp(
              "Alt+Enter", "while the agent works: queue a follow-up; otherwise a new line"),
          new KeyHelp("Shift+Enter, Ctrl+J", "new line"),
          new KeyHelp("Tab", "complete a path, a /command or its argument"),
          new KeyHelp("/ and @", "the commands, and the project's files to attach"),
          new KeyHelp("Up/Down, Ctrl+R", "history (kept in $GRAFT_HOME/history)"),
          new KeyHelp("Esc", "abort the running turn or shell command"),
          new KeyHelp("Ctrl+C", "clear the editor; on an empty one abort the turn"),
          new KeyHelp("Ctrl+C twice", "quit (within a second, on an empty editor)"),
          new KeyHelp("Ctrl+D", "quit (on an empty line)"),
          new KeyHelp("Ctrl+O, Ctrl+T", "expand tool output, show or hide thinking"),
          new KeyHelp(
              "Ctrl+P, Shift+Tab", "next model, next thinking level (Ctrl+L picks a model)"),
          new KeyHelp(
              "!cmd, !!cmd", "run cmd in the shell; the model sees !cmd's output, not !!cmd's"),
          new KeyHelp("In pickers", "↑↓ move, 1-9 pick, type to filter, Enter select, Esc cancel"),
          new KeyHelp("/hotkeys", "all keys, and how to change them"));

  private BuiltinCommands() {}

  /** A registry holding the built-in commands. */
  static CommandRegistry registry() {
    CommandRegistry r = new CommandRegistry();
    r.register(SlashCommand.builtIn("help", "Show commands and keys", BuiltinCommands::help));
    r.register(
        SlashCommand.builtIn(
            "model",
            "Pick a model, or /model ID (a part of one filters the picker)",
            ModelCommands::modelCandidates,
            ModelCommands::model));
    r.register(
        SlashCommand.builtIn(
            "thinking",
            "Set the thinking level: off, minimal, low, medium, high, xhigh",
            ModelCommands::thinkingCandidates,
            ModelCommands::thinking));
    r.register(
        SlashCommand.builtIn(
            "compact",
            "Summarize older messages now (/compact [what to focus on])",
            BuiltinCommands::compact));
    r.register(
        SlashCommand.builtIn("tree", "Go back to any point of the session tree", TreeCommand::run));
    r.register(
        SlashCommand.builtIn(
            "fork", "Start a new session from an earlier message", SessionCommands::fork));
    r.register(SlashCommand.builtIn("new", "Start a new session", SessionCommands::newSession));
    r.register(
        SlashCommand.builtIn(
            "resume", "Continue another session of this directory", SessionCommands::resume));
    r.register(
        SlashCommand.builtIn("name", "Name the session (/name [name])", SessionCommands::name));
    r.register(
        SlashCommand.builtIn(
            "label",
            "Label the latest entry (/label [text]; no text clears)",
            SessionCommands::label));
    r.register(
        SlashCommand.builtIn(
            "session", "Session file, id, message counts, tokens and cost", SessionCommands::info));
    r.register(
        SlashCommand.builtIn(
            "export",
            "Write the session as one HTML page (/export [file.html])",
            BuiltinCommands::export));
    r.register(
        SlashCommand.builtIn(
            "reload",
            "Read settings, AGENTS.md files, models.json and the hook scripts again",
            BuiltinCommands::reload));
    r.register(
        SlashCommand.builtIn(
            "scripts",
            "List the hook scripts: source, trust, events, commands, tools, problems",
            BuiltinCommands::scripts));
    r.register(
        SlashCommand.builtIn(
            "settings",
            "Model, thinking level, theme and compaction settings",
            SettingsCommand::run));
    r.register(
        SlashCommand.builtIn(
            "copy", "Copy the last answer to the clipboard", SettingsCommand::copy));
    r.register(
        SlashCommand.builtIn("hotkeys", "The keys and what they do", SettingsCommand::hotkeys));
    r.register(SlashCommand.builtIn("quit", "Quit graft", (ctx, args) -> ctx.quit()));
    return r;
  }

  static void help(CommandContext ctx, String args) {
    ctx.info("Commands:");
    String origin = SlashCommand.BUILT_IN;
    for (SlashCommand c : ctx.commands().all()) {
      if (!c.origin().equals(origin)) {
        origin = c.origin();
        ctx.info("From " + origin + ":");
      }
      ctx.row(String.format("  /%-10s ", c.name()), c.description());
    }
    ctx.info("Keys:");
    KeyHelp.list(ctx, KEYS, 21);
  }

  static void compact(CommandContext ctx, String args) throws Exception {
    Optional<String> instructions = args.isBlank() ? Optional.empty() : Optional.of(args);
    ctx.runAbortable(signal -> ctx.agent().compact(instructions, signal));
  }

  static void export(CommandContext ctx, String args) throws Exception {
    ctx.info(
        "Exported to "
            + ctx.exportSession(args.isBlank() ? Optional.empty() : Optional.of(args.strip())));
  }

  static void reload(CommandContext ctx, String args) {
    ctx.reload().forEach(ctx::info);
  }

  static void scripts(CommandContext ctx, String args) {
    ctx.scripts().describe().forEach(ctx::info);
  }
}
