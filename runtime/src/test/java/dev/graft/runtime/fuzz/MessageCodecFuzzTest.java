package dev.graft.runtime.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.SessionEntry;

/**
 * Whatever JSON arrives as a message or an entry (from a session file or a hook script), graft
 * writes it back as the same JSON value: fields it does not model, and shapes it cannot read, are
 * kept verbatim.
 */
class MessageCodecFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void anyJsonObjectRoundTrips(byte[] data) {
    JsonNode json;
    try {
      json = Json.parse(data, 0, data.length);
    } catch (Exception notJson) {
      return;
    }
    if (!(json instanceof ObjectNode object)) {
      return;
    }
    assertThat(Json.jsValue(MessageCodec.encode(MessageCodec.decode(object))))
        .isEqualTo(Json.jsValue(object));
    EntryCodec.decode(object)
        .ifPresent(entry ->
            assertThat(Json.jsValue(EntryCodec.encode(entry)))
                .isEqualTo(
                    Json.jsValue(
                        entry instanceof SessionEntry.Unknown ? object : withNullParent(object))));
  }

  /**
   * A modelled entry written back always has a parentId (null for a root), as the reference writes
   * it.
   */
  private static JsonNode withNullParent(ObjectNode object) {
    ObjectNode copy = object.deepCopy();
    if (!copy.has("parentId")) {
      copy.putNull("parentId");
    }
    return copy;
  }
}
