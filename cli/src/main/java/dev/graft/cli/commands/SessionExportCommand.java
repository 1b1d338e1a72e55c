package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.export.SessionPage;
import dev.graft.runtime.session.Session;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft session export FILE [-o OUT]}: the session as one self-contained HTML page. The page
 * is written to {@code .OUT.partial} next to OUT and moved over it when complete, so a failed
 * export leaves no half page behind.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Write the session as one self-contained HTML page.",
      "",
      "The page has the tree with its labels, and the messages of any path through it; it "
          + "loads nothing from the network. Prints the page's path."
    })
final class SessionExportCommand implements Callable<Integer> {
  /** Files at least this large get progress lines on stderr. */
  static final long PROGRESS_THRESHOLD = 16L << 20;

  @ParentCommand SessionCommand parent;

  @Parameters(paramLabel = "FILE", description = "The session file (.jsonl).")
  Path file;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "OUT",
      description =
          "The page to write (default: FILE's name with .html instead of .jsonl, in the current "
              + "directory). A directory: the default name in it.")
  Path output;

  @Override
  public Integer call() throws Exception {
    CliContext context = parent.context();
    Path input = SessionFiles.resolve(context, file);
    try (Session session = SessionFiles.open(context, file)) {
      Path out = target(context, input);
      long size = Files.size(input);
      Path partial = out.resolveSibling("." + out.getFileName() + ".partial");
      try {
        SessionPage.Written written;
        try (OutputStream stream =
            new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
          written = SessionPage.write(session, stream, progress(context.err(), size));
        }
        Files.move(
            partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (size >= PROGRESS_THRESHOLD) {
          context
              .err()
              .println(
                  "graft: exported "
                      + written.entries()
                      + " entries, "
                      + Files.size(out) / (1 << 20)
                      + " MB");
        }
      } finally {
        Files.deleteIfExists(partial);
      }
      context.out().println(out);
      context.out().flush();
    } catch (AccessDeniedException e) {
      throw new UserError("cannot write " + e.getFile() + ": permission denied");
    } catch (NoSuchFileException e) {
      throw new UserError("cannot write " + e.getFile() + ": no such directory");
    }
    return 0;
  }

  /** Where the page goes; refuses the input file itself and a missing directory. */
  private Path target(CliContext context, Path input) throws IOException {
    String name = input.getFileName().toString();
    String pageName =
        (name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name)
            + ".html";
    Path out =
        output == null ? context.cwd().resolve(pageName) : SessionFiles.resolve(context, output);
    if (Files.isDirectory(out)) {
      out = out.resolve(pageName);
    }
    Path dir = out.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UserError("cannot write " + out + ": no such directory " + dir);
    }
    if (out.normalize().equals(input.normalize())
        || (Files.exists(out) && Files.isSameFile(out, input))) {
      throw new UserError(
          "refusing to overwrite the session file " + input + " (choose another -o OUT)");
    }
    if (Files.isDirectory(out)) {
      throw new UserError("cannot write " + out + ": it is a directory");
    }
    return out;
  }

  /** Progress lines every tenth of a large file; nothing for a small one. */
  private static LongConsumer progress(PrintWriter err, long size) {
    if (size < PROGRESS_THRESHOLD) {
      return read -> {};
    }
    int[] shown = {0};
    return read -> {
      int tenth = (int) (Math.min(read, size) * 10 / size); // the file may have grown
      if (tenth > shown[0]) {
        shown[0] = tenth;
        err.println("graft: exporting " + (size >> 20) + " MB: " + tenth * 10 + "%");
        err.flush();
      }
    };
  }
}
