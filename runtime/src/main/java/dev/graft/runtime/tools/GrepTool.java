package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Searches file contents for a regular expression (Java's syntax) or a literal string, without
 * ripgrep: it walks the tree itself, honouring ignore files, and skips binary files (a NUL byte in
 * the first 8 KB). Output is one {@code path:line: text} per match, capped at a number of matches
 * (100 unless told), 50 KB, and 500 characters a line.
 */
record GrepTool(PathResolver paths, SearchOperations files) implements Tool {
  static final int DEFAULT_LIMIT = 100;
  private static final int BINARY_SNIFF_BYTES = 8192;

  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .required("pattern", "string", "Search pattern (regex or literal string)")
        .optional("path", "string", "Directory or file to search (default: current directory)")
        .optional("glob", "string", "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'")
        .optional("ignoreCase", "boolean", "Case-insensitive search (default: false)")
        .optional(
            "literal",
            "boolean",
            "Treat pattern as literal string instead of regex (default: false)")
        .optional(
            "context", "number", "Number of lines to show before and after each match (default: 0)")
        .optional("limit", "number", "Maximum number of matches to return (default: 100)")
        .build();
  }

  GrepTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
  }

  @Override
  public String name() {
    return "grep";
  }

  @Override
  public String description() {
    return "Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects"
        + " .gitignore. Output is truncated to "
        + DEFAULT_LIMIT
        + " matches or "
        + OutputLimits.MAX_BYTES / 1024
        + "KB (whichever is hit first). Long lines are truncated to "
        + OutputLimits.GREP_MAX_LINE_LENGTH
        + " chars.";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> grep(args, context));
  }

  private record Match(Path file, String displayPath, int lineNumber, String lineText) {}

  private ToolResult grep(Arguments args, ToolContext context) throws ToolFailure, IOException {
    Path searchPath = paths.resolve(args.pathOrCurrent(), context.cwd());
    if (!files.exists(searchPath)) {
      throw new ToolFailure("Path not found: " + searchPath);
    }
    boolean directory = files.isDirectory(searchPath);
    Pattern pattern = compile(args);
    int contextLines =
        (int) Math.max(0, Math.min(args.optionalNumber("context").orElse(0), 10_000));
    int limit = args.count("limit", DEFAULT_LIMIT);
    Optional<GlobFilter> glob =
        args.optionalString("glob").filter(g -> !g.isEmpty()).map(GlobFilter::parse);

    List<Match> matches = new ArrayList<>();
    if (directory) {
      files.walk(
          searchPath,
          entry -> {
            if (context.signal().aborted()) {
              return SearchOperations.Decision.STOP;
            }
            if (entry.kind() == SearchOperations.Kind.DIRECTORY) {
              return glob.isEmpty() || glob.get().entersDirectory(entry.relativePath())
                  ? SearchOperations.Decision.CONTINUE
                  : SearchOperations.Decision.SKIP_SUBTREE;
            }
            if (entry.kind() == SearchOperations.Kind.FILE
                && (glob.isEmpty() || glob.get().acceptsFile(entry.relativePath()))) {
              search(entry.path(), entry.relativePath(), pattern, limit, matches, context);
            }
            return matches.size() >= limit
                ? SearchOperations.Decision.STOP
                : SearchOperations.Decision.CONTINUE;
          });
    } else {
      search(searchPath, searchPath.getFileName().toString(), pattern, limit, matches, context);
    }
    if (context.signal().aborted()) {
      throw ToolFailure.aborted();
    }
    if (matches.isEmpty()) {
      return ToolResult.text("No matches found");
    }
    return format(matches, limit, contextLines);
  }

  private static Pattern compile(Arguments args) throws ToolFailure {
    String pattern = args.string("pattern");
    int flags = args.flag("ignoreCase") ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
    try {
      return Pattern.compile(args.flag("literal") ? Pattern.quote(pattern) : pattern, flags);
    } catch (PatternSyntaxException e) {
      throw new ToolFailure(
          "Invalid regex pattern: "
              + e.getMessage()
              + "\nUse literal=true to search for the text as written.");
    }
  }

  /** Adds the file's matching lines until there are {@code limit} matches in all. */
  private void search(
      Path file,
      String displayPath,
      Pattern pattern,
      int limit,
      List<Match> matches,
      ToolContext context) {
    try (InputStream raw = files.open(file);
        BufferedInputStream in = new BufferedInputStream(raw, BINARY_SNIFF_BYTES)) {
      in.mark(BINARY_SNIFF_BYTES);
      byte[] head = in.readNBytes(BINARY_SNIFF_BYTES);
      for (byte b : head) {
        if (b == 0) {
          return;
        }
      }
      in.reset();
      LineReader lines =
          new LineReader(new InputStreamReader(in, StandardCharsets.UTF_8), Integer.MAX_VALUE);
      Matcher matcher = pattern.matcher("");
      int number = 0;
      for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
        number++;
        String text = stripCr(line.text());
        if (finds(matcher, new AbortableText(text, context.signal()))) {
          matches.add(new Match(file, displayPath, number, text));
          if (matches.size() >= limit) {
            return;
          }
        }
      }
    } catch (IOException unreadable) {
      // A file that vanished or cannot be read is skipped, as ripgrep does.
    } catch (AbortableText.Aborted aborted) {
      // The caller sees the signal and stops.
    }
  }

  private ToolResult format(List<Match> matches, int limit, int contextLines) throws IOException {
    boolean limitReached = matches.size() >= limit;
    boolean linesCut = false;
    Map<Path, List<String>> fileLines = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (Match match : matches) {
      if (contextLines == 0) {
        linesCut |= tooLong(match.lineText());
        out.add(match.displayPath() + ":" + match.lineNumber() + ": " + cut(match.lineText()));
        continue;
      }
      List<String> lines = fileLines.computeIfAbsent(match.file(), this::readLines);
      if (lines.size() < match.lineNumber()) {
        // The file changed or vanished since it was searched: show the match alone.
        linesCut |= tooLong(match.lineText());
        out.add(match.displayPath() + ":" + match.lineNumber() + ": " + cut(match.lineText()));
        continue;
      }
      int first = Math.max(1, match.lineNumber() - contextLines);
      int last = Math.min(lines.size(), match.lineNumber() + contextLines);
      for (int n = first; n <= last; n++) {
        String line = n == match.lineNumber() ? match.lineText() : lines.get(n - 1);
        linesCut |= tooLong(line);
        String separator = n == match.lineNumber() ? ":" : "-";
        out.add(match.displayPath() + separator + n + separator + " " + cut(line));
      }
    }
    Optional<Listing.Notice> limitNotice =
        limitReached
            ? Optional.of(
                new Listing.Notice(
                    limit
                        + " matches limit reached. Use limit="
                        + (2L * limit)
                        + " for more, or refine pattern",
                    "matchLimitReached",
                    Json.NODES.numberNode(limit)))
            : Optional.empty();
    Optional<Listing.Notice> cutNotice =
        linesCut
            ? Optional.of(
                new Listing.Notice(
                    "Some lines truncated to "
                        + OutputLimits.GREP_MAX_LINE_LENGTH
                        + " chars. Use read tool to see full lines",
                    "linesTruncated",
                    Json.NODES.booleanNode(true)))
            : Optional.empty();
    return Listing.result(out, limitNotice, cutNotice);
  }

  /** The file's lines for context; a file that cannot be read again gives none. */
  private List<String> readLines(Path file) {
    List<String> lines = new ArrayList<>();
    try (InputStream in = files.open(file)) {
      LineReader reader =
          new LineReader(new InputStreamReader(in, StandardCharsets.UTF_8), Integer.MAX_VALUE);
      for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
        lines.add(stripCr(line.text()));
      }
    } catch (IOException e) {
      lines.clear();
    }
    return lines;
  }

  /**
   * Whether the pattern occurs in the line. Java's regex engine recurses for alternations and
   * groups, so a long line can overflow the stack; such a line counts as not matching rather than
   * failing the whole search.
   */
  private static boolean finds(Matcher matcher, CharSequence line) {
    try {
      return matcher.reset(line).find();
    } catch (StackOverflowError tooDeep) {
      return false;
    }
  }

  private static String stripCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private static boolean tooLong(String line) {
    return line.length() > OutputLimits.GREP_MAX_LINE_LENGTH;
  }

  /** At most 500 characters of a line, marked when cut. */
  private static String cut(String line) {
    return tooLong(line)
        ? line.substring(0, OutputLimits.GREP_MAX_LINE_LENGTH) + "... [truncated]"
        : line;
  }
}
