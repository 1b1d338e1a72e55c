package dev.graft.cli.commands;

import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.RootCommand;
import dev.graft.cli.base.UserError;
import dev.graft.cli.setup.AgentOptions;
import dev.graft.cli.setup.AgentSetup;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.MessageContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code graft demo}: graft's main job, offline. Copies a small project with a failing test into a
 * fresh directory and lets the agent fix it, with a scripted model replaying the turns a real model
 * would take and some of the example hook scripts loaded (one of them stops a risky command on the
 * way). Nothing leaves the machine and no API key is needed.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Run the agent offline on a demo project with a failing test.",
      "",
      "A scripted model reads, edits and runs the code with graft's real tools, example hook "
          + "scripts watch and gate what it does, and the session is saved as usual (see it with: "
          + "graft session tree FILE). No network, no API key."
    })
public final class DemoCommand implements Callable<Integer> {
  private static final String BASE = "/dev/graft/cli/demo/";
  private static final List<String> FILES = List.of("greet.sh", "test.sh", "AGENTS.md");

  /** The example scripts the demo loads (packed from scripts/examples by the build). */
  static final List<String> SCRIPTS =
      List.of(
          "permission-gate.js",
          "protected-paths.js",
          "session-name.js",
          "stacking.js",
          "pruning.js",
          "lib/messages.js");

  @ParentCommand RootCommand root;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "Where to put the demo project (default: a new temporary directory). Must not exist yet.")
  Path dir;

  @Override
  public Integer call() throws Exception {
    CliContext context = root.context();
    PrintWriter out = context.out();
    Path project = createProject(context);
    Path scripts = Files.createTempDirectory("graft-demo-scripts-");
    for (String name : SCRIPTS) {
      copy(BASE + "scripts/" + name, scripts.resolve(name));
    }
    Path turns = scripts.resolve("turns.jsonl");
    copy(BASE + "turns.jsonl", turns);
    String task = "The test in this project fails. Find out why and fix it.";
    out.println("graft demo: a project with a failing test in " + project);
    out.println(
        "The model is scripted (offline); the tools are real. Hook scripts loaded from "
            + scripts
            + ": "
            + String.join(", ", SCRIPTS.stream().filter(n -> !n.startsWith("lib/")).toList())
            + ".");
    out.println();
    out.println("> " + task);
    out.flush();
    AgentOptions options =
        CommandLine.populateCommand(
            new AgentOptions(),
            "--provider",
            "scripted",
            "--model",
            turns.toString(),
            "--cwd",
            project.toString(),
            "--scripts",
            scripts.toString());
    AgentSetup.Ready ready = AgentSetup.prepare(context, options, false);
    try (AgentSession agent = ready.agent()) {
      agent.subscribe(event -> show(event, out));
      AgentSession.RunResult result = agent.prompt(task);
      Path file = agent.session().file().orElseThrow();
      out.println();
      agent
          .session()
          .name()
          .ifPresent(name -> out.println("Named:   " + name + "  (by session-name.js)"));
      out.println("Session: " + file);
      out.println(
          "See it:  "
              + context.env().getOrDefault("GRAFT_COMMAND", "graft")
              + " session tree "
              + file);
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
        out.println(
            "  "
                + (e.isError() ? "✗ " : "✓ ")
                + (first.length() > 100 ? first.substring(0, 99) + "…" : first));
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

  private static void copy(String resource, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    try (InputStream in = DemoCommand.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("graft's jar lacks " + resource + " (rebuild graft: ./graft build)");
      }
      Files.copy(in, to);
    }
  }
}
