package dev.graft.cli.interactive;

import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The status line shown before each prompt: model, thinking level, how full the context is
 * (the compaction estimate against the model's window), what the session cost so far, and the
 * texts hook scripts set. The cost covers every branch of the session file; it is read once per
 * session and then kept up to date from the agent's messages.
 */
final class StatusLine {
  private String costSessionId;
  private double cost;

  /** Adds an assistant message's cost (called for each message the agent finishes). */
  synchronized void add(AgentMessage message) {
    if (message instanceof AgentMessage.Assistant a && costSessionId != null) {
      cost += a.usage().cost().total();
    }
  }

  synchronized String render(AgentSession agent, List<String> statuses) {
    Session session = agent.session();
    if (!session.id().equals(costSessionId)) {
      costSessionId = session.id();
      cost = 0;
      for (SessionEntry e : session.messageEntries("assistant")) {
        if (e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.Assistant a) {
          cost += a.usage().cost().total();
        }
      }
    }
    long tokens = TokenEstimate.ofContext(session.buildContext().messages()).tokens();
    return format(agent.model().qualifiedId(), agent.model().reasoning() ? agent.thinking().wire() : null, tokens,
        agent.model().contextWindow(), cost, statuses);
  }

  /** The line itself; {@code thinking} is null for a model without reasoning. */
  static String format(String model, String thinking, long tokens, long window, double cost, List<String> statuses) {
    List<String> parts = new ArrayList<>();
    parts.add(model);
    if (thinking != null) {
      parts.add("thinking " + thinking);
    }
    String percent = window > 0 ? String.format(Locale.ROOT, " (%.1f%%)", 100.0 * tokens / window) : "";
    parts.add("context " + tokens(tokens) + "/" + tokens(window) + percent);
    parts.add(String.format(Locale.ROOT, "$%.3f", cost));
    parts.addAll(statuses);
    return String.join(" · ", parts);
  }

  /** 950, 9.5k, 95k, 1.2M — as the reference's footer shows token counts. */
  static String tokens(long count) {
    if (count < 1000) {
      return Long.toString(count);
    }
    if (count < 10_000) {
      return String.format(Locale.ROOT, "%.1fk", count / 1000.0);
    }
    if (count < 1_000_000) {
      return Math.round(count / 1000.0) + "k";
    }
    if (count < 10_000_000) {
      return String.format(Locale.ROOT, "%.1fM", count / 1_000_000.0);
    }
    return Math.round(count / 1_000_000.0) + "M";
  }
}
