package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hostile suite's files and input, next to {@link HostileScriptsCliTest}: old session files set
 * up so that migrating them would write through a link or over a backup, old files given to the
 * commands that only read, a byte order mark, and RPC lines too long to keep.
 */
class HostileFilesCliTest {
  @TempDir Path home;
  @TempDir Path work;

  /** A version 1 file (no version field, no ids): graft migrates it when it works in it. */
  private static final String V1 =
      """
      {"type":"session","id":"0b7c2e4a-5f1d-4c39-9a1e-3d2f8b6c7a10","timestamp":"2025-11-03T09:12:00.000Z","cwd":"/tmp/p"}
      {"type":"message","timestamp":"2025-11-03T09:12:05.120Z","message":{"role":"user","content":"hello","timestamp":1762161125120}}
      {"type":"message","timestamp":"2025-11-03T09:12:06.120Z","message":{"role":"assistant","content":[{"type":"text","text":"hi"}],"provider":"anthropic","model":"m","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":1762161126120}}
      """;

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void migrationWritesOnlyTheFilesOwnNameAndKeepsEveryBackup() throws Exception {
    Path dir = Files.createDirectories(work.resolve("sessions"));
    Path file = dir.resolve("s.jsonl");
    Files.writeString(file, V1);
    Files.writeString(dir.resolve("s.jsonl.v1.bak"), "an older backup\n");
    Path victim = Files.writeString(work.resolve("victim.txt"), "precious\n");
    Path victim2 = Files.writeString(work.resolve("victim2.txt"), "precious too\n");
    // The names a migration might write to, planted as links to files outside.
    Files.createSymbolicLink(dir.resolve("s.jsonl.migrating"), victim);
    Files.createSymbolicLink(dir.resolve("s.jsonl.v1.bak.1"), victim2);

    try (Session session = Session.open(file)) {
      assertThat(session.entries()).hasSize(2);
    }
    assertThat(Files.readString(file))
        .startsWith("{\"type\":\"session\",\"id\":\"0b7c2e4a-5f1d-4c39-9a1e-3d2f8b6c7a10\"")
        .contains("\"version\":3");
    assertThat(Files.readString(victim)).isEqualTo("precious\n");
    assertThat(Files.readString(victim2)).isEqualTo("precious too\n");
    assertThat(Files.readString(dir.resolve("s.jsonl.v1.bak"))).isEqualTo("an older backup\n");
    assertThat(Files.readString(dir.resolve("s.jsonl.v1.bak.2")))
        .as("the first free backup name")
        .isEqualTo(V1);
    assertThat(Files.isSymbolicLink(dir.resolve("s.jsonl.migrating"))).isTrue();
    assertThat(names(dir))
        .containsExactly(
            "s.jsonl",
            "s.jsonl.migrating",
            "s.jsonl.v1.bak",
            "s.jsonl.v1.bak.1",
            "s.jsonl.v1.bak.2");
  }

  @Test
  void anOldFileThatIsASymbolicLinkIsNotMigratedThroughIt() throws Exception {
    Path real =
        Files.writeString(
            Files.createDirectories(work.resolve("elsewhere")).resolve("real.jsonl"), V1);
    Path link =
        Files.createSymbolicLink(
            Files.createDirectories(work.resolve("sessions")).resolve("s.jsonl"), real);

    assertThatThrownBy(() -> Session.open(link))
        .isInstanceOf(SessionFileException.class)
        .hasMessage(
            link
                + " is a version 1 session file and a symbolic link; graft migrates only a file it can replace"
                + " by name: open the file it links to instead");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(real)).isEqualTo(V1);
    assertThat(names(work.resolve("sessions"))).containsExactly("s.jsonl");
    assertThat(names(work.resolve("elsewhere"))).containsExactly("real.jsonl");
  }

  @Test
  void theCommandsThatOnlyReadDoNotRewriteAnOldFile() throws Exception {
    Path file = Files.writeString(work.resolve("old.jsonl"), V1);

    CliRun tree = CliRun.run(home, work, "session", "tree", "old.jsonl");
    assertThat(tree.exitCode()).as(tree.err()).isZero();
    assertThat(tree.out()).contains("user: hello").contains("<- leaf");
    assertThat(tree.err())
        .contains(
            "old.jsonl is a version 1 session file, read as version 3 in memory and not changed");

    CliRun context = CliRun.run(home, work, "session", "context", "old.jsonl");
    assertThat(context.exitCode()).as(context.err()).isZero();

    CliRun check = CliRun.run(home, work, "session", "check", "old.jsonl");
    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    assertThat(check.out())
        .contains(
            "note: line 1: needs migration: a version 1 file; graft migrates it to version 3"
                + " (keeping a backup) when it works in it, and checked it here as migrated, in memory, without changing it")
        .contains("old.jsonl: version 1, 2 entries, no problems");

    assertThat(Files.readString(file)).isEqualTo(V1);
    assertThat(names(work)).containsExactly("old.jsonl");
  }

  @Test
  void aLeadingByteOrderMarkIsReadPastAsTheReferenceDoes() throws Exception {
    // The reference reads a session file with readFileSync(..., "utf8") and trim()s it, which
    // drops a U+FEFF at the start; JSON.parse of a later line starting with one fails (skipped).
    String v3 =
        """
        {"type":"session","version":3,"id":"5a1d","timestamp":"2025-11-03T09:12:00.000Z","cwd":"/tmp/p"}
        {"type":"message","id":"a1","parentId":null,"timestamp":"2025-11-03T09:12:05.120Z","message":{"role":"user","content":"hello","timestamp":1762161125120}}
        """;
    Path file = work.resolve("bom.jsonl");
    Files.write(file, ("\uFEFF" + v3).getBytes(StandardCharsets.UTF_8));
    CliRun check = CliRun.run(home, work, "session", "check", "bom.jsonl");
    assertThat(check.out())
        .as(check.err())
        .contains("bom.jsonl: version 3, 1 entries, no problems");
    assertThat(check.exitCode()).isZero();
    CliRun tree = CliRun.run(home, work, "session", "tree", "bom.jsonl");
    assertThat(tree.out()).as(tree.err()).contains("a1 user: hello");
    CliRun context = CliRun.run(home, work, "session", "context", "bom.jsonl");
    assertThat(context.exitCode()).as(context.err()).isZero();
    ReferenceOracle.assertSameContext(file, Json.parse(context.out().strip()).get("context"));

    Path old = work.resolve("bom-v1.jsonl");
    Files.write(old, ("\uFEFF" + V1).getBytes(StandardCharsets.UTF_8));
    try (Session session = Session.open(old)) {
      assertThat(session.entries()).hasSize(2);
    }
    assertThat(Files.readString(old)).startsWith("{\"type\":\"session\"");
  }

  @Test
  void theSessionCommandsRefuseAFifoInOneLineInsteadOfWaitingForAWriter() throws Exception {
    Path fifo = work.resolve("pipe.jsonl");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    for (String command : List.of("check", "tree", "context", "export")) {
      CompletableFuture<CliRun> run =
          CompletableFuture.supplyAsync(
              () -> CliRun.run(home, work, "session", command, "pipe.jsonl"));
      CliRun done;
      try {
        done = run.get(20, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        // Unblock the reader (open the other end), so that the stuck thread ends with the test.
        try (var w = Files.newOutputStream(fifo)) {
          w.write('\n');
        }
        throw new AssertionError(
            "graft session " + command + " on a FIFO was still waiting after 20 s");
      }
      assertThat(done.exitCode()).as(command).isNotZero();
      assertThat(done.err().strip())
          .as(command)
          .isEqualTo(
              "graft: "
                  + fifo
                  + " is not a regular file (a FIFO, socket or device); give a session file (*.jsonl)");
      assertThat(done.out()).as(command).isEmpty();
    }
  }

  @Test
  void anRpcSessionNameLongerThanTheCapIsRefusedAndNothingIsRecorded() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answer\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work)) {
      String longName = "n".repeat(1001);
      JsonNode refused =
          rpc.call(
              "long",
              "{\"id\":\"long\",\"type\":\"set_session_name\",\"name\":\"" + longName + "\"}");
      assertThat(refused.path("success").asBoolean()).isFalse();
      assertThat(refused.path("error").asText())
          .isEqualTo(
              "the session name is 1001 characters long; the limit is 1000 (graft refused it)");
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}")
                  .at("/data/sessionName")
                  .isMissingNode())
          .isTrue();
      String atTheCap = "m".repeat(1000);
      JsonNode taken =
          rpc.call(
              "ok", "{\"id\":\"ok\",\"type\":\"set_session_name\",\"name\":\"" + atTheCap + "\"}");
      assertThat(taken.path("success").asBoolean()).as(taken.toString()).isTrue();
      assertThat(
              rpc.call("s3", "{\"id\":\"s3\",\"type\":\"get_state\"}")
                  .at("/data/sessionName")
                  .asText())
          .isEqualTo(atTheCap);
    }
  }

  /**
   * A session holding a message larger than graft's heap can hold (a 2 GB session, a 40 MB message
   * under a 96 MB heap here) ends graft with one line saying so, as any other error, not with a
   * stack trace from an uncaught OutOfMemoryError.
   */
  @ParameterizedTest
  @ValueSource(strings = {"-c", "--session"})
  void aSessionTooLargeForTheHeapEndsGraftWithOneLineNotAStackTrace(String how) throws Exception {
    Path dir =
        Files.createDirectories(
            home.resolve("sessions")
                .resolve("--" + work.toString().substring(1).replace('/', '-') + "--"));
    Path file = dir.resolve("2026-11-26T10-00-00-000Z_big.jsonl");
    try (var out = Files.newBufferedWriter(file)) {
      out.write(
          "{\"type\":\"session\",\"version\":3,\"id\":\"01a21900-0000-7000-8000-000000000001\",\"timestamp\":"
              + "\"2026-11-26T10:00:00.000Z\",\"cwd\":\""
              + work
              + "\"}\n");
      out.write(
          "{\"type\":\"message\",\"id\":\"u1\",\"parentId\":null,\"timestamp\":\"2026-11-26T10:00:01.000Z\","
              + "\"message\":{\"role\":\"user\",\"content\":\"");
      String line = "2026-11-26 10:00:00 INFO something happened\\n";
      for (int i = 0; i < 40_000_000 / line.length(); i++) {
        out.write(line);
      }
      out.write("\",\"timestamp\":1}}\n");
    }
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answer\"}\n");
    // -c lists the sessions first; --session opens the file at once (in parallel parts: the
    // message is larger than the heap in a reader thread of its own)
    List<String> session = how.equals("-c") ? List.of("-c") : List.of(how, file.toString());
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-Xmx96m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            "dev.graft.cli.Main"));
    command.addAll(session);
    command.addAll(List.of("-p", "what now?", "--provider", "scripted", "--model", "turns.jsonl"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    // graft -p reads a stdin that is not a terminal to its end: it is given none
    Process graft = pb.start();
    graft.getOutputStream().close();
    String err = new String(graft.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(graft.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(graft.exitValue()).as(err).isEqualTo(1);
    assertThat(err).doesNotContain("Exception in thread").doesNotContain("\tat ");
    assertThat(err.strip())
        .hasLineCount(1)
        .matches(
            "graft: out of memory \\(Java heap space\\) with a heap of at most 9\\d MB: a session or input .*")
        .endsWith("Give graft a larger heap (JAVA_TOOL_OPTIONS=-Xmx…) or start a new session");
  }

  @Test
  void anRpcLineLongerThanTheCapIsAnsweredAsAParseErrorAndReadingGoesOn() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answer\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work)) {
      int cap = 16 << 20;
      String pad = "x".repeat(cap);
      rpc.send("{\"id\":\"big\",\"type\":\"get_state\",\"pad\":\"" + pad + "\"}");
      JsonNode refused =
          rpc.await(l -> l.path("command").asText().equals("parse"), "the parse error");
      String length =
          String.valueOf(cap + "{\"id\":\"big\",\"type\":\"get_state\",\"pad\":\"\"}".length());
      assertThat(refused.path("success").asBoolean()).isFalse();
      assertThat(refused.path("error").asText())
          .isEqualTo(
              "the line is "
                  + length
                  + " characters long; the limit is "
                  + cap
                  + ", and it was ignored");
      assertThat(refused.has("id")).isFalse();
      rpc.send(pad + pad); // not JSON either, and longer still
      assertThat(
              rpc.await(l -> l.path("command").asText().equals("parse"), "the second parse error")
                  .path("error")
                  .asText())
          .startsWith("the line is " + (2L * cap) + " characters long");
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.path("success").asBoolean()).isTrue();
      assertThat(rpc.seen()).noneMatch(l -> l.path("id").asText().equals("big"));
    }
  }
}
