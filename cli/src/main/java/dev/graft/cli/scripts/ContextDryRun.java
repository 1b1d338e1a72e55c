package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.host.SessionView;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.hooks.HookSource;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.ScriptHookSource;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs the {@code context} handlers of some scripts on a session opened read-only, as the agent
 * would before its next model call (in load order, each given what the ones before returned), and
 * reports what each changed. No model is called and nothing is written: the scripts' calls that
 * would change something (appendEntry, sendMessage...) are refused and listed instead.
 *
 * <p>{@code before_provider_request}, which comes after {@code context}, is not run: it sees the
 * provider's request, which a dry run does not make.
 */
public final class ContextDryRun {
  private ContextDryRun() {}

  /** The context's size: messages and estimated tokens (characters / 4, as compaction counts). */
  public record Size(int messages, long tokens) {
    static Size of(List<AgentMessage> messages) {
      return new Size(messages.size(), messages.stream().mapToLong(TokenEstimate::of).sum());
    }
  }

  /** One script's part: what it was given and returned, its changes, problems and refused calls. */
  public record ScriptRun(
      String script,
      Size given,
      Size returned,
      List<ContextChange> changes,
      List<String> problems,
      List<String> skippedCalls) {
    public ScriptRun {
      changes = List.copyOf(changes);
      problems = List.copyOf(problems);
      skippedCalls = List.copyOf(skippedCalls);
    }
  }

  public record Report(
      Path sessionFile,
      Optional<String> leaf,
      Size before,
      Size after,
      List<ScriptRun> scripts,
      List<String> loadProblems,
      List<AgentMessage> finalMessages) {
    public Report {
      scripts = List.copyOf(scripts);
      loadProblems = List.copyOf(loadProblems);
      finalMessages = List.copyOf(finalMessages);
    }
  }

  /**
   * Runs the scripts found at {@code scripts} (directories and files, with what they may import) on
   * {@code session}, with its leaf where it is (move it first with {@link Session#branch} on a
   * read-only session). {@code cwd}: the working directory the scripts see, as in a run.
   */
  public static Report run(Session session, ScriptSources scripts, Path cwd, ScriptLog log) {
    SessionContext context = session.buildContext();
    List<AgentMessage> before = context.messages();
    Map<ScriptFile, List<String>> refused = new ConcurrentHashMap<>();
    try (ScriptEngine engine =
        ScriptEngine.start(
            ScriptSettings.defaults(),
            InertPort.create(
                cwd,
                (script, call) ->
                    refused.computeIfAbsent(script, s -> new CopyOnWriteArrayList<>()).add(call)),
            log)) {
      LoadReport loaded = engine.load(scripts);
      List<String> loadProblems =
          loaded.problems().stream().map(p -> p.path() + " not loaded: " + p.reason()).toList();
      EventContext ctx = eventContext(session, context);
      List<ScriptRun> runs = new ArrayList<>();
      List<AgentMessage> current = before;
      List<HookSource> sources = ScriptHookSource.of(engine, () -> ctx);
      for (int i = 0; i < sources.size(); i++) {
        HookSource source = sources.get(i);
        ScriptFile script = engine.scripts().get(i);
        List<String> problems = new ArrayList<>();
        List<AgentMessage> next = new HookRunner(List.of(source), problems::add).context(current);
        runs.add(
            new ScriptRun(
                source.name(),
                Size.of(current),
                Size.of(next),
                ContextDiff.between(current, next),
                problems,
                refused.getOrDefault(script, List.of())));
        current = next;
      }
      return new Report(
          session.file().orElseThrow(),
          session.leafId(),
          Size.of(before),
          Size.of(current),
          runs,
          loadProblems,
          current);
    }
  }

  /** The ctx a handler gets: where the session is, the model and thinking level on its path. */
  private static EventContext eventContext(Session session, SessionContext context) {
    ObjectNode data = Json.object().put("cwd", session.cwd());
    session.file().ifPresent(f -> data.put("sessionFile", f.toString()));
    // ctx.model is an object, as in a real run; the session names only its provider and id.
    context
        .model()
        .ifPresent(
            m -> data.putObject("model").put("provider", m.provider()).put("id", m.modelId()));
    data.put("thinkingLevel", context.thinkingLevel());
    return EventContext.of(data).withSession(new SessionView(session));
  }
}
