package dev.graft.cli.interactive;

import dev.graft.cli.base.UserSettings;
import dev.graft.cli.tui.ThemeFile;
import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code /settings}: the model and thinking level (switched now and kept as the defaults of new
 * sessions), the theme, whether thinking is shown, and compaction (on or off, the tokens it
 * reserves and keeps), each changed in a picker or a field and written to {@code
 * $GRAFT_HOME/settings.json}. Esc leaves the list.
 */
final class SettingsCommand {
  private SettingsCommand() {}

  static void run(CommandContext ctx, String args) throws Exception {
    while (true) {
      UserSettings settings = UserSettings.load(ctx.home().resolve("settings.json"));
      AgentSession agent = ctx.agent();
      CompactionSettings compaction = agent.compactionSettings();
      List<Choice> rows =
          List.of(
              new Choice("Model", agent.model().qualifiedId() + " (also for new sessions)"),
              new Choice(
                  "Thinking level", agent.effectiveThinking().wire() + " (also for new sessions)"),
              new Choice("Theme", settings.text("theme").orElse("dark")),
              new Choice(
                  "Hide thinking", settings.flag("hideThinkingBlock").orElse(false) ? "yes" : "no"),
              new Choice("Auto-compaction", compaction.enabled() ? "on" : "off"),
              new Choice("Compaction: reserve tokens", String.valueOf(compaction.reserveTokens())),
              new Choice(
                  "Compaction: keep recent tokens", String.valueOf(compaction.keepRecentTokens())));
      OptionalInt picked =
          ctx.ui()
              .pick("Settings (" + settings.file() + ")", rows, 0, DialogOptions.BUILT_IN)
              .join();
      if (picked.isEmpty()) {
        return;
      }
      switch (picked.getAsInt()) {
        case 0 -> model(ctx);
        case 1 -> thinking(ctx, settings);
        case 2 -> theme(ctx, settings);
        case 3 -> hideThinking(ctx, settings);
        case 4 -> {
          boolean on = !compaction.enabled();
          agent.setCompactionSettings(
              new CompactionSettings(
                  on, compaction.reserveTokens(), compaction.keepRecentTokens()));
          settings.setCompaction("enabled", on);
          ctx.info("Auto-compaction: " + (on ? "on" : "off"));
        }
        case 5 ->
            tokens(
                ctx,
                settings,
                "reserveTokens",
                "Tokens kept free for the answer",
                compaction.reserveTokens());
        case 6 ->
            tokens(
                ctx,
                settings,
                "keepRecentTokens",
                "Tokens of recent messages a compaction keeps",
                compaction.keepRecentTokens());
        default -> {}
      }
      ctx.statusChanged();
    }
  }

  /** The model picked is saved as the default wherever it is picked (AgentSetup). */
  private static void model(CommandContext ctx) {
    ModelCommands.model(ctx, "");
  }

  /**
   * A change of the level is saved as defaultThinkingLevel wherever it is made (AgentSetup); here
   * the level picked is saved even when it is the one in use, as the row says.
   */
  private static void thinking(CommandContext ctx, UserSettings settings) throws IOException {
    ModelCommands.thinking(ctx, "");
    if (ctx.agent().model().reasoning()) {
      settings.set("defaultThinkingLevel", ctx.agent().effectiveThinking().wire());
    }
  }

  private static void theme(CommandContext ctx, UserSettings settings) throws IOException {
    String current = settings.text("theme").orElse("dark");
    ThemeFile.Loaded loaded = ctx.scripts().themes();
    List<String> names = loaded.names();
    List<Choice> choices =
        names.stream()
            .map(n ->
                new Choice(
                    n,
                    (n.equals(current) ? "current" : "")
                        + loaded
                            .find(n)
                            .map(t -> (n.equals(current) ? ", " : "") + t.file().getFileName())
                            .orElse("")))
            .toList();
    OptionalInt picked =
        ctx.ui()
            .pick(
                "Theme",
                choices,
                Math.max(0, names.indexOf(current)),
                DialogOptions.CONFIRMED_BY_CALLER)
            .join();
    if (picked.isPresent()) {
      String name = names.get(picked.getAsInt());
      settings.set("theme", name);
      ctx.themeChanged(name);
      ctx.info("Theme: " + name);
    }
  }

  private static void hideThinking(CommandContext ctx, UserSettings settings) throws IOException {
    boolean hide = !settings.flag("hideThinkingBlock").orElse(false);
    settings.set("hideThinkingBlock", hide);
    ctx.info(
        "Thinking is "
            + (hide ? "hidden (Ctrl+T shows it)" : "shown")
            + " from the next start; Ctrl+T switches it now.");
  }

  private static void tokens(
      CommandContext ctx, UserSettings settings, String field, String title, long current)
      throws IOException {
    Optional<String> typed =
        ctx.ui()
            .input(
                title, "a whole number of tokens", String.valueOf(current), DialogOptions.BUILT_IN)
            .join();
    if (typed.isEmpty()) {
      return;
    }
    long value;
    try {
      value = Long.parseLong(typed.get().strip().replace(",", "").replace("_", ""));
    } catch (NumberFormatException e) {
      ctx.warn(
          field + ": \"" + typed.get().strip() + "\" is not a whole number of tokens; unchanged");
      return;
    }
    if (value < 0) {
      ctx.warn(field + ": must be 0 or more; unchanged");
      return;
    }
    AgentSession agent = ctx.agent();
    CompactionSettings c = agent.compactionSettings();
    agent.setCompactionSettings(
        field.equals("reserveTokens")
            ? new CompactionSettings(c.enabled(), value, c.keepRecentTokens())
            : new CompactionSettings(c.enabled(), c.reserveTokens(), value));
    settings.setCompaction(field, value);
    ctx.info("Compaction " + field + ": " + value);
  }

  /**
   * {@code /hotkeys}: the keys of the actions (as keybindings.json sets them) and of the editor.
   */
  static void hotkeys(CommandContext ctx, String args) {
    Keybindings keys = ctx.keys();
    ctx.info("Actions (change them in " + ctx.home().resolve("keybindings.json") + "):");
    for (Keybindings.Action a : Keybindings.ACTIONS) {
      List<String> bound = keys.all(a.id());
      ctx.row(
          String.format(
              "  %-18s %-26s ", bound.isEmpty() ? "(unbound)" : String.join(", ", bound), a.id()),
          a.description());
    }
    keys.problems().forEach(ctx::warn);
    ctx.info("Editor:");
    KeyHelp.list(ctx, EDITOR_KEYS, 18);
  }

  static final List<KeyHelp> EDITOR_KEYS =
      List.of(
          new KeyHelp(
              "Enter", "send; while the agent works, steer it (its next step sees the message)"),
          new KeyHelp("Shift+Enter, Ctrl+J, Alt+Enter (idle), \\ at the end", "new line"),
          new KeyHelp(
              "Tab", "complete a path, a /command or its argument; in a list, take the choice"),
          new KeyHelp(
              "/ at the start", "the commands, filtered as you type; @ the project's files"),
          new KeyHelp("Up, Down", "move between lines; on the first or last, the history"),
          new KeyHelp(
              "Ctrl+R", "search the history (Ctrl+R again: older; Enter takes it; Esc cancels)"),
          new KeyHelp("Ctrl+A, Ctrl+E", "start and end of the line (Home, End)"),
          new KeyHelp("Alt+B, Alt+F", "a word back and forward (Ctrl+Left, Ctrl+Right)"),
          new KeyHelp(
              "Ctrl+W, Alt+D",
              "delete the word before and after; Ctrl+U, Ctrl+K to the line's start and end"),
          new KeyHelp("Ctrl+Y", "put back what was deleted last; Ctrl+_ undo"),
          new KeyHelp(
              "Pastes",
              "more than 10 lines or 1,000 characters fold into [paste #1 +N lines] (sent whole)"));

  /** {@code /copy}: the last answer of the model on this branch, to the clipboard. */
  static void copy(CommandContext ctx, String args) {
    List<AgentMessage> messages = ctx.agent().session().buildContext().messages();
    String text = null;
    for (int i = messages.size() - 1; i >= 0 && text == null; i--) {
      if (messages.get(i) instanceof AgentMessage.Assistant a) {
        List<String> parts = new ArrayList<>();
        a.content()
            .forEach(b -> {
              if (b instanceof ContentBlock.Text t && !t.text().isBlank()) {
                parts.add(t.text());
              }
            });
        if (!parts.isEmpty()) {
          text = String.join("\n\n", parts);
        }
      }
    }
    if (text == null) {
      ctx.info("No answer to copy yet.");
      return;
    }
    if (!ctx.copy(text)) {
      ctx.warn("/copy needs a terminal: it asks the terminal to set the clipboard (OSC 52)");
      return;
    }
    ctx.info(
        "Copied the last answer ("
            + text.length()
            + " characters) to the clipboard (through the terminal: OSC 52).");
  }
}
