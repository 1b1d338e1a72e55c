package dev.graft.cli.tui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The editor's input history, kept in a file in JLine's format ({@code millis:text}, newlines and
 * backslashes escaped) so that the history graft wrote before its own editor still works. An entry
 * equal to the newest is not added again; the file keeps the newest {@value #LIMIT}.
 */
public final class History {
  static final int LIMIT = 5000;

  private final Path file;
  private final List<String> entries = new ArrayList<>();

  private History(Path file) {
    this.file = file;
  }

  /**
   * The history in {@code file} (none when it is absent or unreadable); null file: kept in memory
   * only.
   */
  public static History load(Path file) {
    History h = new History(file);
    if (file != null && Files.isRegularFile(file)) {
      try {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          int colon = line.indexOf(':');
          String text =
              colon > 0 && line.substring(0, colon).chars().allMatch(Character::isDigit)
                  ? line.substring(colon + 1)
                  : line;
          if (!text.isEmpty()) {
            h.entries.add(unescape(text));
          }
        }
      } catch (IOException | RuntimeException e) {
        // an unreadable history is an empty one
      }
    }
    while (h.entries.size() > LIMIT) {
      h.entries.removeFirst();
    }
    return h;
  }

  public List<String> entries() {
    return List.copyOf(entries);
  }

  public int size() {
    return entries.size();
  }

  /** Entry {@code i}, 0 the oldest. */
  public String get(int i) {
    return entries.get(i);
  }

  /** Adds what was sent (blank input is not kept); written to the file at once. */
  public void add(String text) {
    if (text.isBlank() || (!entries.isEmpty() && entries.getLast().equals(text))) {
      return;
    }
    entries.add(text);
    if (file == null) {
      return;
    }
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      if (entries.size() > LIMIT) {
        entries.removeFirst();
        StringBuilder all = new StringBuilder();
        for (String e : entries) {
          all.append(System.currentTimeMillis()).append(':').append(escape(e)).append('\n');
        }
        Files.writeString(file, all, StandardCharsets.UTF_8);
      } else {
        Files.writeString(
            file,
            System.currentTimeMillis() + ":" + escape(text) + "\n",
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      }
    } catch (IOException e) {
      // the history is a convenience: it is kept in memory when the file cannot be written
    }
  }

  /**
   * The newest entry before {@code from} (exclusive) that contains {@code query}, ignoring case.
   */
  public Optional<Integer> searchBackward(String query, int from) {
    String q = query.toLowerCase(Locale.ROOT);
    for (int i = Math.min(from, entries.size()) - 1; i >= 0; i--) {
      if (entries.get(i).toLowerCase(Locale.ROOT).contains(q)) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\\' -> b.append("\\\\");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        b.append(
            switch (n) {
              case 'n' -> '\n';
              case 'r' -> '\r';
              default -> n;
            });
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
