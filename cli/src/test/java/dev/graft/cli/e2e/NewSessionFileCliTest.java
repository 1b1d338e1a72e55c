package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --session NEW.jsonl}, a session file that does not exist yet: as the reference's {@code
 * --session <path>}, graft starts a new session there, in every mode, and continues it next time.
 */
class NewSessionFileCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void turns() throws IOException {
    Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"first\"}\n{\"text\": \"second\"}\n");
  }

  private CliRun run(String... more) {
    List<String> args =
        new ArrayList<>(List.of("--provider", "scripted", "--model", "turns.jsonl"));
    args.addAll(List.of(more));
    return CliRun.run(home, work, args.toArray(String[]::new));
  }

  private static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      out.add(Json.parse(line));
    }
    return out;
  }

  private static List<String> kinds(List<JsonNode> lines) {
    return lines.stream()
        .map(l ->
            l.path("type").asText()
                + (l.has("message") ? ":" + l.at("/message/role").asText() : ""))
        .toList();
  }

  private long filesUnderHomeSessions() throws IOException {
    if (!Files.isDirectory(home.resolve("sessions"))) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(home.resolve("sessions"))) {
      return files.filter(p -> p.toString().endsWith(".jsonl")).count();
    }
  }

  @Test
  void printModeStartsTheSessionAtThePathAndContinuesItNextTime() throws Exception {
    CliRun first = run("-p", "--session", "new.jsonl", "hello");

    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out().strip()).isEqualTo("first");
    assertThat(first.err())
        .isEqualTo(
            "graft: no session file " + work.resolve("new.jsonl") + "; starting a new one there\n");
    Path file = work.resolve("new.jsonl");
    List<JsonNode> written = lines(file);
    JsonNode header = written.getFirst();
    // the header the reference writes for a new session: no parentSession, graft's directory
    assertThat(Json.MAPPER.convertValue(header, Map.class).keySet())
        .containsExactly("type", "version", "id", "timestamp", "cwd");
    assertThat(header.path("type").asText()).isEqualTo("session");
    assertThat(header.path("version").asInt()).isEqualTo(3);
    assertThat(header.path("cwd").asText()).isEqualTo(work.toString());
    assertThat(filesUnderHomeSessions()).as("nothing under $GRAFT_HOME/sessions").isZero();

    // the same entries as a session started without --session
    CliRun plain = run("-p", "hello");
    assertThat(plain.exitCode()).as(plain.err()).isZero();
    assertThat(kinds(written)).isEqualTo(kinds(lines(LastSession.file(home, work))));

    CliRun again = run("-p", "--session", "new.jsonl", "and again");

    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.err()).isEmpty();
    List<JsonNode> continued = lines(file);
    assertThat(continued.getFirst()).isEqualTo(header);
    assertThat(continued.subList(0, written.size())).isEqualTo(written);
    assertThat(
            continued.stream()
                .filter(l -> l.at("/message/role").asText().equals("user"))
                .map(l -> l.at("/message/content/0/text").asText()))
        .containsExactly("hello", "and again");
    assertThat(filesUnderHomeSessions()).as("only the plain run's").isEqualTo(1);
  }

  @Test
  void jsonModePrintsTheNewSessionsHeaderAndWritesItInASubfolder() throws Exception {
    Files.createDirectories(work.resolve("logs"));

    CliRun run = run("--mode", "json", "--session", "logs/run.jsonl", "hello");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode printed = Json.parse(run.out().lines().findFirst().orElseThrow());
    JsonNode header = lines(work.resolve("logs/run.jsonl")).getFirst();
    assertThat(printed.path("type").asText()).isEqualTo("session");
    assertThat(printed.path("id").asText()).isEqualTo(header.path("id").asText());
  }

  @Test
  void rpcModeWorksInTheNewFile() throws Exception {
    Path file = work.resolve("rpc.jsonl");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--session", "rpc.jsonl")) {
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/sessionFile").asText()).isEqualTo(file.toString());
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hello\"}");
      rpc.event("agent_end");
      assertThat(state.at("/data/sessionId").asText())
          .isEqualTo(lines(file).getFirst().path("id").asText());
    }
    assertThat(kinds(lines(file))).contains("message:user", "message:assistant");
  }

  @Test
  void theInteractiveModeStartsInTheNewFile() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream("hello\n".getBytes(StandardCharsets.UTF_8)));

    int code =
        Graft.run(
            context, "--provider", "scripted", "--model", "turns.jsonl", "--session", "chat.jsonl");

    assertThat(code).as(err.toString()).isZero();
    assertThat(kinds(lines(work.resolve("chat.jsonl"))))
        .startsWith("session")
        .contains("message:user", "message:assistant");
  }

  @Test
  void aNewFileThatCannotBeMadeIsOneLine() throws Exception {
    Files.writeString(work.resolve("plain"), "not a folder\n");
    Files.createDirectories(work.resolve("dir.jsonl"));
    Path fifo = work.resolve("pipe.jsonl");
    new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
    Files.createSymbolicLink(work.resolve("dangling.jsonl"), work.resolve("nowhere/x.jsonl"));

    assertOneLine(
        run("-p", "--session", "missing/s.jsonl", "hello"),
        "graft: --session missing/s.jsonl: no folder "
            + work.resolve("missing")
            + " to start the session in; create it first\n");
    assertOneLine(
        run("-p", "--session", "plain/s.jsonl", "hello"),
        "graft: --session plain/s.jsonl: " + work.resolve("plain") + " is not a folder\n");
    assertOneLine(
        run("-p", "--session", "dir.jsonl", "hello"),
        "graft: --session dir.jsonl: a directory, not a session file; give a session file (*.jsonl) or a session id (graft session list shows them)\n");
    assertOneLine(
        run("-p", "--session", "pipe.jsonl", "hello"),
        "graft: --session pipe.jsonl: not a regular file (a FIFO, socket or device); give a session file (*.jsonl)\n");
    assertOneLine(
        run("-p", "--session", "dangling.jsonl", "hello"),
        "graft: --session dangling.jsonl: a link to "
            + work.resolve("nowhere/x.jsonl")
            + ", which does not exist; give a session file (*.jsonl)\n");
    // not a path (no / and no .jsonl): a session id, as in the reference
    assertOneLine(
        run("-p", "--session", "0123abc", "hello"),
        "graft: --session 0123abc: no such session file or session id\n");
    assertThat(filesUnderHomeSessions()).isZero();
  }

  private static void assertOneLine(CliRun run, String err) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo(err);
  }
}
