package dev.graft.cli.interactive;

import dev.graft.runtime.config.EditDistance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The slash commands of the interactive mode: the built-in ones, and those hook scripts add
 * (replaced as a group when scripts are reloaded, see {@link #removeFrom}). Parses input, finds the
 * nearest name for a mistyped command, and completes names and arguments.
 */
public final class CommandRegistry {
  /** "/name" then optional arguments; a first word holding another '/' is a path, not a command. */
  private static final Pattern INVOCATION =
      Pattern.compile("/([A-Za-z][\\w:-]*)(?:\\s+(.*))?", Pattern.DOTALL);

  private final Map<String, SlashCommand> commands = new LinkedHashMap<>();

  /** A parsed {@code /name args} (args stripped, possibly empty). */
  public record Invocation(String name, String args) {}

  /** A completion candidate: the text to insert and what it does. */
  public record Completion(String value, String description) {}

  /** Adds a command; a name that is taken is refused (built-in names cannot be overridden). */
  public synchronized void register(SlashCommand command) {
    Optional<String> refused = refusal(command.name());
    if (refused.isPresent()) {
      throw new IllegalArgumentException(refused.get());
    }
    commands.put(command.name(), command);
  }

  /**
   * Why a command named {@code name} could not be added ("/model exists already (from built-in)"),
   * or empty when it could. Names are matched as typed ones are, ignoring case.
   */
  public synchronized Optional<String> refusal(String name) {
    return commands.values().stream()
        .filter(c -> c.name().equalsIgnoreCase(name))
        .findFirst()
        .map(c -> "/" + name + " exists already (from " + c.origin() + ")");
  }

  /** The line that says a script's command was not added, and {@code why}. */
  public static String notAdded(String why) {
    return "script command not added: " + why;
  }

  /** Removes the commands {@code origin} registered (a script being reloaded). */
  public synchronized void removeFrom(String origin) {
    commands
        .values()
        .removeIf(c -> c.origin().equals(origin) && !origin.equals(SlashCommand.BUILT_IN));
  }

  public synchronized Optional<SlashCommand> find(String name) {
    return Optional.ofNullable(commands.get(name.toLowerCase(Locale.ROOT)));
  }

  /** Every command, in registration order (built-in ones first). */
  public synchronized List<SlashCommand> all() {
    return List.copyOf(commands.values());
  }

  /**
   * {@code text} as a command, when it is one: it starts with '/' and a name. "/usr/bin is full" is
   * a prompt, not a command.
   */
  public static Optional<Invocation> parse(String text) {
    Matcher m = INVOCATION.matcher(text.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    String args = m.group(2) == null ? "" : m.group(2).strip();
    return Optional.of(new Invocation(m.group(1).toLowerCase(Locale.ROOT), args));
  }

  /** The known name closest to {@code name} (at most 3 edits, or a prefix), if any. */
  public synchronized Optional<String> nearest(String name) {
    return EditDistance.nearestCommand(name, commands.keySet());
  }

  /**
   * Completions for {@code buffer} with the cursor at {@code cursor}: command names while the first
   * word is typed, the command's arguments after it; nothing for a prompt.
   */
  public synchronized List<Completion> complete(String buffer, int cursor, CommandContext context) {
    String before = buffer.substring(0, Math.max(0, Math.min(cursor, buffer.length())));
    if (!before.startsWith("/") || before.contains("\n")) {
      return List.of();
    }
    int space = before.indexOf(' ');
    List<Completion> out = new ArrayList<>();
    if (space < 0) {
      String typed = before.substring(1).toLowerCase(Locale.ROOT);
      for (SlashCommand c : commands.values()) {
        if (c.name().startsWith(typed)) {
          out.add(new Completion("/" + c.name(), c.description()));
        }
      }
      return out;
    }
    Optional<SlashCommand> command = find(before.substring(1, space));
    if (command.isEmpty()) {
      return out;
    }
    String typed = before.substring(space + 1).stripLeading();
    for (String candidate : command.get().arguments().candidates(context, typed)) {
      out.add(new Completion(candidate, ""));
    }
    return out;
  }
}
