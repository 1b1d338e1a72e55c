package dev.graft.runtime.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A decoded record with no field beyond those graft models shares one empty, unchangeable {@code
 * extra}: `session tree` holds every entry, and 100,000 entries held 425,000 empty objects (about
 * 37 MB). What a line has beyond the model is still kept and written back.
 */
class SharedEmptyExtraTest {
  private static final String PLAIN =
      "{\"type\":\"message\",\"id\":\"a1\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:00.000Z\","
          + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"},"
          + "{\"type\":\"toolCall\",\"id\":\"c\",\"name\":\"read\",\"arguments\":{}}],"
          + "\"api\":\"anthropic-messages\",\"provider\":\"anthropic\",\"model\":\"m\","
          + "\"usage\":{\"input\":1,\"output\":2,\"cacheRead\":0,\"cacheWrite\":0,\"totalTokens\":3,"
          + "\"cost\":{\"input\":0,\"output\":0,\"cacheRead\":0,\"cacheWrite\":0,\"total\":0}},"
          + "\"stopReason\":\"toolUse\",\"timestamp\":1}}";

  @Test
  void recordsWithNothingExtraShareOneEmptyObjectThatCannotChange() throws Exception {
    List<ObjectNode> extras = extras(decode(PLAIN));
    extras.addAll(extras(decode(PLAIN.replace("a1", "a2"))));
    assertThat(extras).hasSize(12);
    for (ObjectNode extra : extras) {
      assertThat(extra).isSameAs(extras.getFirst()).isEmpty();
    }
    assertThatThrownBy(() -> extras.getFirst().put("x", 1))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(Json.MAPPER.writeValueAsString(EntryCodec.encode(decode(PLAIN)))).isEqualTo(PLAIN);
  }

  @Test
  void fieldsBeyondTheModelAreKeptInOrderAndWrittenBack() throws Exception {
    String line =
        PLAIN
            .replace("\"text\":\"hi\"}", "\"text\":\"hi\",\"textSignature\":\"s\"}")
            .replace("\"timestamp\":1}}", "\"timestamp\":1,\"responseId\":\"r\"},\"z\":[1]}");
    SessionEntry.Message m = decode(line);
    assertThat(m.extra().toString()).isEqualTo("{\"z\":[1]}");
    AgentMessage.Assistant a = (AgentMessage.Assistant) m.message();
    assertThat(a.extra().toString()).isEqualTo("{\"responseId\":\"r\"}");
    assertThat(((ContentBlock.Text) a.content().getFirst()).extra().toString())
        .isEqualTo("{\"textSignature\":\"s\"}");
    assertThat(Json.MAPPER.writeValueAsString(EntryCodec.encode(m))).isEqualTo(line);
  }

  private static SessionEntry.Message decode(String line) throws Exception {
    return (SessionEntry.Message) EntryCodec.decode((ObjectNode) Json.parse(line)).orElseThrow();
  }

  private static List<ObjectNode> extras(SessionEntry.Message m) {
    AgentMessage.Assistant a = (AgentMessage.Assistant) m.message();
    List<ObjectNode> extras = new ArrayList<>();
    extras.add(m.extra());
    extras.add(a.extra());
    for (ContentBlock block : a.content()) {
      switch (block) {
        case ContentBlock.Text t -> extras.add(t.extra());
        case ContentBlock.ToolCall c -> extras.add(c.extra());
        default -> throw new AssertionError(block);
      }
    }
    extras.add(a.usage().extra());
    extras.add(a.usage().cost().extra());
    return extras;
  }
}
