package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds files and directories by glob, without fd: it walks the tree itself, honouring ignore
 * files. As with fd, a pattern without {@code /} matches entry names at any depth, and one with
 * {@code /} matches the whole path (with {@code **}{@code /} put in front unless it starts with
 * {@code /} or {@code **}{@code /}). Paths come back relative to the search directory, directories
 * with a trailing {@code /}, capped at a number of results (1,000 unless told) and 50 KB.
 */
record FindTool(PathResolver paths, SearchOperations files) implements Tool {
  static final int DEFAULT_LIMIT = 1000;

  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .required(
            "pattern",
            "string",
            "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'")
        .optional("path", "string", "Directory to search in (default: current directory)")
        .optional("limit", "number", "Maximum number of results (default: 1000)")
        .build();
  }

  FindTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
  }

  @Override
  public String name() {
    return "find";
  }

  @Override
  public String description() {
    return "Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects"
        + " .gitignore. Output is truncated to "
        + DEFAULT_LIMIT
        + " results or "
        + OutputLimits.MAX_BYTES / 1024
        + "KB (whichever is hit first).";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> find(args, context));
  }

  private ToolResult find(Arguments args, ToolContext context) throws ToolFailure, IOException {
    Path searchPath = paths.resolve(args.pathOrCurrent(), context.cwd());
    if (!files.exists(searchPath)) {
      throw new ToolFailure("Path not found: " + searchPath);
    }
    if (!files.isDirectory(searchPath)) {
      throw new ToolFailure("Not a directory: " + searchPath);
    }
    int limit = args.count("limit", DEFAULT_LIMIT);
    String glob = args.string("pattern");
    boolean wholePath = glob.contains("/");
    if (wholePath && !glob.startsWith("/") && !glob.startsWith("**/") && !glob.equals("**")) {
      glob = "**/" + glob;
    }
    Pattern pattern = GlobPattern.compile(glob, true);
    String root = searchPath.toString().replace('\\', '/');
    List<String> found = new ArrayList<>();
    files.walk(
        searchPath,
        entry -> {
          if (context.signal().aborted()) {
            return SearchOperations.Decision.STOP;
          }
          String subject =
              wholePath
                  ? (root.endsWith("/") ? root : root + "/") + entry.relativePath()
                  : entry.relativePath().substring(entry.relativePath().lastIndexOf('/') + 1);
          if (pattern.matcher(subject).matches()) {
            found.add(
                entry.relativePath()
                    + (entry.kind() == SearchOperations.Kind.DIRECTORY ? "/" : ""));
          }
          return found.size() >= limit
              ? SearchOperations.Decision.STOP
              : SearchOperations.Decision.CONTINUE;
        });
    if (context.signal().aborted()) {
      throw ToolFailure.aborted();
    }
    if (found.isEmpty()) {
      return ToolResult.text("No files found matching pattern");
    }
    Optional<Listing.Notice> limitNotice =
        found.size() >= limit
            ? Optional.of(
                new Listing.Notice(
                    limit
                        + " results limit reached. Use limit="
                        + (2L * limit)
                        + " for more, or refine pattern",
                    "resultLimitReached",
                    Json.NODES.numberNode(limit)))
            : Optional.empty();
    return Listing.result(found, limitNotice, Optional.empty());
  }
}
