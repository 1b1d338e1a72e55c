package dev.graft.runtime.session;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.message.MessageCodec;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the model sees for one leaf: the messages on the path (after compaction), and the thinking
 * level and model last set on that path. {@code thinkingLevelSet}: whether an entry on the path set
 * the level (else it is the reference's "off" for a path without one).
 */
public record SessionContext(
    List<AgentMessage> messages,
    String thinkingLevel,
    boolean thinkingLevelSet,
    Optional<ModelRef> model) {
  public SessionContext {
    messages = List.copyOf(messages);
    Objects.requireNonNull(thinkingLevel, "thinkingLevel");
    model = model == null ? Optional.empty() : model;
  }

  /**
   * The reference's JSON form: {@code {"messages":[...],"thinkingLevel":...,"model":{...}|null}}.
   */
  public ObjectNode toJson() {
    ObjectNode o = Json.object();
    ArrayNode list = o.putArray("messages");
    messages.forEach(m -> list.add(MessageCodec.encode(m)));
    o.put("thinkingLevel", thinkingLevel);
    if (model.isPresent()) {
      ObjectNode m = o.putObject("model");
      m.put("provider", model.get().provider());
      m.put("modelId", model.get().modelId());
    } else {
      o.putNull("model");
    }
    return o;
  }

  /** The messages as the model receives them ({@link LlmMessages#convert}), as JSON. */
  public ArrayNode llmJson() {
    ArrayNode list = Json.array();
    LlmMessages.convert(messages).forEach(m -> list.add(MessageCodec.encode(m)));
    return list;
  }

  public static final SessionContext EMPTY =
      new SessionContext(List.of(), "off", false, Optional.empty());

  /** A provider and model id, as a model_change entry or an assistant message names them. */
  public record ModelRef(String provider, String modelId) {
    public ModelRef {
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(modelId, "modelId");
    }
  }
}
