package dev.graft.runtime.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The system prompt: graft's own (a resource, listing the active tools) or the user's ({@code
 * --system-prompt}), then {@code --append-system-prompt}, the project's context files, and the date
 * and working directory last.
 */
public final class SystemPrompt {
  private static final Map<String, String> TOOL_LINES =
      Map.of(
          "read", "Read file contents (text, and images as attachments)",
          "bash", "Run shell commands (ls, rg, git, tests, builds)",
          "edit", "Edit a file by replacing exact text",
          "write", "Create or overwrite a file",
          "grep", "Search file contents for a pattern (respects .gitignore)",
          "find", "Find files by glob pattern (respects .gitignore)",
          "ls", "List a directory");

  private SystemPrompt() {}

  /**
   * What a system prompt was built from besides the tools and the working directory (which the
   * agent knows itself): the user's prompt and appended text, and the project's context files.
   * Scripts see it as before_agent_start's {@code systemPromptOptions}.
   */
  public record Options(
      Optional<String> custom,
      Optional<String> append,
      List<ProjectContext.ContextFile> contextFiles) {
    public static final Options NONE = new Options(Optional.empty(), Optional.empty(), List.of());

    public Options {
      contextFiles = List.copyOf(contextFiles);
    }
  }

  public static String build(
      Optional<String> custom,
      Optional<String> append,
      List<String> activeTools,
      List<ProjectContext.ContextFile> contextFiles,
      Path cwd,
      LocalDate today) {
    StringBuilder prompt = new StringBuilder();
    if (custom.isPresent()) {
      prompt.append(custom.get());
    } else {
      String tools =
          activeTools.isEmpty()
              ? "(none)"
              : String.join(
                  "\n",
                  activeTools.stream()
                      .map(t ->
                          "- "
                              + t
                              + ": "
                              + TOOL_LINES.getOrDefault(
                                  t, "a tool provided by a script or the project"))
                      .toList());
      boolean exploreTools =
          activeTools.stream()
              .anyMatch(t -> t.equals("grep") || t.equals("find") || t.equals("ls"));
      String exploring =
          !activeTools.contains("bash")
              ? ""
              : exploreTools
                  ? "- Prefer the grep, find and ls tools to bash for exploring files (faster, and they respect .gitignore)\n"
                  : "- Use bash for file operations such as ls, rg and find\n";
      prompt.append(template().replace("{{tools}}", tools).replace("{{exploring}}", exploring));
    }
    append.filter(a -> !a.isBlank()).ifPresent(a -> prompt.append("\n\n").append(a));
    if (!contextFiles.isEmpty()) {
      prompt.append("\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n");
      for (ProjectContext.ContextFile f : contextFiles) {
        prompt.append("## ").append(f.path()).append("\n\n").append(f.content()).append("\n\n");
      }
    }
    prompt.append("\nCurrent date: ").append(today);
    prompt.append("\nCurrent working directory: ").append(cwd.toString().replace('\\', '/'));
    return prompt.toString();
  }

  private static String template() {
    try (InputStream in = SystemPrompt.class.getResourceAsStream("system-prompt.md")) {
      if (in == null) {
        throw new IllegalStateException("system-prompt.md missing from the graft runtime jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
