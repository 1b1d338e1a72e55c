package dev.graft.cli.interactive;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.Usage;
import java.util.List;

/** Counts and totals of a context's messages, for {@code /session}. */
record SessionStats(
    int user, int assistant, int toolCalls, int toolResults, int shell, int total, Usage usage) {

  static SessionStats of(List<AgentMessage> messages) {
    int user = 0, assistant = 0, calls = 0, results = 0, shell = 0;
    Usage usage = Usage.ZERO;
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> user++;
        case AgentMessage.Assistant a -> {
          assistant++;
          calls += a.toolCalls().size();
          usage = usage.plus(a.usage());
        }
        case AgentMessage.ToolResult t -> results++;
        case AgentMessage.BashExecution b -> shell++;
        default -> {}
      }
    }
    return new SessionStats(user, assistant, calls, results, shell, messages.size(), usage);
  }
}
