package dev.graft.cli.resources;

import dev.graft.cli.base.Sha256;
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
    return read(file, source, Optional.empty());
  }

  /**
   * {@code trusted}: the SHA-256 the project's trust saw for this file; a file that is not that any
   * more is not read. The content is kept: what {@code /name} sends until {@code /reload}.
   */
  public static PromptTemplate read(Path file, String source, Optional<String> trusted)
      throws IOException {
    if (Files.size(file) > MAX_BYTES) {
      throw new IOException("larger than " + (MAX_BYTES >> 20) + " MiB");
    }
    byte[] bytes = Files.readAllBytes(file);
    if (trusted.isPresent() && !trusted.get().equals(Sha256.ofBytes(bytes))) {
      throw new IOException("changed since you trusted it; not loaded");
    }
    FrontMatter fm = FrontMatter.parse(FrontMatter.decode(bytes));
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
