package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.session.SessionEntry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model calls a script makes ({@code ctx.complete}) have a budget per run and a limit of calls
 * in flight, counted here as the requests that reached the provider (GRAFT_RECORD_REQUESTS).
 * Before, one prompt made 601 calls (300 at once), and a timer kept calling while graft sat idle in
 * RPC mode.
 */
class ModelCallLimitsCliTest {
  @TempDir Path home;
  @TempDir Path work;

  /** 300 calls at once, then 300 one after the other; what came back is kept in a "calls" entry. */
  private static final String GREEDY =
      """
      export default function (pi) {
        pi.on("agent_start", async (event, ctx) => {
          const ask = () => ctx.complete({ messages: [{ role: "user", content: "again" }] });
          const burst = await Promise.allSettled(Array.from({ length: 300 }, ask));
          let answered = burst.filter((r) => r.status === "fulfilled").length;
          const refused = burst.filter((r) => r.status === "rejected").map((r) => r.reason.message);
          for (let i = 0; i < 300; i++) {
            try { await ask(); answered++; } catch (e) { refused.push(e.message); }
          }
          pi.appendEntry("calls", { answered, refused: refused.length, first: refused[0], last: refused.at(-1) });
        });
      }
      """;

  /** n answers, each taking 20 ms: long enough for a burst of calls to find 4 still waiting. */
  private Path turns(int n) throws Exception {
    return Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"fine\", \"delayMs\": 20}\n".repeat(n));
  }

  private record Run(int exitCode, String out, String err) {}

  private Run print(Path record, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", record.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    int code = Graft.run(context, args);
    return new Run(code, out.toString(), err.toString());
  }

  private static int count(String text, String part) {
    Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void onePromptsCallsAreHeldToTheDefaultsAndEachLimitIsNoticedOnce() throws Exception {
    Files.writeString(work.resolve("greedy.js"), GREEDY);
    turns(700);
    Path record = work.resolve("requests.jsonl");

    Run run =
        print(
            record,
            "-p",
            "go",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "-s",
            "greedy.js");

    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> requests = Files.readAllLines(record);
    assertThat(requests).as("100 calls of the script's and the agent's own").hasSize(101);
    JsonNode calls =
        LastSession.entries(home, work).stream()
            .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("calls"))
            .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
            .findFirst()
            .orElseThrow();
    assertThat(calls.path("answered").asInt()).isEqualTo(100);
    assertThat(calls.path("refused").asInt()).isEqualTo(500);
    assertThat(calls.path("first").asText())
        .isEqualTo(
            "ctx.complete failed: greedy.js has 4 model calls waiting for"
                + " an answer, the most scripts.modelCallsInFlight allows (settings.json); await one before the next");
    assertThat(calls.path("last").asText())
        .isEqualTo(
            "ctx.complete failed: greedy.js made 100 model calls in this"
                + " run, the most scripts.modelCallsPerRun allows (settings.json); it may call again once the next prompt starts");
    assertThat(count(run.err(), "greedy.js has 4 model calls waiting")).as(run.err()).isEqualTo(1);
    assertThat(count(run.err(), "greedy.js made 100 model calls in this run"))
        .as(run.err())
        .isEqualTo(1);
    assertThat(run.err())
        .contains(
            "[greedy.js] model calls limited: greedy.js made 100 model calls in this run, the most"
                + " scripts.modelCallsPerRun allows (settings.json); it may call again once the next prompt starts");
  }

  @Test
  void aTimerCallingWhileGraftIsIdleInRpcModeIsHeldToTheBudgetOfTheRunBeforeAndSettingsSetIt()
      throws Exception {
    Files.writeString(
        home.resolve("settings.json"),
        "{\"scripts\": {\"modelCallsPerRun\": 10, \"modelCallsInFlight\": 2}}");
    Files.writeString(
        work.resolve("ticker.js"),
        """
        export default function (pi) {
          let ticking = false;
          pi.on("agent_end", (event, ctx) => {
            if (ticking) return;
            ticking = true;
            setInterval(() => {
              ctx.complete({ messages: [{ role: "user", content: "tick" }] }).catch(() => {});
            }, 10);
          });
        }
        """);
    turns(1000);
    Path record = work.resolve("requests.jsonl");
    try (RpcDriver rpc =
        RpcDriver.scripted(
            home, work, Map.of("GRAFT_RECORD_REQUESTS", record.toString()), "-s", "ticker.js")) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"one\"}");
      rpc.event("agent_end");
      Thread.sleep(2_000); // idle: the timer fires about 200 times
      assertThat(Files.readAllLines(record))
          .as("the agent's call and the 10 the run's budget allows")
          .hasSize(11);
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"two\"}");
      rpc.event("agent_end");
      Thread.sleep(1_000);
      assertThat(Files.readAllLines(record)).as("a new prompt, a new budget").hasSize(22);
      assertThat(count(rpc.err(), "ticker.js made 10 model calls in this run"))
          .as(rpc.err())
          .isEqualTo(2);
    }
  }
}
