package dev.graft.cli.examples;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs graft in-process on one of scripts/examples with the scripted provider, recording every
 * model request (GRAFT_RECORD_REQUESTS), and shows what the model was sent as one line per message,
 * so a test can assert the exact context.
 */
record ExampleRun(int exitCode, String out, String err, List<JsonNode> requests) {
  /** scripts/examples of this checkout (tests run in the cli module's directory). */
  static final Path EXAMPLES = Path.of("../scripts/examples").toAbsolutePath().normalize();

  /**
   * Runs graft with {@code stdin} as its input (the interactive mode's lines); requests since the
   * last run.
   */
  static ExampleRun run(Path home, Path work, String stdin, String... args) throws IOException {
    Path record = work.resolve("requests.jsonl");
    long before = Files.exists(record) ? Files.readAllLines(record).size() : 0;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", record.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    int code = Graft.run(context, args);
    List<JsonNode> requests = new ArrayList<>();
    if (Files.exists(record)) {
      for (String line : Files.readAllLines(record).stream().skip(before).toList()) {
        requests.add(Json.parse(line));
      }
    }
    return new ExampleRun(code, out.toString(), err.toString(), requests);
  }

  static ExampleRun print(Path home, Path work, String... args) throws IOException {
    return run(home, work, "", args);
  }

  /** The messages of request {@code i}, one line each: {@code role: text}. */
  List<String> context(int i) {
    return lines(requests.get(i).get("messages"));
  }

  /** The messages of the last request. */
  List<String> lastContext() {
    return context(requests.size() - 1);
  }

  static List<String> lines(JsonNode messages) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : messages) {
      String role = m.get("role").textValue();
      StringBuilder line = new StringBuilder(role);
      if (role.equals("toolResult")) {
        line.append('(')
            .append(m.get("toolName").textValue())
            .append(m.get("isError").asBoolean() ? ", error" : "")
            .append(')');
      }
      line.append(": ");
      JsonNode content = m.get("content");
      if (content.isTextual()) {
        line.append(content.textValue());
      } else {
        List<String> parts = new ArrayList<>();
        for (JsonNode b : content) {
          switch (b.get("type").textValue()) {
            case "text" -> parts.add(b.get("text").textValue());
            case "thinking" -> parts.add("<thinking " + b.get("thinking").textValue() + ">");
            case "toolCall" ->
                parts.add(
                    "[" + b.get("name").textValue() + " " + Json.write(b.get("arguments")) + "]");
            default -> parts.add("<" + b.get("type").textValue() + ">");
          }
        }
        line.append(String.join(" ", parts));
      }
      out.add(line.toString());
    }
    return out;
  }
}
