package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A session: an append-only tree of entries with a leaf pointer, backed by a JSONL file (or held in
 * memory). Appending makes a child of the leaf and moves the leaf to it; {@link #branch} moves the
 * leaf back to any entry, so the next append starts a new branch. Nothing is ever removed.
 *
 * <p>Opening indexes the file without parsing it: entries are read back from the file when asked
 * for, so opening and building the context of a session of any size costs little memory.
 */
public final class Session implements AutoCloseable {
  /** customType of the entry graft writes to remember a leaf moved by {@link #branch}. */
  public static final String LEAF_MARKER = "graft.leaf";

  private final Clock clock;
  private SessionFile file; // null for an in-memory session
  private Path sessionDir; // where new and branched session files go; null in memory
  private SessionHeader header;
  private boolean headerWritten;
  private final List<EntryNode> nodes = new ArrayList<>();
  private final Map<String, EntryNode> byId = new HashMap<>();
  private final Map<String, LabelState> labels = new LinkedHashMap<>();
  private String leafId;
  private List<String> warnings = List.of();
  private boolean claimed;
  private boolean readOnly; // opened for inspection: no append, leaf moves in memory only
  private long generation; // counts the times the entries were replaced wholesale

  private record LabelState(String label, String timestamp) {}

  private Session(Clock clock) {
    this.clock = clock;
  }

  // ------------------------------------------------------------------ creating and opening

  /** Opens an existing file (migrating v1/v2 files to v3, with a backup). */
  public static Session open(Path path) throws SessionFileException {
    return open(path, Clock.systemUTC());
  }

  public static Session open(Path path, Clock clock) throws SessionFileException {
    Session s = new Session(clock);
    s.load(SessionFile.open(path.toAbsolutePath()));
    return s;
  }

  /**
   * Opens a file for inspection only: nothing is ever written to it (an old version is migrated in
   * memory, with a warning saying so; appends fail; {@link #branch} moves the leaf in memory only)
   * and it is not claimed, so a graft working in it is not disturbed.
   */
  public static Session openReadOnly(Path path, Clock clock) throws SessionFileException {
    Path absolute = path.toAbsolutePath();
    SessionFile.checkReadable(absolute);
    SessionFile.Loaded loaded = SessionFile.index(absolute);
    int version = loaded.header().version();
    if (version < SessionHeader.CURRENT_VERSION) {
      loaded.file().close();
      SessionFile.Loaded migrated = SessionFile.indexMigrated(absolute);
      List<String> warnings = new ArrayList<>();
      warnings.add(
          "is a version "
              + version
              + " session file, read as version "
              + SessionHeader.CURRENT_VERSION
              + " in memory and not changed (graft migrates it, keeping a backup, when it works in it: graft --session FILE)");
      warnings.addAll(migrated.warnings());
      loaded =
          new SessionFile.Loaded(
              migrated.file(), migrated.header(), migrated.nodes(), List.copyOf(warnings));
    }
    Session s = new Session(clock);
    s.readOnly = true;
    s.load(loaded);
    return s;
  }

  /** A new session whose file is created in {@code sessionDir} by the first append. */
  public static Session create(Path sessionDir, String cwd, Clock clock) {
    Session s = new Session(clock);
    s.sessionDir = sessionDir.toAbsolutePath();
    s.startNew(cwd, Optional.empty());
    return s;
  }

  /**
   * A new session whose file is {@code file}, which does not exist yet: created by the first
   * append, as the reference's {@code --session <path>} does. Later new and branched sessions go
   * beside it, as they go beside any opened file.
   */
  public static Session createAt(Path file, String cwd, Clock clock) {
    Session s = new Session(clock);
    Path absolute = file.toAbsolutePath();
    s.sessionDir = absolute.getParent();
    s.header = newHeader(cwd, Optional.empty(), clock);
    s.file = SessionFile.create(absolute);
    return s;
  }

  /**
   * A new session in {@code sessionDir} holding every entry of {@code source}, copied byte for byte
   * (the reference's {@code --fork}): its own id, {@code cwd}, and {@code parentSession} naming the
   * source, which is not changed. The file is written at once.
   */
  public static Session forkFrom(Path source, Path sessionDir, String cwd, Clock clock)
      throws SessionFileException {
    List<byte[]> lines = new ArrayList<>();
    try (Session from = openReadOnly(source, clock)) {
      synchronized (from) {
        from.nodes.forEach(n -> lines.add(from.raw(n)));
      }
    }
    Session s = new Session(clock);
    s.sessionDir = sessionDir.toAbsolutePath();
    s.startNew(cwd, Optional.of(source.toAbsolutePath().toString()));
    List<byte[]> all = new ArrayList<>();
    all.add(encodeJson(s.header.toJson()));
    all.addAll(lines);
    try {
      Files.createDirectories(s.sessionDir);
      s.file.append(all);
    } catch (IOException e) {
      throw new SessionFileException(
          s.file.path() + ": cannot write the forked session: " + e.getMessage(), e);
    }
    Path written = s.file.path();
    s.load(SessionFile.open(written));
    return s;
  }

  /** A session that is never written to disk. */
  public static Session inMemory(String cwd, Clock clock) {
    Session s = new Session(clock);
    s.header = newHeader(cwd, Optional.empty(), clock);
    return s;
  }

  private void load(SessionFile.Loaded loaded) {
    closeFile();
    file = loaded.file();
    sessionDir = file.path().getParent();
    header = loaded.header();
    headerWritten = true;
    warnings = loaded.warnings();
    nodes.clear();
    generation++;
    byId.clear();
    labels.clear();
    leafId = null;
    for (EntryNode node : loaded.nodes()) {
      index(node);
    }
    if (claimed) {
      file.claim();
    }
    if (!nodes.isEmpty()) {
      EntryNode last = nodes.getLast();
      if ("custom".equals(last.type)
          && entry(last) instanceof SessionEntry.Custom c
          && c.customType().equals(LEAF_MARKER)) {
        leafId = last.parentId != null && byId.containsKey(last.parentId) ? last.parentId : null;
      }
    }
  }

  private void startNew(String cwd, Optional<String> parentSession) {
    closeFile();
    header = newHeader(cwd, parentSession, clock);
    String stamp = header.timestamp().replace(':', '-').replace('.', '-');
    file = SessionFile.create(sessionDir.resolve(stamp + "_" + header.id() + ".jsonl"));
    if (claimed) {
      file.claim();
    }
    headerWritten = false;
    warnings = List.of();
    nodes.clear();
    generation++;
    byId.clear();
    labels.clear();
    leafId = null;
  }

  private static SessionHeader newHeader(String cwd, Optional<String> parentSession, Clock clock) {
    return new SessionHeader(
        SessionHeader.CURRENT_VERSION,
        EntryIds.sessionId(clock.millis()),
        Timestamps.iso(clock.instant()),
        cwd,
        parentSession,
        null);
  }

  /** Switches this session to another file (the reference's setSessionFile, for resume). */
  public synchronized void switchTo(Path path) throws SessionFileException {
    SessionFile.Loaded loaded = SessionFile.open(path.toAbsolutePath());
    boolean same = file != null && file.path().equals(loaded.file().path());
    if (claimed && !same) {
      try {
        loaded.file().claim(); // before anything changes: a session in use elsewhere is refused
      } catch (SessionInUseException e) {
        loaded.file().close();
        throw e;
      }
    }
    try {
      sync();
    } finally {
      load(loaded);
    }
  }

  /**
   * Claims the session for this process: until it is closed (or switched), another graft process
   * that claims it gets a {@link SessionInUseException}. The agent modes claim their session;
   * read-only tools do not. A new session is claimed when its file is created.
   */
  public synchronized void claim() {
    if (readOnly) {
      throw new IllegalStateException("a session opened read-only is not claimed");
    }
    claimed = true;
    if (file != null) {
      file.claim();
    }
  }

  /** Starts a new, empty session in the same directory (the reference's newSession). */
  public synchronized void startNewSession() {
    if (sessionDir == null) {
      header = newHeader(header.cwd(), Optional.empty(), clock);
      nodes.clear();
      generation++;
      byId.clear();
      labels.clear();
      leafId = null;
      return;
    }
    startNew(header.cwd(), Optional.empty());
  }

  private void index(EntryNode node) {
    node.position = nodes.size();
    nodes.add(node);
    byId.put(node.id, node);
    leafId = node.id;
    if ("label".equals(node.type) && node.entry instanceof SessionEntry.Label l) {
      String label = l.label().orElse("");
      if (!label.isEmpty()) {
        labels.put(l.targetId(), new LabelState(label, l.timestamp()));
      } else {
        labels.remove(l.targetId());
      }
    }
  }

  // ------------------------------------------------------------------ facts

  public synchronized SessionHeader header() {
    return header;
  }

  public synchronized String id() {
    return header.id();
  }

  public synchronized String cwd() {
    return header.cwd();
  }

  /** The session file; empty for an in-memory session. It exists once something was appended. */
  public synchronized Optional<Path> file() {
    return file == null ? Optional.empty() : Optional.of(file.path());
  }

  /**
   * The folder new and branched sessions go to, and where {@code /resume} looks (the reference's
   * session dir); empty for an in-memory session.
   */
  public synchronized Optional<Path> directory() {
    return Optional.ofNullable(sessionDir);
  }

  /** Lines skipped or repaired while opening, each naming its line number. */
  public synchronized List<String> warnings() {
    return warnings;
  }

  public synchronized Optional<String> leafId() {
    return Optional.ofNullable(leafId);
  }

  public synchronized int size() {
    return nodes.size();
  }

  public synchronized boolean contains(String id) {
    return byId.containsKey(id);
  }

  /** Takes the lines of {@link #forEachLine}. */
  @FunctionalInterface
  public interface LineVisitor {
    /**
     * The JSON line of entry {@code id}, the caller's to keep or change; {@code end} is the file
     * offset past its newline (-1 for an entry held only in memory).
     */
    void line(String id, byte[] line, long end) throws IOException;
  }

  /**
   * Gives the line of every entry in file order, one for each id (the later line when the file
   * repeats an id; none for the lines skipped): as the file holds it, or as migrated for an old
   * version read in memory. Each line is read, at its own size, when its turn comes, so a caller
   * that keeps none holds one at a time.
   */
  public synchronized void forEachLine(LineVisitor visitor) throws IOException {
    for (EntryNode node : nodes) {
      if (byId.get(node.id) != node) {
        continue;
      }
      if (node.offset < 0) {
        visitor.line(node.id, encode(node.entry), -1);
      } else {
        visitor.line(node.id, file.rawLine(node), node.offset + node.length + 1);
      }
    }
  }

  public synchronized Optional<SessionEntry> entry(String id) {
    EntryNode node = byId.get(id);
    return node == null ? Optional.empty() : Optional.of(entry(node));
  }

  /** Every entry in file order (the header excluded). Reads the whole file: use sparingly. */
  public synchronized List<SessionEntry> entries() {
    return entriesWhere(node -> true);
  }

  /**
   * The entries of one type ("custom", "label", ...), in file order. Only those are read: the index
   * knows each line's type without parsing it.
   */
  public synchronized List<SessionEntry> entries(String type) {
    return entriesWhere(node -> node.type.equals(type));
  }

  /**
   * The message entries of one role ("user", "assistant", ...), in file order; only those are read.
   */
  public synchronized List<SessionEntry> messageEntries(String role) {
    return entriesWhere(node -> node.isMessageRole(role));
  }

  private List<SessionEntry> entriesWhere(Predicate<EntryNode> which) {
    List<SessionEntry> found = new ArrayList<>();
    for (EntryNode node : nodes) {
      if (which.test(node)) {
        found.add(entry(node));
      }
    }
    return found;
  }

  /** The raw JSON line of an entry as it is in the file (or as it would be written). */
  public synchronized byte[] rawLine(String id) {
    EntryNode node = byId.get(id);
    if (node == null) {
      throw new IllegalArgumentException("entry " + id + " not found");
    }
    return raw(node);
  }

  private byte[] raw(EntryNode node) {
    if (node.offset < 0) {
      return encode(node.entry);
    }
    try {
      return file.rawLine(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public synchronized Optional<String> label(String id) {
    LabelState state = labels.get(id);
    return state == null ? Optional.empty() : Optional.of(state.label());
  }

  /** When the label of {@code id} was last set. */
  synchronized Optional<String> labelTimestamp(String id) {
    LabelState state = labels.get(id);
    return state == null ? Optional.empty() : Optional.of(state.timestamp());
  }

  /** The session's entries as raw lines and positions, for views that copy them (hook scripts). */
  public SessionLines lines() {
    return new SessionLines(this);
  }

  // For SessionLines, which holds this session's lock while it calls them.
  long generation() {
    return generation;
  }

  List<EntryNode> nodes() {
    return nodes;
  }

  EntryNode node(String id) {
    return byId.get(id);
  }

  byte[] rawLine(EntryNode node) {
    return raw(node);
  }

  /** The name set by the latest session_info entry (an empty name clears it). */
  public synchronized Optional<String> name() {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      EntryNode node = nodes.get(i);
      if ("session_info".equals(node.type)) {
        if (node.entry instanceof SessionEntry.SessionInfo info) {
          String name = info.name().map(String::trim).orElse("");
          return name.isEmpty() ? Optional.empty() : Optional.of(name);
        }
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** Direct children of an entry (of the roots when {@code parentId} is empty), in file order. */
  public synchronized List<SessionEntry> children(Optional<String> parentId) {
    List<SessionEntry> children = new ArrayList<>();
    String parent = parentId.orElse(null);
    for (EntryNode node : byId.values()) {
      if (Objects.equals(node.parentId, parent)) {
        children.add(entry(node));
      }
    }
    return children;
  }

  /**
   * The entries from the root to {@code id}, in that order; empty when {@code id} is unknown. Each
   * entry is read when the list is asked for it, not held ({@link SessionPath}).
   */
  public synchronized SessionPath pathTo(String id) {
    return new SessionPath(this, pathNodes(id), generation);
  }

  /** The path to the leaf (the reference's getBranch()), read as {@link #pathTo} reads it. */
  public synchronized SessionPath branchPath() {
    return pathTo(leafId);
  }

  /** An entry of a {@link SessionPath} taken while the session had its entries of {@code taken}. */
  synchronized SessionEntry entryOfPath(EntryNode node, long taken) {
    if (taken != generation) {
      throw new IllegalStateException(
          "this path was taken before the session's entries were replaced (a new, switched or"
              + " branched session): take the path again");
    }
    return entry(node);
  }

  /** Root-to-{@code id} nodes. A parent cycle ends the walk where it would repeat. */
  List<EntryNode> pathNodes(String id) {
    ArrayList<EntryNode> reversed = new ArrayList<>();
    Set<EntryNode> seen = new HashSet<>();
    EntryNode current = id == null ? null : byId.get(id);
    while (current != null && seen.add(current)) {
      reversed.add(current);
      current = current.parentId == null ? null : byId.get(current.parentId);
    }
    return reversed.reversed();
  }

  /** The whole tree: roots (and orphans) with their children sorted oldest first, labels set. */
  public synchronized List<TreeNode> tree() {
    return SessionTrees.build(this, nodes, byId);
  }

  synchronized List<SessionLines.TreeRow> treeRows() {
    return SessionTrees.rows(this, nodes, byId);
  }

  SessionEntry entry(EntryNode node) {
    if (node.entry != null) {
      return node.entry;
    }
    SessionEntry kept = node.read == null ? null : node.read.get();
    if (kept != null) {
      return kept;
    }
    try {
      SessionEntry read = file.read(node);
      node.read = new SoftReference<>(read);
      return read;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ------------------------------------------------------------------ context

  /** The context for the leaf (the reference's buildSessionContext()). */
  public synchronized SessionContext buildContext() {
    return leafId == null ? SessionContext.EMPTY : ContextBuilder.build(this, pathNodes(leafId));
  }

  /** The context for any entry taken as the leaf. */
  public synchronized SessionContext buildContext(String leaf) {
    if (!byId.containsKey(leaf)) {
      throw new IllegalArgumentException("entry " + leaf + " not found");
    }
    return ContextBuilder.build(this, pathNodes(leaf));
  }

  // ------------------------------------------------------------------ appending

  private String newId() {
    return EntryIds.fresh(byId::containsKey);
  }

  private String now() {
    return Timestamps.iso(clock.instant());
  }

  private Optional<String> parent() {
    return Optional.ofNullable(leafId);
  }

  public synchronized String appendMessage(AgentMessage message) {
    return append(new SessionEntry.Message(newId(), parent(), now(), message, null));
  }

  public synchronized String appendModelChange(String provider, String modelId) {
    return append(new SessionEntry.ModelChange(newId(), parent(), now(), provider, modelId, null));
  }

  public synchronized String appendThinkingLevelChange(String level) {
    return append(new SessionEntry.ThinkingLevelChange(newId(), parent(), now(), level, null));
  }

  /**
   * Appends a compaction keeping the entries from {@code firstKeptEntryId} on; {@link
   * SessionEntry.Compaction#NOTHING_KEPT} keeps none (written as the compaction's own id).
   */
  public synchronized String appendCompaction(
      String summary,
      String firstKeptEntryId,
      long tokensBefore,
      Optional<JsonNode> details,
      boolean fromHook) {
    String id = newId();
    return append(
        new SessionEntry.Compaction(
            id,
            parent(),
            now(),
            summary,
            Optional.of(
                firstKeptEntryId.equals(SessionEntry.Compaction.NOTHING_KEPT)
                    ? id
                    : firstKeptEntryId),
            tokensBefore,
            details,
            Optional.of(fromHook),
            null));
  }

  /** Hook state, never sent to the model. */
  public synchronized String appendCustomEntry(String customType, Optional<JsonNode> data) {
    return append(new SessionEntry.Custom(newId(), parent(), now(), customType, data, null));
  }

  /** A hook message that is part of the model's context. */
  public synchronized String appendCustomMessageEntry(
      String customType, MessageContent content, boolean display, Optional<JsonNode> details) {
    return append(
        new SessionEntry.CustomMessage(
            newId(), parent(), now(), customType, content, display, details, null));
  }

  /** Sets the label of {@code targetId}, or clears it when {@code label} is empty or blank. */
  public synchronized String appendLabelChange(String targetId, Optional<String> label) {
    if (!byId.containsKey(targetId)) {
      throw new IllegalArgumentException("entry " + targetId + " not found");
    }
    Optional<String> value = label.filter(l -> !l.isEmpty());
    return append(new SessionEntry.Label(newId(), parent(), now(), targetId, value, null));
  }

  /**
   * The longest session name graft records (characters, after trimming): the cap scripts' {@code
   * setSessionName} has, for {@code /name} and RPC's {@code set_session_name} too.
   */
  public static final int MAX_NAME_LENGTH = 1_000;

  /**
   * Names the session; a name longer than {@link #MAX_NAME_LENGTH} is refused and nothing is
   * recorded.
   */
  public synchronized String appendSessionInfo(String name) {
    int length = name.trim().length();
    if (length > MAX_NAME_LENGTH) {
      throw new IllegalArgumentException(
          "the session name is "
              + length
              + " characters long; the limit is "
              + MAX_NAME_LENGTH
              + " (graft refused it)");
    }
    return append(
        new SessionEntry.SessionInfo(newId(), parent(), now(), Optional.of(name.trim()), null));
  }

  /** Appends an entry built elsewhere (its parent must be the leaf or absent for a root). */
  public synchronized String append(SessionEntry entry) {
    if (byId.containsKey(entry.id())) {
      throw new IllegalArgumentException("duplicate entry id " + entry.id());
    }
    write(List.of(entry));
    return entry.id();
  }

  /** Forces what was appended to the disk (see docs/session-format.md for when graft calls it). */
  public synchronized void sync() {
    if (file != null && headerWritten) {
      try {
        file.sync();
      } catch (IOException e) {
        throw new UncheckedIOException(file.path() + ": cannot sync: " + e.getMessage(), e);
      }
    }
  }

  private void write(List<SessionEntry> entries) {
    if (readOnly) {
      throw new IllegalStateException("the session " + file.path() + " was opened read-only");
    }
    List<byte[]> lines = new ArrayList<>(entries.size() + 1);
    if (file != null && !headerWritten) {
      lines.add(encodeJson(header.toJson()));
    }
    for (SessionEntry e : entries) {
      lines.add(encode(e));
    }
    long[] offsets = null;
    if (file != null) {
      try {
        offsets = file.append(lines);
      } catch (IOException e) {
        throw new UncheckedIOException(
            file.path() + ": cannot append: " + SessionFile.why(file.path(), e), e);
      }
      headerWritten = true;
    }
    int first = lines.size() - entries.size();
    for (int i = 0; i < entries.size(); i++) {
      SessionEntry e = entries.get(i);
      EntryNode node = EntryNode.inMemory(e);
      if (offsets != null) {
        node =
            new EntryNode(
                e.id(),
                e.parentId().orElse(null),
                e.type(),
                node.role,
                offsets[first + i],
                lines.get(first + i).length,
                0);
        node.entry = e;
      }
      index(node);
    }
  }

  private static byte[] encode(SessionEntry entry) {
    return encodeJson(EntryCodec.encode(entry));
  }

  private static byte[] encodeJson(ObjectNode json) {
    try {
      return Json.writeLine(json);
    } catch (UncheckedIOException e) {
      throw new IllegalArgumentException("entry cannot be written as JSON: " + e.getMessage(), e);
    }
  }

  // ------------------------------------------------------------------ branching

  /**
   * Moves the leaf to {@code id}: the next append becomes its child. So that the move survives a
   * restart, a {@code graft.leaf} custom entry is written as a child of {@code id}; on open, a file
   * that ends with such a marker is resumed at the marker's parent. The reference reads the marker
   * as an ordinary custom entry and builds the same context.
   */
  public synchronized void branch(String id) {
    if (!byId.containsKey(id)) {
      throw new IllegalArgumentException("entry " + id + " not found");
    }
    moveLeaf(id);
  }

  /** Moves the leaf before the first entry: the next append starts a new root. */
  public synchronized void resetLeaf() {
    moveLeaf(null);
  }

  private void moveLeaf(String id) {
    if (Objects.equals(leafId, id)) {
      return;
    }
    if (file != null && !readOnly) {
      ObjectNode data = Json.object();
      if (id == null) {
        data.putNull("leafId");
      } else {
        data.put("leafId", id);
      }
      SessionEntry marker =
          new SessionEntry.Custom(
              newId(), Optional.ofNullable(id), now(), LEAF_MARKER, Optional.of(data), null);
      write(List.of(marker));
    }
    leafId = id;
  }

  /**
   * Starts a branch at {@code fromId} (before the first entry when empty) carrying a summary of the
   * path being left. Returns the id of the branch_summary entry, the new leaf.
   */
  public synchronized String branchWithSummary(
      Optional<String> fromId, String summary, Optional<JsonNode> details, boolean fromHook) {
    if (fromId.isPresent() && !byId.containsKey(fromId.get())) {
      throw new IllegalArgumentException("entry " + fromId.get() + " not found");
    }
    leafId = fromId.orElse(null);
    return append(
        new SessionEntry.BranchSummary(
            newId(),
            fromId,
            now(),
            fromId.orElse("root"),
            summary,
            details,
            Optional.of(fromHook),
            null));
  }

  /**
   * Writes a new session file holding only the path to {@code leaf} (labels on it re-applied,
   * {@code parentSession} naming this file) and switches this session to it. Entries are copied
   * byte for byte. Returns the new file; empty for an in-memory session, which is replaced by the
   * path in memory.
   */
  public synchronized Optional<Path> createBranchedSession(String leaf)
      throws SessionFileException {
    List<EntryNode> path = pathNodes(leaf);
    if (path.isEmpty()) {
      throw new IllegalArgumentException("entry " + leaf + " not found");
    }
    List<EntryNode> kept = path.stream().filter(n -> !"label".equals(n.type)).toList();
    Set<String> ids = new HashSet<>();
    kept.forEach(n -> ids.add(n.id));
    List<SessionEntry> labelEntries = new ArrayList<>();
    String parent = kept.isEmpty() ? null : kept.getLast().id;
    for (Map.Entry<String, LabelState> e : labels.entrySet()) {
      if (ids.contains(e.getKey())) {
        String id = EntryIds.fresh(ids::contains);
        ids.add(id);
        labelEntries.add(
            new SessionEntry.Label(
                id,
                Optional.ofNullable(parent),
                e.getValue().timestamp(),
                e.getKey(),
                Optional.of(e.getValue().label()),
                null));
        parent = id;
      }
    }
    Optional<String> parentSession =
        file == null ? Optional.empty() : Optional.of(file.path().toString());
    if (file == null) {
      List<SessionEntry> copied = new ArrayList<>();
      kept.forEach(n -> copied.add(entry(n)));
      header = newHeader(header.cwd(), Optional.empty(), clock);
      nodes.clear();
      generation++;
      byId.clear();
      labels.clear();
      copied.forEach(e -> index(EntryNode.inMemory(e)));
      labelEntries.forEach(e -> index(EntryNode.inMemory(e)));
      return Optional.empty();
    }
    // Label entries are left out of the copy and re-applied at its end. An entry whose parent is
    // a left-out label is re-parented to its nearest kept ancestor (the reference leaves it
    // pointing at the missing label, which cuts the copied path short); all others are copied
    // byte for byte.
    List<byte[]> lines = new ArrayList<>();
    String lastKept = null;
    for (EntryNode n : path) {
      if ("label".equals(n.type)) {
        continue;
      }
      byte[] line = raw(n);
      if (!Objects.equals(n.parentId, lastKept)
          && n.parentId != null
          && !ids.contains(n.parentId)) {
        line = reparent(line, lastKept);
      }
      lines.add(line);
      lastKept = n.id;
    }
    String cwd = header.cwd();
    startNew(cwd, parentSession);
    List<byte[]> all = new ArrayList<>();
    all.add(encodeJson(header.toJson()));
    all.addAll(lines);
    labelEntries.forEach(e -> all.add(encode(e)));
    try {
      file.append(all);
    } catch (IOException e) {
      throw new SessionFileException(
          file.path() + ": cannot write the branched session: " + e.getMessage(), e);
    }
    Path newPath = file.path();
    load(SessionFile.open(newPath));
    return Optional.of(newPath);
  }

  private static byte[] reparent(byte[] line, String parentId) {
    try {
      ObjectNode json = (ObjectNode) Json.parse(line, 0, line.length);
      if (parentId == null) {
        json.putNull("parentId");
      } else {
        json.put("parentId", parentId);
      }
      return encodeJson(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void closeFile() {
    if (file != null) {
      file.close();
    }
  }

  /** Syncs what was appended to the disk and releases the file. */
  @Override
  public synchronized void close() {
    try {
      sync();
    } finally {
      closeFile();
    }
  }
}
