package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionStore;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionCommandsTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final Path FIXTURES =
      Path.of("../runtime/src/test/resources/sessions/generated").toAbsolutePath().normalize();
  private static final Path EXAMPLE =
      Path.of("../docs/examples/session.jsonl").toAbsolutePath().normalize();

  @Test
  void versionAndHelp() {
    CliRun v = CliRun.run(home, work, "--version");
    assertThat(v.exitCode()).isZero();
    assertThat(v.out()).startsWith("graft 0.");
    CliRun help = CliRun.run(home, work, "--help");
    assertThat(help.out()).contains("session").contains("--verbose");
    CliRun sessionHelp = CliRun.run(home, work, "session", "--help");
    assertThat(sessionHelp.out()).contains("context", "tree", "list", "check");
  }

  @Test
  void contextPrintsTheReferenceShapesForEachLeaf() throws Exception {
    Path file = work.resolve("s.jsonl");
    Files.copy(FIXTURES.resolve("s7/session.jsonl"), file, StandardCopyOption.REPLACE_EXISTING);
    JsonNode expected;
    try (InputStream in =
        new GZIPInputStream(Files.newInputStream(FIXTURES.resolve("s7/expected.json.gz")))) {
      expected = Json.MAPPER.readTree(in).get("cases");
    }
    var ids = new ArrayList<String>();
    expected.fieldNames().forEachRemaining(ids::add);
    String a = ids.get(3);
    String b = ids.get(ids.size() - 4);
    CliRun run =
        CliRun.run(home, work, "session", "context", "s.jsonl", "--leaf", a, "--leaf", b, "--llm");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String[] lines = run.out().split("\n");
    assertThat(lines).hasSize(2);
    for (int i = 0; i < 2; i++) {
      JsonNode line = Json.parse(lines[i]);
      String leaf = i == 0 ? a : b;
      assertThat(line.get("leaf").asText()).isEqualTo(leaf);
      assertThat(normalize(line.get("context")))
          .isEqualTo(normalize(expected.get(leaf).get("context")));
      assertThat(normalize(line.get("llm"))).isEqualTo(normalize(expected.get(leaf).get("llm")));
    }
    CliRun plain = CliRun.run(home, work, "session", "context", file.toString());
    assertThat(Json.parse(plain.out()).has("llm")).isFalse();
    assertThat(normalize(Json.parse(plain.out()).get("context")))
        .isEqualTo(normalize(expected.get("").get("context")));
  }

  private static JsonNode normalize(JsonNode node) {
    return Json.jsValue(node); // number spelling and key order do not count
  }

  @Test
  void badInputGivesOneLineAndTheRightExitCode() throws Exception {
    CliRun missing = CliRun.run(home, work, "session", "context", "nope.jsonl");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err().strip())
        .startsWith("graft: ")
        .contains("no such file")
        .doesNotContain("\n");
    CliRun dir = CliRun.run(home, work, "session", "tree", work.toString());
    assertThat(dir.exitCode()).isEqualTo(1);
    assertThat(dir.err()).contains("is a directory");
    Files.copy(EXAMPLE, work.resolve("e.jsonl"));
    CliRun badLeaf = CliRun.run(home, work, "session", "context", "e.jsonl", "--leaf", "ffffffff");
    assertThat(badLeaf.exitCode()).isEqualTo(1);
    assertThat(badLeaf.err().strip())
        .isEqualTo("graft: entry ffffffff not found in " + work.resolve("e.jsonl"));
    CliRun unknown = CliRun.run(home, work, "session", "contxt");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("context");
    Path junk = work.resolve("junk.jsonl");
    Files.writeString(junk, "hello\n");
    CliRun notSession = CliRun.run(home, work, "session", "context", "junk.jsonl");
    assertThat(notSession.exitCode()).isEqualTo(1);
    assertThat(notSession.err().lines().count()).isEqualTo(1);
    assertThat(Files.readString(junk)).isEqualTo("hello\n");
  }

  @Test
  void treeMarksTheLeafLabelsAndBranches() {
    CliRun run = CliRun.run(home, work, "session", "tree", EXAMPLE.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("name \"date parser fix\"")
        .contains("[throwing fix]")
        .contains("├─ b8c9d0e1 label a7b8c9d0 = \"throwing fix\"")
        .contains("└─ e1f2a3b4 branch summary:")
        .contains("* b4c5d6e7 name: date parser fix  <- leaf");
  }

  @Test
  void treeJoinsAnAssistantTurnsPartsWithOneSpace() throws Exception {
    SessionStore store = new SessionStore(new GraftHome(home), Clock.systemUTC());
    Path file;
    try (Session s = store.create(work.toString())) {
      s.appendMessage(new AgentMessage.User("read it", 1));
      ObjectNode args = Json.object().put("path", "README.md");
      s.appendMessage(
          assistant(List.of(new ContentBlock.ToolCall("c1", "read", args, null)), "toolUse"));
      s.appendMessage(
          assistant(
              List.of(
                  new ContentBlock.Text("Read it."),
                  new ContentBlock.ToolCall("c2", "read", args, null)),
              "toolUse"));
      s.appendMessage(assistant(List.of(), "error"));
      s.appendMessage(assistant(List.of(), "aborted"));
      file = s.file().orElseThrow();
    }
    CliRun run = CliRun.run(home, work, "session", "tree", file.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(" assistant: [calls read]\n")
        .contains(" assistant: Read it. [calls read]\n")
        .contains(" assistant: [error]\n")
        .contains(" assistant: (aborted)  <- leaf\n");
    assertThat(run.out().lines().skip(1)).noneMatch(line -> line.contains(":  "));
  }

  private static AgentMessage.Assistant assistant(List<ContentBlock> content, String stop) {
    return new AgentMessage.Assistant(
        content, "scripted", "scripted", "scripted", Usage.ZERO, stop, Optional.empty(), 1, null);
  }

  @Test
  void checkReportsProblemsWithExitCodeOne() throws Exception {
    Files.copy(EXAMPLE, work.resolve("ok.jsonl"));
    CliRun ok = CliRun.run(home, work, "session", "check", "ok.jsonl");
    assertThat(ok.exitCode()).isZero();
    assertThat(ok.out()).contains("14 entries, no problems");
    Path broken = work.resolve("broken.jsonl");
    Files.writeString(
        broken,
        Files.readString(EXAMPLE)
            + "{\"type\":\"message\",\"id\":\"zz\",\"parentId\":\"missing\",\"timestamp\":\"x\",\"message\":{}}\n{oops\n");
    CliRun bad = CliRun.run(home, work, "session", "check", "broken.jsonl");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.out())
        .contains("line 16")
        .contains("line 17")
        .contains("parent missing does not exist")
        .contains("problems");
  }

  @Test
  void listShowsSessionsOfThisDirectoryNewestFirst() throws Exception {
    SessionStore store = new SessionStore(new GraftHome(home), Clock.systemUTC());
    try (Session s = store.create(work.toString())) {
      s.appendMessage(new AgentMessage.User("first question", 1));
      s.appendSessionInfo("named one");
    }
    Thread.sleep(20);
    try (Session s = store.create(work.toString())) {
      s.appendMessage(new AgentMessage.User("second question", 2));
    }
    try (Session s = store.create("/elsewhere")) {
      s.appendMessage(new AgentMessage.User("other dir", 3));
    }
    CliRun list = CliRun.run(home, work, "session", "list");
    assertThat(list.exitCode()).isZero();
    assertThat(list.out())
        .contains("second question")
        .contains("named one — first question")
        .doesNotContain("other dir");
    assertThat(list.out().indexOf("second question"))
        .isLessThan(list.out().indexOf("first question"));
    CliRun all = CliRun.run(home, work, "session", "list", "--all", "--format", "json");
    JsonNode array = Json.parse(all.out());
    assertThat(array.size()).isEqualTo(3);
    assertThat(array.get(0).get("firstMessage").asText()).isEqualTo("other dir");
    assertThat(array.get(2).get("name").asText()).isEqualTo("named one");
    assertThat(array.get(2).get("messageCount").asInt()).isEqualTo(1);
    CliRun empty = CliRun.run(home, Path.of("/nowhere"), "session", "list");
    assertThat(empty.out()).contains("No sessions for /nowhere");
  }

  @Test
  void listShowsTheSessionsOfTheSessionDirGiven() throws Exception {
    Path script = work.resolve("a.jsonl");
    Files.writeString(script, "{\"text\": \"ok\"}\n");
    Path kept = work.resolve("kept");
    CliRun made =
        CliRun.run(
            home,
            work,
            "-p",
            "--session-dir",
            "kept",
            "--provider",
            "scripted",
            "--model",
            "a.jsonl",
            "kept question");
    assertThat(made.exitCode()).as(made.err()).isZero();

    assertThat(CliRun.run(home, work, "session", "list").out()).doesNotContain("kept question");
    CliRun list = CliRun.run(home, work, "session", "list", "--session-dir", "kept");
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out()).contains("kept question").contains(kept.toString());
    CliRun byVariable =
        CliRun.run(home, work, Map.of("GRAFT_SESSION_DIR", kept.toString()), "session", "list");
    assertThat(byVariable.out()).contains("kept question");
    CliRun empty = CliRun.run(home, work, "session", "list", "--session-dir", "none");
    assertThat(empty.exitCode()).isZero();
    assertThat(empty.out()).isEqualTo("No sessions in " + work.resolve("none") + " yet.\n");
  }
}
