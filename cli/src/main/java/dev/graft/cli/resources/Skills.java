package dev.graft.cli.resources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The skills a run has, first found wins a name (as in the reference): listed to the model in the
 * system prompt by name, description and file (the Agent Skills standard's progressive loading: the
 * model reads the file when a task matches), and invoked by the user with {@code /skill:NAME
 * [text]}, which sends the skill's body in a {@code <skill>} block.
 */
public record Skills(List<Skill> all, List<SkillFile.Problem> problems) {
  public static final Skills NONE = new Skills(List.of(), List.of());

  public Skills {
    all = List.copyOf(all);
    problems = List.copyOf(problems);
  }

  /**
   * A skill file to read, where it was found ("user", "project", "package NAME"...), and for a
   * project's file the SHA-256 its trust saw.
   */
  public record Found(Path file, String source, Optional<String> trusted) {
    public Found(Path file, String source) {
      this(file, source, Optional.empty());
    }
  }

  /** Reads {@code files} in order; a second skill of a name is a problem, and not loaded. */
  public static Skills load(List<Found> files) {
    Map<String, Skill> byName = new LinkedHashMap<>();
    Set<Path> seen = new HashSet<>();
    List<SkillFile.Problem> problems = new ArrayList<>();
    for (Found f : files) {
      Path real = realPath(f.file());
      if (!seen.add(real)) {
        continue; // the same file through a link
      }
      SkillFile.Read read = SkillFile.read(f.file(), f.source(), f.trusted());
      problems.addAll(read.problems());
      read.skill()
          .ifPresent(s -> {
            Skill first = byName.putIfAbsent(s.name(), s);
            if (first != null) {
              problems.add(
                  new SkillFile.Problem(
                      s.file(),
                      "name \""
                          + s.name()
                          + "\" collision: "
                          + first.file()
                          + " has it already, and is the one loaded",
                      true));
            }
          });
    }
    return new Skills(List.copyOf(byName.values()), problems);
  }

  public Optional<Skill> find(String name) {
    return all.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /**
   * The system prompt's skills section, in the reference's words and XML form (empty when no skill
   * is listed to the model); it goes after the project context, and only when the read tool is
   * active.
   */
  public String promptSection() {
    List<Skill> visible = all.stream().filter(s -> !s.userOnly()).toList();
    if (visible.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    out.append("\n\nThe following skills provide specialized instructions for specific tasks.\n")
        .append("Use the read tool to load a skill's file when the task matches its description.\n")
        .append(
            "When a skill file references a relative path, resolve it against the skill directory (parent of"
                + " SKILL.md / dirname of the path) and use that absolute path in tool commands.\n")
        .append("\n<available_skills>");
    for (Skill s : visible) {
      out.append("\n  <skill>")
          .append("\n    <name>")
          .append(escapeXml(s.name()))
          .append("</name>")
          .append("\n    <description>")
          .append(escapeXml(s.description()))
          .append("</description>")
          .append("\n    <location>")
          .append(escapeXml(s.file().toString()))
          .append("</location>")
          .append("\n  </skill>");
    }
    return out.append("\n</available_skills>").toString();
  }

  /**
   * {@code /skill:NAME [text]} as the reference sends it: the skill's body (front matter removed)
   * in a {@code <skill name location>} block that says where its references are relative to, then
   * the text. Anything else, and an unknown name, is returned as it is. The body is the one read
   * when the skill was loaded (the reference reads the file again here): a project's file changed
   * since you trusted it, or swapped for a link out of its folder, is not what trust saw.
   */
  public String expand(String text) {
    if (!text.startsWith("/skill:")) {
      return text;
    }
    int space = text.indexOf(' ');
    String name = space < 0 ? text.substring(7) : text.substring(7, space);
    String args = space < 0 ? "" : text.substring(space + 1).strip();
    Optional<Skill> skill = find(name);
    if (skill.isEmpty()) {
      return text;
    }
    Skill s = skill.get();
    String body = s.body();
    String block =
        "<skill name=\""
            + s.name()
            + "\" location=\""
            + s.file()
            + "\">\nReferences are relative to "
            + s.baseDir()
            + ".\n\n"
            + body
            + "\n</skill>";
    return args.isEmpty() ? block : block + "\n\n" + args;
  }

  static String escapeXml(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace("'", "&apos;");
  }

  private static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
