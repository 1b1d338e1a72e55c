package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Lists one directory: every entry (dotfiles and ignored files too, as the reference does), sorted
 * without regard to case, directories marked with a trailing {@code /}. Capped at a number of
 * entries (500 unless told) and 50 KB.
 */
record LsTool(PathResolver paths, LsOperations files) implements Tool {
  static final int DEFAULT_LIMIT = 500;
  private static final Comparator<String> ORDER =
      Comparator.comparing((String name) -> name.toLowerCase(Locale.ROOT))
          .thenComparing(Comparator.naturalOrder());

  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .optional("path", "string", "Directory to list (default: current directory)")
        .optional("limit", "number", "Maximum number of entries to return (default: 500)")
        .build();
  }

  LsTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
  }

  @Override
  public String name() {
    return "ls";
  }

  @Override
  public String description() {
    return "List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes"
        + " dotfiles. Output is truncated to "
        + DEFAULT_LIMIT
        + " entries or "
        + OutputLimits.MAX_BYTES / 1024
        + "KB (whichever is hit first).";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> list(args, context));
  }

  private ToolResult list(Arguments args, ToolContext context) throws ToolFailure, IOException {
    Path directory = paths.resolve(args.pathOrCurrent(), context.cwd());
    int limit = args.count("limit", DEFAULT_LIMIT);
    if (!files.exists(directory)) {
      throw new ToolFailure("Path not found: " + directory);
    }
    if (!files.isDirectory(directory)) {
      throw new ToolFailure("Not a directory: " + directory);
    }
    List<String> names;
    try {
      names = new ArrayList<>(files.list(directory));
    } catch (IOException e) {
      throw new ToolFailure("Cannot read directory: " + FileErrors.describe(e));
    }
    names.sort(ORDER);
    List<String> entries = new ArrayList<>();
    boolean limitReached = false;
    for (String name : names) {
      if (entries.size() >= limit) {
        limitReached = true;
        break;
      }
      Path entry = directory.resolve(name);
      try {
        entries.add(name + (files.isDirectory(entry) ? "/" : ""));
      } catch (IOException broken) {
        // An entry that cannot be looked at (a broken link, say) is left out, as the reference
        // does.
      }
    }
    if (context.signal().aborted()) {
      throw ToolFailure.aborted();
    }
    if (entries.isEmpty()) {
      return ToolResult.text("(empty directory)");
    }
    Optional<Listing.Notice> limitNotice =
        limitReached
            ? Optional.of(
                new Listing.Notice(
                    limit + " entries limit reached. Use limit=" + (2L * limit) + " for more",
                    "entryLimitReached",
                    Json.NODES.numberNode(limit)))
            : Optional.empty();
    return Listing.result(entries, limitNotice, Optional.empty());
  }
}
