package dev.graft.cli.base;

import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The custom entries of a session that no loaded script can read, as when a session is resumed
 * without the script that wrote them: a {@code stack_pop} entry without stacking.js does nothing,
 * and the popped turns are back in the context. A type counts as read when a loaded script's source
 * names it, as a script that writes or reads entries of a type does; the warning is one line per
 * type, with the count.
 */
public final class UnreadEntries {
  private UnreadEntries() {}

  /** One warning per custom type of {@code session} that none of {@code scripts} names. */
  public static List<String> warnings(Session session, List<Path> scripts) {
    Map<String, Integer> counts = new TreeMap<>();
    for (SessionEntry e : session.entries("custom")) {
      if (e instanceof SessionEntry.Custom c) {
        counts.merge(c.customType(), 1, Integer::sum);
      }
    }
    if (counts.isEmpty()) {
      return List.of();
    }
    List<String> sources = new ArrayList<>();
    for (Path p : scripts) {
      try {
        sources.add(Files.readString(p));
      } catch (IOException | RuntimeException e) {
        // a script that cannot be read again here was read when it loaded; it names nothing
      }
    }
    List<String> out = new ArrayList<>();
    counts.forEach((type, n) -> {
      if (sources.stream().noneMatch(s -> s.contains(type))) {
        out.add(
            "this session has "
                + n
                + " \""
                + type
                + "\" "
                + (n == 1 ? "entry" : "entries")
                + " that no loaded script reads: without the script that wrote "
                + (n == 1 ? "it, it does" : "them, they do")
                + " nothing (a stack_pop's popped turns are back in the context, say); load that script with -s FILE or --scripts DIR");
      }
    });
    return out;
  }
}
