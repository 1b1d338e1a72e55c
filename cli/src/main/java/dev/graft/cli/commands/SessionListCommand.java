package dev.graft.cli.commands;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.SessionStore;
import dev.graft.runtime.session.SessionSummary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code graft session list}: sessions of this directory (or all), newest first. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List the sessions of the current directory (--all: of every directory).",
      "",
      "Most recently modified first: time, messages, name or first message, file. Reads only "
          + "what it shows."
    })
final class SessionListCommand implements Callable<Integer> {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  @ParentCommand SessionCommand parent;

  @Option(names = "--all", description = "List the sessions of every directory.")
  boolean all;

  @Option(
      names = "--session-dir",
      paramLabel = "DIR",
      description =
          "List the sessions in DIR (default: GRAFT_SESSION_DIR, else the sessionDir setting,"
              + " else this directory's folder under $GRAFT_HOME/sessions).")
  Path sessionDir;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      defaultValue = "text",
      description = "Output format (default: ${DEFAULT-VALUE}).")
  Format format;

  enum Format {
    text,
    json
  }

  @Override
  public Integer call() {
    var context = parent.context();
    Settings settings = Settings.load(context.home(), context.cwd());
    Optional<AgentSetup.SessionDirectory> dir =
        AgentSetup.sessionDirectory(context, Optional.ofNullable(sessionDir), settings);
    SessionStore store = AgentSetup.sessionStore(context, dir);
    List<SessionSummary> sessions = all ? store.listAll() : store.list(context.cwd().toString());
    PrintWriter out = context.out();
    if (format == Format.json) {
      ArrayNode array = Json.array();
      for (SessionSummary s : sessions) {
        ObjectNode o = array.addObject();
        o.put("path", s.path().toString());
        o.put("id", s.id());
        o.put("cwd", s.cwd());
        s.name().ifPresentOrElse(n -> o.put("name", n), () -> o.putNull("name"));
        s.parentSession()
            .ifPresentOrElse(p -> o.put("parentSession", p), () -> o.putNull("parentSession"));
        o.put("created", s.created());
        o.put("modified", s.modified().toString());
        o.put("size", s.size());
        o.put("messageCount", s.messageCount());
        o.put("firstMessage", s.firstMessage());
      }
      out.println(Json.write(array));
    } else if (sessions.isEmpty()) {
      out.println(
          all
              ? "No sessions yet (" + context.home().sessions() + ")."
              : dir.isPresent()
                  ? "No sessions in " + dir.get().dir().normalize() + " yet."
                  : "No sessions for "
                      + context.cwd()
                      + " yet (graft session list --all shows every directory).");
    } else {
      for (SessionSummary s : sessions) {
        String when = TIME.format(s.modified().atZone(ZoneId.systemDefault()));
        String first = EntryPreview.clip(s.firstMessage());
        // the name, then the first message unless that is all the name says
        String title =
            s.name()
                .map(ScriptText::safeLine)
                .map(n -> first.isBlank() || first.equals(n.strip()) ? n : n + " — " + first)
                .orElse(first);
        out.printf("%s  %5d msgs  %s%n      %s%n", when, s.messageCount(), title, s.path());
      }
    }
    out.flush();
    return 0;
  }
}
