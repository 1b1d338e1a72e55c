package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent from the command line, in-process: print and json modes with the scripted provider,
 * session selection, the one-line errors, and the session file read back by the reference.
 */
class AgentCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final String READ_THEN_ANSWER =
      """
      {"text": "Let me look.", "toolCalls": [{"name": "read", "arguments": {"path": "notes.txt"}}]}
      {"text": "The notes say: buy milk."}
      """;

  private Path script(String name, String turns) throws IOException {
    Path file = work.resolve(name);
    Files.writeString(file, turns);
    return file;
  }

  private List<Path> sessionFiles() throws IOException {
    Path dir = home.resolve("sessions");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList();
    }
  }

  private static String text(AgentMessage m) {
    return switch (m) {
      case AgentMessage.User u -> u.content().text("\n");
      case AgentMessage.Assistant a -> new MessageContent.Blocks(a.content()).text("\n");
      case AgentMessage.ToolResult t -> new MessageContent.Blocks(t.content()).text("\n");
      default -> "";
    };
  }

  private static List<String> roles(SessionContext context) {
    return context.messages().stream().map(AgentMessage::role).toList();
  }

  // ------------------------------------------------------------------ print and json modes

  @Test
  void printModePrintsTheFinalAnswer() throws Exception {
    Files.writeString(work.resolve("notes.txt"), "buy milk\n");
    script("turns.jsonl", READ_THEN_ANSWER);

    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "What do my notes say?");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("The notes say: buy milk.\n");
    assertThat(run.err()).isEmpty();
    assertThat(sessionFiles())
        .singleElement()
        .satisfies(file -> {
          try (Session s = Session.open(file)) {
            SessionContext context = s.buildContext();
            assertThat(roles(context))
                .containsExactly("user", "assistant", "toolResult", "assistant");
            assertThat(text(context.messages().get(2))).contains("buy milk");
            assertThat(s.header().cwd()).isEqualTo(work.toString());
          }
        });
  }

  @Test
  void jsonModePrintsEveryEventAsOneJsonLine() throws Exception {
    Files.writeString(work.resolve("notes.txt"), "buy milk\n");
    script("turns.jsonl", READ_THEN_ANSWER);

    CliRun run =
        CliRun.run(
            home,
            work,
            "--mode",
            "json",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "read notes");

    assertThat(run.exitCode()).as(run.err()).isZero();
    List<JsonNode> events = new ArrayList<>();
    for (String line : run.out().split("\n", -1)) {
      if (!line.isEmpty()) {
        JsonNode node = Json.parse(line); // throws on anything that is not one JSON value
        assertThat(node.isObject()).as(line).isTrue();
        events.add(node);
      }
    }
    assertThat(run.out()).endsWith("}\n");
    // The session's header first, as the reference prints it.
    JsonNode header = events.removeFirst();
    assertThat(header.get("type").asText()).isEqualTo("session");
    assertThat(header.get("version").asInt()).isEqualTo(3);
    assertThat(header.get("cwd").asText()).isEqualTo(work.toString());
    assertThat(header.get("id").asText()).isNotBlank();
    List<String> types =
        events.stream()
            .map(e -> e.get("type").asText())
            .filter(t -> !t.equals("message_update"))
            .toList();
    assertThat(types)
        .containsExactly(
            "agent_start",
            "turn_start",
            "message_start",
            "message_end",
            "message_start",
            "message_end",
            "tool_execution_start",
            "tool_execution_end",
            "message_start",
            "message_end",
            "turn_end",
            "turn_start",
            "message_start",
            "message_end",
            "turn_end",
            "agent_end");
    List<String> roles =
        events.stream()
            .filter(e -> e.get("type").asText().equals("message_end"))
            .map(e -> e.get("message").get("role").asText())
            .toList();
    assertThat(roles).containsExactly("user", "assistant", "toolResult", "assistant");
    List<String> updates =
        events.stream()
            .filter(e -> e.get("type").asText().equals("message_update"))
            .map(e -> e.get("assistantMessageEvent").get("type").asText())
            .toList();
    assertThat(updates)
        .containsExactly(
            "text_start",
            "text_delta",
            "text_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_end",
            "text_start",
            "text_delta",
            "text_end");
    JsonNode toolEnd =
        events.stream()
            .filter(e -> e.get("type").asText().equals("tool_execution_end"))
            .findFirst()
            .orElseThrow();
    assertThat(toolEnd.get("toolName").asText()).isEqualTo("read");
    assertThat(toolEnd.get("isError").asBoolean()).isFalse();
    assertThat(toolEnd.at("/result/content/0/text").asText()).contains("buy milk");
    JsonNode end = events.getLast();
    assertThat(end.get("messages")).hasSize(4);
    assertThat(end.at("/messages/3/content/0/text").asText()).isEqualTo("The notes say: buy milk.");
  }

  /**
   * As the reference writes them: each message_update carries the assistant message as it stood at
   * that event, as {@code message} and as {@code assistantMessageEvent.partial}; a parser that
   * reads either sees text, thinking and tool calls grow block by block.
   */
  @Test
  void jsonModeUpdatesCarryThePartialMessage() throws Exception {
    Files.writeString(work.resolve("notes.txt"), "buy milk\n");
    script(
        "turns.jsonl",
        """
        {"thinking": "The notes are in notes.txt.", "text": "Let me look.", "toolCalls": \
        [{"name": "read", "arguments": {"path": "notes.txt"}}], "chunkSize": 5}
        {"thinking": "Got them.", "text": "The notes say: buy milk.", "chunkSize": 4}
        """);

    CliRun run =
        CliRun.run(
            home,
            work,
            "--mode",
            "json",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "read notes");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode started = null;
    List<ObjectNode> blocks = new ArrayList<>();
    int updates = 0;
    for (String line : run.out().strip().split("\n")) {
      JsonNode e = Json.parse(line);
      String type = e.get("type").asText();
      if (type.equals("message_start") && e.at("/message/role").asText().equals("assistant")) {
        started = e.get("message");
        blocks.clear();
      } else if (type.equals("message_update")) {
        updates++;
        assertThat(fieldNames(e)).containsExactly("type", "assistantMessageEvent", "message");
        JsonNode update = e.get("assistantMessageEvent");
        List<String> names = fieldNames(update);
        assertThat(names.getLast()).as(line).isEqualTo("partial");
        assertThat(update.get("partial")).isEqualTo(e.get("message"));
        int index = update.get("contentIndex").asInt();
        switch (update.get("type").asText()) {
          case "thinking_start" ->
              blocks.add(Json.object().put("type", "thinking").put("thinking", ""));
          case "text_start" -> blocks.add(Json.object().put("type", "text").put("text", ""));
          case "toolcall_start" -> {
            ObjectNode call = Json.object().put("type", "toolCall");
            call.put("id", update.get("id").asText()).put("name", update.get("name").asText());
            call.putObject("arguments");
            blocks.add(call);
          }
          case "thinking_delta" -> append(blocks.get(index), "thinking", update);
          case "text_delta" -> append(blocks.get(index), "text", update);
          case "toolcall_end" -> blocks.set(index, (ObjectNode) update.get("toolCall"));
          default -> {}
        }
        JsonNode message = e.get("message");
        // the fields message_start had, in its order; content as streamed so far
        assertThat(fieldNames(message)).as(line).isEqualTo(fieldNames(started));
        assertThat(message.get("content")).as(line).isEqualTo(Json.array().addAll(blocks));
      } else if (type.equals("message_end") && e.at("/message/role").asText().equals("assistant")) {
        assertThat(e.at("/message/content")).isEqualTo(Json.array().addAll(blocks));
      }
    }
    assertThat(updates).isGreaterThan(20);
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static void append(ObjectNode block, String field, JsonNode update) {
    block.put(field, block.get(field).asText() + update.get("delta").asText());
  }

  // ------------------------------------------------------------------ sessions

  @Test
  void continueAddsToTheMostRecentSessionFile() throws Exception {
    script("one.jsonl", "{\"text\": \"first answer\"}\n");
    script("two.jsonl", "{\"text\": \"second answer\"}\n");

    CliRun first =
        CliRun.run(
            home, work, "-p", "--provider", "scripted", "--model", "one.jsonl", "first question");
    assertThat(first.exitCode()).as(first.err()).isZero();
    Path file = sessionFiles().getFirst();
    CliRun second =
        CliRun.run(
            home,
            work,
            "-c",
            "-p",
            "--provider",
            "scripted",
            "--model",
            "two.jsonl",
            "second question");

    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out()).isEqualTo("second answer\n");
    assertThat(sessionFiles()).containsExactly(file);
    try (Session s = Session.open(file)) {
      assertThat(s.buildContext().messages())
          .extracting(AgentCliTest::text)
          .containsExactly("first question", "first answer", "second question", "second answer");
    }
  }

  @Test
  void sessionDirHoldsNewSessionsAndIsWhereContinueLooks() throws Exception {
    script("one.jsonl", "{\"text\": \"first answer\"}\n");
    script("two.jsonl", "{\"text\": \"second answer\"}\n");
    Path dir = work.resolve("kept/sessions"); // made when missing, as the reference does

    CliRun first =
        CliRun.run(
            home,
            work,
            "-p",
            "--session-dir",
            dir.toString(),
            "--provider",
            "scripted",
            "--model",
            "one.jsonl",
            "first question");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(sessionFiles()).isEmpty();
    Path file;
    try (Stream<Path> files = Files.list(dir)) {
      file = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
    }
    CliRun second =
        CliRun.run(
            home,
            work,
            "-c",
            "-p",
            "--session-dir",
            dir.toString(),
            "--provider",
            "scripted",
            "--model",
            "two.jsonl",
            "second question");

    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out()).isEqualTo("second answer\n");
    assertThat(sessionFiles()).isEmpty();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.toList()).containsExactly(file);
    }
    try (Session s = Session.open(file)) {
      assertThat(s.buildContext().messages())
          .extracting(AgentCliTest::text)
          .containsExactly("first question", "first answer", "second question", "second answer");
    }

    Path notADir = Files.writeString(work.resolve("plain.txt"), "x");
    CliRun refused =
        CliRun.run(
            home,
            work,
            "-p",
            "--session-dir",
            notADir.toString(),
            "--provider",
            "scripted",
            "--model",
            "one.jsonl",
            "hi");
    assertOneLine(refused, 1);
    assertThat(refused.err()).isEqualTo("graft: --session-dir " + notADir + ": not a directory\n");
  }

  /** The folders holding a session file under {@code root}, relative to it. */
  private static List<String> sessionFolders(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(
              f -> f.toString().endsWith(".jsonl") && !f.getFileName().toString().equals("a.jsonl"))
          .map(f -> root.relativize(f.getParent()).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void sessionDirComesFromTheOptionThenTheEnvironmentThenSettings() throws Exception {
    script("a.jsonl", "{\"text\": \"ok\"}\n");
    Path user = Files.createDirectories(work.resolve("user"));
    Files.writeString(home.resolve("settings.json"), "{\"sessionDir\": \"~/from-settings\"}");
    Map<String, String> env = Map.of("HOME", user.toString());
    Map<String, String> withVariable =
        Map.of("HOME", user.toString(), "GRAFT_SESSION_DIR", "~/from-env");
    String[] run = {"-p", "--provider", "scripted", "--model", "a.jsonl", "hi"};
    List<String> withOption = new ArrayList<>(List.of("--session-dir", "from-option"));
    withOption.addAll(List.of(run));

    assertThat(CliRun.run(home, work, env, run).exitCode()).isZero();
    assertThat(sessionFolders(work)).containsExactly("user/from-settings");
    assertThat(CliRun.run(home, work, withVariable, run).exitCode()).isZero();
    assertThat(sessionFolders(work)).containsExactly("user/from-env", "user/from-settings");
    CliRun first = CliRun.run(home, work, withVariable, withOption.toArray(String[]::new));
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(sessionFolders(work))
        .containsExactly("from-option", "user/from-env", "user/from-settings");
    assertThat(sessionFiles()).isEmpty();

    // -c continues the newest of the folder the settings name
    List<String> again = new ArrayList<>(List.of("-c"));
    again.addAll(List.of(run));
    assertThat(CliRun.run(home, work, env, again.toArray(String[]::new)).exitCode()).isZero();
    assertThat(sessionFolders(work))
        .containsExactly("from-option", "user/from-env", "user/from-settings");

    Files.writeString(work.resolve("plain.txt"), "x");
    CliRun refused = CliRun.run(home, work, Map.of("GRAFT_SESSION_DIR", "plain.txt"), run);
    assertOneLine(refused, 1);
    assertThat(refused.err()).isEqualTo("graft: GRAFT_SESSION_DIR=plain.txt: not a directory\n");
  }

  @Test
  void forkCopiesASessionIntoANewOne() throws Exception {
    script("a.jsonl", "{\"text\": \"in a\"}\n");
    script("b.jsonl", "{\"text\": \"in the fork\"}\n");
    Path other = Files.createDirectories(work.resolve("elsewhere"));
    CliRun first =
        CliRun.run(home, other, "-p", "--provider", "scripted", "--model", "../a.jsonl", "q a");
    assertThat(first.exitCode()).as(first.err()).isZero();
    Path a = sessionFiles().getFirst();
    String id;
    try (Session s = Session.open(a)) {
      id = s.id();
    }
    byte[] before = Files.readAllBytes(a);

    // by id, from another directory: the fork is this directory's session
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--fork",
            id.substring(0, 8),
            "--provider",
            "scripted",
            "--model",
            "b.jsonl",
            "and now?");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("in the fork\n");
    assertThat(Files.readAllBytes(a)).isEqualTo(before);
    Path fork = sessionFiles().stream().filter(f -> !f.equals(a)).findFirst().orElseThrow();
    assertThat(fork.getParent().getFileName().toString())
        .isEqualTo("--" + work.toString().substring(1).replace('/', '-') + "--");
    try (Session s = Session.open(fork)) {
      assertThat(s.id()).isNotEqualTo(id);
      assertThat(s.header().cwd()).isEqualTo(work.toString());
      assertThat(s.header().parentSession()).contains(a.toString());
      assertThat(s.buildContext().messages())
          .extracting(AgentCliTest::text)
          .containsExactly("q a", "in a", "and now?", "in the fork");
    }

    // by file, into --session-dir
    Path dir = work.resolve("forks");
    CliRun byFile =
        CliRun.run(
            home,
            work,
            "-p",
            "--fork",
            a.toString(),
            "--session-dir",
            dir.toString(),
            "--provider",
            "scripted",
            "--model",
            "b.jsonl",
            "again");
    assertThat(byFile.exitCode()).as(byFile.err()).isZero();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.toList()).hasSize(1);
    }

    CliRun withSession =
        CliRun.run(
            home,
            work,
            "-p",
            "--fork",
            id,
            "-c",
            "--provider",
            "scripted",
            "--model",
            "b.jsonl",
            "x");
    assertOneLine(withSession, 2);
    assertThat(withSession.err())
        .isEqualTo("graft: --fork cannot be combined with --session, -c, -r or --no-session\n");
    CliRun none =
        CliRun.run(
            home,
            work,
            "-p",
            "--fork",
            "zzzz",
            "--provider",
            "scripted",
            "--model",
            "b.jsonl",
            "x");
    assertOneLine(none, 1);
    assertThat(none.err()).isEqualTo("graft: --fork zzzz: no such session file or session id\n");
  }

  @Test
  void offlineFetchesNoPackageForE() throws Exception {
    script("a.jsonl", "{\"text\": \"fine\"}\n");
    for (List<String> how : List.of(List.of("--offline"), List.<String>of())) {
      List<String> args = new ArrayList<>(how);
      args.addAll(
          List.of(
              "-p",
              "--no-session",
              "-e",
              "npm:left-pad@1.3.0",
              "--provider",
              "scripted",
              "--model",
              "a.jsonl",
              "hi"));
      Map<String, String> env = how.isEmpty() ? Map.of("GRAFT_OFFLINE", "1") : Map.of();
      CliRun run = CliRun.run(home, work, env, args.toArray(String[]::new));
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).isEqualTo("fine\n");
      assertThat(run.err())
          .isEqualTo(
              "graft: warning: -e npm:left-pad@1.3.0: not fetched, graft is offline"
                  + " (--offline or GRAFT_OFFLINE)\n");
    }
  }

  @Test
  void offlineInstallsAFoldersDependenciesFromNpmsCacheOnly() throws Exception {
    script("a.jsonl", "{\"text\": \"fine\"}\n");
    Path ext = Files.createDirectories(work.resolve("ext"));
    Files.writeString(
        ext.resolve("package.json"),
        """
        {"name": "ext", "version": "1.0.0", "main": "index.js",
         "dependencies": {"graft-offline-test-in-no-cache": "^1.0.0"}}
        """);
    Files.writeString(ext.resolve("index.js"), "module.exports = function (pi) {};\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "--offline",
            "-p",
            "--no-session",
            "-e",
            "./ext",
            "--provider",
            "scripted",
            "--model",
            "a.jsonl",
            "hi");
    assertOneLine(run, 1);
    assertThat(run.err())
        .isEqualTo(
            "graft: ext: a dependency is not in npm's cache, and graft is offline (--offline or"
                + " GRAFT_OFFLINE): run once without it to fetch it\n");
  }

  @Test
  void sessionSelectsAFileByIdPrefix() throws Exception {
    script("a.jsonl", "{\"text\": \"in a\"}\n");
    script("b.jsonl", "{\"text\": \"in b\"}\n");
    script("c.jsonl", "{\"text\": \"in a again\"}\n");
    assertThat(
            CliRun.run(
                    home, work, "-p", "--provider", "scripted", "--model", "a.jsonl", "question a")
                .exitCode())
        .isZero();
    Path a = sessionFiles().getFirst();
    String id;
    try (Session s = Session.open(a)) {
      id = s.id();
    }
    Thread.sleep(5); // a distinct session id and modification time
    assertThat(
            CliRun.run(
                    home, work, "-p", "--provider", "scripted", "--model", "b.jsonl", "question b")
                .exitCode())
        .isZero();
    assertThat(sessionFiles()).hasSize(2);
    Path b = sessionFiles().stream().filter(f -> !f.equals(a)).findFirst().orElseThrow();
    String other;
    try (Session s = Session.open(b)) {
      other = s.id();
    }
    // ids start with their time, so the shortest unique prefix is the common part and one more
    int common = 0;
    while (id.charAt(common) == other.charAt(common)) {
      common++;
    }
    CliRun ambiguous =
        CliRun.run(
            home,
            work,
            "-p",
            "--session",
            id.substring(0, common),
            "--provider",
            "scripted",
            "--model",
            "c.jsonl",
            "which one?");
    assertOneLine(ambiguous, 1);
    assertThat(ambiguous.err()).contains("matches 2 sessions");

    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--session",
            id.substring(0, common + 1),
            "--provider",
            "scripted",
            "--model",
            "c.jsonl",
            "back to a");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(sessionFiles()).hasSize(2);
    try (Session s = Session.open(a)) {
      assertThat(s.buildContext().messages())
          .extracting(AgentCliTest::text)
          .containsExactly("question a", "in a", "back to a", "in a again");
    }
    // a file named relative to the working directory works as well
    script("d.jsonl", "{\"text\": \"by file\"}\n");
    Path relative = work.relativize(a);
    CliRun byFile =
        CliRun.run(
            home,
            work,
            "-p",
            "--session",
            relative.toString(),
            "--provider",
            "scripted",
            "--model",
            "d.jsonl",
            "by file name");
    assertThat(byFile.exitCode()).as(byFile.err()).isZero();
    try (Session s = Session.open(a)) {
      assertThat(s.buildContext().messages()).hasSize(6);
    }
  }

  @Test
  void noSessionWritesNoFile() throws Exception {
    script("turns.jsonl", "{\"text\": \"ephemeral\"}\n");

    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--no-session",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "hi");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("ephemeral\n");
    assertThat(sessionFiles()).isEmpty();
  }

  // ------------------------------------------------------------------ mistakes

  @Test
  void badInputGivesOneLineOnStderrAndExitCodeOneOrTwoForABadOptionValue() throws Exception {
    script("ok.jsonl", "{\"text\": \"fine\"}\n");
    script("broken.jsonl", "{\"text\": \"fine\"}\n# a comment\n{\"txet\": \"typo\"}\n");
    Files.writeString(work.resolve("plain.txt"), "not a directory");

    CliRun noKey = CliRun.run(home, work, "-p", "hello");
    assertOneLine(noKey, 1);
    assertThat(noKey.err())
        .isEqualTo(
            "graft: No API key for provider \"anthropic\": set ANTHROPIC_API_KEY, or add it to "
                + home.resolve("auth.json")
                + ". To try graft offline, use --provider scripted --model FILE (see ./graft demo).\n");

    CliRun noKeyForModel = CliRun.run(home, work, "-p", "--model", "claude-sonnet-4-6", "hello");
    assertOneLine(noKeyForModel, 1);
    assertThat(noKeyForModel.err()).isEqualTo(noKey.err());

    CliRun missing =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "nope.jsonl", "hello");
    assertOneLine(missing, 1);
    assertThat(missing.err()).contains("nope.jsonl").contains("no such file");

    CliRun malformed =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "broken.jsonl", "hello");
    assertOneLine(malformed, 1);
    assertThat(malformed.err()).contains("broken.jsonl:3:").contains("txet");

    // a bad option value is a usage error (exit 2), said in one line naming the flag
    CliRun tools =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--tools",
            "read,nosuch",
            "hi");
    assertOneLine(tools, 2);
    assertThat(tools.err())
        .isEqualTo(
            "graft: --tools read,nosuch: unknown tool 'nosuch' (known: read, bash, edit, write, grep, find, ls)\n");

    CliRun thinking =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--thinking",
            "wrong",
            "hi");
    assertOneLine(thinking, 2);
    assertThat(thinking.err())
        .isEqualTo("graft: --thinking wrong: use off, minimal, low, medium, high or xhigh\n");

    CliRun mode =
        CliRun.run(
            home,
            work,
            "--mode",
            "bogus",
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "hi");
    assertOneLine(mode, 2);
    assertThat(mode.err()).isEqualTo("graft: --mode bogus: use text, json or rpc\n");

    CliRun negative =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--max-tokens",
            "-1",
            "hi");
    assertOneLine(negative, 2);
    assertThat(negative.err()).startsWith("graft: --max-tokens -1: must be 0 or more");

    // so are options that do not go together
    CliRun noModel = CliRun.run(home, work, "-p", "--provider", "scripted", "hi");
    assertOneLine(noModel, 2);
    assertThat(noModel.err()).startsWith("graft: --provider scripted needs --model FILE");
    CliRun noSessionAndContinue =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--no-session",
            "-c",
            "hi");
    assertOneLine(noSessionAndContinue, 2);
    assertThat(noSessionAndContinue.err())
        .isEqualTo("graft: --no-session cannot be combined with -c, -r or --session\n");
    CliRun resume =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "ok.jsonl", "-r", "hi");
    assertOneLine(resume, 2);
    assertThat(resume.err()).startsWith("graft: --resume picks a session interactively");

    CliRun notANumber =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--max-tokens",
            "abc",
            "hi");
    assertOneLine(notANumber, 2);
    assertThat(notANumber.err()).contains("--max-tokens").contains("'abc' is not an int");

    CliRun cwd =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--cwd",
            "plain.txt",
            "hi");
    assertOneLine(cwd, 1);
    assertThat(cwd.err()).contains("--cwd plain.txt").contains("not a directory");

    CliRun noSuchSession =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--session",
            "ffff",
            "hi");
    assertOneLine(noSuchSession, 1);
    assertThat(noSuchSession.err()).contains("--session ffff");

    Files.createDirectories(work.resolve("logs"));
    CliRun sessionDir =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "ok.jsonl",
            "--session",
            "logs",
            "hi");
    assertOneLine(sessionDir, 1);
    assertThat(sessionDir.err())
        .isEqualTo(
            "graft: --session logs: a directory, not a session file; give a session file"
                + " (*.jsonl) or a session id (graft session list shows them)\n");

    // none of these started a session
    assertThat(sessionFiles()).isEmpty();

    CliRun unknown = CliRun.run(home, work, "-p", "--frobnicate", "hi");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.out()).isEmpty();
    assertThat(unknown.err().lines().findFirst().orElseThrow())
        .startsWith("graft: ")
        .contains("--frobnicate");
  }

  private static void assertOneLine(CliRun run, int exitCode) {
    assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(exitCode);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("graft: ").endsWith("\n");
    assertThat(run.err().lines().count()).as(run.err()).isEqualTo(1);
  }

  @Test
  void aFailedModelCallExitsOneAndKeepsTheSession() throws Exception {
    script("fail.jsonl", "{\"error\": \"Server overloaded\", \"errorKind\": \"server\"}\n");
    script("ok.jsonl", "{\"text\": \"recovered\"}\n");

    CliRun failed =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "fail.jsonl", "hello");

    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.out()).isEmpty();
    Path file = sessionFiles().getFirst();
    assertThat(failed.err().lines().toList())
        .containsExactly(
            "graft: the model call failed: Server overloaded",
            "(the session is kept in " + file + "; continue it with -c)");
    CliRun again =
        CliRun.run(
            home, work, "-c", "-p", "--provider", "scripted", "--model", "ok.jsonl", "try again");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).isEqualTo("recovered\n");

    // -c does not look in a folder of one's own: the hint names the file there
    Path own = work.resolve("notes/login.jsonl");
    Files.createDirectories(own.getParent());
    CliRun elsewhere =
        CliRun.run(
            home,
            work,
            "--session",
            own.toString(),
            "-p",
            "--provider",
            "scripted",
            "--model",
            "fail.jsonl",
            "hello");
    assertThat(elsewhere.err().lines().toList())
        .contains("(the session is kept in " + own + "; continue it with --session " + own + ")");
  }

  @Test
  void aBrokenSettingsFileIsWarnedOfOnce() throws Exception {
    // Settings, script grants and the script library each read the file.
    Files.writeString(home.resolve("settings.json"), "{\"defaultModel\": ");
    script("ok.jsonl", "{\"text\": \"fine\"}\n");
    for (String noScripts : List.of("--no-tools", "--no-scripts")) {
      CliRun run =
          CliRun.run(
              home, work, "-p", noScripts, "--provider", "scripted", "--model", "ok.jsonl", "hi");
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.err().lines().filter(l -> l.contains("settings.json")).toList())
          .singleElement()
          .asString()
          .startsWith("graft: warning: " + home.resolve("settings.json") + ": ")
          .endsWith("; ignored");
    }
    CliRun list = CliRun.run(home, work, "scripts", "list");
    assertThat(list.err().lines().filter(l -> l.contains("settings.json")).count())
        .as(list.err())
        .isEqualTo(1);
  }

  @Test
  void aLocalServerIsChosenWhenNoModelIsNamed() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"baseUrl\": \"http://127.0.0.1:1/v1\","
            + " \"models\": [{\"id\": \"qwen3:8b\"}]}}}");

    for (String[] args :
        List.of(
            new String[] {"-p", "--no-session", "--provider", "ollama", "hi"},
            new String[] {"-p", "--no-session", "hi"})) {
      CliRun run = CliRun.run(home, work, args);
      // the local server was called (and refused): no key was asked for
      assertThat(run.err()).as(String.join(" ", args)).doesNotContain("No API key");
      assertThat(run.err()).as(String.join(" ", args)).contains("127.0.0.1:1");
    }
  }

  @Test
  void providerKeepsAModelIdThatHasASlash() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"openrouter\": {\"baseUrl\": \"http://127.0.0.1:1/v1\","
            + " \"models\": [{\"id\": \"anthropic/claude-sonnet-4-5\"}]}}}");

    CliRun run =
        CliRun.run(
            home,
            work,
            Map.of("OPENROUTER_API_KEY", "k"),
            "-p",
            "--no-session",
            "--provider",
            "openrouter",
            "--model",
            "anthropic/claude-sonnet-4-5",
            "hi");

    // openrouter's model was called, not anthropic's claude-sonnet-4-5
    assertThat(run.err()).doesNotContain("No API key");
    assertThat(run.err()).contains("127.0.0.1:1");
  }

  @Test
  void aDefaultModelGraftDoesNotKnowIsWarnedOf() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"baseUrl\": \"http://127.0.0.1:1/v1\","
            + " \"models\": [{\"id\": \"qwen3:8b\"}]}}}");
    Files.writeString(
        home.resolve("settings.json"),
        "{\"defaultProvider\": \"ollama\", \"defaultModel\": \"qwen9:8b\"}");

    CliRun run = CliRun.run(home, work, "-p", "--no-session", "hi");

    assertThat(run.err().lines().toList())
        .contains(
            "graft: warning: "
                + home.resolve("settings.json")
                + ": defaultModel \"ollama/qwen9:8b\" is not a model graft knows"
                + " (graft models lists them); ignored");
  }

  @Test
  void rpcModeRefusesAPromptOnTheCommandLine() {
    for (String[] args :
        new String[][] {
          {"--mode", "rpc", "-p", "hi"},
          {"--mode", "rpc", "hi"},
          {"--mode", "rpc", "-p"}
        }) {
      CliRun run = CliRun.run(home, work, args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "graft: --mode rpc reads its prompts from stdin as commands (docs/rpc.md);"
                  + " -p and prompt arguments do not go with it\n");
    }
  }

  @Test
  void theReferencesListModelsOptionNamesGraftModels() throws Exception {
    script("turns.jsonl", "{\"text\": \"ok\"}\n");
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--list-models",
            "sonnet");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .contains("unknown option --list-models")
        .contains("--list-models is graft models [SEARCH]");
  }

  @Test
  void modelsListsOnlyTheModelsASearchMatches() {
    CliRun run = CliRun.run(home, work, "models", "SONNET-4");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.getFirst()).startsWith("MODEL");
    assertThat(lines.subList(1, lines.size()))
        .isNotEmpty()
        .allSatisfy(l -> assertThat(l).contains("sonnet-4"));
    assertThat(run.out()).contains("anthropic/claude-sonnet-4-6").doesNotContain("opus");

    CliRun none = CliRun.run(home, work, "models", "no-such-model");
    assertThat(none.exitCode()).isEqualTo(1);
    assertThat(none.out()).isEmpty();
    assertThat(none.err())
        .isEqualTo("graft: no model matches \"no-such-model\" (graft models lists them all)\n");
  }

  @Test
  void anUnknownProviderSaysModelsJsonWasNotLoaded() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"mine\": {\"baseUrl\": \"http://127.0.0.1:1/v1\","
            + " \"api\": \"openai-completions\", \"models\": [{\"id\": \"m\"}]},"
            + " \"typo\": {\"baseUrl\": \"htp:/nowhere\", \"api\": \"openai-completions\","
            + " \"models\": [{\"id\": \"t\"}]}}}");

    CliRun run = CliRun.run(home, work, "-p", "--no-session", "--provider", "mine", "hi");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("providers.typo.baseUrl: must be an http:// or https:// URL")
        .contains(
            "unknown provider 'mine': "
                + home.resolve("models.json")
                + " was not loaded (see the warning above)");
  }

  @Test
  void modelsRefusesAFormatItDoesNotHave() {
    CliRun run = CliRun.run(home, work, "models", "--format", "yaml");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines().findFirst().orElseThrow())
        .startsWith("graft: ")
        .contains("--format", "text, json", "yaml");
  }

  @Test
  void aLongErrorIsPrintedWholeWithItsHintAtTheEnd() throws Exception {
    // OpenAI's real 401 is about 220 characters; graft's hint comes last.
    String message =
        "OpenAI API returned HTTP 401: (invalid_request_error) Incorrect API key provided:"
            + " sk-test. You can find your API key at https://platform.openai.com/account/api-keys."
            + " (check the API key from OPENAI_API_KEY)";
    script("fail.jsonl", "{\"error\": \"" + message + "\", \"errorKind\": \"authentication\"}\n");

    CliRun failed =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "fail.jsonl", "hello");

    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.err().lines().findFirst().orElseThrow())
        .isEqualTo("graft: the model call failed: " + message);
  }

  // ------------------------------------------------------------------ the reference reads graft's
  // file

  @Test
  void theReferenceBuildsTheSameContextFromTheSessionFile() throws Exception {
    Files.writeString(work.resolve("notes.txt"), "buy milk\n");
    script(
        "turns.jsonl",
        """
        {"thinking": "Read first.", "toolCalls": [{"name": "read", "arguments": {"path": "notes.txt"}}, {"name": "bash", "arguments": {"command": "echo hi"}}], "usage": {"input": 100, "output": 20}}
        {"text": "Done: buy milk.", "usage": {"input": 150, "output": 5, "cacheRead": 90}}
        """);
    script("more.jsonl", "{\"text\": \"And nothing else.\"}\n");
    assertThat(
            CliRun.run(
                    home,
                    work,
                    "-p",
                    "--provider",
                    "scripted",
                    "--model",
                    "turns.jsonl",
                    "--thinking",
                    "low",
                    "What do my notes say?")
                .exitCode())
        .isZero();
    assertThat(
            CliRun.run(
                    home,
                    work,
                    "-c",
                    "-p",
                    "--provider",
                    "scripted",
                    "--model",
                    "more.jsonl",
                    "Anything else?")
                .exitCode())
        .isZero();
    Path file = sessionFiles().getFirst();

    JsonNode reference = referenceContext(file);

    try (Session s = Session.open(file)) {
      SessionContext context = s.buildContext();
      assertThat(roles(context))
          .containsExactly(
              "user", "assistant", "toolResult", "toolResult", "assistant", "user", "assistant");
      assertThat(context.thinkingLevel()).isEqualTo("low");
      assertThat(reference.get("leaf").asText()).isEqualTo(s.leafId().orElseThrow());
      assertThat(Json.jsValue(reference.get("context"))).isEqualTo(Json.jsValue(context.toJson()));
      assertThat(Json.jsValue(reference.get("llm"))).isEqualTo(Json.jsValue(context.llmJson()));
    }
    AgentMessage.Assistant first =
        (AgentMessage.Assistant) Session.open(file).buildContext().messages().get(1);
    assertThat(first.content()).first().isInstanceOf(ContentBlock.Thinking.class);
  }

  /**
   * The reference's {@code {leaf, context, llm}} for {@code file}, from the oracle's context.mjs.
   */
  static JsonNode referenceContext(Path file) throws Exception {
    String dir = System.getProperty("graft.oracle.dir");
    if (dir == null
        || !Files.isRegularFile(Path.of(dir, "context.mjs"))
        || !Files.isDirectory(Path.of(dir, "node_modules/@mariozechner/pi-coding-agent"))) {
      return fail(
          "reference oracle not prepared at "
              + dir
              + ": run bench/reference-oracle.sh (./graft test does this)");
    }
    Path out = Files.createTempFile("oracle-", ".out");
    Path err = Files.createTempFile("oracle-", ".err");
    Process process =
        new ProcessBuilder("node", Path.of(dir, "context.mjs").toString(), file.toString())
            .directory(Path.of(dir).toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try {
      process.getOutputStream().close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        return fail("node context.mjs did not finish within 30 s");
      }
      assertThat(process.exitValue())
          .as("node context.mjs; stderr: %s", Files.readString(err))
          .isZero();
      List<String> lines =
          Files.readAllLines(out, StandardCharsets.UTF_8).stream()
              .filter(l -> !l.isBlank())
              .toList();
      assertThat(lines).hasSize(1);
      return (ObjectNode) Json.parse(lines.getFirst());
    } finally {
      process.destroyForcibly();
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  @Test
  void noScriptsLoadsOnlyTheScriptsTheCommandLineNames() throws Exception {
    script("ok.jsonl", "{\"text\": \"fine\"}\n");
    // --no-scripts turns finding scripts off; those named on the command line load alone, as
    // with the reference's --no-extensions -e X (before: none of them, without a word).
    Files.createDirectories(home.resolve("scripts"));
    Files.writeString(
        home.resolve("scripts/mine.js"),
        "export default function (pi) { console.warn(\"mine loaded\"); }\n");
    Path named = Files.createDirectories(work.resolve("named"));
    Files.writeString(
        named.resolve("gate.js"),
        "export default function (pi) { console.warn(\"gate loaded\"); }\n");
    for (List<String> given :
        List.of(
            List.of("-s", "named/gate.js"),
            List.of("--scripts", "named"),
            List.of("-e", "named/gate.js"))) {
      List<String> args = new ArrayList<>(List.of("-p", "--provider", "scripted"));
      args.addAll(List.of("--model", "ok.jsonl", "--no-scripts"));
      args.addAll(given);
      args.add("hi");
      CliRun noScripts = CliRun.run(home, work, args.toArray(String[]::new));
      assertThat(noScripts.exitCode()).as(given + ": " + noScripts.err()).isZero();
      assertThat(noScripts.err()).as(given.toString()).contains("gate loaded");
      assertThat(noScripts.err()).as(given.toString()).doesNotContain("mine loaded");
    }
    CliRun discovered =
        CliRun.run(home, work, "-p", "--provider", "scripted", "--model", "ok.jsonl", "hi");
    assertThat(discovered.err()).as("without --no-scripts").contains("mine loaded");
  }
}
