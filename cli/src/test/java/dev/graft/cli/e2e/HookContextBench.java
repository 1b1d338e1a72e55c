package dev.graft.cli.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import dev.graft.cli.host.SessionView;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.Session;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.ScriptHookSource;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptUi;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * graft's side of bench/hook-context.sh: the {@code context} hooks of one script, or of several
 * (SCRIPT names them separated by commas, loaded in that order), over a session, wired as an agent
 * run wires it (the session's context messages through the HookRunner, each call's ctx built afresh
 * with a {@link SessionView} of the session as ctx.sessionManager), without a model. Modes, as
 * bench/hook-context-ref.mjs for the reference:
 *
 * <pre>
 *   dump FILE SCRIPT          the pruned context as JSON on stdout
 *   bench FILE SCRIPT W N     W warm-up calls, then N timed: "per-call-ms MEDIAN MIN CPU" (CPU:
 *                             the process's CPU time over the N calls, all threads, divided by N)
 *   first FILE SCRIPT         "first-call-ms T": JVM start to the end of the first context call
 * </pre>
 */
public final class HookContextBench {
  private HookContextBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3
        || !List.of("dump", "bench", "first").contains(args[0])
        || (args[0].equals("bench") && args.length < 5)) {
      System.err.println("usage: HookContextBench dump|bench|first FILE SCRIPT [WARMUP RUNS]");
      System.exit(2);
    }
    String mode = args[0];
    try (Session session = Session.open(Path.of(args[1]));
        ScriptEngine engine =
            ScriptEngine.start(ScriptSettings.defaults(), new NoAgent(), HookContextBench::log)) {
      List<Path> scripts = Arrays.stream(args[2].split(",")).map(Path::of).toList();
      LoadReport report = engine.load(new ScriptSources(scripts, Optional.empty()));
      if (!report.problems().isEmpty() || report.loaded().size() != scripts.size()) {
        throw new IllegalStateException(args[2] + " did not load: " + report.problems());
      }
      // As ScriptSetup.context: made for every call.
      Supplier<EventContext> ctx =
          () -> {
            ObjectNode data = Json.object().put("cwd", session.cwd());
            session.file().ifPresent(f -> data.put("sessionFile", f.toString()));
            return new EventContext(data, ScriptUi.NONE).withSession(new SessionView(session));
          };
      HookRunner hooks =
          HookRunner.reporting(
              ScriptHookSource.of(engine, ctx),
              problem -> {
                throw new IllegalStateException(
                    problem.source() + ": " + problem.event() + ": " + problem.text());
              });
      List<AgentMessage> messages = session.buildContext().messages();
      // As AgentSession: with the branch, so the event's entryIndex is worked out as in a run.
      switch (mode) {
        case "first" -> {
          hooks.requestContext(messages, session::branchPath).messages();
          long started = ManagementFactory.getRuntimeMXBean().getStartTime();
          System.out.println("first-call-ms " + (System.currentTimeMillis() - started));
        }
        case "dump" -> {
          ObjectNode out = Json.object();
          ArrayNode list = out.putArray("messages");
          hooks
              .requestContext(messages, session::branchPath)
              .messages()
              .forEach(m -> list.add(MessageCodec.encode(m)));
          System.out.println(Json.write(out));
        }
        default -> {
          int warm = Integer.parseInt(args[3]);
          int runs = Integer.parseInt(args[4]);
          for (int i = 0; i < warm; i++) {
            hooks.requestContext(messages, session::branchPath).messages();
          }
          double[] times = new double[runs];
          var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
          long cpu = os.getProcessCpuTime();
          for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            hooks.requestContext(messages, session::branchPath).messages();
            times[i] = (System.nanoTime() - t) / 1e6;
          }
          double cpuPerCall = (os.getProcessCpuTime() - cpu) / 1e6 / runs;
          Arrays.sort(times);
          double median =
              runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
          System.out.printf("per-call-ms %.3f %.3f %.3f%n", median, times[0], cpuPerCall);
        }
      }
    }
  }

  private static void log(ScriptFile script, ScriptLog.Level level, String text) {
    if (level == ScriptLog.Level.WARN || level == ScriptLog.Level.ERROR) {
      System.err.println("[" + script.name() + "] " + text);
    }
  }

  /** A context handler needs none of the agent's methods; each says so if a script calls it. */
  private static final class NoAgent implements ScriptHostPort {
    private static IllegalStateException none() {
      return new IllegalStateException("the hook benchmark has no agent");
    }

    @Override
    public void appendEntry(ScriptFile script, String customType, Optional<JsonNode> data) {
      throw none();
    }

    @Override
    public void sendMessage(ScriptFile script, ObjectNode message, ObjectNode options) {
      throw none();
    }

    @Override
    public void sendUserMessage(ScriptFile script, JsonNode content, ObjectNode options) {
      throw none();
    }

    @Override
    public void setLabel(ScriptFile script, String entryId, Optional<String> label) {
      throw none();
    }

    @Override
    public void setSessionName(ScriptFile script, String name) {
      throw none();
    }

    @Override
    public CompletableFuture<JsonNode> exec(
        ScriptFile script, String command, List<String> args, ObjectNode options) {
      throw none();
    }

    @Override
    public List<String> activeTools(ScriptFile script) {
      return new ArrayList<>();
    }

    @Override
    public void setActiveTools(ScriptFile script, List<String> names) {
      throw none();
    }

    @Override
    public CompletableFuture<Boolean> setModel(ScriptFile script, ObjectNode model) {
      throw none();
    }

    @Override
    public ThinkingLevel thinkingLevel(ScriptFile script) {
      return ThinkingLevel.OFF;
    }

    @Override
    public void setThinkingLevel(ScriptFile script, ThinkingLevel level) {
      throw none();
    }
  }
}
