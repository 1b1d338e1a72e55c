package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inspects a session file without changing it and reports what a reader should know: skipped lines,
 * broken tree links, duplicate ids, parent cycles, compactions that keep nothing on their path,
 * labels of missing entries, unreadable timestamps and entries graft does not understand.
 */
public final class SessionCheck {
  private SessionCheck() {}

  /** One finding; {@code problem} is false for notes that need no action. */
  public record Finding(int line, String id, String message, boolean problem) {
    @Override
    public String toString() {
      String where = line > 0 ? "line " + line : "entry";
      return where + (id.isEmpty() ? "" : " (" + id + ")") + ": " + message;
    }
  }

  /** The result: header facts and findings in line order. */
  public record Report(SessionHeader header, int entries, List<Finding> findings) {
    public boolean clean() {
      return findings.stream().noneMatch(Finding::problem);
    }
  }

  /**
   * Checks the file as it is; an old version's file is checked as its migration would make it, in
   * memory (line numbers then count the migrated lines), and reported as needing migration.
   */
  public static Report run(Path path) throws SessionFileException {
    SessionFile.checkReadable(path);
    SessionFile.Loaded loaded = SessionFile.index(path);
    int version = loaded.header().version();
    if (version < SessionHeader.CURRENT_VERSION) {
      loaded.file().close();
      SessionFile.Loaded migrated = SessionFile.indexMigrated(path);
      try (SessionFile file = migrated.file()) {
        Finding needs =
            new Finding(
                1,
                "",
                "needs migration: a version "
                    + version
                    + " file; graft migrates it to version "
                    + SessionHeader.CURRENT_VERSION
                    + " (keeping a backup) when it works in it, and checked it here as migrated,"
                    + " in memory, without changing it",
                false);
        Report report = inspect(migrated, file);
        List<Finding> findings = new ArrayList<>(report.findings());
        findings.addFirst(needs);
        return new Report(loaded.header(), report.entries(), List.copyOf(findings));
      }
    }
    try (SessionFile file = loaded.file()) {
      return inspect(loaded, file);
    }
  }

  private static Report inspect(SessionFile.Loaded loaded, SessionFile file) {
    List<Finding> findings = new ArrayList<>();
    for (String w : loaded.warnings()) {
      int line = w.startsWith("line ") ? Integer.parseInt(w.substring(5, w.indexOf(':'))) : 0;
      findings.add(new Finding(line, "", w.substring(w.indexOf(':') + 2), true));
    }
    SessionHeader header = loaded.header();
    List<EntryNode> nodes = loaded.nodes();
    Map<String, EntryNode> byId = new HashMap<>();
    for (EntryNode n : nodes) {
      EntryNode previous = byId.put(n.id, n);
      if (previous != null) {
        findings.add(
            new Finding(
                n.line,
                n.id,
                "duplicate id (also on line "
                    + previous.line
                    + "); the later entry is the one the tree uses",
                true));
      }
    }
    for (EntryNode n : nodes) {
      if (n.parentId != null && !byId.containsKey(n.parentId)) {
        findings.add(
            new Finding(
                n.line,
                n.id,
                "parent " + n.parentId + " does not exist; the entry is a root of its own",
                true));
      } else if (n.parentId != null && n.parentId.equals(n.id)) {
        findings.add(
            new Finding(n.line, n.id, "entry is its own parent; it is treated as a root", true));
      }
    }
    findCycles(nodes, byId, findings);
    for (EntryNode n : nodes) {
      SessionEntry e = read(file, n);
      if (e instanceof SessionEntry.Unknown u) {
        String type = u.type();
        boolean known =
            switch (type) {
              case "message",
                  "model_change",
                  "thinking_level_change",
                  "compaction",
                  "branch_summary",
                  "custom",
                  "custom_message",
                  "label",
                  "session_info" ->
                  true;
              default -> false;
            };
        findings.add(
            known
                ? new Finding(
                    n.line,
                    n.id,
                    type + " entry with missing or mistyped fields; kept, but not used",
                    true)
                : new Finding(
                    n.line,
                    n.id,
                    "entry of unknown type '" + type + "'; kept and written back unchanged",
                    false));
      } else if (e instanceof SessionEntry.Message m
          && m.message() instanceof AgentMessage.Unknown um) {
        findings.add(
            new Finding(
                n.line,
                n.id,
                "message with role '"
                    + um.role()
                    + "' that graft does not recognise or whose fields are mistyped; passed through as it is",
                false));
      }
      if (!e.timestamp().isEmpty() && Timestamps.epochMillis(e.timestamp()).isEmpty()) {
        findings.add(
            new Finding(n.line, n.id, "timestamp '" + e.timestamp() + "' is not a date", true));
      }
      if (e instanceof SessionEntry.Label l && !byId.containsKey(l.targetId())) {
        findings.add(
            new Finding(
                n.line, n.id, "label of entry " + l.targetId() + ", which does not exist", true));
      }
      if (e instanceof SessionEntry.Compaction c) {
        if (c.firstKeptEntryId().isEmpty()) {
          findings.add(
              new Finding(
                  n.line,
                  n.id,
                  "compaction without firstKeptEntryId; its context is the summary and what follows only",
                  false));
        } else if (!c.firstKeptEntryId().get().equals(c.id())
            && !onPath(c.firstKeptEntryId().get(), n, byId)) {
          // its own id keeps nothing, as a message larger than the window last on the path does
          findings.add(
              new Finding(
                  n.line,
                  n.id,
                  "compaction keeps from "
                      + c.firstKeptEntryId().get()
                      + ", which is not on its path; its context is the summary and what follows only",
                  true));
        }
      }
    }
    return new Report(header, nodes.size(), sorted(findings));
  }

  private static SessionEntry read(SessionFile file, EntryNode n) {
    if (n.entry != null) {
      return n.entry;
    }
    try {
      return file.read(n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean onPath(String id, EntryNode from, Map<String, EntryNode> byId) {
    Set<EntryNode> seen = new HashSet<>();
    EntryNode current = from.parentId == null ? null : byId.get(from.parentId);
    while (current != null && seen.add(current)) {
      if (current.id.equals(id)) {
        return true;
      }
      current = current.parentId == null ? null : byId.get(current.parentId);
    }
    return false;
  }

  /** Reports each parent cycle once (at its entry with the lowest line number). */
  private static void findCycles(
      List<EntryNode> nodes, Map<String, EntryNode> byId, List<Finding> findings) {
    Map<EntryNode, Integer> state = new HashMap<>(); // 1 = on the current walk, 2 = done
    for (EntryNode start : nodes) {
      if (state.containsKey(start)) {
        continue;
      }
      List<EntryNode> walk = new ArrayList<>();
      EntryNode current = start;
      while (current != null && !state.containsKey(current)) {
        state.put(current, 1);
        walk.add(current);
        current =
            current.parentId == null || current.parentId.equals(current.id)
                ? null
                : byId.get(current.parentId);
      }
      if (current != null && state.get(current) == 1) {
        List<EntryNode> cycle = walk.subList(walk.indexOf(current), walk.size());
        EntryNode first = cycle.stream().min(Comparator.comparingInt(x -> x.line)).orElseThrow();
        findings.add(
            new Finding(
                first.line,
                first.id,
                "parent cycle through "
                    + cycle.size()
                    + " entries; paths through it stop where they would repeat",
                true));
      }
      walk.forEach(n -> state.put(n, 2));
    }
  }

  private static List<Finding> sorted(List<Finding> findings) {
    List<Finding> copy = new ArrayList<>(findings);
    copy.sort(Comparator.comparingInt(Finding::line));
    return List.copyOf(copy);
  }
}
