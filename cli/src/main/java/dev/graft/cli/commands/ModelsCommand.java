package dev.graft.cli.commands;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.RootCommand;
import dev.graft.cli.setup.RunModels;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code graft models}: the models graft knows and whether their API key is present. */
@Command(
    name = "models",
    mixinStandardHelpOptions = true,
    description = {
      "List the models graft knows and whether an API key for each is present.",
      "",
      "The models are built in, from $GRAFT_HOME/models.json, or registered by your scripts "
          + "(graft.registerProvider); the keys come from the environment or "
          + "$GRAFT_HOME/auth.json, or the script that registered the provider. Keys are never "
          + "shown.",
      "",
      "SEARCH keeps the models whose provider/id or name holds it, ignoring case "
          + "(the reference's --list-models SEARCH)."
    })
public final class ModelsCommand implements Callable<Integer> {
  @ParentCommand RootCommand root;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      defaultValue = "text",
      description = "Output format (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(
      names = "--no-scripts",
      description = "List without the providers your scripts register (they are loaded otherwise).")
  boolean noScripts;

  @Parameters(arity = "0..1", paramLabel = "SEARCH", description = "Only the models holding it.")
  String search;

  enum Format {
    text,
    json
  }

  @Override
  public Integer call() {
    var context = root.context();
    ModelRegistry registry = RunModels.listed(context, !noScripts);
    registry.problems().forEach(p -> context.err().println("graft: warning: " + p));
    PrintWriter out = context.out();
    List<ModelListing> listed = registry.listModels().stream().filter(this::matches).toList();
    if (listed.isEmpty() && search != null) {
      context
          .err()
          .println("graft: no model matches \"" + search + "\" (graft models lists them all)");
      return 1;
    }
    if (format == Format.json) {
      ArrayNode array = Json.array();
      for (ModelListing l : listed) {
        ObjectNode o = array.addObject();
        o.put("provider", l.model().provider());
        o.put("id", l.model().id());
        o.put("name", l.model().name());
        o.put("contextWindow", l.model().contextWindow());
        o.put("maxTokens", l.model().maxTokens());
        o.put("reasoning", l.model().reasoning());
        o.put("key", l.key().name().toLowerCase(Locale.ROOT));
        o.put("keySource", l.keySource());
      }
      out.println(Json.write(array));
    } else {
      out.printf("%-40s %9s %8s  %s%n", "MODEL", "CONTEXT", "MAX OUT", "KEY");
      for (ModelListing l : listed) {
        String key =
            switch (l.key()) {
              case PRESENT -> "yes (" + l.keySource() + ")";
              case MISSING -> "missing";
              case NOT_NEEDED -> "not needed";
            };
        out.printf(
            "%-40s %9d %8d  %s%n",
            l.model().qualifiedId(), l.model().contextWindow(), l.model().maxTokens(), key);
      }
    }
    out.flush();
    return 0;
  }

  private boolean matches(ModelListing l) {
    if (search == null) {
      return true;
    }
    String s = search.toLowerCase(Locale.ROOT);
    return l.model().qualifiedId().toLowerCase(Locale.ROOT).contains(s)
        || l.model().name().toLowerCase(Locale.ROOT).contains(s);
  }
}
