package dev.graft.cli.base;

import dev.graft.runtime.session.SessionStore;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The option that continues a session file. {@code graft -c} looks only in the working directory's
 * folder under {@code $GRAFT_HOME/sessions}; a file elsewhere ({@code --session PATH}) is named.
 */
public final class ContinueHint {
  private static final Pattern PLAIN = Pattern.compile("[\\w/.,:@%+=-]+");

  private ContinueHint() {}

  public static String option(Path file, String cwd) {
    Path folder = file.toAbsolutePath().getParent();
    if (folder != null
        && folder.getFileName() != null
        && folder.getFileName().toString().equals(SessionStore.folderName(cwd))) {
      return "-c";
    }
    String path = file.toString();
    return "--session "
        + (PLAIN.matcher(path).matches() ? path : "'" + path.replace("'", "'\\''") + "'");
  }
}
