package dev.graft.cli.tui;

import java.util.List;
import java.util.Optional;

/**
 * Where the editor's completions come from: slash commands, files after {@code @}, paths on Tab,
 * and whatever else is added ({@link Editor#addCompletionSource}). The editor asks each source in
 * turn as the text changes ({@code explicit} false) and when Tab is pressed (true); the first that
 * has suggestions is shown.
 */
@FunctionalInterface
public interface CompletionSource {

  /** Suggestions for the text before the caret, or empty when this source has none for it. */
  Optional<Completions> complete(String before, boolean explicit);

  /** What to offer: the items, and where in the text before the caret the replaced part starts. */
  record Completions(int from, List<Item> items) {
    public Completions {
      items = List.copyOf(items);
    }
  }

  /**
   * One suggestion: {@code value} replaces the typed part; {@code label} and {@code description}
   * are shown; {@code submit} says whether Enter on it also sends the input (a command name).
   */
  record Item(String value, String label, String description, boolean submit) {
    public Item {
      label = label == null || label.isEmpty() ? value : label;
      description = description == null ? "" : description;
    }

    public static Item of(String value, String description) {
      return new Item(value, value, description, false);
    }
  }
}
