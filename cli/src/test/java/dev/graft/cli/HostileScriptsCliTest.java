package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import dev.graft.scripting.ScriptSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 4's bad input end to end: a real {@code graft -p} run with a set of hostile scripts
 * (sandbox escapes, bad registrations, a handler for every event answering nonsense, handlers that
 * throw non-Errors, spin, recurse and write non-JSON entries) next to a well-behaved one. Every
 * problem is reported on one line naming its script, the tool call is blocked (tool_call fails
 * closed), the well-behaved script keeps working, {@code graft session check} finds the file
 * clean, and the next turn in the same session works with the same scripts loaded.
 */
class HostileScriptsCliTest {
  @TempDir Path home;
  @TempDir Path work;

  /** A script answering every event graft knows with a string, the wrong shape for all of them. */
  private static String everyEventAnswersNonsense() {
    String ons = ScriptSettings.KNOWN_EVENTS.stream().sorted()
        .map(e -> "  graft.on(\"" + e + "\", () => \"nonsense\");")
        .collect(Collectors.joining("\n"));
    return "export default function (graft) {\n" + ons + "\n}\n";
  }

  private void writeScripts() throws Exception {
    Path dir = Files.createDirectories(work.resolve("scripts"));
    Files.writeString(dir.resolve("escape-java.js"), """
        export default function (graft) {
          Java.type("java.lang.Runtime").getRuntime().exec("touch pwned");
        }
        """);
    Files.writeString(dir.resolve("escape-fs.js"), "import fs from 'fs';\nexport default function (graft) {}\n");
    Files.writeString(dir.resolve("escape-require.js"), "const fs = require('fs');\nexport default function (graft) {}\n");
    Files.writeString(dir.resolve("escape-passwd.js"), """
        export default function (graft) {
          graft.on("agent_start", async () => { await import('../../../../../../../../etc/passwd'); });
        }
        """);
    Files.writeString(dir.resolve("twice.js"), """
        export default function (graft) {
          graft.registerCommand("go", { handler() {} });
          graft.registerCommand("go", { handler() {} });
        }
        """);
    Files.writeString(dir.resolve("unnamed.js"), "export default function (graft) {\n  graft.registerCommand(\"\", { handler() {} });\n}\n");
    Files.writeString(dir.resolve("wrong.js"), everyEventAnswersNonsense());
    Files.writeString(dir.resolve("throws.js"), """
        export default function (graft) {
          graft.on("turn_start", () => { throw "a string"; });
          graft.on("turn_end", () => { throw { code: 42 }; });
          graft.on("before_agent_start", () => Promise.reject(7));
        }
        """);
    Files.writeString(dir.resolve("runaway.js"), """
        let spun = false;
        export default function (graft) {
          graft.on("message_end", () => { if (spun) return; spun = true; for (;;) {} });
        }
        """);
    Files.writeString(dir.resolve("deep.js"), """
        function down(n) { return down(n + 1) + 1; }
        export default function (graft) {
          graft.on("tool_execution_end", () => down(0));
        }
        """);
    Files.writeString(dir.resolve("nonjson.js"), """
        export default function (graft) {
          graft.on("agent_end", () => {
            const d = { list: [] }; d.list.push(d);
            graft.appendEntry("cyclic", d);
          });
          graft.on("turn_end", () => graft.appendEntry("fn", { f() {} }));
          graft.on("agent_start", () => graft.appendEntry("big", { n: 10n }));
        }
        """);
    Files.writeString(dir.resolve("good.js"), """
        export default function (graft) {
          graft.on("agent_end", (event) => {
            graft.appendEntry("good", { messages: event.messages.length });
          });
        }
        """);
  }

  private Path sessionFile() {
    return new SessionStore(new GraftHome(home), Clock.systemUTC()).mostRecent(work.resolve("proj").toString()).orElseThrow();
  }

  private static List<String> problemLines(String err) {
    return err.lines().filter(l -> l.startsWith("graft: ")).toList();
  }

  @Test
  void hostileScriptsAreReportedTheSessionStaysValidAndTheNextTurnWorks() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    writeScripts();
    Files.writeString(work.resolve("turns1.jsonl"), """
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo hi > made.txt"}, "id": "call_1"}]}
        {"text": "first answer"}
        """);
    CliRun first = CliRun.run(home, work, "-p", "--scripts", "scripts", "--provider", "scripted", "--model", "turns1.jsonl",
        "--cwd", "proj", "make a file");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out().strip()).isEqualTo("first answer");
    String err = first.err();

    // Nothing escaped: no file was made by Java, and the blocked bash call did not run either.
    assertThat(work.resolve("proj/pwned")).doesNotExist();
    assertThat(work.resolve("pwned")).doesNotExist();
    assertThat(work.resolve("proj/made.txt")).doesNotExist();

    // Load failures: each named, one line.
    assertThat(err).contains("escape-java.js not loaded: loading failed: ReferenceError: Java is not defined (at escape-java.js:2)");
    assertThat(err).contains("escape-fs.js not loaded").contains("cannot import \"fs\"");
    assertThat(err).contains("escape-require.js not loaded").contains("ReferenceError: require is not defined");
    assertThat(err).contains("twice.js not loaded").contains("/go is already registered by this script");
    assertThat(err).contains("unnamed.js not loaded").contains("the command name must be a non-empty string");

    // Handler failures and wrong answers: each reported with script and event, the run went on.
    assertThat(err).contains("escape-passwd.js: agent_start handler failed").contains("it is outside the script directory");
    assertThat(err).contains("wrong.js: input handler returned a string instead of {action:");
    assertThat(err).contains("wrong.js: before_agent_start handler returned a string instead of {message?, systemPrompt?}");
    assertThat(err).contains("wrong.js: context handler returned something other than {messages: [...]}");
    assertThat(err).contains("wrong.js: tool_call handler returned a string instead of {block?, reason?, input?}; the tool call is blocked");
    assertThat(err).contains("throws.js: turn_start handler threw a value that is not an Error: \"a string\"");
    assertThat(err).contains("throws.js: turn_end handler threw a value that is not an Error: {code: 42}");
    assertThat(err).contains("throws.js: before_agent_start handler was rejected with a value that is not an Error: 7");
    // Stopped by whichever limit it reaches first on this machine: 2 s of CPU time or the statement limit.
    assertThat(err).containsPattern("runaway\\.js: message_end handler (ran for more than 2 s without returning \\(an endless loop\\?\\)"
        + "|was stopped after \\d+ statements without returning \\(an endless loop\\?\\))");
    assertThat(err).contains("deep.js: tool_execution_end handler failed: RangeError: Maximum call stack size exceeded");
    assertThat(err).contains("nonjson.js: agent_end handler failed: pi.appendEntry: data is not JSON: .list[0] is a cycle");
    assertThat(err).contains("nonjson.js: turn_end handler failed: pi.appendEntry: data is not JSON: .f is a function");
    assertThat(err).contains("nonjson.js: agent_start handler failed: pi.appendEntry: data is not JSON: .n is a BigInt (10n)");
    assertThat(problemLines(err)).as("every report is one line starting graft:").allSatisfy(l -> assertThat(l).doesNotContain("\tat "));
    assertThat(err).doesNotContain("Exception").doesNotContain("\tat ");

    Path file = sessionFile();
    CliRun check = CliRun.run(home, work, "session", "check", file.toString());
    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).contains("no problems");
    try (Session s = Session.open(file)) {
      List<SessionEntry> entries = s.entries();
      assertThat(entries).filteredOn(e -> e instanceof SessionEntry.Custom c && !c.customType().equals("good"))
          .as("nothing the hostile scripts tried to record").isEmpty();
      assertThat(entries).filteredOn(e -> e instanceof SessionEntry.Custom c && c.customType().equals("good")).hasSize(1);
      assertThat(entries).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(SessionEntry.Message.class,
          m -> assertThat(m.message().toString()).contains("Blocked: the tool_call hook in wrong.js returned an unusable answer")));
    }

    // The next turn, in the same session with the same scripts.
    Files.writeString(work.resolve("turns2.jsonl"), "{\"text\": \"second answer\"}\n");
    CliRun second = CliRun.run(home, work, "-p", "-c", "--scripts", "scripts", "--provider", "scripted", "--model",
        "turns2.jsonl", "--cwd", "proj", "and now?");
    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out().strip()).isEqualTo("second answer");
    assertThat(sessionFile()).isEqualTo(file);
    CliRun again = CliRun.run(home, work, "session", "check", file.toString());
    assertThat(again.exitCode()).as(again.out()).isZero();
    try (Session s = Session.open(file)) {
      assertThat(s.entries()).filteredOn(e -> e instanceof SessionEntry.Custom c && c.customType().equals("good")).hasSize(2);
      assertThat(s.entries()).filteredOn(e -> e instanceof SessionEntry.Message m && m.message().toString().contains("second answer"))
          .hasSize(1);
    }
  }
}
