package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session file on disk: indexing it on open, reading single entries back, and appending lines.
 * The file is append-only; graft rewrites it only to migrate an old version, after keeping a
 * backup.
 *
 * <p>Appends: each entry is one {@code write} of a whole line on a channel opened with {@code
 * O_APPEND}, made under an exclusive advisory lock on the file, so lines from two processes never
 * interleave. A line is in the kernel (safe from a killed process) when {@link #append} returns;
 * {@link #sync} makes it safe from a power loss.
 */
final class SessionFile implements AutoCloseable {
  private static final int CHUNK = 4 << 20;

  /**
   * File locks belong to the whole JVM: a second channel of this process locking the same file
   * fails instead of waiting. Appends from two sessions of one process on one file therefore take
   * this per-file lock first, then the file lock that keeps other processes out.
   */
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS_LOCKS =
      new ConcurrentHashMap<>();

  /** The byte range locked while a graft process works in the session: past any real content. */
  private static final long IN_USE_RANGE = Long.MAX_VALUE - 1;

  private final Path path;
  private FileChannel reader;
  private FileChannel writer;
  private FileChannel claimChannel;
  private FileLock claim;
  private boolean claimWanted;
  private long size; // bytes of the file known to this process
  private boolean needsNewline; // the file does not end with '\n' (a cut last line)

  private SessionFile(Path path, long size, boolean needsNewline) {
    this.path = path;
    this.size = size;
    this.needsNewline = needsNewline;
  }

  /** The result of indexing a file. */
  record Loaded(
      SessionFile file, SessionHeader header, List<EntryNode> nodes, List<String> warnings) {}

  Path path() {
    return path;
  }

  // ------------------------------------------------------------------ open

  static Loaded open(Path path) throws SessionFileException {
    checkReadable(path);
    Loaded loaded = index(path);
    if (loaded.header().version() < SessionHeader.CURRENT_VERSION) {
      loaded.file().close();
      List<String> warnings =
          new ArrayList<>(SessionMigration.migrate(path, loaded.header().version()));
      Loaded migrated = index(path);
      warnings.addAll(migrated.warnings());
      return new Loaded(
          migrated.file(), migrated.header(), migrated.nodes(), List.copyOf(warnings));
    }
    return loaded;
  }

  static void checkReadable(Path path) throws SessionFileException {
    if (Files.isDirectory(path)) {
      throw new SessionFileException(path + " is a directory, not a session file");
    }
    if (!Files.exists(path)) {
      throw new SessionFileException(path + ": no such file");
    }
    if (!Files.isRegularFile(path)) {
      // Reading a FIFO waits for a writer, a device may never end: refused before it is opened.
      throw new SessionFileException(
          path
              + " is not a regular file (a FIFO, socket or device); give a session file (*.jsonl)");
    }
    if (!Files.isReadable(path)) {
      throw new SessionFileException(path + ": permission denied");
    }
  }

  /** A new file that does not exist yet; it is created by the first append. */
  static SessionFile create(Path path) {
    return new SessionFile(path, 0, false);
  }

  /** Files at least this large are indexed by several threads, each taking a part of the file. */
  private static final long PARALLEL_THRESHOLD = 16 << 20;

  /** Indexes without migrating (for read-only inspection). */
  static Loaded index(Path path) throws SessionFileException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      return index(path, channel);
    } catch (AccessDeniedException e) {
      throw new SessionFileException(path + ": permission denied");
    } catch (NoSuchFileException e) {
      throw new SessionFileException(path + ": no such file");
    } catch (IOException e) {
      throw new SessionFileException(path + ": cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * Indexes an old version's file as graft would migrate it, in memory: nothing is written, and the
   * entries are read back from memory. For inspecting ({@code session tree}, {@code check}).
   */
  static Loaded indexMigrated(Path path) throws SessionFileException {
    SessionMigration.Migrated migrated = SessionMigration.inMemory(path);
    MigratedFileChannel channel = new MigratedFileChannel(migrated.content());
    try {
      Loaded loaded = index(path, channel);
      loaded.file().reader = channel;
      List<String> warnings = new ArrayList<>(migrated.warnings());
      warnings.addAll(loaded.warnings());
      return new Loaded(loaded.file(), loaded.header(), loaded.nodes(), List.copyOf(warnings));
    } catch (IOException e) {
      throw new SessionFileException(path + ": cannot read: " + e.getMessage(), e);
    }
  }

  private static Loaded index(Path path, FileChannel channel)
      throws SessionFileException, IOException {
    long fileSize = channel.size();
    int threads = Runtime.getRuntime().availableProcessors();
    List<Part> parts;
    if (fileSize < PARALLEL_THRESHOLD || threads < 2) {
      parts = List.of(new Part(0, fileSize, true).run(path, channel));
    } else {
      parts = indexInParallel(path, channel, fileSize, Math.min(threads, 8));
    }
    Part first = parts.getFirst();
    if (first.header == null) {
      throw new SessionFileException(
          fileSize == 0
              ? path + " is empty, not a session file"
              : path
                  + " has no valid session header (first JSON line with \"type\":\"session\" and a string id)");
    }
    List<EntryNode> nodes = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    int lineOffset = 0;
    for (Part part : parts) {
      for (EntryNode node : part.nodes) {
        node.line += lineOffset;
        nodes.add(node);
      }
      for (Part.Warning w : part.warnings) {
        warnings.add("line " + (w.line() + lineOffset) + ": " + w.message());
      }
      lineOffset += part.lines;
    }
    // The file's last byte, not the last part's lines: a cut line may start in an earlier part and
    // run through the last ones, in which no line starts.
    boolean cut = fileSize > 0 && !endsWithNewline(channel, fileSize);
    return new Loaded(
        new SessionFile(path, fileSize, cut), first.header, nodes, List.copyOf(warnings));
  }

  private static boolean endsWithNewline(FileChannel channel, long size) throws IOException {
    ByteBuffer last = ByteBuffer.allocate(1);
    return channel.read(last, size - 1) == 1 && last.get(0) == '\n';
  }

  private static List<Part> indexInParallel(Path path, FileChannel channel, long size, int count)
      throws SessionFileException, IOException {
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      parts.add(new Part(size * i / count, size * (i + 1) / count, i == 0));
    }
    try (var pool = Executors.newFixedThreadPool(count, Thread.ofPlatform().daemon().factory())) {
      List<Future<Part>> futures = new ArrayList<>();
      for (Part part : parts) {
        futures.add(pool.submit(() -> part.run(path, channel)));
      }
      for (var f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SessionFileException sfe) {
        throw sfe;
      }
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof Error error) {
        throw error; // as read in one go: an OutOfMemoryError stays one, for the caller to word
      }
      throw new IllegalStateException(e.getCause());
    }
    if (parts.getFirst().header == null) {
      // No header in the first part (a long run of blank or bad lines): read the file in one go.
      return List.of(new Part(0, size, true).run(path, channel));
    }
    return parts;
  }

  /**
   * The lines that start in [from, to) of the file (a line starts at offset 0 or after a newline);
   * the last one may run past {@code to}. Line numbers count from the part's first line and are
   * shifted when the parts are put together.
   */
  private static final class Part {
    record Warning(int line, String message) {}

    final long from;
    final long to;
    final boolean first;
    final List<EntryNode> nodes = new ArrayList<>();
    final List<Warning> warnings = new ArrayList<>();
    SessionHeader header;
    int lines;

    Part(long from, long to, boolean first) {
      this.from = from;
      this.to = to;
      this.first = first;
    }

    Part run(Path path, FileChannel channel) throws IOException, SessionFileException {
      LineScanner scanner = new LineScanner();
      long start = from;
      if (!first) {
        start = firstLineStart(channel, from);
        if (start < 0) {
          return this; // no line starts in this part
        }
      }
      byte[] buf = new byte[(int) Math.min(CHUNK, Math.max(to - from, 1024))];
      int filled = 0;
      long bufStart = start; // file offset of buf[0]
      while (true) {
        if (filled == buf.length) {
          // A line longer than the buffer: held whole, once, at its own size. Doubling the buffer
          // held up to three times a huge line's bytes while it was copied.
          long lineEnd = SessionSummaries.lineEnd(channel, bufStart + filled);
          if (lineEnd - bufStart > Integer.MAX_VALUE - 8) {
            throw new SessionFileException(
                path + ": the line at byte offset " + bufStart + " is longer than 2 GB");
          }
          buf = Arrays.copyOf(buf, (int) (lineEnd - bufStart + 1));
        }
        int n = channel.read(ByteBuffer.wrap(buf, filled, buf.length - filled), bufStart + filled);
        boolean eof = n < 0;
        filled += Math.max(n, 0);
        int lineStart = 0;
        int nl;
        while (bufStart + lineStart < to
            && (nl = SessionSummaries.nextNewline(buf, lineStart, filled)) >= 0) {
          accept(path, buf, lineStart, nl - lineStart, bufStart + lineStart, scanner);
          lineStart = nl + 1;
        }
        if (bufStart + lineStart >= to) {
          return this;
        }
        if (eof) {
          if (lineStart < filled) {
            accept(path, buf, lineStart, filled - lineStart, bufStart + lineStart, scanner);
          }
          return this;
        }
        if (buf.length > CHUNK && filled - lineStart < CHUNK) {
          buf = Arrays.copyOfRange(buf, lineStart, lineStart + CHUNK); // a long line is done
        } else {
          System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
        }
        bufStart += lineStart;
        filled -= lineStart;
      }
    }

    /** The offset of the first line starting in [offset, to), or -1 when none does. */
    private long firstLineStart(FileChannel channel, long offset) throws IOException {
      byte[] buf = new byte[64 * 1024];
      long pos = offset - 1; // a line starts at offset if the byte before it is a newline
      while (pos < to) {
        int n = channel.read(ByteBuffer.wrap(buf), pos);
        if (n <= 0) {
          return -1;
        }
        int nl = SessionSummaries.nextNewline(buf, 0, n);
        if (nl >= 0) {
          long start = pos + nl + 1;
          return start < to ? start : -1;
        }
        pos += n;
      }
      return -1;
    }

    private void accept(
        Path path, byte[] buf, int start, int length, long offset, LineScanner scanner)
        throws SessionFileException {
      lines++;
      if (offset == 0
          && length >= 3
          && buf[start] == (byte) 0xEF
          && buf[start + 1] == (byte) 0xBB
          && buf[start + 2] == (byte) 0xBF) {
        // A byte order mark before the header: the reference reads past it (its trim() drops it).
        start += 3;
        length -= 3;
        offset += 3;
      }
      if (isBlank(buf, start, length)) {
        return;
      }
      LineScanner.Scan scan;
      try {
        scan = scanner.scan(buf, start, length);
      } catch (LineScanner.BadLine bad) {
        if (bad.invalidUtf8InMiddle) {
          throw new SessionFileException(
              path + " is not UTF-8 text (bytes that are not UTF-8 at byte offset " + offset + ")");
        }
        warnings.add(
            new Warning(
                lines,
                bad.malformed
                    ? "skipped, malformed JSON (" + bad.getMessage() + ")"
                    : "skipped, " + bad.getMessage()));
        return;
      }
      if (first && header == null) {
        // As the reference: the first JSON line must be the header.
        if (!"session".equals(scan.type()) || scan.id() == null) {
          throw new SessionFileException(
              path
                  + " has no valid session header (line "
                  + lines
                  + " is not a \"session\" line with a string id)");
        }
        try {
          JsonNode json = Json.parse(buf, start, length);
          header = SessionHeader.fromJson((ObjectNode) json).orElseThrow();
        } catch (IOException e) {
          throw new SessionFileException(path + ": unreadable header: " + e.getMessage(), e);
        }
        return;
      }
      if ("session".equals(scan.type())) {
        warnings.add(new Warning(lines, "skipped, a second session header"));
        return;
      }
      if (scan.id() == null) {
        warnings.add(new Warning(lines, "skipped, entry has no string id"));
        return;
      }
      EntryNode node =
          new EntryNode(
              scan.id(), scan.parentId(), scan.type(), scan.role(), offset, length, lines);
      if ("label".equals(scan.type()) || "session_info".equals(scan.type())) {
        node.entry = decode(buf, start, length, lines);
      }
      nodes.add(node);
    }
  }

  private static SessionEntry decode(byte[] buf, int start, int length, int lineNumber) {
    try {
      JsonNode json = Json.parse(buf, start, length);
      return EntryCodec.decode((ObjectNode) json).orElseThrow();
    } catch (IOException e) {
      throw new IllegalStateException("line " + lineNumber + " scanned but did not parse", e);
    }
  }

  private static boolean isBlank(byte[] buf, int start, int length) {
    for (int i = start; i < start + length; i++) {
      byte b = buf[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------------ read back

  /** The raw bytes of a node's line (UTF-8 JSON, without the newline). */
  synchronized byte[] rawLine(EntryNode node) throws IOException {
    if (reader == null) {
      reader = FileChannel.open(path, StandardOpenOption.READ);
    }
    byte[] bytes = new byte[node.length];
    ByteBuffer bb = ByteBuffer.wrap(bytes);
    long pos = node.offset;
    while (bb.hasRemaining()) {
      int n = reader.read(bb, pos);
      if (n < 0) {
        throw new IOException(
            path + " is shorter than when it was opened (line " + node.line + ")");
      }
      pos += n;
    }
    return bytes;
  }

  /** Reads and decodes a node's entry from the file. */
  SessionEntry read(EntryNode node) throws IOException {
    byte[] bytes = rawLine(node);
    JsonNode json = Json.parseConsuming(bytes, 0, bytes.length);
    Optional<SessionEntry> entry =
        json instanceof ObjectNode o ? EntryCodec.decode(o) : Optional.empty();
    if (entry.isEmpty() || !entry.get().id().equals(node.id)) {
      throw new IOException(
          path + " changed on disk: line " + node.line + " no longer holds entry " + node.id);
    }
    return entry.get();
  }

  // ------------------------------------------------------------------ append

  /** Writes whole lines (UTF-8, each without '\n') and returns the file offset of each line. */
  synchronized long[] append(List<byte[]> lines) throws IOException {
    if (writer == null) {
      Files.createDirectories(path.toAbsolutePath().getParent());
      writer =
          FileChannel.open(
              path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }
    int total = needsNewline ? 1 : 0;
    for (byte[] line : lines) {
      total += line.length + 1;
    }
    ByteBuffer bytes = ByteBuffer.allocate(total);
    if (needsNewline) {
      bytes.put((byte) '\n');
    }
    for (byte[] line : lines) {
      bytes.put(line).put((byte) '\n');
    }
    bytes.flip();
    long[] offsets = new long[lines.size()];
    ReentrantLock local =
        IN_PROCESS_LOCKS.computeIfAbsent(
            path.toAbsolutePath().normalize(), k -> new ReentrantLock());
    local.lock();
    if (claimWanted && claim == null) {
      claim();
    }
    try (FileLock lock = writer.lock(0, IN_USE_RANGE, false)) {
      long cursor = writer.size() + (needsNewline ? 1 : 0); // others may have appended meanwhile
      for (int i = 0; i < lines.size(); i++) {
        offsets[i] = cursor;
        cursor += lines.get(i).length + 1;
      }
      while (bytes.hasRemaining()) {
        writer.write(bytes);
      }
      size = cursor;
    } finally {
      local.unlock();
    }
    needsNewline = false;
    return offsets;
  }

  /**
   * Marks the session as in use by this process until it is closed, so that a second graft process
   * refuses to work in it. A file that does not exist yet is claimed when it is created.
   */
  synchronized void claim() throws SessionInUseException {
    claimWanted = true;
    if (claim != null || !Files.exists(path)) {
      return;
    }
    try {
      claimChannel = FileChannel.open(path, StandardOpenOption.WRITE);
      claim = claimChannel.tryLock(IN_USE_RANGE, 1, false);
    } catch (OverlappingFileLockException e) {
      claim = null; // claimed by another session object of this process
    } catch (IOException e) {
      throw new SessionInUseException(
          path
              + ": cannot write the session file ("
              + why(path, e)
              + "); make it writable, or continue a copy of it");
    }
    if (claim == null) {
      closeQuietly(claimChannel);
      claimChannel = null;
      claimWanted = false;
      throw new SessionInUseException(
          path.getFileName()
              + " is open in another graft process; finish there first, or start a new session");
    }
  }

  /** Why {@code e} failed on {@code path}, in words; the file it names, when not {@code path}. */
  static String why(Path path, IOException e) {
    if (!(e instanceof FileSystemException f)) {
      return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
    String reason = f.getReason();
    if (reason == null) {
      reason =
          switch (f) {
            case AccessDeniedException ignored -> "permission denied";
            case NoSuchFileException ignored -> "no such file or directory";
            case FileAlreadyExistsException ignored -> "a file is in the way";
            default -> f.getClass().getSimpleName();
          };
    }
    return f.getFile() == null || f.getFile().equals(path.toString())
        ? reason
        : f.getFile() + ": " + reason;
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // releasing a lock we no longer need
      }
    }
  }

  /** Forces appended lines to the disk. */
  synchronized void sync() throws IOException {
    if (writer != null) {
      writer.force(false);
    }
  }

  long size() {
    return size;
  }

  @Override
  public synchronized void close() {
    closeQuietly(claimChannel); // releases the claim
    claimChannel = null;
    claim = null;
    for (FileChannel c : new FileChannel[] {reader, writer}) {
      if (c != null) {
        try {
          c.close();
        } catch (IOException ignored) {
          // closing a channel we only read or appended through: nothing left to lose
        }
      }
    }
    reader = null;
    writer = null;
  }
}
