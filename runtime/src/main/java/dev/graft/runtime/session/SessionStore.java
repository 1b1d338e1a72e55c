package dev.graft.runtime.session;

import dev.graft.runtime.config.GraftHome;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Where sessions live: {@code <home>/sessions/--<cwd with / as ->--/<timestamp>_<uuid>.jsonl}, the
 * reference agent's layout, so the two can open each other's sessions; or one folder given for
 * every working directory ({@code --session-dir}).
 */
public final class SessionStore {
  private final GraftHome home;
  private final Clock clock;
  private final Path directory;

  public SessionStore(GraftHome home, Clock clock) {
    this(home, clock, null);
  }

  private SessionStore(GraftHome home, Clock clock, Path directory) {
    this.home = home;
    this.clock = clock;
    this.directory = directory;
  }

  /**
   * This store with {@code directory} in place of each working directory's folder: new sessions are
   * written there, and the sessions "of a cwd" are the ones there.
   */
  public SessionStore in(Path directory) {
    return new SessionStore(home, clock, directory.toAbsolutePath().normalize());
  }

  /** The directory of the sessions started in {@code cwd}. */
  public Path directoryFor(String cwd) {
    return directory != null ? directory : home.sessions().resolve(folderName(cwd));
  }

  /** The name of that directory: {@code --<cwd with / as ->--}. */
  public static String folderName(String cwd) {
    String safe = cwd.replaceFirst("^[/\\\\]", "").replaceAll("[/\\\\:]", "-");
    return "--" + safe + "--";
  }

  /** A new session for {@code cwd}; its file appears with the first entry. */
  public Session create(String cwd) {
    return Session.create(directoryFor(cwd), cwd, clock);
  }

  /** A new session for {@code cwd} in {@code file}, which does not exist yet (--session NEW). */
  public Session createAt(Path file, String cwd) {
    return Session.createAt(file, cwd, clock);
  }

  public Session open(Path file) throws SessionFileException {
    return Session.open(file, clock);
  }

  /** The most recently modified session file of {@code cwd}, if any. */
  public Optional<Path> mostRecent(String cwd) {
    return list(cwd).stream().findFirst().map(SessionSummary::path);
  }

  /** Sessions of {@code cwd}, most recently modified first. */
  public List<SessionSummary> list(String cwd) {
    return listIn(directoryFor(cwd));
  }

  /**
   * The sessions in {@code dir}, whatever their working directory, most recently modified first.
   */
  public List<SessionSummary> listIn(Path dir) {
    return summarize(jsonlFiles(dir));
  }

  private List<SessionSummary> summarize(List<Path> files) {
    SessionListCache cache = SessionListCache.load(home.sessions());
    List<SessionSummary> out = summarize(files, cache);
    cache.save();
    return out;
  }

  /** Sessions of every directory, most recently modified first. */
  public List<SessionSummary> listAll() {
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(home.sessions())) {
      try (DirectoryStream<Path> dirs =
          Files.newDirectoryStream(home.sessions(), Files::isDirectory)) {
        for (Path dir : dirs) {
          files.addAll(jsonlFiles(dir));
        }
      } catch (IOException e) {
        // an unreadable sessions folder lists as empty, like a missing one
      }
    }
    return summarize(files);
  }

  /**
   * Resolves a --session argument: a path to a file, or the prefix of a session id among the
   * sessions of {@code cwd} (then of all directories).
   */
  public Optional<Path> resolve(String fileOrIdPrefix, String cwd) {
    Path asPath = Path.of(fileOrIdPrefix);
    if (Files.isRegularFile(asPath)) {
      return Optional.of(asPath.toAbsolutePath());
    }
    for (List<SessionSummary> candidates : List.of(list(cwd), listAll())) {
      List<SessionSummary> matches =
          candidates.stream().filter(s -> s.id().startsWith(fileOrIdPrefix)).toList();
      if (matches.size() == 1) {
        return Optional.of(matches.getFirst().path());
      }
      if (matches.size() > 1) {
        throw new IllegalArgumentException(
            "session id prefix '"
                + fileOrIdPrefix
                + "' matches "
                + matches.size()
                + " sessions; give more of it");
      }
    }
    return Optional.empty();
  }

  private static List<Path> jsonlFiles(Path dir) {
    List<Path> files = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.jsonl")) {
      for (Path p : stream) {
        if (Files.isRegularFile(p)) {
          files.add(p);
        }
      }
    } catch (IOException e) {
      // unreadable directory: nothing to list
    }
    return files;
  }

  /** Summaries of many files, read in parallel (each read touches only one file). */
  private static List<SessionSummary> summarize(List<Path> files, SessionListCache cache) {
    List<SessionSummary> out = new ArrayList<>();
    if (files.size() < 8) {
      files.forEach(f -> cache.summarize(f).ifPresent(out::add));
    } else {
      int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
      try (ExecutorService pool =
          Executors.newFixedThreadPool(threads, Thread.ofPlatform().daemon().factory())) {
        List<Future<Optional<SessionSummary>>> futures = new ArrayList<>();
        for (Path f : files) {
          futures.add(pool.submit(() -> cache.summarize(f)));
        }
        for (Future<Optional<SessionSummary>> future : futures) {
          future.get().ifPresent(out::add);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }
    out.sort(
        Comparator.comparing(SessionSummary::modified)
            .reversed()
            .thenComparing(s -> s.path().toString()));
    return out;
  }
}
