package dev.graft.cli.chat;

import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Optional;

/**
 * How a script's renderer shows its custom message (plain lines), or empty for the default. It may
 * wait for the script: never called on the UI thread.
 */
@FunctionalInterface
public interface CustomRenderer {
  Optional<List<String>> render(AgentMessage.Custom message);

  CustomRenderer NONE = message -> Optional.empty();
}
