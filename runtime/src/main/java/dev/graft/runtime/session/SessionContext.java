package dev.graft.runtime.session;

import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the model sees for one leaf: the messages on the path (after compaction), and the
 * thinking level and model last set on that path.
 */
public record SessionContext(List<AgentMessage> messages, String thinkingLevel, Optional<ModelRef> model) {
  public SessionContext {
    messages = List.copyOf(messages);
    Objects.requireNonNull(thinkingLevel, "thinkingLevel");
    model = model == null ? Optional.empty() : model;
  }

  public static final SessionContext EMPTY = new SessionContext(List.of(), "off", Optional.empty());

  /** A provider and model id, as a model_change entry or an assistant message names them. */
  public record ModelRef(String provider, String modelId) {
    public ModelRef {
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(modelId, "modelId");
    }
  }
}
