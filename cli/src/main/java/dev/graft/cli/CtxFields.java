package dev.graft.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.json.Json;
import java.nio.file.Path;

/** The plain fields of a script handler's {@code ctx}: where the session is and what it runs with. */
public final class CtxFields {
  private CtxFields() {}

  /** {cwd} alone while the agent is not ready yet; then also sessionFile, model and thinkingLevel. */
  public static ObjectNode of(AgentSession agent, Path cwd) {
    ObjectNode data = Json.object().put("cwd", cwd.toString());
    if (agent != null) {
      agent.session().file().ifPresent(f -> data.put("sessionFile", f.toString()));
      data.put("model", agent.model().qualifiedId());
      data.put("thinkingLevel", agent.thinking().wire());
    }
    return data;
  }
}
