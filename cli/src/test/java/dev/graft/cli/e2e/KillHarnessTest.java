package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs graft as a separate process over many prompts and kills it with SIGKILL at random moments.
 * After each kill the session must load, hold every message whose message_end was printed (graft
 * prints it only after the entry was appended), lose at most the line being written, and continue
 * with -c. The reference reads the final file with the same context. GRAFT_KILLS sets the number of
 * kills (default 8; bench/kill-harness.sh runs 200).
 */
class KillHarnessTest {
  @TempDir Path home;
  @TempDir Path project;

  static Process graft(Path home, Path cwd, String... args) throws Exception {
    List<String> command = CliRun.processCommand(args);
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.redirectError(ProcessBuilder.Redirect.appendTo(home.resolve("graft-stderr.log").toFile()));
    return pb.start();
  }

  @Test
  void killedAtRandomMomentsLosesNothingThatWasWritten() throws Exception {
    int kills = Integer.parseInt(System.getenv().getOrDefault("GRAFT_KILLS", "8"));
    Files.writeString(
        project.resolve("turns.jsonl"),
        """
        {"text": "Let me run it step by step, carefully.", "toolCalls": [{"name": "bash", "arguments": {"command": "echo ran; sleep 0.3"}}], "chunkSize": 6, "delayMs": 60}
        {"thinking": "It worked, now summarise.", "text": "The command ran and printed its output, all good here.", "chunkSize": 5, "delayMs": 60}
        """);
    Random random = new Random(7);
    Set<String> written = Collections.synchronizedSet(new HashSet<>());
    SessionStore store = new SessionStore(new GraftHome(home), Clock.systemUTC());
    int killed = 0;
    int runs = 0;
    for (int i = 0; killed < kills && i < kills * 4; i++) {
      runs++;
      Process p =
          graft(
              home,
              project,
              "--mode",
              "json",
              "-c",
              "--provider",
              "scripted",
              "--model",
              "turns.jsonl",
              "step " + i);
      // graft reads a stdin that is not a terminal to its end: it is given none
      p.getOutputStream().close();
      Thread reader =
          Thread.ofPlatform()
              .start(() -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = r.readLine()) != null) {
                    JsonNode event = Json.parse(line);
                    if (event.path("type").asText().equals("message_end")) {
                      written.add(key(MessageCodec.decode(event.get("message"))));
                    }
                  }
                } catch (Exception e) {
                  // the process was killed mid-line: what was printed before counts
                }
              });
      long wait = 300 + random.nextInt(2700); // some runs finish, most are killed mid-way
      if (!p.waitFor(wait, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly(); // SIGKILL
        killed++;
      }
      p.waitFor(10, TimeUnit.SECONDS);
      reader.join(5_000);
      Path file = store.mostRecent(project.toString()).orElse(null);
      if (file == null) {
        continue; // killed before the first entry was written
      }
      try (Session s = Session.open(file)) {
        assertThat(s.warnings().size())
            .as("bad lines after %d kills: %s", killed, s.warnings())
            .isLessThanOrEqualTo(killed);
        Set<String> present = new HashSet<>();
        for (SessionEntry e : s.entries()) {
          if (e instanceof SessionEntry.Message m) {
            present.add(key(m.message()));
          }
        }
        synchronized (written) {
          assertThat(present)
              .as("kill %d: every message graft reported written is in the file", i)
              .containsAll(written);
        }
      }
    }
    assertThat(killed)
        .as("the harness must kill %d times; graft's stderr: %s", kills, stderr())
        .isEqualTo(kills);
    System.out.printf(
        "kill harness: %d runs, %d killed with SIGKILL, nothing written was lost%n", runs, killed);
    // a last, unkilled run continues the same session
    Process last =
        graft(
            home,
            project,
            "--mode",
            "json",
            "-c",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "final");
    last.getOutputStream().close();
    assertThat(last.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(last.exitValue()).isZero();
    Path file = store.mostRecent(project.toString()).orElseThrow();
    try (Session s = Session.open(file)) {
      assertThat(
              s.buildContext().messages().stream()
                  .filter(m ->
                      m instanceof AgentMessage.User u && u.content().text("").equals("final")))
          .hasSize(1);
      ReferenceOracle.assertSameContext(file, s.buildContext().toJson());
    }
  }

  @Test
  void aSecondGraftProcessIsRefusedWhileTheFirstWorksInTheSession() throws Exception {
    Files.writeString(project.resolve("turns.jsonl"), "{\"text\": \"one\"}\n{\"text\": \"two\"}\n");
    Process first =
        graft(home, project, "--mode", "rpc", "--provider", "scripted", "--model", "turns.jsonl");
    try {
      var in = first.outputWriter(StandardCharsets.UTF_8);
      var out =
          new BufferedReader(new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8));
      in.write("{\"type\":\"prompt\",\"message\":\"hold it\"}\n");
      in.flush();
      String line;
      while ((line = out.readLine()) != null && !line.contains("\"agent_end\"")) {
        // wait until the session file exists and is claimed
      }
      Path file = LastSession.file(home, project);
      CliRun second =
          CliRun.run(
              home,
              project,
              "-p",
              "--session",
              file.toString(),
              "--provider",
              "scripted",
              "--model",
              "turns.jsonl",
              "me too");
      assertThat(second.exitCode()).isEqualTo(1);
      assertThat(second.err().strip())
          .isEqualTo(
              "graft: "
                  + file.getFileName()
                  + " is open in another graft process; finish there first, or start a new session");
      in.close();
      assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
      CliRun after =
          CliRun.run(
              home,
              project,
              "-p",
              "--session",
              file.toString(),
              "--provider",
              "scripted",
              "--model",
              "turns.jsonl",
              "now");
      assertThat(after.exitCode()).as(after.err()).isZero();
    } finally {
      first.destroyForcibly();
    }
  }

  private String stderr() throws IOException {
    Path log = home.resolve("graft-stderr.log");
    return Files.exists(log) ? Files.readString(log) : "(none)";
  }

  /** Identifies a message across the stream and the file. */
  private static String key(AgentMessage m) {
    return m.role() + "@" + m.timestamp() + ":" + Json.write(MessageCodec.encode(m)).hashCode();
  }
}
