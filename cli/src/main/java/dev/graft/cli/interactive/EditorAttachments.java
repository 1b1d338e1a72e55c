package dev.graft.cli.interactive;

import dev.graft.runtime.tools.FileAttachments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code @path} in what the user typed: each mention of an existing file attaches it as on the
 * command line ({@link PromptArguments}), before the text, which is kept as typed. A mention that
 * names no file ({@code @someone}) is left alone.
 */
final class EditorAttachments {
  private static final Pattern MENTION = Pattern.compile("(?:^|(?<=\\s))@([^\\s@]+)");

  private EditorAttachments() {}

  static PromptArguments.Prompt expand(String text, Path cwd)
      throws FileAttachments.AttachmentException {
    Set<String> files = new LinkedHashSet<>();
    Matcher m = MENTION.matcher(text);
    while (m.find()) {
      String name = m.group(1).replaceAll("[,.;:!?)]+$", "");
      Path p =
          name.startsWith("~/")
              ? Path.of(System.getProperty("user.home")).resolve(name.substring(2))
              : cwd.resolve(name);
      if (Files.isRegularFile(p)) {
        files.add(name);
      }
    }
    if (files.isEmpty()) {
      return new PromptArguments.Prompt(text, List.of());
    }
    FileAttachments.Attached attached = FileAttachments.read(new ArrayList<>(files), cwd);
    return new PromptArguments.Prompt(attached.text() + text, attached.images());
  }
}
