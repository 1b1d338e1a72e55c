package dev.graft.cli.interactive;

import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.tools.FileAttachments;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The prompts given on the command line, as the reference takes them: an argument starting with
 * {@code @} names a file to attach ({@code graft -p @main.py "explain"}); the files go with the
 * first prompt, text files as {@code <file name="...">} blocks before its text and images as its
 * image parts. The other prompts run after it, one by one.
 */
public record PromptArguments(List<String> prompts, List<String> files) {
  public PromptArguments {
    prompts = List.copyOf(prompts);
    files = List.copyOf(files);
  }

  /** One prompt to send: its text and images. */
  public record Prompt(String text, List<ContentBlock> images) {
    public Prompt {
      images = List.copyOf(images);
    }
  }

  public static PromptArguments of(List<String> args) {
    List<String> prompts = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (String a : args) {
      if (a.length() > 1 && a.startsWith("@") && !a.contains("\n")) {
        files.add(a.substring(1));
      } else {
        prompts.add(a);
      }
    }
    return new PromptArguments(prompts, files);
  }

  public boolean isEmpty() {
    return prompts.isEmpty() && files.isEmpty();
  }

  /**
   * The prompts with the files read (relative to {@code cwd}); a file that cannot be attached is an
   * error.
   */
  public List<Prompt> read(Path cwd) throws FileAttachments.AttachmentException {
    return read(cwd, "");
  }

  /**
   * The prompts with the files read, {@code piped} (what was piped to stdin) first in the first
   * prompt, then the files' text, then its own. A blank line parts the piped text from what
   * follows: the reference joins them with nothing ({@code echo a | pi -p b} sends "ab"), which
   * glues {@code git diff | graft -p "review this"}'s last line to the request.
   */
  public List<Prompt> read(Path cwd, String piped) throws FileAttachments.AttachmentException {
    FileAttachments.Attached attached =
        files.isEmpty()
            ? new FileAttachments.Attached("", List.of())
            : FileAttachments.read(files, cwd);
    String rest = attached.text() + (prompts.isEmpty() ? "" : prompts.getFirst());
    String first = piped.isEmpty() || rest.isEmpty() ? piped + rest : piped + "\n\n" + rest;
    List<Prompt> out = new ArrayList<>();
    if (!piped.isEmpty() || !files.isEmpty() || !prompts.isEmpty()) {
      out.add(new Prompt(first, attached.images()));
    }
    for (int i = 1; i < prompts.size(); i++) {
      out.add(new Prompt(prompts.get(i), List.of()));
    }
    return out;
  }
}
