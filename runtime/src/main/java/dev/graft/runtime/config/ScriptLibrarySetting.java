package dev.graft.runtime.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code scripts.libraryDir} in graft's own settings.json: the shared library directory that every
 * script may import from as {@code graft/lib/<file>}. A relative path is relative to $GRAFT_HOME,
 * {@code ~/} to the user's home directory. Only the global settings count: a project's settings
 * cannot point your scripts at code of its choosing (a project shares code as a package, which is
 * trusted, instead).
 */
public record ScriptLibrarySetting(Optional<Path> dir, List<String> problems) {
  public static final String FIELD = "scripts.libraryDir";

  public ScriptLibrarySetting {
    problems = List.copyOf(problems);
  }

  public static ScriptLibrarySetting load(GraftHome home) {
    List<String> problems = new ArrayList<>();
    JsonNode root = Settings.read(home.settings(), problems);
    if (root == null) {
      return new ScriptLibrarySetting(Optional.empty(), problems);
    }
    JsonNode v = root.path("scripts").path("libraryDir");
    if (v.isMissingNode() || v.isNull()) {
      return new ScriptLibrarySetting(Optional.empty(), problems);
    }
    if (!v.isTextual() || v.asText().isBlank()) {
      problems.add(home.settings() + ": " + FIELD + " must be a directory path; ignored");
      return new ScriptLibrarySetting(Optional.empty(), problems);
    }
    String text = v.asText();
    Path dir =
        text.equals("~") || text.startsWith("~/")
            ? Path.of(System.getProperty("user.home"))
                .resolve(text.equals("~") ? "" : text.substring(2))
            : home.root().resolve(text);
    return new ScriptLibrarySetting(Optional.of(dir.normalize()), problems);
  }
}
