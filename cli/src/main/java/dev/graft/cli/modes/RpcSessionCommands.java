package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.UserSettings;
import dev.graft.cli.host.AgentControl;
import dev.graft.cli.interactive.InteractiveMode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.config.QueueMode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The RPC commands about the session: its state, messages and statistics, its name, and moving to
 * another session ({@code new_session}, {@code switch_session}, {@code fork}).
 */
final class RpcSessionCommands {
  private final AgentSession agent;
  private final SessionStore store;
  private final Path userSettings;
  private final InteractiveMode.Exporter exporter;
  private final RpcAgentThread thread;
  private final Consumer<ObjectNode> write;

  /**
   * {@code userSettings}: the user's settings.json, where {@code set_auto_compaction} is kept;
   * {@code exporter}: {@code graft session export}, for {@code export_html}.
   */
  RpcSessionCommands(
      AgentSession agent,
      SessionStore store,
      Path userSettings,
      InteractiveMode.Exporter exporter,
      RpcAgentThread thread,
      Consumer<ObjectNode> write) {
    this.agent = agent;
    this.store = store;
    this.userSettings = userSettings;
    this.exporter = exporter;
    this.thread = thread;
    this.write = write;
  }

  void getState(RpcRequest r) {
    Session s = agent.session();
    ObjectNode o = Json.object();
    o.set("model", RpcModelCommands.json(agent.model()));
    o.put("thinkingLevel", agent.effectiveThinking().wire());
    o.put("isStreaming", !agent.isIdle());
    o.put("isCompacting", agent.isCompacting());
    o.put("steeringMode", agent.steeringMode().wire());
    o.put("followUpMode", agent.followUpMode().wire());
    s.file().ifPresent(f -> o.put("sessionFile", f.toString()));
    o.put("sessionId", s.id());
    s.name().ifPresent(n -> o.put("sessionName", n));
    o.put("autoCompactionEnabled", agent.compactionSettings().enabled());
    o.put("messageCount", s.buildContext().messages().size());
    o.put("pendingMessageCount", agent.pendingMessageCount());
    write.accept(r.success().set("data", o));
  }

  /**
   * Switches automatic compaction, as /settings does, and keeps it as {@code compaction.enabled} in
   * the user's settings file (as the reference); a file that cannot be written leaves the switch
   * made, with one warning.
   */
  void setAutoCompaction(RpcRequest r) {
    boolean enabled = r.requireBoolean("enabled");
    CompactionSettings c = agent.compactionSettings();
    agent.setCompactionSettings(
        new CompactionSettings(enabled, c.reserveTokens(), c.keepRecentTokens()));
    UserSettings.keep(
            userSettings,
            "auto-compaction is " + (enabled ? "on" : "off"),
            "compaction.enabled",
            s -> s.setCompaction("enabled", enabled))
        .ifPresent(agent::warn);
    write.accept(r.success());
  }

  /**
   * How queued steering messages ({@code field} {@code steeringMode}) or follow-ups ({@code
   * followUpMode}) are delivered ({@code mode}: {@code all} or {@code one-at-a-time}), kept as
   * {@code field} in the user's settings file, as the reference.
   */
  void setQueueMode(RpcRequest r, String field) {
    QueueMode mode = queueMode(r);
    String what;
    if (field.equals(STEERING_MODE)) {
      agent.setSteeringMode(mode);
      what = "the steering mode";
    } else {
      agent.setFollowUpMode(mode);
      what = "the follow-up mode";
    }
    UserSettings.keep(
            userSettings, what + " is " + mode.wire(), field, s -> s.set(field, mode.wire()))
        .ifPresent(agent::warn);
    write.accept(r.success());
  }

  static final String STEERING_MODE = "steeringMode";
  static final String FOLLOW_UP_MODE = "followUpMode";

  private static QueueMode queueMode(RpcRequest r) {
    String mode = r.requireText("mode");
    return QueueMode.parse(mode)
        .orElseThrow(() ->
            new IllegalArgumentException(
                "unknown mode '" + mode + "': use \"all\" or \"one-at-a-time\""));
  }

  /**
   * Switches automatic retries, as the reference's {@code set_auto_retry}, and keeps it as {@code
   * retry.enabled} in the user's settings file; a file that cannot be written leaves the switch
   * made, with one warning.
   */
  void setAutoRetry(RpcRequest r) {
    boolean enabled = r.requireBoolean("enabled");
    agent.setAutoRetryEnabled(enabled);
    UserSettings.keep(
            userSettings,
            "auto-retry is " + (enabled ? "on" : "off"),
            "retry.enabled",
            s -> s.setRetry("enabled", enabled))
        .ifPresent(agent::warn);
    write.accept(r.success());
  }

  /**
   * The session as the HTML page {@code graft session export FILE [-o outputPath]} writes (as
   * /export does): {@code data: {path}}, as the reference answers.
   */
  void exportHtml(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          Optional<String> output = r.optionalText("outputPath");
          agent.syncSession();
          Path file =
              agent
                  .session()
                  .file()
                  .filter(Files::exists)
                  .orElseThrow(() ->
                      new IllegalStateException(
                          "nothing to export yet: the session has no file until its first message"));
          String page = exporter.export(file, output);
          write.accept(r.success().set("data", Json.object().put("path", page)));
        });
  }

  void getMessages(RpcRequest r) {
    ObjectNode data = Json.object();
    ArrayNode messages = data.putArray("messages");
    agent.session().buildContext().messages().forEach(m -> messages.add(MessageCodec.encode(m)));
    write.accept(r.success().set("data", data));
  }

  void getLastAssistantText(RpcRequest r) {
    ObjectNode data = Json.object();
    lastAssistantText().ifPresentOrElse(t -> data.put("text", t), () -> data.putNull("text"));
    write.accept(r.success().set("data", data));
  }

  /**
   * The last answer's text, trimmed, as the reference gives it: an aborted answer with no content
   * (an abort between a tool call and the next model call) is passed over.
   */
  private Optional<String> lastAssistantText() {
    List<AgentMessage> messages = agent.session().buildContext().messages();
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof AgentMessage.Assistant a
          && !(a.stoppedWith(StopReason.ABORTED) && a.content().isEmpty())) {
        String text =
            new MessageContent.Blocks(
                    a.content().stream().filter(ContentBlock.Text.class::isInstance).toList())
                .text("")
                .strip();
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
      }
    }
    return Optional.empty();
  }

  void getSessionStats(RpcRequest r) {
    Session s = agent.session();
    List<AgentMessage> messages = s.buildContext().messages();
    long user = 0,
        assistant = 0,
        results = 0,
        calls = 0,
        in = 0,
        outTokens = 0,
        cacheRead = 0,
        cacheWrite = 0;
    double cost = 0;
    for (AgentMessage m : messages) {
      switch (m) {
        case AgentMessage.User u -> user++;
        case AgentMessage.ToolResult t -> results++;
        case AgentMessage.Assistant a -> {
          assistant++;
          calls += a.toolCalls().size();
          in += a.usage().input();
          outTokens += a.usage().output();
          cacheRead += a.usage().cacheRead();
          cacheWrite += a.usage().cacheWrite();
          cost += a.usage().cost().total();
        }
        default -> {}
      }
    }
    ObjectNode o = Json.object();
    s.file().ifPresent(f -> o.put("sessionFile", f.toString()));
    o.put("sessionId", s.id());
    o.put("userMessages", user)
        .put("assistantMessages", assistant)
        .put("toolCalls", calls)
        .put("toolResults", results);
    o.put("totalMessages", messages.size());
    o.putObject("tokens")
        .put("input", in)
        .put("output", outTokens)
        .put("cacheRead", cacheRead)
        .put("cacheWrite", cacheWrite)
        .put("total", in + outTokens + cacheRead + cacheWrite);
    o.set("cost", Json.number(cost));
    // as the reference: none without a context window; tokens and percent null when unknown
    AgentControl.contextUsage(agent)
        .ifPresent(u -> {
          ObjectNode usage = o.putObject("contextUsage");
          if (u.tokens().isPresent()) {
            usage.put("tokens", u.tokens().getAsLong());
          } else {
            usage.putNull("tokens");
          }
          usage.put("contextWindow", u.contextWindow());
          if (u.percent().isPresent()) {
            usage.put("percent", u.percent().getAsDouble());
          } else {
            usage.putNull("percent");
          }
        });
    write.accept(r.success().set("data", o));
  }

  void setSessionName(RpcRequest r) {
    String name = r.requireText("name").strip();
    if (name.isEmpty()) {
      throw new IllegalArgumentException("Session name cannot be empty");
    }
    agent.setSessionName(name);
    write.accept(r.success());
  }

  void newSession(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          boolean done = agent.newSession();
          write.accept(r.success().set("data", Json.object().put("cancelled", !done)));
        });
  }

  void switchSession(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          String target = r.requireText("sessionPath");
          Path file =
              store
                  .resolve(target, agent.session().cwd())
                  .orElseThrow(() ->
                      new IllegalArgumentException(
                          "no such session file or session id: " + target));
          boolean done = agent.switchSession(file);
          write.accept(r.success().set("data", Json.object().put("cancelled", !done)));
        });
  }

  void getForkMessages(RpcRequest r) {
    ObjectNode data = Json.object();
    ArrayNode messages = data.putArray("messages");
    for (SessionEntry e : agent.session().messageEntries("user")) {
      if (e instanceof SessionEntry.Message m
          && m.message() instanceof AgentMessage.User u
          && !u.content().text("").isEmpty()) {
        messages.addObject().put("entryId", e.id()).put("text", u.content().text(""));
      }
    }
    write.accept(r.success().set("data", data));
  }

  /**
   * A new session holding the current path whole, the leaf included (the reference's {@code clone},
   * a fork at the leaf): {@code data: {cancelled}}.
   */
  void cloneSession(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          String leaf =
              agent
                  .session()
                  .leafId()
                  .orElseThrow(() ->
                      new IllegalStateException("Cannot clone session: no current entry selected"));
          AgentSession.ForkResult cloned = agent.forkAt(leaf);
          write.accept(r.success().set("data", Json.object().put("cancelled", cloned.cancelled())));
        });
  }

  void fork(RpcRequest r) {
    thread.whenIdle(
        r,
        () -> {
          String entryId = r.requireText("entryId");
          SessionEntry entry =
              agent
                  .session()
                  .entry(entryId)
                  .orElseThrow(
                      () -> new IllegalArgumentException("entry " + entryId + " not found"));
          if (!(entry instanceof SessionEntry.Message m
              && m.message() instanceof AgentMessage.User)) {
            throw new IllegalArgumentException(
                "fork from a user message (get_fork_messages lists them)");
          }
          AgentSession.ForkResult forked = agent.fork(entryId);
          ObjectNode data = Json.object();
          forked.selectedText().ifPresent(t -> data.put("text", t));
          write.accept(r.success().set("data", data.put("cancelled", forked.cancelled())));
        });
  }
}
