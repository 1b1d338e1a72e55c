package dev.graft.runtime.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every entry and message of the reference fixtures is written back as the same JSON value. */
class MessageCodecRoundTripTest {

  @Test
  void everyFixtureLineRoundTrips() throws Exception {
    Path root = Path.of(getClass().getResource("/sessions/generated").toURI());
    int entries = 0;
    int typedMessages = 0;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(1, lines.size())) {
          ObjectNode json = (ObjectNode) Json.parse(line);
          SessionEntry entry = EntryCodec.decode(json).orElseThrow();
          assertThat(entry).as(line).isNotInstanceOf(SessionEntry.Unknown.class);
          assertThat(Json.jsValue(EntryCodec.encode(entry))).as(line).isEqualTo(Json.jsValue(json));
          if (entry instanceof SessionEntry.Message m) {
            assertThat(m.message()).as(line).isNotInstanceOf(AgentMessage.Unknown.class);
            typedMessages++;
          }
          entries++;
        }
      }
    }
    assertThat(entries).isGreaterThan(2000);
    assertThat(typedMessages).isGreaterThan(1000);
  }

  @Test
  void malformedMessagesAreKeptVerbatim() throws Exception {
    for (String text :
        List.of(
            "{\"role\":\"user\",\"content\":42,\"timestamp\":1}",
            "{\"role\":\"assistant\",\"content\":[],\"api\":\"a\",\"provider\":\"p\",\"model\":\"m\",\"usage\":{\"input\":-1},\"stopReason\":\"stop\",\"timestamp\":1}",
            "{\"role\":\"user\",\"content\":[\"not a block\"],\"timestamp\":1}",
            "{\"role\":\"hologram\",\"beam\":true}",
            "{\"role\":\"user\",\"content\":\"x\",\"timestamp\":1.5}")) {
      JsonNode json = Json.parse(text);
      AgentMessage m = MessageCodec.decode(json);
      assertThat(m).as(text).isInstanceOf(AgentMessage.Unknown.class);
      assertThat(MessageCodec.encode(m)).isEqualTo(json);
    }
  }

  @Test
  void unknownBlocksAndOptionalFlagsSurvive() throws Exception {
    String text =
        "{\"role\":\"bashExecution\",\"command\":\"ls\",\"output\":\"\",\"cancelled\":false,\"truncated\":false,"
            + "\"timestamp\":3,\"excludeFromContext\":false}";
    AgentMessage m = MessageCodec.decode(Json.parse(text));
    assertThat(m).isInstanceOf(AgentMessage.BashExecution.class);
    assertThat(Json.jsValue(MessageCodec.encode(m))).isEqualTo(Json.jsValue(Json.parse(text)));
    String withBlock =
        "{\"role\":\"assistant\",\"content\":[{\"type\":\"hologram\",\"x\":1},{\"type\":\"text\",\"text\":\"t\",\"textSignature\":\"s\"}],"
            + "\"api\":\"a\",\"provider\":\"p\",\"model\":\"m\",\"usage\":{\"input\":1,\"output\":2,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":3,"
            + "\"cost\":{\"input\":0.25,\"output\":1e-7,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0.2500001}},\"stopReason\":\"stop\",\"timestamp\":1}";
    AgentMessage a = MessageCodec.decode(Json.parse(withBlock));
    assertThat(a).isInstanceOf(AgentMessage.Assistant.class);
    assertThat(((AgentMessage.Assistant) a).content().getFirst())
        .isInstanceOf(ContentBlock.Unknown.class);
    assertThat(Json.jsValue(MessageCodec.encode(a))).isEqualTo(Json.jsValue(Json.parse(withBlock)));
  }

  @Test
  void bashRunsReadToTheModelAsTheReferenceWritesThem() {
    var run =
        new AgentMessage.BashExecution(
            "make",
            "",
            Optional.of(2L),
            false,
            true,
            Optional.of("/tmp/out.txt"),
            Optional.empty(),
            1,
            null);
    assertThat(LlmMessages.bashExecutionToText(run))
        .isEqualTo(
            "Ran `make`\n(no output)\n\nCommand exited with code 2\n\n[Output truncated. Full output: /tmp/out.txt]");
    var hidden =
        new AgentMessage.BashExecution(
            "ls", "a", Optional.of(0L), false, false, Optional.empty(), Optional.of(true), 1, null);
    assertThat(LlmMessages.convert(List.of(hidden))).isEmpty();
  }
}
