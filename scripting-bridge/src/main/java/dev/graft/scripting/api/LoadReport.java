package dev.graft.scripting.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** What a load or reload gave: the scripts now running, in load order, and the ones skipped. */
public record LoadReport(List<ScriptFile> loaded, List<Problem> problems) {
  public LoadReport {
    loaded = List.copyOf(loaded);
    problems = List.copyOf(problems);
  }

  /** A location or script that could not be used, and why (a message a user understands). */
  public record Problem(Path path, String message) {
    public Problem {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(message, "message");
    }

    /** The message without the path it starts with, for a line that names the path already. */
    public String reason() {
      String head = path + ": ";
      return message.startsWith(head) ? message.substring(head.length()) : message;
    }
  }
}
