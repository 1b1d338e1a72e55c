package dev.graft.cli.interactive;

import dev.graft.cli.chat.Footer;
import dev.graft.cli.chat.FooterData;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The session's status: model, thinking level, how full the context is (the compaction estimate
 * against the model's window), the tokens and cost of the session so far, and the texts hook
 * scripts set. On a terminal it is the footer; without one, a line before each prompt. The totals
 * cover every branch of the session file; they are read once per session and then kept up to date
 * from the agent's messages.
 */
final class StatusLine {
  private String sessionId;
  private Usage total = Usage.ZERO;

  /** Adds an assistant message's usage (called for each message the agent finishes). */
  synchronized void add(AgentMessage message) {
    if (message instanceof AgentMessage.Assistant a && sessionId != null) {
      total = total.plus(a.usage());
    }
  }

  private synchronized Usage totals(Session session) {
    if (!session.id().equals(sessionId)) {
      sessionId = session.id();
      total = Usage.ZERO;
      for (SessionEntry e : session.messageEntries("assistant")) {
        if (e instanceof SessionEntry.Message m
            && m.message() instanceof AgentMessage.Assistant a) {
          total = total.plus(a.usage());
        }
      }
    }
    return total;
  }

  synchronized String render(AgentSession agent, List<String> statuses) {
    Session session = agent.session();
    double cost = totals(session).cost().total();
    long tokens = TokenEstimate.ofContext(session.buildContext().messages()).tokens();
    return format(
        agent.model().qualifiedId(),
        agent.model().reasoning() ? agent.thinking().wire() : null,
        tokens,
        agent.model().contextWindow(),
        cost,
        statuses);
  }

  /** What the footer shows. */
  FooterData footer(AgentSession agent, List<String> statuses) {
    Session session = agent.session();
    Usage u = totals(session);
    long tokens = TokenEstimate.ofContext(session.buildContext().messages()).tokens();
    return new FooterData(
        home(agent.cwd().toString()),
        session.name(),
        u.input(),
        u.output(),
        u.cacheRead(),
        u.cacheWrite(),
        u.cost().total(),
        tokens,
        agent.model().contextWindow(),
        agent.compactionSettings().enabled(),
        agent.model().qualifiedId(),
        agent.model().reasoning() ? Optional.of(agent.thinking().wire()) : Optional.empty(),
        statuses);
  }

  private static String home(String cwd) {
    String home = System.getProperty("user.home");
    String path = cwd;
    return home != null && !home.isEmpty() && (path.equals(home) || path.startsWith(home + "/"))
        ? "~" + path.substring(home.length())
        : path;
  }

  /** The line itself; {@code thinking} is null for a model without reasoning. */
  static String format(
      String model, String thinking, long tokens, long window, double cost, List<String> statuses) {
    List<String> parts = new ArrayList<>();
    parts.add(model);
    if (thinking != null) {
      parts.add("thinking " + thinking);
    }
    String percent =
        window > 0 ? String.format(Locale.ROOT, " (%.1f%%)", 100.0 * tokens / window) : "";
    parts.add("context " + tokens(tokens) + "/" + tokens(window) + percent);
    parts.add(String.format(Locale.ROOT, "$%.3f", cost));
    parts.addAll(statuses);
    return String.join(" · ", parts);
  }

  /** 950, 9.5k, 95k, 1.2M — as the reference's footer shows token counts. */
  static String tokens(long count) {
    return Footer.tokens(count);
  }
}
