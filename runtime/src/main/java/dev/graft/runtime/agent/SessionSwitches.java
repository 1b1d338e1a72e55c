package dev.graft.runtime.agent;

import dev.graft.runtime.hooks.SessionHooks;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Replacing the agent's session (/new, /resume, /fork) with the session hooks around it, in the
 * reference's order: {@code session_before_*} (which may cancel), {@code session_shutdown} for the
 * session being left, the change, then {@code session_start} and {@code session_switch} or {@code
 * session_fork}. Scripts stay loaded across the change (the reference reloads them), so they see
 * the same events a reloaded extension would.
 */
final class SessionSwitches {
  private final Session session;
  private final SessionHooks hooks;

  SessionSwitches(Session session, SessionHooks hooks) {
    this.session = session;
    this.hooks = hooks;
  }

  boolean toNew() {
    if (hooks.sessionBeforeSwitch(SessionHooks.Reason.NEW, Optional.empty()).cancel()) {
      return false;
    }
    Optional<Path> previous = session.file();
    hooks.sessionShutdown(SessionHooks.Reason.NEW, Optional.empty());
    session.startNewSession();
    started(SessionHooks.Reason.NEW, previous);
    return true;
  }

  boolean resume(Path file) throws SessionFileException {
    Path target = file.toAbsolutePath().normalize();
    if (hooks.sessionBeforeSwitch(SessionHooks.Reason.RESUME, Optional.of(target)).cancel()) {
      return false;
    }
    Optional<Path> previous = session.file();
    hooks.sessionShutdown(SessionHooks.Reason.RESUME, Optional.of(target));
    try {
      session.switchTo(target);
    } catch (SessionFileException | RuntimeException e) {
      // The session was kept (Session.switchTo changes nothing when it fails): hooks that shut
      // down for the switch start again on it.
      hooks.sessionStart(SessionHooks.Reason.RESUME, previous);
      throw e;
    }
    started(SessionHooks.Reason.RESUME, previous);
    return true;
  }

  private void started(SessionHooks.Reason reason, Optional<Path> previous) {
    hooks.sessionStart(reason, previous);
    hooks.sessionSwitch(reason, previous);
  }

  /**
   * Forks before the user message {@code entryId} (its text is handed back), or with {@code at} at
   * any entry, keeping it (the reference's /clone position).
   */
  AgentSession.ForkResult fork(String entryId, boolean at) throws SessionFileException {
    SessionEntry entry =
        session
            .entry(entryId)
            .orElseThrow(() -> new IllegalArgumentException("entry " + entryId + " not found"));
    Optional<String> text = Optional.empty();
    if (!at) {
      if (!(entry instanceof SessionEntry.Message m
          && m.message() instanceof AgentMessage.User user)) {
        throw new IllegalArgumentException(
            "fork from a user message (entry " + entryId + " is not one)");
      }
      text = Optional.of(user.content().text(""));
    }
    if (hooks.sessionBeforeFork(entryId, at ? "at" : "before").cancel()) {
      return AgentSession.ForkResult.CANCELLED;
    }
    Optional<String> leaf = at ? Optional.of(entryId) : entry.parentId();
    Optional<Path> previous = session.file();
    hooks.sessionShutdown(SessionHooks.Reason.FORK, Optional.empty());
    Optional<Path> file;
    try {
      if (leaf.isPresent()) {
        file = session.createBranchedSession(leaf.get());
      } else {
        session.startNewSession();
        file = Optional.empty();
      }
    } catch (SessionFileException | RuntimeException e) {
      hooks.sessionStart(SessionHooks.Reason.FORK, previous);
      throw e;
    }
    hooks.sessionStart(SessionHooks.Reason.FORK, previous);
    hooks.sessionFork(previous);
    return new AgentSession.ForkResult(false, text, file);
  }
}
