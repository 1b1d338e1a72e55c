package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Replaces exact pieces of text in one file. The file's line endings (LF or CRLF) and its UTF-8
 * byte order mark are kept; the model writes plain LF text and never sees the mark. The result's
 * details hold a diff of the change.
 */
record EditTool(PathResolver paths, EditOperations files, FileMutationLocks locks) implements Tool {
  private static final String BOM = "\uFEFF";

  EditTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
    Objects.requireNonNull(locks, "locks");
  }

  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    ObjectNode edit =
        ParameterSchema.object()
            .required(
                "oldText",
                "string",
                "Exact text for one targeted replacement. It must be unique in the original file and must not overlap"
                    + " with any other edits[].oldText in the same call.")
            .required("newText", "string", "Replacement text for this targeted edit.")
            .closed()
            .build();
    return ParameterSchema.object()
        .required("path", "string", "Path to the file to edit (relative or absolute)")
        .requiredArray(
            "edits",
            edit,
            "One or more targeted replacements. Each edit is matched against the original file, not incrementally."
                + " Do not include overlapping or nested edits. If two changes touch the same block or nearby lines,"
                + " merge them into one edit instead.")
        .closed()
        .build();
  }

  @Override
  public String name() {
    return "edit";
  }

  @Override
  public String description() {
    return "Edit a single file using exact text replacement. Every edits[].oldText must match a unique,"
        + " non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge"
        + " them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to"
        + " connect distant changes.";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, prepare(arguments), context, args -> edit(args, context));
  }

  /**
   * Accepts the shapes models send besides the schema's: {@code edits} as a JSON string, and the
   * older single {@code oldText}/{@code newText} pair (added as one more edit).
   */
  static ObjectNode prepare(ObjectNode arguments) {
    if (arguments == null) {
      return null;
    }
    ObjectNode args = arguments.deepCopy();
    JsonNode edits = args.get("edits");
    if (edits != null && edits.isTextual()) {
      try {
        JsonNode parsed = Json.parse(edits.textValue());
        if (parsed.isArray()) {
          args.set("edits", parsed);
        }
      } catch (IOException notJson) {
        // Left as it is; validation names the field.
      }
    }
    JsonNode oldText = args.get("oldText");
    JsonNode newText = args.get("newText");
    if (oldText != null && oldText.isTextual() && newText != null && newText.isTextual()) {
      ArrayNode merged =
          args.get("edits") instanceof ArrayNode existing ? existing.deepCopy() : Json.array();
      ObjectNode single = Json.object();
      single.set("oldText", oldText);
      single.set("newText", newText);
      merged.add(single);
      args.remove("oldText");
      args.remove("newText");
      args.set("edits", merged);
    }
    return args;
  }

  private ToolResult edit(Arguments args, ToolContext context)
      throws ToolFailure, IOException, InterruptedException {
    String rawPath = args.string("path");
    List<TextEdits.Replacement> edits = new ArrayList<>();
    for (JsonNode edit : args.node("edits")) {
      edits.add(
          new TextEdits.Replacement(
              edit.get("oldText").textValue(), edit.get("newText").textValue()));
    }
    if (edits.isEmpty()) {
      throw new ToolFailure(
          "Edit tool input is invalid. edits must contain at least one replacement.");
    }
    Path file = paths.resolve(rawPath, context.cwd());
    return locks.withLock(file, () -> editLocked(file, rawPath, edits, context));
  }

  private ToolResult editLocked(
      Path file, String rawPath, List<TextEdits.Replacement> edits, ToolContext context)
      throws ToolFailure, IOException {
    try {
      files.checkEditable(file);
    } catch (IOException e) {
      throw new ToolFailure(
          "Could not edit file: " + rawPath + ". Error code: " + FileErrors.code(e) + ".");
    }
    abortCheck(context);
    String raw = decode(files.readAllBytes(file), rawPath);
    abortCheck(context);
    boolean bom = raw.startsWith(BOM);
    String text = bom ? raw.substring(1) : raw;
    LineEndings endings = LineEndings.detect(text);
    TextEdits.Applied applied = TextEdits.apply(LineEndings.toLf(text), edits, rawPath);
    abortCheck(context);
    String written = (bom ? BOM : "") + endings.restore(applied.after());
    files.write(file, written.getBytes(StandardCharsets.UTF_8));
    EditDiff.Rendered diff = EditDiff.render(applied.before(), applied.after());
    ObjectNode details = Json.object();
    details.put("diff", diff.diff());
    diff.firstChangedLine().ifPresent(line -> details.put("firstChangedLine", line));
    String summary = "Successfully replaced " + edits.size() + " block(s) in " + rawPath + ".";
    return ToolResult.text(summary, details);
  }

  /**
   * The file as UTF-8. Unlike the reference, a file that is not valid UTF-8 is refused: decoding
   * would replace its odd bytes, and writing it back would corrupt it.
   */
  private static String decode(byte[] bytes, String rawPath) throws ToolFailure {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new ToolFailure(
          "Could not edit file: "
              + rawPath
              + ". It is not valid UTF-8 text; editing it would corrupt it."
              + " Use bash to change it.");
    }
  }

  private static void abortCheck(ToolContext context) throws ToolFailure {
    if (context.signal().aborted()) {
      throw ToolFailure.aborted();
    }
  }
}
