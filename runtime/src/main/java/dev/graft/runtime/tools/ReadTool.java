package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.ContentBlock;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads a text file, or an image as an attachment. Text is cut to the first 2,000 lines or 50 KB of
 * the requested range, with a note telling the model which offset to continue from. The file is
 * read as a stream, so only what is shown is held in memory.
 */
record ReadTool(PathResolver paths, ReadOperations files, ImageFitter images) implements Tool {
  /** The arguments' schema; built afresh each time, so no caller can change another's. */
  private static ObjectNode schema() {
    return ParameterSchema.object()
        .required("path", "string", "Path to the file to read (relative or absolute)")
        .optional("offset", "number", "Line number to start reading from (1-indexed)")
        .optional("limit", "number", "Maximum number of lines to read")
        .build();
  }

  ReadTool {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(files, "files");
    Objects.requireNonNull(images, "images");
  }

  @Override
  public String name() {
    return "read";
  }

  @Override
  public String description() {
    return "Read the contents of a file. Supports text files and images (jpg, png, gif, webp). Images are sent as"
        + " attachments. For text files, output is truncated to "
        + OutputLimits.MAX_LINES
        + " lines or "
        + OutputLimits.MAX_BYTES / 1024
        + "KB (whichever is hit first). Use offset/limit for large files. When you"
        + " need the full file, continue with offset until complete.";
  }

  @Override
  public ObjectNode parameters() {
    return schema();
  }

  @Override
  public ToolResult execute(String callId, ObjectNode arguments, ToolContext context) {
    return ToolExecution.run(this, arguments, context, args -> read(args, context));
  }

  private ToolResult read(Arguments args, ToolContext context) throws ToolFailure, IOException {
    String rawPath = args.string("path");
    OptionalDouble offset = args.optionalNumber("offset");
    OptionalDouble limit = args.optionalNumber("limit");
    if (limit.isPresent() && limit.getAsDouble() < 1) {
      throw new ToolFailure(
          "limit must be at least 1 (got " + JsNumbers.format(limit.getAsDouble()) + ")");
    }
    Path file = paths.resolveForRead(rawPath, context.cwd());
    files.checkReadable(file);
    abortCheck(context);
    Optional<ImageType> image = files.detectImage(file);
    if (image.isPresent()) {
      return readImage(file, image.get(), context);
    }
    return readText(file, rawPath, offset, limit, context);
  }

  private ToolResult readImage(Path file, ImageType type, ToolContext context)
      throws ToolFailure, IOException {
    byte[] data = files.readAllBytes(file);
    abortCheck(context);
    Optional<ImageFitter.FittedImage> fitted = images.fit(data, type);
    if (fitted.isEmpty()) {
      return ToolResult.text(
          "Read image file ["
              + type.mimeType()
              + "]\n"
              + "[Image omitted: could not be resized below the inline image size limit.]");
    }
    ImageFitter.FittedImage image = fitted.get();
    String note =
        "Read image file ["
            + image.mimeType()
            + "]"
            + image.dimensionNote().map(n -> "\n" + n).orElse("");
    return new ToolResult(
        List.of(
            new ContentBlock.Text(note),
            new ContentBlock.Image(image.base64(), image.mimeType(), null)),
        Optional.empty(),
        false);
  }

  private ToolResult readText(
      Path file, String rawPath, OptionalDouble offset, OptionalDouble limit, ToolContext context)
      throws ToolFailure, IOException {
    // An offset of 0 (or none) starts at the first line, as in the reference.
    long startLine =
        offset.isPresent() && offset.getAsDouble() != 0
            ? Math.max(0, (long) offset.getAsDouble() - 1)
            : 0;
    long endLine = limit.isPresent() ? startLine + (long) limit.getAsDouble() : Long.MAX_VALUE;
    HeadTruncator head = new HeadTruncator(OutputLimits.MAX_LINES, OutputLimits.MAX_BYTES);
    long totalLines = 0;
    try (InputStream in = files.open(file);
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      // A kept line is at most MAX_BYTES bytes, so never more chars than that; longer lines
      // are only counted.
      LineReader lines = new LineReader(reader, OutputLimits.MAX_BYTES + 1);
      for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
        if (totalLines >= startLine && totalLines < endLine) {
          head.accept(line.text(), line.bytes());
        }
        totalLines++;
        if ((totalLines & 0xFFF) == 0) {
          abortCheck(context);
        }
      }
    }
    abortCheck(context);
    if (startLine >= totalLines) {
      throw new ToolFailure(
          "Offset "
              + JsNumbers.format(offset.orElse(0))
              + " is beyond end of file ("
              + totalLines
              + " lines total)");
    }
    Truncation truncation = head.finish();
    long startDisplay = startLine + 1;
    if (truncation.firstLineExceedsLimit()) {
      String text =
          "[Line "
              + startDisplay
              + " is "
              + SizeFormat.format(head.firstLineBytes())
              + ", exceeds "
              + SizeFormat.format(OutputLimits.MAX_BYTES)
              + " limit. Use bash: sed -n '"
              + startDisplay
              + "p' "
              + rawPath
              + " | head -c "
              + OutputLimits.MAX_BYTES
              + "]";
      return ToolResult.text(text, truncationDetails(truncation));
    }
    if (truncation.truncated()) {
      long endDisplay = startDisplay + truncation.outputLines() - 1;
      String limitNote =
          truncation.truncatedBy().orElseThrow() == Truncation.TruncatedBy.LINES
              ? ""
              : " (" + SizeFormat.format(OutputLimits.MAX_BYTES) + " limit)";
      String text =
          truncation.content()
              + "\n\n[Showing lines "
              + startDisplay
              + "-"
              + endDisplay
              + " of "
              + totalLines
              + limitNote
              + ". Use offset="
              + (endDisplay + 1)
              + " to continue.]";
      return ToolResult.text(text, truncationDetails(truncation));
    }
    long shownEnd = Math.min(endLine, totalLines);
    if (shownEnd < totalLines) {
      // The model's own limit stopped the read before the end of the file.
      long remaining = totalLines - shownEnd;
      return ToolResult.text(
          truncation.content()
              + "\n\n["
              + remaining
              + " more lines in file. Use offset="
              + (shownEnd + 1)
              + " to continue.]");
    }
    return ToolResult.text(truncation.content());
  }

  private static ObjectNode truncationDetails(Truncation truncation) {
    ObjectNode details = Json.object();
    details.set("truncation", truncation.toJson());
    return details;
  }

  private static void abortCheck(ToolContext context) throws ToolFailure {
    if (context.signal().aborted()) {
      throw ToolFailure.aborted();
    }
  }
}
