package dev.graft.cli.interactive;

import dev.graft.cli.tui.CompletionSource;
import dev.graft.runtime.tools.ProjectFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code @} in the editor: the project's files (as the find tool sees them: ignore files honoured),
 * matched fuzzily against what follows the {@code @} (its letters in order, the file's name
 * counting most). The files are listed in the background the first time and again when the list is
 * older than a few seconds; {@code onListed} asks the editor to show the new list.
 */
final class FileCompletions implements CompletionSource {
  private static final Pattern MENTION = Pattern.compile("(?:^|\\s)@(\\S*)$");
  private static final int LIMIT = 20_000;
  private static final int SHOWN = 50;
  private static final long STALE_NANOS = 10_000_000_000L;

  private final Path root;
  private final Runnable onListed;
  private volatile List<ProjectFiles.Entry> files;
  private volatile long listedAt;
  private volatile boolean listing;

  FileCompletions(Path root, Runnable onListed) {
    this.root = root;
    this.onListed = onListed;
  }

  @Override
  public Optional<Completions> complete(String before, boolean explicit) {
    Matcher m = MENTION.matcher(before);
    if (!m.find()) {
      return Optional.empty();
    }
    String query = m.group(1);
    List<ProjectFiles.Entry> known = files;
    if (known == null || System.nanoTime() - listedAt > STALE_NANOS) {
      list();
    }
    if (known == null) {
      return Optional.of(
          new Completions(
              m.start(1) - 1, List.of(new Item("@" + query, "listing files…", "", false))));
    }
    List<Scored> scored = new ArrayList<>();
    for (ProjectFiles.Entry e : known) {
      int score = score(e.path(), query);
      if (score > Integer.MIN_VALUE) {
        scored.add(new Scored(e, score));
      }
    }
    scored.sort(
        Comparator.comparingInt(Scored::score)
            .reversed()
            .thenComparingInt(s -> s.entry().path().length()));
    List<Item> items = new ArrayList<>();
    for (Scored s : scored.subList(0, Math.min(SHOWN, scored.size()))) {
      String path = s.entry().path() + (s.entry().directory() ? "/" : "");
      items.add(new Item("@" + path, path, s.entry().directory() ? "directory" : "", false));
    }
    return items.isEmpty() ? Optional.empty() : Optional.of(new Completions(m.start(1) - 1, items));
  }

  private record Scored(ProjectFiles.Entry entry, int score) {}

  private void list() {
    if (listing) {
      return;
    }
    listing = true;
    Thread.ofVirtual()
        .name("graft-list-files")
        .start(() -> {
          try {
            files = List.copyOf(ProjectFiles.list(root, LIMIT));
            listedAt = System.nanoTime();
          } finally {
            listing = false;
          }
          onListed.run();
        });
  }

  /**
   * How well {@code path} matches {@code query}: its characters in order (ignoring case), more for
   * runs of matching characters and for matches in the file's name; MIN_VALUE for no match.
   */
  static int score(String path, String query) {
    if (query.isEmpty()) {
      return -path.length() - 10 * (int) path.chars().filter(c -> c == '/').count();
    }
    String p = path.toLowerCase(Locale.ROOT);
    String q = query.toLowerCase(Locale.ROOT);
    int nameStart = p.lastIndexOf('/', p.length() - 2) + 1;
    int at = p.indexOf(q);
    if (at >= 0) {
      return 1000 + (at >= nameStart ? 500 : 0) + (at == nameStart ? 200 : 0) - p.length();
    }
    int score = 0;
    int i = 0;
    int run = 0;
    for (int k = 0; k < q.length(); k++) {
      char c = q.charAt(k);
      int found = p.indexOf(c, i);
      if (found < 0) {
        return Integer.MIN_VALUE;
      }
      run = found == i ? run + 1 : 0;
      score += 10 + run * 5 + (found >= nameStart ? 5 : 0);
      i = found + 1;
    }
    return score - p.length();
  }
}
