package dev.graft.cli.interactive;

import dev.graft.cli.tui.CompletionSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Slash commands in the editor: typing {@code /} lists the commands (built-in and the scripts'),
 * filtered as more is typed (names that start with it first, then names that contain it); after the
 * name, the command's arguments ({@code /model}, {@code /thinking}). Enter on a command name runs
 * it.
 */
final class CommandCompletions implements CompletionSource {
  private final CommandRegistry commands;
  private final CommandContext context;

  CommandCompletions(CommandRegistry commands, CommandContext context) {
    this.commands = commands;
    this.context = context;
  }

  @Override
  public Optional<Completions> complete(String before, boolean explicit) {
    if (!before.startsWith("/") || before.contains("\n")) {
      return Optional.empty();
    }
    int space = before.indexOf(' ');
    if (space < 0) {
      String typed = before.substring(1).toLowerCase(Locale.ROOT);
      if (typed.contains("/")) {
        return Optional.empty(); // a path, not a command
      }
      List<Item> starts = new ArrayList<>();
      List<Item> contains = new ArrayList<>();
      for (SlashCommand c : commands.all()) {
        String origin = c.origin().equals(SlashCommand.BUILT_IN) ? "" : " (" + c.origin() + ")";
        Item item = new Item("/" + c.name(), "/" + c.name(), c.description() + origin, true);
        if (c.name().startsWith(typed)) {
          starts.add(item);
        } else if (!typed.isEmpty() && c.name().contains(typed)) {
          contains.add(item);
        }
      }
      starts.addAll(contains);
      return starts.isEmpty() ? Optional.empty() : Optional.of(new Completions(0, starts));
    }
    List<CommandRegistry.Completion> found = commands.complete(before, before.length(), context);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    int from = space + 1;
    while (from < before.length() && before.charAt(from) == ' ') {
      from++;
    }
    String typed = before.substring(from);
    if (found.size() == 1 && found.getFirst().value().equals(typed)) {
      return Optional.empty();
    }
    return Optional.of(
        new Completions(
            from,
            found.stream()
                .map(c -> new Item(c.value(), c.value(), c.description(), false))
                .toList()));
  }
}
