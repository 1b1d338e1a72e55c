package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.UserError;
import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.Session;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSources;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft scripts dry-run FILE --scripts DIR}: what the scripts' context handlers would
 * change.
 */
@Command(
    name = "dry-run",
    mixinStandardHelpOptions = true,
    description = {
      "Show what hook scripts' context handlers would change in a session's next model call.",
      "",
      "Runs the context handlers on the session, as before the next model call, and shows what "
          + "each script changed: messages removed, replaced and added, and the "
          + "estimated tokens before and after. No model is called; the session file is only read "
          + "(not claimed, so a graft working in it is not disturbed). Calls that would change "
          + "something (appendEntry, sendMessage...) are not made, only listed.",
      "",
      "Exits 1 when a script could not be loaded or a handler failed (a line starting "
          + "with \"!\": it threw, timed out or returned something that is not a context)."
    })
final class ScriptsDryRunCommand implements Callable<Integer> {
  @ParentCommand ScriptsCommand parent;

  @Parameters(paramLabel = "SESSION_FILE", description = "The session file (.jsonl).")
  Path file;

  @Option(
      names = "--scripts",
      paramLabel = "DIR",
      description = "Load the scripts in DIR (repeatable).")
  List<Path> dirs = new ArrayList<>();

  @Option(
      names = {"-s", "--script"},
      paramLabel = "FILE",
      description = "Load one script (repeatable).")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--leaf",
      paramLabel = "ID",
      description = "Build the context with this entry as the leaf (default: the file's leaf).")
  String leaf;

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
  public Integer call() throws Exception {
    CliContext context = parent.context();
    List<Path> locations = new ArrayList<>();
    for (Path dir : dirs) {
      Path p = context.cwd().resolve(dir).normalize();
      if (!Files.isDirectory(p)) {
        throw new UserError("--scripts " + dir + ": not a directory");
      }
      locations.add(p);
    }
    for (Path f : files) {
      Path p = context.cwd().resolve(f).normalize();
      ScriptLocations.notAScriptFile(f, p, "--scripts " + f + " loads the scripts in it")
          .ifPresent(problem -> {
            throw new UserError("-s " + f + ": " + problem);
          });
      locations.add(p);
    }
    if (locations.isEmpty()) {
      throw new UserError("no scripts: give --scripts DIR or -s FILE");
    }
    PrintWriter err = context.err();
    ScriptLog log =
        (script, level, text) -> {
          if (level == ScriptLog.Level.WARN || level == ScriptLog.Level.ERROR) {
            err.println(
                "[" + ScriptText.safeLine(script.name()) + "] " + ScriptText.safeLine(text));
            err.flush();
          }
        };
    ContextDryRun.Report report;
    try (Session session =
        Session.openReadOnly(context.cwd().resolve(file).normalize(), context.clock())) {
      session
          .warnings()
          .forEach(w -> err.println("graft: warning: " + file.getFileName() + " " + w));
      if (leaf != null) {
        if (!session.contains(leaf)) {
          throw new UserError("entry " + leaf + " not found in " + file);
        }
        session.branch(leaf);
      }
      ScriptLocations.Plan here =
          ScriptLocations.plan(
              new ScriptLocations.Request(
                  context.home(), context.cwd(), context.cwd(), List.of(), List.of(), false),
              ScriptLocations.TrustDecision.SKIP);
      report =
          ContextDryRun.run(
              session,
              new ScriptSources(locations, here.libraryDir(), here.packages()),
              context.cwd(),
              log);
    }
    report.loadProblems().forEach(p -> err.println("graft: script " + p));
    err.flush();
    if (format == Format.json) {
      context.out().println(Json.write(json(report)));
    } else {
      text(report, context.out());
    }
    context.out().flush();
    boolean handlerProblems = report.scripts().stream().anyMatch(s -> !s.problems().isEmpty());
    return report.loadProblems().isEmpty() && !handlerProblems ? 0 : 1;
  }

  private static void text(ContextDryRun.Report r, PrintWriter out) {
    out.println("context at leaf " + r.leaf().orElse("(none)") + ": " + size(r.before()));
    for (ContextDryRun.ScriptRun s : r.scripts()) {
      if (s.changes().isEmpty()) {
        out.println(s.script() + ": no change");
      } else {
        out.println(s.script() + ": " + size(s.given()) + " → " + size(s.returned()));
      }
      for (ContextChange c : s.changes()) {
        switch (c) {
          case ContextChange.Removed x ->
              out.println("  - removed  #" + x.before() + " " + EntryPreview.message(x.message()));
          case ContextChange.Added x ->
              out.println("  + added    #" + x.after() + " " + EntryPreview.message(x.message()));
          case ContextChange.Replaced x -> {
            out.println("  ~ replaced #" + x.before() + " " + EntryPreview.message(x.was()));
            out.println("          by #" + x.after() + " " + EntryPreview.message(x.now()));
          }
        }
      }
      s.problems().forEach(p -> out.println("  ! " + p));
      if (!s.skippedCalls().isEmpty()) {
        out.println("  (not done in a dry run: " + String.join(", ", s.skippedCalls()) + ")");
      }
    }
    out.println("after the scripts: " + size(r.after()));
  }

  private static String size(ContextDryRun.Size s) {
    return s.messages()
        + " message"
        + (s.messages() == 1 ? "" : "s")
        + ", ~"
        + s.tokens()
        + " tokens";
  }

  private static ObjectNode json(ContextDryRun.Report r) {
    ObjectNode o = Json.object();
    o.put("sessionFile", r.sessionFile().toString());
    if (r.leaf().isPresent()) {
      o.put("leaf", r.leaf().get());
    } else {
      o.putNull("leaf");
    }
    o.set("before", size(r.before(), null));
    ArrayNode scripts = o.putArray("scripts");
    for (ContextDryRun.ScriptRun s : r.scripts()) {
      ObjectNode so = scripts.addObject();
      so.put("script", s.script());
      so.set("given", size(s.given(), null));
      so.set("returned", size(s.returned(), null));
      ArrayNode changes = so.putArray("changes");
      for (ContextChange c : s.changes()) {
        ObjectNode co = changes.addObject();
        switch (c) {
          case ContextChange.Removed x -> {
            co.put("kind", "removed").put("index", x.before());
            co.set("message", MessageCodec.encode(x.message()));
          }
          case ContextChange.Added x -> {
            co.put("kind", "added").put("index", x.after());
            co.set("message", MessageCodec.encode(x.message()));
          }
          case ContextChange.Replaced x -> {
            co.put("kind", "replaced").put("index", x.before()).put("newIndex", x.after());
            co.set("was", MessageCodec.encode(x.was()));
            co.set("now", MessageCodec.encode(x.now()));
          }
        }
      }
      ArrayNode problems = so.putArray("problems");
      s.problems().forEach(problems::add);
      ArrayNode skipped = so.putArray("skippedCalls");
      s.skippedCalls().forEach(skipped::add);
    }
    o.set("after", size(r.after(), r.finalMessages()));
    ArrayNode problems = o.putArray("loadProblems");
    r.loadProblems().forEach(problems::add);
    return o;
  }

  private static ObjectNode size(ContextDryRun.Size s, List<AgentMessage> messages) {
    ObjectNode o = Json.object().put("messages", s.messages()).put("tokens", s.tokens());
    if (messages != null) {
      ArrayNode list = o.putArray("context");
      messages.forEach(m -> list.add(MessageCodec.encode(m)));
    }
    return o;
  }
}
