package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ctx.sessionManager in a real run: a context handler reads the branch of a long session file. */
class SessionViewCliTest {
  @TempDir Path home;
  @TempDir Path work;

  @Test
  void aContextHandlerReadsTheBranchOfALongSessionOnEveryModelCall() throws Exception {
    Path proj = Files.createDirectories(work.resolve("proj"));
    Path file;
    try (Session s =
        new SessionStore(new GraftHome(home), Clock.systemUTC()).create(proj.toString())) {
      for (int i = 0; i < 1000; i++) {
        s.appendMessage(new AgentMessage.User("question " + i, i));
        s.appendMessage(
            new AgentMessage.Assistant(
                List.of(new ContentBlock.Text("answer " + i)),
                "scripted",
                "scripted",
                "scripted",
                Usage.ZERO,
                "stop",
                Optional.empty(),
                i,
                null));
      }
      s.appendLabelChange(s.branchPath().getFirst().id(), Optional.of("start"));
      file = s.file().orElseThrow();
    }
    String firstLine = Files.readAllLines(file).get(1);
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/reader.js"),
        """
        export default function (graft) {
          graft.on("context", (event, ctx) => {
            const sm = ctx.sessionManager;
            const branch = sm.getBranch();
            const leaf = sm.getLeafEntry();
            graft.appendEntry("branch", {
              length: branch.length,
              messages: branch.filter(e => e.type === "message").length,
              sent: event.messages.length,
              first: JSON.stringify(branch[0]),
              lastText: branch[branch.length - 1].message.content[0].text ?? branch[branch.length - 1].message.content,
              leafIsLast: leaf === branch[branch.length - 1] && sm.getLeafId() === leaf.id,
              label: sm.getLabel(branch[0].id),
              entries: sm.getEntries().length,
              roots: sm.getTree().length,
              file: sm.getSessionFile(),
              header: sm.getHeader().id === sm.getSessionId(),
            });
          });
        }
        """);
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"toolCalls": [{"name": "ls", "arguments": {}}]}
        {"text": "done"}
        """);
    CliRun run =
        CliRun.run(
            home,
            work,
            "-p",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "--session",
            file.toString(),
            "one more");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("done");
    List<JsonNode> seen;
    try (Session s = Session.open(file)) {
      seen =
          s.entries().stream()
              .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("branch"))
              .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
              .toList();
    }
    assertThat(seen).hasSize(2);
    JsonNode first = seen.get(0);
    // 2000 messages, the label, the model and thinking-level changes, and the new user message
    assertThat(first.get("messages").asInt()).isEqualTo(2001);
    assertThat(first.get("sent").asInt()).isEqualTo(2001);
    assertThat(first.get("lastText").asText()).isEqualTo("one more");
    assertThat(Json.parse(first.get("first").asText())).isEqualTo(Json.parse(firstLine));
    assertThat(first.get("leafIsLast").asBoolean()).isTrue();
    assertThat(first.get("label").asText()).isEqualTo("start");
    assertThat(first.get("entries").asInt()).isEqualTo(first.get("length").asInt());
    assertThat(first.get("roots").asInt()).isEqualTo(1);
    assertThat(first.get("file").asText()).isEqualTo(file.toString());
    assertThat(first.get("header").asBoolean()).isTrue();
    // the second call sees the first call's entry, the assistant's tool call and its result
    JsonNode second = seen.get(1);
    assertThat(second.get("messages").asInt()).isEqualTo(2003);
    assertThat(second.get("length").asInt()).isEqualTo(first.get("length").asInt() + 3);
    assertThat(second.get("lastText").asText()).contains("ls").doesNotContain("one more");
  }
}
