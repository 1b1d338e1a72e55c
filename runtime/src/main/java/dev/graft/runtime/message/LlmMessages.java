package dev.graft.runtime.message;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns session messages into what a model receives: user, assistant and tool-result messages.
 * Shell runs, hook messages and summaries become user messages with the reference agent's exact
 * wording, so a session reads the same to the model in graft and in the reference.
 */
public final class LlmMessages {
  public static final String COMPACTION_SUMMARY_PREFIX =
      "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
  public static final String COMPACTION_SUMMARY_SUFFIX = "\n</summary>";
  public static final String BRANCH_SUMMARY_PREFIX =
      "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
  public static final String BRANCH_SUMMARY_SUFFIX = "</summary>";

  private LlmMessages() {}

  /** The reference's {@code convertToLlm}: one output message per input, some left out. */
  public static List<AgentMessage> convert(List<AgentMessage> messages) {
    List<AgentMessage> out = new ArrayList<>(messages.size());
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> out.add(u);
        case AgentMessage.Assistant a -> out.add(a);
        case AgentMessage.ToolResult t -> out.add(t);
        case AgentMessage.BashExecution b -> {
          if (!b.excluded()) {
            out.add(userText(bashExecutionToText(b), b.timestamp()));
          }
        }
        case AgentMessage.Custom c ->
            out.add(
                new AgentMessage.User(
                    new MessageContent.Blocks(c.content().asBlocks()), c.timestamp(), null));
        case AgentMessage.BranchSummary b ->
            out.add(
                userText(
                    BRANCH_SUMMARY_PREFIX + b.summary() + BRANCH_SUMMARY_SUFFIX, b.timestamp()));
        case AgentMessage.CompactionSummary c ->
            out.add(
                userText(
                    COMPACTION_SUMMARY_PREFIX + c.summary() + COMPACTION_SUMMARY_SUFFIX,
                    c.timestamp()));
        case AgentMessage.Unknown u -> {
          String role = u.role();
          if (role.equals("user") || role.equals("assistant") || role.equals("toolResult")) {
            out.add(u);
          }
        }
      }
    }
    return out;
  }

  private static AgentMessage.User userText(String text, long timestamp) {
    return new AgentMessage.User(
        new MessageContent.Blocks(List.of(new ContentBlock.Text(text))), timestamp, null);
  }

  /** How a {@code !command} run reads to the model. */
  public static String bashExecutionToText(AgentMessage.BashExecution msg) {
    StringBuilder text = new StringBuilder("Ran `").append(msg.command()).append("`\n");
    if (!msg.output().isEmpty()) {
      text.append("```\n").append(msg.output()).append("\n```");
    } else {
      text.append("(no output)");
    }
    if (msg.cancelled()) {
      text.append("\n\n(command cancelled)");
    } else if (msg.exitCode().isPresent() && msg.exitCode().get() != 0) {
      text.append("\n\nCommand exited with code ").append(msg.exitCode().get());
    }
    if (msg.truncated()
        && msg.fullOutputPath().isPresent()
        && !msg.fullOutputPath().get().isEmpty()) {
      text.append("\n\n[Output truncated. Full output: ")
          .append(msg.fullOutputPath().get())
          .append("]");
    }
    return text.toString();
  }
}
