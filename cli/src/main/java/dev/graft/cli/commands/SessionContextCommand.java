package dev.graft.cli.commands;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft session context FILE}: what the model would see, as the reference computes it. */
@Command(
    name = "context",
    mixinStandardHelpOptions = true,
    description = {
      "Print the context built from a session, one JSON line per leaf.",
      "",
      "Each line is",
      "{\"leaf\":ID,\"context\":{\"messages\":[...],\"thinkingLevel\":...,\"model\":...}}",
      "and \"llm\":[...] (the messages as sent to the model) with --llm.",
      "The shapes are those of the reference oracle's context.mjs."
    })
final class SessionContextCommand implements Callable<Integer> {
  @ParentCommand SessionCommand parent;

  @Parameters(paramLabel = "FILE", description = "The session file (.jsonl).")
  Path file;

  @Option(
      names = "--leaf",
      paramLabel = "ID",
      description =
          "Build the context with this entry as the leaf (repeatable; default: the file's leaf).")
  List<String> leaves = new ArrayList<>();

  @Option(names = "--llm", description = "Also print the messages converted for the model.")
  boolean llm;

  @Override
  public Integer call() throws Exception {
    var context = parent.context();
    try (Session session = SessionFiles.open(context, file)) {
      leaves.forEach(id -> SessionFiles.requireEntry(session, id));
      List<String> targets = leaves.isEmpty() ? Collections.singletonList(null) : leaves;
      JsonGenerator out = Json.MAPPER.getFactory().createGenerator(context.out());
      for (String leaf : targets) {
        SessionContext built = leaf == null ? session.buildContext() : session.buildContext(leaf);
        ObjectNode line = Json.object();
        String shown = leaf != null ? leaf : session.leafId().orElse(null);
        if (shown == null) {
          line.putNull("leaf");
        } else {
          line.put("leaf", shown);
        }
        line.set("context", built.toJson());
        if (llm) {
          line.set("llm", built.llmJson());
        }
        Json.write(out, line);
        out.flush();
        context.out().println();
      }
      context.out().flush();
    }
    return 0;
  }
}
