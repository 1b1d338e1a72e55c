package dev.graft.runtime.tools;

import dev.graft.runtime.message.ContentBlock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Files attached to a prompt ({@code graft @notes.md "summarise"}, or {@code @file} in the editor),
 * as the reference attaches them: a text file's content in a {@code <file name="/abs/path">} block,
 * an image as an image part (fitted as the read tool fits it) with an empty or dimension-noting
 * block naming it. Empty files are left out.
 */
public final class FileAttachments {
  private FileAttachments() {}

  /** The text that goes before the prompt, and the images that go with it. */
  public record Attached(String text, List<ContentBlock> images) {
    public Attached {
      images = List.copyOf(images);
    }
  }

  /**
   * Why a file could not be attached: it is missing, unreadable, a directory, or binary and no
   * image.
   */
  public static final class AttachmentException extends IOException {
    public AttachmentException(String message) {
      super(message);
    }
  }

  /** Reads {@code files} ({@code ~} expanded, relative to {@code cwd}) in order. */
  public static Attached read(List<String> files, Path cwd) throws AttachmentException {
    StringBuilder text = new StringBuilder();
    List<ContentBlock> images = new ArrayList<>();
    ScalingImageFitter fitter = new ScalingImageFitter();
    for (String name : files) {
      Path file = resolve(name, cwd);
      if (!Files.exists(file)) {
        throw new AttachmentException("@" + name + ": no such file (" + file + ")");
      }
      if (Files.isDirectory(file)) {
        throw new AttachmentException(
            "@" + name + ": a directory; attach files (the model can list it with its tools)");
      }
      byte[] data;
      try {
        data = Files.readAllBytes(file);
      } catch (NoSuchFileException e) {
        throw new AttachmentException("@" + name + ": no such file (" + file + ")");
      } catch (IOException e) {
        throw new AttachmentException(
            "@"
                + name
                + ": cannot be read ("
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                + ")");
      }
      if (data.length == 0) {
        continue;
      }
      Optional<ImageType> image =
          ImageType.detect(data, Math.min(data.length, ImageType.SNIFF_BYTES));
      if (image.isPresent()) {
        Optional<ImageFitter.FittedImage> fitted = fitter.fit(data, image.get());
        if (fitted.isEmpty()) {
          text.append("<file name=\"")
              .append(file)
              .append(
                  "\">[Image omitted: could not be resized below the inline image size limit.]</file>\n");
          continue;
        }
        ImageFitter.FittedImage f = fitted.get();
        images.add(new ContentBlock.Image(f.base64(), f.mimeType(), null));
        text.append("<file name=\"")
            .append(file)
            .append("\">")
            .append(f.dimensionNote().orElse(""))
            .append("</file>\n");
        continue;
      }
      String content;
      try {
        content =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(data))
                .toString();
      } catch (CharacterCodingException e) {
        throw new AttachmentException(
            "@" + name + ": not a text file (nor a PNG, JPEG, GIF or WebP image)");
      }
      if (content.indexOf('\0') >= 0) {
        throw new AttachmentException(
            "@" + name + ": not a text file (nor a PNG, JPEG, GIF or WebP image)");
      }
      text.append("<file name=\"")
          .append(file)
          .append("\">\n")
          .append(content)
          .append("\n</file>\n");
    }
    return new Attached(text.toString(), images);
  }

  /**
   * An image a client gave as bytes with its declared {@code mimeType} (an RPC prompt's), held to
   * what an attached file's image is held to: a PNG, JPEG, GIF or WebP image as its first bytes
   * say, sent as it is within 2000x2000 pixels and 4.5 MB of base64, else scaled as an attached
   * image is. The failure says what is wrong with {@code field}{@code .data} or {@code .mimeType}.
   */
  public static ContentBlock.Image image(byte[] data, String mimeType, String field)
      throws AttachmentException {
    Optional<ImageType> type = ImageType.detect(data, Math.min(data.length, ImageType.SNIFF_BYTES));
    if (type.isEmpty()) {
      throw new AttachmentException(field + ".data is not a PNG, JPEG, GIF or WebP image");
    }
    if (!type.get().mimeType().equals(mimeType)) {
      throw new AttachmentException(
          field
              + ".mimeType is "
              + mimeType
              + " but "
              + field
              + ".data holds "
              + type.get().mimeType());
    }
    ImageFitter.FittedImage fitted =
        new ScalingImageFitter()
            .fit(data, type.get())
            .orElseThrow(() ->
                new AttachmentException(
                    field
                        + ".data cannot be decoded, or scaled below the inline image size limit"
                        + " (2000x2000 pixels, 4.5 MB)"));
    return new ContentBlock.Image(fitted.base64(), fitted.mimeType(), null);
  }

  private static Path resolve(String name, Path cwd) {
    String n = name;
    if (n.equals("~") || n.startsWith("~/")) {
      n = System.getProperty("user.home") + n.substring(1);
    }
    return cwd.resolve(n).toAbsolutePath().normalize();
  }
}
