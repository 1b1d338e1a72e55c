package dev.graft.cli.commands;

import dev.graft.cli.CliContext;
import dev.graft.cli.GraftCommand;
import dev.graft.cli.UserError;
import dev.graft.runtime.agent.AgentEvent;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.agent.ProjectContext;
import dev.graft.runtime.agent.SystemPrompt;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionStore;
import dev.graft.runtime.tools.BuiltinTools;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft demo}: graft's main job, offline. Copies a small project with a failing test into
 * a fresh directory and lets the agent fix it, with a scripted model replaying the turns a real
 * model would take. Nothing leaves the machine and no API key is needed.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Run the agent offline on a demo project with a failing test: a scripted model reads,",
      "edits and runs the code with graft's real tools, and the session is saved as usual",
      "(see it with: graft session tree FILE). No network, no API key."
    })
public final class DemoCommand implements Callable<Integer> {
  private static final String BASE = "/dev/graft/cli/demo/";
  private static final List<String> FILES = List.of("greet.sh", "test.sh", "AGENTS.md");

  @ParentCommand GraftCommand root;

  @Option(names = "--dir", paramLabel = "DIR",
      description = "Where to put the demo project (default: a new temporary directory). Must not exist yet.")
  Path dir;

  @Override
  public Integer call() throws Exception {
    CliContext context = root.context();
    PrintWriter out = context.out();
    Path project = createProject(context);
    ScriptedProvider model = ScriptedProvider.parse("demo turns", lines(BASE + "turns.jsonl")).withClock(context.clock()::millis);
    SessionStore store = new SessionStore(context.home(), context.clock());
    BuiltinTools tools = BuiltinTools.create();
    List<String> active = BuiltinTools.DEFAULT_ACTIVE;
    String prompt = SystemPrompt.build(Optional.empty(), Optional.empty(), active,
        ProjectContext.find(context.home().root(), project), project, LocalDate.now(context.clock()));
    String task = "The test in this project fails. Find out why and fix it.";
    out.println("graft demo: a project with a failing test in " + project);
    out.println("The model is scripted (offline); the tools are real.");
    out.println();
    out.println("> " + task);
    out.flush();
    try (Session session = store.create(project.toString())) {
      session.claim();
      AgentSession agent = new AgentSession(session, project, ScriptedProvider.MODEL, model, ThinkingLevel.OFF, prompt,
          active.stream().map(n -> tools.get(n).orElseThrow()).toList(), AgentHooks.NONE, context.clock());
      agent.subscribe(event -> show(event, out));
      AgentSession.RunResult result = agent.prompt(task);
      out.println();
      out.println("Session: " + session.file().orElseThrow());
      out.println("See it:  " + context.env().getOrDefault("GRAFT_COMMAND", "graft") + " session tree " + session.file().orElseThrow());
      out.flush();
      return result.failed() ? 1 : 0;
    }
  }

  private static void show(AgentEvent event, PrintWriter out) {
    switch (event) {
      case AgentEvent.MessageUpdate u -> {
        String type = u.update().path("type").asText();
        if (type.equals("text_delta")) {
          out.print(u.update().path("delta").asText());
        } else if (type.equals("thinking_start")) {
          out.print("(thinking) ");
        } else if (type.equals("thinking_delta")) {
          out.print(u.update().path("delta").asText());
        } else if (type.equals("thinking_end") || type.equals("text_end")) {
          out.println();
        }
      }
      case AgentEvent.ToolExecutionStart s -> out.println("  → " + s.toolName() + " " + s.args());
      case AgentEvent.ToolExecutionEnd e -> {
        String text = new MessageContent.Blocks(e.result().content()).text(" ").strip();
        String first = text.lines().findFirst().orElse("");
        out.println("  " + (e.isError() ? "✗ " : "✓ ") + (first.length() > 100 ? first.substring(0, 99) + "…" : first));
      }
      default -> {}
    }
    out.flush();
  }

  private Path createProject(CliContext context) throws IOException {
    Path project;
    if (dir != null) {
      project = context.cwd().resolve(dir).normalize();
      if (Files.exists(project)) {
        throw new UserError("--dir " + dir + " already exists; give a new directory");
      }
      Files.createDirectories(project);
    } else {
      project = Files.createTempDirectory("graft-demo-");
    }
    for (String name : FILES) {
      try (InputStream in = DemoCommand.class.getResourceAsStream(BASE + "project/" + name)) {
        Files.copy(in, project.resolve(name));
      }
    }
    return project.toRealPath();
  }

  private static List<String> lines(String resource) throws IOException {
    try (InputStream in = DemoCommand.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }
}
