package dev.graft.cli.resources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A prompt template: a markdown file whose name is a slash command ({@code review.md} is {@code
 * /review}); its body, with the arguments put in, is sent as the prompt. The description is the
 * front matter's, else the body's first non-empty line (cut at 60 characters), as in the reference;
 * {@code argument-hint} is shown beside it in completion.
 */
public record PromptTemplate(
    String name,
    String description,
    Optional<String> argumentHint,
    String content,
    Path file,
    String source) {
  /** The largest template read. */
  static final long MAX_BYTES = 1 << 20;

  /** The template in {@code file}, or why it cannot be read. */
  public static PromptTemplate read(Path file, String source) throws IOException {
    if (Files.size(file) > MAX_BYTES) {
      throw new IOException("larger than " + (MAX_BYTES >> 20) + " MiB");
    }
    FrontMatter fm = FrontMatter.parse(FrontMatter.read(file));
    if (fm.problem().isPresent()) {
      throw new IOException(fm.problem().get());
    }
    String name = file.getFileName().toString().replaceAll("\\.md$", "");
    String description = fm.text("description").orElse("");
    if (description.isEmpty()) {
      description =
          fm.body()
              .lines()
              .filter(l -> !l.isBlank())
              .findFirst()
              .map(l -> l.length() > 60 ? l.substring(0, 60) + "..." : l)
              .orElse("");
    }
    Object hint = fm.fields().get("argument-hint");
    return new PromptTemplate(
        name,
        description,
        hint == null || "".equals(hint) ? Optional.empty() : Optional.of(String.valueOf(hint)),
        fm.body(),
        file.toAbsolutePath().normalize(),
        source);
  }
}
