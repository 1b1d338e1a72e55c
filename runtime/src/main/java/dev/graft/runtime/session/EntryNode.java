package dev.graft.runtime.session;

import java.lang.ref.SoftReference;

/**
 * What the tree needs to know of one entry without parsing it: its id, parent, type, the role of a
 * message, and where its line is in the file. The entry itself is read from the file when asked for
 * ({@link SessionFile#read}); entries written by this process, labels and session names are held in
 * {@link #entry} instead.
 */
final class EntryNode {
  final String id;
  final String parentId; // null for a root
  final String type;
  final String role; // message role, or null
  final long offset; // -1 when the entry is held only in memory
  final int length;
  int line; // 1-based line number in the file, 0 when in memory only (set once, when indexed)
  int position; // index among the session's entries, in file order (set when indexed)
  SessionEntry entry; // held entry, or null when it must be read from the file

  /**
   * The entry as last read from the file, while memory allows: a session's context is built for
   * every model call, and reading each entry again cost a parse per entry per call and gave the
   * context hooks new message objects every time (HookRunner knows unchanged messages by identity).
   */
  SoftReference<SessionEntry> read;

  EntryNode(
      String id, String parentId, String type, String role, long offset, int length, int line) {
    this.id = id;
    this.parentId = parentId;
    this.type = type == null ? "" : type; // a line without a string type is an unknown entry
    this.role = role;
    this.offset = offset;
    this.length = length;
    this.line = line;
  }

  static EntryNode inMemory(SessionEntry entry) {
    String role = entry instanceof SessionEntry.Message m ? m.message().role() : null;
    EntryNode node =
        new EntryNode(entry.id(), entry.parentId().orElse(null), entry.type(), role, -1, 0, 0);
    node.entry = entry;
    return node;
  }

  boolean isMessageRole(String expected) {
    return "message".equals(type) && expected.equals(role);
  }
}
