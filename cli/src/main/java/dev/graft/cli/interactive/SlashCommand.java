package dev.graft.cli.interactive;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A command typed as {@code /name args}: built in, or (later) registered by a hook script, whose
 * file {@code origin} names. {@code arguments} completes the argument being typed.
 */
public record SlashCommand(
    String name, String description, String origin, ArgumentCompleter arguments, Handler handler) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_:-]*");
  public static final String BUILT_IN = "built-in";

  /** The origin of a skill's {@code /skill:NAME}: sent as a prompt, which the agent expands. */
  public static final String SKILL = "skill";

  /** The origin of a prompt template's {@code /name}: sent as a prompt, which the agent expands. */
  public static final String PROMPT = "prompt template";

  /** Runs the command; a thrown exception is shown as a one-line error, the session untouched. */
  @FunctionalInterface
  public interface Handler {
    void run(CommandContext context, String args) throws Exception;
  }

  /**
   * The candidates that match the argument typed so far, best first: the completer filters them (by
   * their start, or fuzzily as {@code /model} does).
   */
  @FunctionalInterface
  public interface ArgumentCompleter {
    List<String> candidates(CommandContext context, String typed);

    ArgumentCompleter NONE = (context, typed) -> List.of();
  }

  public SlashCommand {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "command name '"
              + name
              + "': use lower-case letters, digits, '-', '_' or ':', starting with a letter");
    }
    description = description == null ? "" : description;
    origin = origin == null ? BUILT_IN : origin;
    arguments = arguments == null ? ArgumentCompleter.NONE : arguments;
    Objects.requireNonNull(handler, "handler");
  }

  /** A skill's or a prompt template's command: the typed line is a prompt, not a command to run. */
  public boolean sendsPrompt() {
    return origin.equals(SKILL) || origin.equals(PROMPT);
  }

  public static SlashCommand builtIn(String name, String description, Handler handler) {
    return new SlashCommand(name, description, BUILT_IN, ArgumentCompleter.NONE, handler);
  }

  public static SlashCommand builtIn(
      String name, String description, ArgumentCompleter arguments, Handler handler) {
    return new SlashCommand(name, description, BUILT_IN, arguments, handler);
  }
}
