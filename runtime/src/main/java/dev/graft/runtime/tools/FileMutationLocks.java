package dev.graft.runtime.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialises changes to the same file, so two edits the model sends in one turn (which may run in
 * parallel) do not read the same old content and overwrite each other. Changes to different files
 * still run in parallel. One instance is shared by the write and edit tools of a session.
 */
final class FileMutationLocks {
  /** A lock and the number of callers holding or waiting for it, so unused locks go away. */
  private static final class Entry {
    final ReentrantLock lock = new ReentrantLock();
    int users;
  }

  private final ConcurrentHashMap<Path, Entry> entries = new ConcurrentHashMap<>();

  @FunctionalInterface
  interface Mutation<T> {
    T run() throws ToolFailure, IOException, InterruptedException;
  }

  <T> T withLock(Path file, Mutation<T> mutation)
      throws ToolFailure, IOException, InterruptedException {
    Path key = key(file);
    Entry entry =
        entries.compute(
            key,
            (k, existing) -> {
              Entry e = existing == null ? new Entry() : existing;
              e.users++;
              return e;
            });
    try {
      entry.lock.lockInterruptibly();
      try {
        return mutation.run();
      } finally {
        entry.lock.unlock();
      }
    } finally {
      entries.computeIfPresent(key, (k, e) -> --e.users == 0 ? null : e);
    }
  }

  /** The same key for every spelling of one file (through symbolic links too, once it exists). */
  private static Path key(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    try {
      return absolute.toRealPath();
    } catch (IOException e) {
      return absolute;
    }
  }
}
