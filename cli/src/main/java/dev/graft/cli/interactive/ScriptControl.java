package dev.graft.cli.interactive;

import java.util.List;

/** The hook scripts of a run, as the interactive mode sees them: their commands, {@code /scripts} and {@code /reload}. */
public interface ScriptControl {
  /** The commands the running scripts registered. */
  List<SlashCommand> commands();

  /** {@code /scripts}: each script, where it comes from, what it registered, its problems. */
  List<String> describe();

  /** Loads every script again (new, changed and removed files too); what happened, one line each. */
  List<String> reload();

  /** A run without scripts. */
  ScriptControl NONE = new ScriptControl() {
    @Override
    public List<SlashCommand> commands() {
      return List.of();
    }

    @Override
    public List<String> describe() {
      return List.of("No hook scripts are loaded.");
    }

    @Override
    public List<String> reload() {
      return List.of();
    }
  };
}
