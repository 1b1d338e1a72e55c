package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/** Writes a whole file, creating it and its parent directories if needed. */
record WriteTool(PathResolver paths, WriteOperations files, FileMutationLocks locks)
    implements Tool {
  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .required("path", "string", "Path to the file to write (relative or absolute)")
        .required("content", "string", "Content to write to the file")
        .build();
  }

  WriteTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
    Objects.requireNonNull(locks, "locks");
  }

  @Override
  public String name() {
    return "write";
  }

  @Override
  public String description() {
    return "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically"
        + " creates parent directories.";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> write(args, context));
  }

  private ToolResult write(Arguments args, ToolContext context)
      throws ToolFailure, IOException, InterruptedException {
    String rawPath = args.string("path");
    byte[] content = args.string("content").getBytes(StandardCharsets.UTF_8);
    Path file = paths.resolve(rawPath, context.cwd());
    return locks.withLock(
        file,
        () -> {
          if (context.signal().aborted()) {
            throw ToolFailure.aborted();
          }
          Path parent = file.getParent();
          if (parent != null) {
            files.createDirectories(parent);
          }
          if (context.signal().aborted()) {
            throw ToolFailure.aborted();
          }
          files.write(file, content);
          // The reference counts UTF-16 code units here and calls them bytes; graft counts bytes.
          return ToolResult.text("Successfully wrote " + content.length + " bytes to " + rawPath);
        });
  }
}
