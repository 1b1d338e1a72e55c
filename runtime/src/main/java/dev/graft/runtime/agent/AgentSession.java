package dev.graft.runtime.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.compaction.Compactor;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.config.QueueMode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.events.AgentEvents;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.InputSource;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.hooks.SessionHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.AssistantAccumulator;
import dev.graft.runtime.llm.AutoRetry;
import dev.graft.runtime.llm.ContextOverflow;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.llm.ToolSpec;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionFileException;
import dev.graft.runtime.tools.Tool;
import dev.graft.runtime.tools.UserShell;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The agent: the one object every mode drives. A prompt becomes a user message in the session, then
 * the loop streams an assistant turn, runs the tools it calls (in parallel, results in call order),
 * and repeats until the model stops. Every message is appended to the session as soon as it is
 * complete, so an abort or a crash keeps everything that was finished.
 *
 * <p>UI-free and single-run: {@link #prompt} blocks the calling (agent) thread until the run ends.
 * {@link #steer}, {@link #followUp} and {@link #abort} may be called from any thread.
 */
public final class AgentSession implements AutoCloseable {
  private final Session session;
  private volatile Supplier<ThinkingLevel> switchThinking = () -> ThinkingLevel.MEDIUM;
  private final Path cwd;
  private final AgentHooks hooks;
  private final Clock clock;
  private final List<Consumer<AgentEvent>> listeners = new CopyOnWriteArrayList<>();
  private final MessageQueue queue = new MessageQueue();
  private final List<Runnable> turnRequestListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<Queued>> queueListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<ThinkingLevel>> thinkingListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<Model>> modelListeners = new CopyOnWriteArrayList<>();
  private volatile Consumer<String> warnings = text -> {};
  // a change of the user's queued messages and its telling, as one (queueChanged)
  private final Object queueLock = new Object();
  private final List<Consumer<Optional<String>>> nameListeners = new CopyOnWriteArrayList<>();
  private final Object emitLock = new Object();
  private volatile boolean compacting;
  private final AutoRetry autoRetry = new AutoRetry();
  private volatile QueueMode steeringMode = QueueMode.ONE_AT_A_TIME;
  private volatile QueueMode followUpMode = QueueMode.ONE_AT_A_TIME;
  private final List<AutoCloseable> resources = new CopyOnWriteArrayList<>();
  private final JobSlot jobs = new JobSlot();
  private final SessionSwitches switches;
  private final ToolCalls toolCalls;
  private boolean started;
  private boolean shutDown;
  private final Set<AbortSignal> abortsWith = ConcurrentHashMap.newKeySet();
  private final AtomicInteger contextChains = new AtomicInteger();

  /** What the run says when the model still overflows after the overflow's compaction. */
  static final String OVERFLOW_RECOVERY_FAILED =
      "Context overflow recovery failed after one compact-and-retry attempt. Try reducing context"
          + " or switching to a larger-context model.";

  /**
   * The running run compacted for an overflow and called again (the agent thread's, read when the
   * run ends).
   */
  private boolean overflowCompacted;

  /**
   * Runs the {@code input} hooks for the user messages scripts queue during a run, in the order
   * they were sent, off the script's thread (which the hooks need).
   */
  private final ExecutorService queuedInputs =
      Executors.newSingleThreadExecutor(Thread.ofVirtual().name("graft-queued-input").factory());

  /**
   * The last message handed to {@link #queuedInputs}: one thread takes them in order, so once it is
   * done, so are all before it.
   */
  private volatile Future<?> lastQueuedInput = CompletableFuture.completedFuture(null);

  /** Replaced whole on every change: a call, compaction or tree move reads it once. */
  private final AtomicReference<CallSettings> settings;

  private volatile String systemPrompt;
  private volatile SystemPrompt.Options systemPromptOptions = SystemPrompt.Options.NONE;

  /**
   * What typed text becomes before it is sent (skill commands, prompt templates); set by the mode's
   * setup.
   */
  private volatile UnaryOperator<String> inputExpansion = UnaryOperator.identity();

  /** How a prompt ended. {@code last} is empty when a hook handled the input. */
  public record RunResult(Optional<AgentMessage.Assistant> last, List<AgentMessage> messages) {
    public RunResult {
      last = last == null ? Optional.empty() : last;
      messages = List.copyOf(messages);
    }

    /** The final assistant message ended in an error or an abort. */
    public boolean failed() {
      return last.map(AgentMessage.Assistant::failed).orElse(false);
    }

    /** The text of the final assistant message. */
    public String text() {
      return last.map(a -> new MessageContent.Blocks(a.content()).text("\n")).orElse("");
    }
  }

  public AgentSession(
      Session session,
      Path cwd,
      Model model,
      LlmProvider provider,
      ThinkingLevel thinking,
      String systemPrompt,
      List<Tool> tools,
      AgentHooks hooks,
      Clock clock) {
    this.session = Objects.requireNonNull(session, "session");
    this.cwd = cwd.toAbsolutePath().normalize();
    this.settings =
        new AtomicReference<>(
            new CallSettings(model, provider, thinking, Map.of(), 0, CompactionSettings.DEFAULTS)
                .withTools(tools));
    this.systemPrompt = Objects.requireNonNull(systemPrompt, "systemPrompt");
    this.hooks = hooks == null ? AgentHooks.NONE : hooks;
    this.clock = clock;
    this.switches = new SessionSwitches(session, this.hooks);
    this.toolCalls = new ToolCalls(this.hooks, this.cwd, clock, this::emit);
  }

  /**
   * Tells the hooks the session is in use (session_start, reason "startup"); a mode calls it once
   * the agent is set up. Closing the agent after this tells them it ends (session_shutdown,
   * "quit").
   */
  public void start() {
    if (!started) {
      started = true;
      hooks.sessionStart(SessionHooks.Reason.STARTUP, Optional.empty());
    }
  }

  /**
   * Reloads the scripts with {@code reload}, as the reference does: the scripts loaded now are told
   * the session ends for them (session_shutdown, reason "reload"), the ones loaded after that it
   * starts (session_start, "reload"). Before {@link #start} it only reloads.
   */
  public <T> T reloadScripts(Supplier<T> reload) {
    if (!started || shutDown) {
      return reload.get();
    }
    hooks.sessionShutdown(SessionHooks.Reason.RELOAD, Optional.empty());
    T result = reload.get();
    hooks.sessionStart(SessionHooks.Reason.RELOAD, Optional.empty());
    return result;
  }

  // ------------------------------------------------------------------ state

  /** Closes {@code resource} (a script engine, say) when this agent is closed. */
  public void closeWith(AutoCloseable resource) {
    resources.add(resource);
  }

  /**
   * Closes what the agent owns (scripts first, after their session_shutdown) and then its session.
   */
  @Override
  public void close() {
    if (started && !shutDown) {
      shutDown = true;
      hooks.sessionShutdown(SessionHooks.Reason.QUIT, Optional.empty());
    }
    queuedInputs.shutdownNow();
    for (AutoCloseable r : resources.reversed()) {
      try {
        r.close();
      } catch (Exception e) {
        // closing on the way out: nothing left to report it to
      }
    }
    session.close();
  }

  /**
   * After the scripts were reloaded: the model in use, when a script's provider served it ({@code
   * before} says), is called as {@code now} has it: the reloaded script's registration, or a
   * provider that fails saying the model is gone. Without this, the agent would go on calling the
   * unloaded script's server (a grant removed since, say).
   */
  public void rebindScriptModel(ModelRegistry before, ModelRegistry now) {
    Model current = model();
    if (!before.scripted(current.provider())) {
      return;
    }
    Model fresh = now.find(current.provider(), current.id()).orElse(current);
    // "restore": the same model, so no model_select and no model change in the session
    setModel(fresh, now.afterUnload(current), "restore");
  }

  /** The directory the tools and {@code !cmd} work in, whichever session is resumed. */
  public Path cwd() {
    return cwd;
  }

  public Session session() {
    return session;
  }

  public Model model() {
    return settings.get().model();
  }

  /**
   * The thinking level chosen; a model switch carries on the level in use (see {@link
   * #setModel(Model, LlmProvider, String)}), a model that lacks it gets the nearest.
   */
  public ThinkingLevel thinking() {
    return settings.get().thinking();
  }

  /**
   * The level the model gets: the chosen one, or the nearest the model has (off for one that does
   * not reason), as the reference sets it. The session records this one.
   */
  public ThinkingLevel effectiveThinking() {
    return effective(settings.get());
  }

  private static ThinkingLevel effective(CallSettings call) {
    return call.model().thinking().clamp(call.thinking(), call.model().reasoning());
  }

  public List<String> activeTools() {
    return List.copyOf(settings.get().tools().keySet());
  }

  public void setTools(List<Tool> active) {
    settings.updateAndGet(s -> s.withTools(active));
  }

  /** Switches the model for the next call (recorded in the session as a model change). */
  public void setModel(Model next, LlmProvider nextProvider) {
    setModel(next, nextProvider, "set");
  }

  /**
   * {@link #setModel(Model, LlmProvider)} saying why for the model_select hook: "set" (chosen),
   * "cycle" (stepped to) or "restore" (taken from a resumed session).
   */
  public void setModel(Model next, LlmProvider nextProvider, String source) {
    Objects.requireNonNull(next, "model");
    Objects.requireNonNull(nextProvider, "provider");
    // As the reference's _getThinkingLevelForModelSwitch: the level in use goes on to the next
    // model (which gets the nearest it has), but from a model that does not reason (level off)
    // the default comes back. A restored session's own level is set beside its model.
    ThinkingLevel fallback = "restore".equals(source) ? null : switchThinking.get();
    CallSettings before =
        settings.getAndUpdate(s -> {
          CallSettings moved = s.withModel(next, nextProvider);
          if (fallback == null) {
            return moved;
          }
          return moved.withThinking(s.model().reasoning() ? effective(s) : fallback);
        });
    Model previous = before.model();
    if (fallback != null) {
      // as the reference: the model is kept before the level it gets
      modelListeners.forEach(l -> l.accept(next));
      thinkingChanged(effective(before));
    }
    if (!(previous.provider().equals(next.provider()) && previous.id().equals(next.id()))) {
      hooks.modelSelect(next, Optional.of(previous), source);
    }
  }

  /**
   * Tells {@code listener} each model chosen or stepped to by the user or a script, the one in use
   * too (the reference keeps it as the default at each {@code setModel} and {@code cycleModel}); a
   * resumed session's model ("restore") is no choice.
   */
  public void onModelChosen(Consumer<Model> listener) {
    modelListeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * The level a model switch starts from when the model switched away from does not reason: the
   * settings' {@code defaultThinkingLevel}, else medium (read at each switch).
   */
  public void setSwitchThinking(Supplier<ThinkingLevel> level) {
    this.switchThinking = Objects.requireNonNull(level, "level");
  }

  /**
   * Chooses the thinking level (the model gets the nearest it has); when the level the model gets
   * changes, the {@link #onThinkingChanged} listeners hear of it, as the reference's {@code
   * setThinkingLevel}.
   */
  public void setThinking(ThinkingLevel level) {
    Objects.requireNonNull(level, "level");
    CallSettings before = settings.getAndUpdate(s -> s.withThinking(level));
    thinkingChanged(effective(before));
  }

  /** A resumed session's own level: set without telling the listeners (nothing was chosen). */
  public void restoreThinking(ThinkingLevel level) {
    Objects.requireNonNull(level, "level");
    settings.updateAndGet(s -> s.withThinking(level));
  }

  /**
   * The levels the model offers, lowest first (the reference's {@code getAvailableThinkingLevels}):
   * only off for a model that does not reason, xhigh only for one that lists it.
   */
  public List<ThinkingLevel> availableThinkingLevels() {
    Model model = model();
    return model.thinking().supported(model.reasoning());
  }

  /**
   * Steps to the next level the model offers after the one it gets, from the last back to the first
   * (Shift+Tab, RPC {@code cycle_thinking_level}); empty, and nothing changed, for a model that
   * does not reason, as the reference's {@code cycleThinkingLevel}.
   */
  public Optional<ThinkingLevel> cycleThinking() {
    if (!model().reasoning()) {
      return Optional.empty();
    }
    List<ThinkingLevel> levels = availableThinkingLevels();
    ThinkingLevel next = levels.get((levels.indexOf(effectiveThinking()) + 1) % levels.size());
    setThinking(next);
    return Optional.of(next);
  }

  /**
   * Tells {@code listener} each level the model gets after a change of it by the user, a script or
   * a model switch (the reference's {@code thinking_level_changed}); a resumed session's level is
   * no change.
   */
  public void onThinkingChanged(Consumer<ThinkingLevel> listener) {
    thinkingListeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Where {@link #warn} goes: one line each, without a prefix (the mode sets it: stderr, or the
   * interactive conversation).
   */
  public void setWarnings(Consumer<String> sink) {
    this.warnings = Objects.requireNonNull(sink, "sink");
  }

  /**
   * Says what graft could not do beside a change that was made (a settings file not written): a
   * warning, not a failure of the change.
   */
  public void warn(String text) {
    warnings.accept(text);
  }

  private void thinkingChanged(ThinkingLevel before) {
    ThinkingLevel now = effectiveThinking();
    if (now != before) {
      thinkingListeners.forEach(l -> l.accept(now));
      hooks.thinkingLevelSelect(now, before); // as the reference, after thinking_level_changed
    }
  }

  public String systemPrompt() {
    return systemPrompt;
  }

  /** Replaces the system prompt from the next prompt on ({@code /reload}). */
  public void setSystemPrompt(String prompt) {
    this.systemPrompt = Objects.requireNonNull(prompt, "prompt");
  }

  /**
   * {@link #setSystemPrompt(String)} with what it was built from (before_agent_start's
   * systemPromptOptions).
   */
  public void setSystemPrompt(String prompt, SystemPrompt.Options options) {
    this.systemPromptOptions = Objects.requireNonNull(options, "options");
    setSystemPrompt(prompt);
  }

  /**
   * before_agent_start's {@code systemPromptOptions}, as the reference names them: the working
   * directory, the active tools, the user's prompt and appended text when given, the project's
   * context files, and the skills (graft loads none).
   */
  ObjectNode systemPromptOptions() {
    SystemPrompt.Options o = systemPromptOptions;
    ObjectNode out = Json.object();
    out.put("cwd", cwd.toString());
    activeTools().forEach(out.putArray("selectedTools")::add);
    o.custom().ifPresent(c -> out.put("customPrompt", c));
    o.append().ifPresent(a -> out.put("appendSystemPrompt", a));
    var files = out.putArray("contextFiles");
    o.contextFiles()
        .forEach(
            f -> files.addObject().put("path", f.path().toString()).put("content", f.content()));
    out.putArray("skills");
    return out;
  }

  public void setMaxTokens(int tokens) {
    settings.updateAndGet(s -> s.withMaxTokens(tokens));
  }

  public CompactionSettings compactionSettings() {
    return settings.get().compaction();
  }

  public void setCompactionSettings(CompactionSettings compaction) {
    Objects.requireNonNull(compaction, "settings");
    settings.updateAndGet(s -> s.withCompaction(compaction));
  }

  /** How queued steering messages are delivered: one per model call (the default), or all. */
  public QueueMode steeringMode() {
    return steeringMode;
  }

  public void setSteeringMode(QueueMode mode) {
    steeringMode = Objects.requireNonNull(mode, "mode");
  }

  /**
   * How queued follow-ups are delivered when a run would end: one per run (the default), or all.
   */
  public QueueMode followUpMode() {
    return followUpMode;
  }

  public void setFollowUpMode(QueueMode mode) {
    followUpMode = Objects.requireNonNull(mode, "mode");
  }

  /** Whether a failed model call that is worth retrying is retried (the reference's switch). */
  public boolean autoRetryEnabled() {
    return autoRetry.enabled();
  }

  /** Switches automatic retries on or off, for the next failure on (settings' retry.enabled). */
  public void setAutoRetryEnabled(boolean enabled) {
    autoRetry.setEnabled(enabled);
  }

  /**
   * Ends the wait before a retry, if one is under way (the reference's {@code abort_retry}): the
   * model call fails with the error it was to retry, and {@code auto_retry_end} says "Retry
   * cancelled". The turn is not aborted.
   */
  public void abortRetry() {
    autoRetry.cancelWait();
  }

  public boolean isIdle() {
    return jobs.isFree();
  }

  public void subscribe(Consumer<AgentEvent> listener) {
    listeners.add(listener);
  }

  /**
   * What a prompt, a steering message and a follow-up become before they are sent, after the input
   * hook: {@code /skill:NAME} and {@code /template args} expanded, as the reference does.
   */
  public void setInputExpansion(UnaryOperator<String> expansion) {
    this.inputExpansion = Objects.requireNonNull(expansion, "expansion");
  }

  /** A message to deliver before the next model call of the running turn (or the next prompt). */
  public void steer(String text) {
    steer(text, List.of());
  }

  /** {@link #steer(String)} with image blocks after the text. */
  public void steer(String text, List<ContentBlock> images) {
    queueUserMessage(userMessage(inputExpansion.apply(text), images), Delivery.STEER);
  }

  /** A message to deliver when the running turn would otherwise end. */
  public void followUp(String text) {
    followUp(text, List.of());
  }

  /** {@link #followUp(String)} with image blocks after the text. */
  public void followUp(String text, List<ContentBlock> images) {
    queueUserMessage(userMessage(inputExpansion.apply(text), images), Delivery.FOLLOW_UP);
  }

  /**
   * A prompt given while a run goes on, to be delivered as {@code delivery} says (RPC's {@code
   * prompt} with streamingBehavior): as in the reference, the {@code input} hooks see it first; a
   * handled one is not queued, a transformed one is queued as the hooks left it. Blocks while the
   * hooks run.
   */
  public void queuePrompt(
      String text, List<ContentBlock> images, InputSource source, Delivery delivery) {
    inputOf(text, images, source)
        .ifPresent(prompt ->
            queueUserMessage(
                userMessage(inputExpansion.apply(prompt.text()), prompt.images()), delivery));
  }

  /**
   * The prompt the {@code input} hook leaves: its transform, the prompt itself when it continued,
   * or empty when a script handled it.
   */
  private Optional<AgentHooks.InputResult.Transform> inputOf(
      String text, List<ContentBlock> images, InputSource source) {
    return switch (hooks.input(text, images, source)) {
      case AgentHooks.InputResult.Handled h -> Optional.empty();
      case AgentHooks.InputResult.Transform t -> Optional.of(t);
      case AgentHooks.InputResult.Continue c ->
          Optional.of(new AgentHooks.InputResult.Transform(text, images));
    };
  }

  private void queueUserMessage(AgentMessage.User message, Delivery delivery) {
    synchronized (queueLock) {
      queue.add(message, delivery);
      queueChanged();
    }
  }

  /**
   * Tells {@code listener} the user's steering and follow-up messages still waiting, each time they
   * change: one is queued, delivered (before its message_start) or taken back (RPC's queue_update).
   */
  public void onQueueChanged(Consumer<Queued> listener) {
    queueListeners.add(listener);
  }

  /** The texts of the user's steering and follow-up messages not delivered yet. */
  public Queued queued() {
    return new Queued(
        texts(queue.userMessages(Delivery.STEER)), texts(queue.userMessages(Delivery.FOLLOW_UP)));
  }

  private static List<String> texts(List<AgentMessage.User> messages) {
    return messages.stream().map(u -> u.content().text("\n")).toList();
  }

  private void queueChanged() {
    Queued now = queued();
    queueListeners.forEach(l -> l.accept(now));
  }

  /**
   * Tells {@code listener} the session's name each time {@link #setSessionName} sets it (RPC's
   * session_info_changed).
   */
  public void onSessionNameChanged(Consumer<Optional<String>> listener) {
    nameListeners.add(listener);
  }

  // ------------------------------------------------------------------ entries beside the
  // conversation

  /*
   * The session's writes the modes ask for go through here (ArchitectureTest checks it), so that
   * the agent is the one writer of its session. Each is written to the file when it returns.
   */

  /**
   * Records a hook's state (a script's {@code appendEntry}); never sent to the model. Returns the
   * entry's id.
   */
  public String appendCustomEntry(String customType, Optional<JsonNode> data) {
    return session.appendCustomEntry(customType, data);
  }

  /**
   * Labels the entry {@code entryId} ({@code /label}, {@code /tree}, a script's {@code setLabel});
   * an empty or blank label clears it. An unknown entry is refused. Returns the label entry's id.
   */
  public String setLabel(String entryId, Optional<String> label) {
    return session.appendLabelChange(entryId, label);
  }

  /**
   * Names the session ({@code /name}, RPC's {@code set_session_name}, a script's {@code
   * setSessionName}), trimmed; a name longer than {@link Session#MAX_NAME_LENGTH} is refused.
   */
  public String setSessionName(String name) {
    String id = session.appendSessionInfo(name);
    Optional<String> now = session.name();
    nameListeners.forEach(l -> l.accept(now));
    return id;
  }

  /** Forces what was appended to the disk (before a copy of the file is made, say). */
  public void syncSession() {
    session.sync();
  }

  // ------------------------------------------------------------------ messages from hooks

  /**
   * A hook's custom message (a script's {@code sendMessage}), as the reference delivers it: {@code
   * nextTurn} waits for the next prompt; while a run goes on it steers (or follows up); when idle,
   * {@code triggerTurn} asks for a run that starts with it ({@link #runRequestedTurns}), and
   * otherwise it is only recorded in the session. Its message events are then sent from another
   * thread, so a caller on the script thread never waits for script handlers.
   */
  public void sendCustomMessage(
      AgentMessage.Custom message, Optional<Delivery> deliverAs, boolean triggerTurn) {
    Handling handling =
        jobs.decide(busy -> {
          if (deliverAs.equals(Optional.of(Delivery.NEXT_TURN))) {
            queue.add(message, Delivery.NEXT_TURN);
            return Handling.QUEUED;
          } else if (busy) {
            queue.add(message, deliverAs.orElse(Delivery.STEER));
            return Handling.QUEUED;
          } else if (triggerTurn) {
            queue.request(new MessageQueue.Start(message));
            return Handling.REQUESTED;
          }
          session.appendCustomMessageEntry(
              message.customType(), message.content(), message.display(), message.details());
          return Handling.RECORDED;
        });
    if (handling == Handling.REQUESTED) {
      turnRequestListeners.forEach(Runnable::run);
    }
    if (handling == Handling.RECORDED) {
      Thread.ofVirtual()
          .name("graft-message-events")
          .start(() -> {
            emit(new AgentEvent.MessageStart(message));
            emit(new AgentEvent.MessageEnd(message));
          });
    }
  }

  /**
   * A user message from a hook (a script's {@code sendUserMessage}): {@code images} follow the
   * text. While a run goes on it needs {@code deliverAs} steer or followUp; when idle it asks for a
   * prompt run ({@link #runRequestedTurns}). As in the reference, the {@code input} hooks see it
   * first either way (source extension): a handled one is dropped, a transformed one goes on as
   * they left it; skill commands and prompt templates are not expanded in it. While a run goes on,
   * the hooks run on another thread, so a caller on the script thread never waits for them; should
   * the run have ended by then, the message asks for a run as when idle.
   */
  public void sendUserMessage(
      String text, List<ContentBlock> images, Optional<Delivery> deliverAs) {
    Handling handling =
        jobs.decide(busy -> {
          if (busy) {
            Delivery delivery =
                deliverAs
                    .filter(d -> d != Delivery.NEXT_TURN)
                    .orElseThrow(() ->
                        new IllegalStateException(
                            "the agent is running: give deliverAs \"steer\" or \"followUp\" to queue the message"));
            if (hooks.handles("input")) {
              List<ContentBlock> sent = List.copyOf(images);
              lastQueuedInput = queuedInputs.submit(() -> queueAfterInput(text, sent, delivery));
            } else {
              queueUserMessage(userMessage(text, images), delivery);
            }
            return Handling.QUEUED;
          }
          queue.request(new MessageQueue.Prompt(text, images, false));
          return Handling.REQUESTED;
        });
    if (handling == Handling.REQUESTED) {
      turnRequestListeners.forEach(Runnable::run);
    }
  }

  /**
   * Queues a script's user message sent during a run once the {@code input} hooks have seen it (on
   * {@link #queuedInputs}); a run asked for when the run has ended meanwhile.
   */
  private void queueAfterInput(String text, List<ContentBlock> images, Delivery delivery) {
    try {
      queueSeen(text, images, delivery);
    } catch (RuntimeException e) {
      // No caller waits for it: say it, rather than lose it without a word.
      String shown = text.length() > 80 ? text.substring(0, 80) + "…" : text;
      warn("a script's message was not queued (" + e.getMessage() + "): " + shown);
    }
  }

  private void queueSeen(String text, List<ContentBlock> images, Delivery delivery) {
    Optional<AgentHooks.InputResult.Transform> input = inputOf(text, images, InputSource.EXTENSION);
    if (input.isEmpty()) {
      return;
    }
    AgentHooks.InputResult.Transform message = input.get();
    Handling handling =
        jobs.decide(busy -> {
          if (busy) {
            queueUserMessage(userMessage(message.text(), message.images()), delivery);
            return Handling.QUEUED;
          }
          queue.request(new MessageQueue.Prompt(message.text(), message.images(), true));
          return Handling.REQUESTED;
        });
    if (handling == Handling.REQUESTED) {
      turnRequestListeners.forEach(Runnable::run);
    }
  }

  /** What became of a message a hook sent: queued for a run, a run asked for, or only recorded. */
  private enum Handling {
    QUEUED,
    REQUESTED,
    RECORDED
  }

  /**
   * Runs {@code listener} (on the requesting thread; it must not block) when a hook asks for a run
   * while idle.
   */
  public void onTurnRequested(Runnable listener) {
    turnRequestListeners.add(listener);
  }

  /** Whether a hook asked for a run that has not started yet. */
  public boolean hasRequestedTurn() {
    return queue.hasRequest();
  }

  /**
   * Runs the runs hooks asked for while the agent was idle, one after another (a mode calls this on
   * its agent thread when it is idle). Blocks; empty when there was none.
   */
  public Optional<RunResult> runRequestedTurns() {
    RunResult last = null;
    MessageQueue.Request request;
    while ((request = queue.pollRequest()) != null) {
      last =
          switch (request) {
            case MessageQueue.Prompt p ->
                p.inputSeen()
                    ? promptAsIs(p.text(), p.images())
                    : inputOf(p.text(), p.images(), InputSource.EXTENSION)
                        .map(t -> promptAsIs(t.text(), t.images()))
                        .orElseGet(() -> new RunResult(Optional.empty(), List.of()));
            case MessageQueue.Start s -> run(() -> new Opening(systemPrompt, List.of(s.message())));
          };
    }
    return Optional.ofNullable(last);
  }

  /**
   * The user's message as the reference writes it: always a list of blocks, the text first and the
   * images after it (never a bare string, in the session file, the events and the request).
   */
  private AgentMessage.User userMessage(String text, List<ContentBlock> images) {
    List<ContentBlock> blocks = new ArrayList<>();
    blocks.add(new ContentBlock.Text(text));
    blocks.addAll(images);
    return new AgentMessage.User(new MessageContent.Blocks(blocks), clock.millis(), null);
  }

  /**
   * Aborts the running prompt, if any: the model stream and running tools stop; so do the calls
   * made for hook scripts ({@link #abortWith}).
   */
  public void abort() {
    jobs.current().ifPresent(signal -> signal.abort("aborted by the user"));
    for (AbortSignal other : abortsWith) {
      other.abort("aborted by the user");
    }
  }

  /**
   * Has {@link #abort} abort {@code signal} too (a model call a hook script made) until the
   * returned handle runs.
   */
  public Runnable abortWith(AbortSignal signal) {
    abortsWith.add(signal);
    return () -> abortsWith.remove(signal);
  }

  /**
   * Takes what hooks sent that no run will deliver any more, one description each: steering and
   * follow-ups left when a run ended (sent from {@code agent_end}, say), messages kept for a next
   * prompt, and runs asked for while idle (from {@code session_shutdown}, say). A mode that ends
   * with its prompts (print, json) reports them, so that none is dropped silently.
   */
  public List<String> takeUndelivered() {
    List<String> out = new ArrayList<>();
    for (Object o : queue.drain()) {
      out.add(
          switch (o) {
            case AgentMessage.Custom c ->
                "a message (customType " + ScriptText.safeLine(c.customType(), 200) + ")";
            case MessageQueue.Start s when s.message() instanceof AgentMessage.Custom c ->
                "a message that was to start a turn (customType "
                    + ScriptText.safeLine(c.customType(), 200)
                    + ")";
            case MessageQueue.Start s -> "a message that was to start a turn";
            case MessageQueue.Prompt p ->
                "a user message \"" + ScriptText.safeLine(p.text(), 80) + "\"";
            case AgentMessage.User u -> "a user message";
            default -> "a message";
          });
    }
    return out;
  }

  /** The texts of the user's steering and follow-up messages not delivered yet. */
  public record Queued(List<String> steering, List<String> followUps) {
    public Queued {
      steering = List.copyOf(steering);
      followUps = List.copyOf(followUps);
    }
  }

  /**
   * Takes back the user messages waiting to steer or follow up (to edit them, or to send them once
   * the run ended before it could deliver them); scripts' messages stay queued.
   */
  public Queued takeQueued() {
    synchronized (queueLock) {
      Queued taken =
          new Queued(
              texts(queue.takeUserMessages(Delivery.STEER)),
              texts(queue.takeUserMessages(Delivery.FOLLOW_UP)));
      if (!taken.steering().isEmpty() || !taken.followUps().isEmpty()) {
        queueChanged();
      }
      return taken;
    }
  }

  /** Whether steering or follow-up messages wait to be delivered. */
  public boolean hasPendingMessages() {
    return queue.hasSteeringOrFollowUps();
  }

  /** The provider the agent's model is called through (for a hook script's own model call). */
  public LlmProvider provider() {
    return settings.get().provider();
  }

  /** How many steering and follow-up messages wait to be delivered. */
  public int pendingMessageCount() {
    return queue.steeringAndFollowUpCount();
  }

  /** Blocks until no prompt, compaction, tree move or user command runs. */
  public void waitForIdle() throws InterruptedException {
    jobs.awaitFree();
  }

  /** Token and cost totals of every assistant message on the session's current path. */
  public Usage usageOnPath() {
    Usage total = Usage.ZERO;
    for (SessionEntry e : session.branchPath()) {
      if (e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.Assistant a) {
        total = total.plus(a.usage());
      }
    }
    return total;
  }

  // ------------------------------------------------------------------ the loop

  /** Runs one prompt to its end. Blocks; not re-entrant. */
  public RunResult prompt(String text) {
    return prompt(text, List.of());
  }

  /** {@link #prompt(String)} with image blocks after the text. */
  public RunResult prompt(String text, List<ContentBlock> images) {
    return prompt(text, images, InputSource.INTERACTIVE);
  }

  /**
   * {@link #prompt(String, List)} from {@code source}, which the {@code input} hooks are told
   * ({@link InputSource#RPC} for an RPC prompt).
   */
  public RunResult prompt(String text, List<ContentBlock> images, InputSource source) {
    Optional<AgentHooks.InputResult.Transform> input = inputOf(text, images, source);
    if (input.isEmpty()) {
      return new RunResult(Optional.empty(), List.of());
    }
    AgentHooks.InputResult.Transform prompt = input.get();
    return promptAsIs(inputExpansion.apply(prompt.text()), prompt.images());
  }

  /** Runs a prompt the {@code input} hooks have seen and that is expanded (or not to be). */
  private RunResult promptAsIs(String typed, List<ContentBlock> sent) {
    return run(() -> {
      AgentHooks.BeforeAgentStart start =
          hooks.beforeAgentStart(typed, systemPrompt, systemPromptOptions());
      List<AgentMessage> opening = new ArrayList<>();
      opening.add(userMessage(typed, sent));
      // Messages scripts kept for the next prompt go with it, as in the reference.
      opening.addAll(queue.takeNextTurn());
      start
          .message()
          .ifPresent(m ->
              opening.add(
                  new AgentMessage.Custom(
                      m.customType(),
                      m.content(),
                      m.display(),
                      m.details(),
                      clock.millis(),
                      null)));
      return new Opening(start.systemPrompt().orElse(systemPrompt), opening);
    });
  }

  /** How a run begins: the system prompt for its calls and the messages before the first one. */
  private record Opening(String systemPrompt, List<AgentMessage> messages) {}

  private RunResult run(Supplier<Opening> open) {
    AbortSignal signal = new AbortSignal();
    JobSlot.Lease job = jobs.take(signal, "the agent is already running; use steer or followUp");
    List<AgentMessage> newMessages = new ArrayList<>();
    try (job) {
      compactIfFull("threshold", signal);
      recordSettings();
      Opening opening = open.get();
      emit(new AgentEvent.AgentStart());
      emit(new AgentEvent.TurnStart());
      opening.messages().forEach(m -> addMessage(m, newMessages));
      AgentMessage.Assistant last = runLoop(opening.systemPrompt(), signal, newMessages);
      emit(new AgentEvent.AgentEnd(newMessages));
      if (overflowCompacted
          && last != null
          && last.stoppedWith(StopReason.ERROR)
          && !signal.aborted()
          && ContextOverflow.isContextOverflow(last, settings.get().window())) {
        // The context still did not fit after the overflow's compaction: say so, as the
        // reference does (a compaction_end with no compaction_start).
        emit(AgentEvent.CompactionEnd.failed("overflow", OVERFLOW_RECOVERY_FAILED, false));
      }
      if (!signal.aborted()) {
        compactIfFull("threshold", signal);
      }
      return new RunResult(Optional.ofNullable(last), newMessages);
    } finally {
      session.sync();
    }
  }

  private AgentMessage.Assistant runLoop(
      String prompt, AbortSignal signal, List<AgentMessage> newMessages) {
    AgentMessage.Assistant last = null;
    boolean firstTurn = true;
    boolean compactedForOverflow = false;
    overflowCompacted = false;
    // how many steering messages the next model call takes: the follow-ups moved there, or (-1)
    // as the steering mode says
    int due = -1;
    while (true) {
      boolean moreToolCalls = true;
      while (moreToolCalls || queue.hasSteering()) {
        if (!firstTurn) {
          emit(new AgentEvent.TurnStart());
        }
        firstTurn = false;
        int take = due >= 0 ? due : steeringMode == QueueMode.ALL ? Integer.MAX_VALUE : 1;
        due = -1;
        AgentMessage steer;
        for (int i = 0; i < take && (steer = pollSteering()) != null; i++) {
          addMessage(steer, newMessages);
        }
        last = streamAssistant(prompt, signal, newMessages);
        newMessages.add(last);
        boolean turnEnded = false;
        if (last.stoppedWith(StopReason.ERROR)
            && !compactedForOverflow
            && !signal.aborted()
            && ContextOverflow.isContextOverflow(last, settings.get().window())) {
          // The context no longer fits: compact once, then let the turn go on.
          compactedForOverflow = true;
          emit(new AgentEvent.TurnEnd(last, List.of()));
          turnEnded = true;
          if (compact(Optional.empty(), "overflow", signal).isPresent()) {
            overflowCompacted = true;
            emit(new AgentEvent.TurnStart());
            turnEnded = false;
            last = streamAssistant(prompt, signal, newMessages);
            newMessages.add(last);
          }
        }
        if (!last.stoppedWith(StopReason.ERROR)) {
          // An answer ends an overflow's recovery, as in the reference: a later overflow in this
          // run is compacted again.
          compactedForOverflow = false;
          overflowCompacted = false;
        }
        if (last.failed()) {
          if (!turnEnded) {
            emit(new AgentEvent.TurnEnd(last, List.of()));
          }
          return last;
        }
        List<AgentMessage.ToolResult> results = toolCalls.run(last, settings.get().tools(), signal);
        for (AgentMessage.ToolResult r : results) {
          addMessage(r, newMessages);
        }
        emit(new AgentEvent.TurnEnd(last, results));
        moreToolCalls = !results.isEmpty();
        // Aborted while tools ran: go on, as the reference does, to the next model call, which
        // the provider ends at once with stop reason aborted, so the run ends as aborted.
        if (signal.aborted() && !moreToolCalls) {
          return last;
        }
      }
      // A script's message sent during the run whose input hooks have not answered yet belongs to
      // this run: wait for them, or the run would end without it.
      awaitQueuedInputs(signal);
      synchronized (queueLock) {
        // the follow-ups the mode takes go first in the steering queue (empty now, but for one
        // sent this moment), which the next call takes
        List<AgentMessage> next = new ArrayList<>();
        AgentMessage m;
        while ((next.isEmpty() || followUpMode == QueueMode.ALL)
            && (m = queue.pollFollowUp()) != null) {
          next.add(m);
        }
        if (!next.isEmpty()) {
          queue.prependSteering(next);
          due = next.size();
        } else if (!queue.hasSteering()) {
          return last;
        }
        // else a steering message came as the last turn ended: the next call takes it
      }
      emit(new AgentEvent.TurnStart());
      firstTurn = true;
    }
  }

  /**
   * Waits until the {@code input} hooks have answered for every script message sent during the run,
   * unless the run is aborted (each hook is bounded by the script's handler timeout).
   */
  private void awaitQueuedInputs(AbortSignal signal) {
    Future<?> last = lastQueuedInput;
    while (!last.isDone() && !signal.aborted()) {
      try {
        last.get(100, TimeUnit.MILLISECONDS);
      } catch (TimeoutException stillRunning) {
        // look at the abort again
      } catch (ExecutionException | CancellationException ended) {
        return; // queueAfterInput reports its own failures; a cancel is graft closing
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The next steering message, the queue's listeners told first if it is the user's. */
  private AgentMessage pollSteering() {
    synchronized (queueLock) {
      AgentMessage m = queue.pollSteering();
      if (m instanceof AgentMessage.User) {
        queueChanged();
      }
      return m;
    }
  }

  /**
   * The context hooks' messages for the current branch, as for a model call (reminders left out).
   */
  private List<AgentMessage> shapedContext(List<SessionEntry> branch) {
    return requestContext(session.buildContext().messages(), () -> branch).messages();
  }

  /**
   * The context hooks over {@code messages}, counted so that {@link #rebuildContext} is not asked
   * from inside them.
   */
  private AgentHooks.RequestContext requestContext(
      List<AgentMessage> messages, Supplier<List<SessionEntry>> branch) {
    contextChains.incrementAndGet();
    try {
      return hooks.requestContext(messages, branch);
    } finally {
      contextChains.decrementAndGet();
    }
  }

  /**
   * The messages the model would be sent on its next call ({@code ctx.rebuildContext()}): the
   * current branch's context through the context hooks, their reminders left out. graft builds the
   * context afresh before every call, so this is for seeing the result of a change. Refused while
   * the context hooks run (a context handler asking would ask itself again).
   */
  public List<AgentMessage> rebuildContext() {
    if (contextChains.get() > 0) {
      throw new IllegalStateException(
          "the context is being built (by a context handler): rebuild it from a command or after the call");
    }
    return shapedContext(session.branchPath());
  }

  /** One model call: the session's context (through the context hooks) to an assistant message. */
  private AgentMessage.Assistant streamAssistant(
      String prompt, AbortSignal signal, List<AgentMessage> newMessages) {
    SessionContext context = session.buildContext();
    AgentHooks.RequestContext prepared = requestContext(context.messages(), session::branchPath);
    List<AgentMessage> messages = new ArrayList<>(prepared.messages());
    if (!signal.aborted()) {
      // Reminders the context hooks added: durable, and sent with this call (after its messages).
      for (AgentHooks.InjectedMessage r : prepared.reminders()) {
        AgentMessage.Custom reminder =
            new AgentMessage.Custom(
                r.customType(), r.content(), r.display(), r.details(), clock.millis(), null);
        addMessage(reminder, newMessages);
        messages.add(reminder);
      }
    }
    CallSettings call = settings.get();
    List<ToolSpec> specs =
        call.tools().values().stream()
            .map(t -> new ToolSpec(t.name(), t.description(), t.parameters()))
            .toList();
    // this call's view of the session's retries: its auto_retry_end tells of its own cancel only
    AutoRetry retry = autoRetry.forCall();
    LlmRequest request =
        new LlmRequest(
            call.model(),
            prompt,
            LlmMessages.convert(messages),
            specs,
            call.thinking(),
            call.maxTokens(),
            signal,
            null,
            Optional.of(session.id()),
            hooks.handles("before_provider_request") ? hooks::beforeProviderRequest : null,
            retry);
    boolean[] started = {false};
    int[] retries = {0};
    // the message so far, for the updates' partial message (made only when asked for)
    AssistantAccumulator partial = new AssistantAccumulator();
    AgentMessage.Assistant reply =
        call.provider().stream(
            request,
            event -> {
              partial.accept(event);
              switch (event) {
                case StreamEvent.Start s -> {
                  started[0] = true;
                  emit(new AgentEvent.MessageStart(s.partial()));
                }
                case StreamEvent.Retry r -> {
                  // The attempt is void: its message ends here (not in the session) and the retry
                  // is announced.
                  if (started[0]) {
                    started[0] = false;
                    emit(new AgentEvent.MessageEnd(r.message()));
                  }
                  retries[0] = r.attempt();
                  emit(
                      new AgentEvent.AutoRetryStart(
                          r.attempt(), r.maxRetries(), r.delay().toMillis(), r.errorMessage()));
                }
                case StreamEvent.Done d -> {}
                case StreamEvent.Error e -> {}
                default ->
                    emit(
                        new AgentEvent.MessageUpdate(
                            AgentEvents.streamEventJson(event), partial.marked()));
              }
            });
    session.appendMessage(reply);
    if (!started[0]) {
      emit(new AgentEvent.MessageStart(reply));
    }
    emit(new AgentEvent.MessageEnd(reply));
    boolean cancelled = retry.takeCancelled();
    if (retries[0] > 0) {
      boolean failed = reply.failed();
      emit(
          new AgentEvent.AutoRetryEnd(
              !failed,
              retries[0],
              // as the reference words a wait the user ended
              cancelled
                  ? Optional.of("Retry cancelled")
                  : failed ? reply.errorMessage() : Optional.empty()));
    }
    return reply;
  }

  private void addMessage(AgentMessage message, List<AgentMessage> newMessages) {
    if (message instanceof AgentMessage.Custom c) {
      session.appendCustomMessageEntry(c.customType(), c.content(), c.display(), c.details());
    } else {
      session.appendMessage(message);
    }
    emit(new AgentEvent.MessageStart(message));
    emit(new AgentEvent.MessageEnd(message));
    newMessages.add(message);
  }

  /**
   * Records the model and thinking level in the session when they differ from its path's. As the
   * reference, a session whose path has no thinking level yet gets one even when it is off.
   */
  private void recordSettings() {
    CallSettings call = settings.get();
    SessionContext context = session.buildContext();
    SessionContext.ModelRef wanted =
        new SessionContext.ModelRef(call.model().provider(), call.model().id());
    if (context.model().filter(wanted::equals).isEmpty()) {
      session.appendModelChange(wanted.provider(), wanted.modelId());
    }
    String level = effective(call).wire();
    if (!context.thinkingLevelSet() || !context.thinkingLevel().equals(level)) {
      session.appendThinkingLevelChange(level);
    }
  }

  // ------------------------------------------------------------------ compaction

  /**
   * Summarises the older part of the current path and appends a compaction entry ({@code /compact
   * [instructions]}). Only between turns, so never between a tool call and its results. Returns the
   * new entry's id; empty when there was nothing to compact or the summary failed (said in the
   * compaction_end event).
   */
  public Optional<String> compact(Optional<String> instructions) {
    return compact(instructions, AbortSignal.never());
  }

  /** {@link #compact(Optional)} that {@code signal} (or {@link #abort}) can stop. */
  public Optional<String> compact(Optional<String> instructions, AbortSignal signal) {
    try (JobSlot.Lease job = jobs.take(signal, "compact between turns: the agent is running")) {
      return compact(instructions, "manual", signal);
    }
  }

  private Optional<String> compact(
      Optional<String> instructions, String reason, AbortSignal signal) {
    return compaction(signal).compact(instructions, reason);
  }

  private void compactIfFull(String reason, AbortSignal signal) {
    compaction(signal).compactIfFull(reason);
  }

  /** A compaction of the session with the model, provider and settings of now. */
  private SessionCompaction compaction(AbortSignal signal) {
    return new SessionCompaction(
        session, hooks, this::shapedContext, this::emit, sideCalls(), signal);
  }

  /**
   * The settings of now for a model call besides the agent's own (a compaction's or a branch
   * summary's): its provider's calls follow this session's retry switch and {@link #abortRetry}, as
   * the agent's own do.
   */
  private CallSettings sideCalls() {
    CallSettings call = settings.get();
    return call.withModel(call.model(), underAutoRetry(call.provider()));
  }

  private LlmProvider underAutoRetry(LlmProvider provider) {
    return (request, listener) ->
        provider.stream(request.withAutoRetry(autoRetry.forCall()), listener);
  }

  /**
   * A model call on this session's behalf (a script's {@code ctx.complete}) with its provider of
   * now, under its retry switch and {@link #abortRetry}.
   */
  public AgentMessage.Assistant callModel(
      LlmRequest request, Consumer<? super StreamEvent> events) {
    return settings.get().provider().stream(request.withAutoRetry(autoRetry.forCall()), events);
  }

  // ------------------------------------------------------------------ the user's shell

  /**
   * Runs a command for the user ({@code !cmd}; {@code !!cmd} with {@code excludeFromContext}) and
   * records it as a bashExecution message: the model sees it with the next prompt unless excluded.
   * {@link #abort} stops it.
   */
  public AgentMessage.BashExecution runUserBash(
      String command, boolean excludeFromContext, Consumer<String> onOutput)
      throws IOException, InterruptedException {
    AbortSignal signal = new AbortSignal();
    JobSlot.Lease job = jobs.take(signal, "the agent is running; run the command when it is idle");
    try (job) {
      UserShell.Result r = UserShell.local().run(command, cwd, signal, onOutput);
      AgentMessage.BashExecution message =
          new AgentMessage.BashExecution(
              command,
              r.output(),
              r.exitCode().isPresent()
                  ? Optional.of((long) r.exitCode().getAsInt())
                  : Optional.empty(),
              r.cancelled(),
              r.truncated(),
              r.fullOutputPath().map(Path::toString),
              excludeFromContext ? Optional.of(true) : Optional.empty(),
              clock.millis(),
              null);
      session.appendMessage(message);
      emit(new AgentEvent.MessageStart(message));
      emit(new AgentEvent.MessageEnd(message));
      return message;
    } finally {
      session.sync();
    }
  }

  // ------------------------------------------------------------------ replacing the session

  /**
   * How {@link #fork} ended: cancelled by a hook, or the forked-from message's text and the new
   * file.
   */
  public record ForkResult(boolean cancelled, Optional<String> selectedText, Optional<Path> file) {
    public static final ForkResult CANCELLED =
        new ForkResult(true, Optional.empty(), Optional.empty());

    public ForkResult {
      selectedText = selectedText == null ? Optional.empty() : selectedText;
      file = file == null ? Optional.empty() : file;
    }
  }

  private interface SessionChange<T> {
    T run() throws SessionFileException;
  }

  /** Runs {@code change} as the agent's job; refused while another job runs. */
  private <T> T betweenTurns(String what, SessionChange<T> change) throws SessionFileException {
    try (JobSlot.Lease job =
        jobs.take(new AbortSignal(), what + " between turns: the agent is running")) {
      return change.run();
    }
  }

  /**
   * {@code /new}: an empty session in the same directory. False when a session_before_switch hook
   * cancelled it.
   */
  public boolean newSession() {
    try {
      return betweenTurns("start a new session", switches::toNew);
    } catch (SessionFileException e) {
      throw new IllegalStateException(e); // starting a new session reads no file
    }
  }

  /**
   * {@code /resume}: continues the session in {@code file}. False when a session_before_switch hook
   * cancelled it; a file that cannot be used (unreadable, in use elsewhere) throws, and the current
   * session is kept.
   */
  public boolean switchSession(Path file) throws SessionFileException {
    return betweenTurns("switch sessions", () -> switches.resume(file));
  }

  /**
   * {@code /fork}: a new session holding the path before the user message {@code entryId}; its text
   * is returned to be edited and sent again. Cancelled by a session_before_fork hook.
   */
  public ForkResult fork(String entryId) throws SessionFileException {
    return betweenTurns("fork", () -> switches.fork(entryId, false));
  }

  /**
   * A new session holding the path up to and including {@code entryId} (any entry; no text handed
   * back).
   */
  public ForkResult forkAt(String entryId) throws SessionFileException {
    return betweenTurns("fork", () -> switches.fork(entryId, true));
  }

  // ------------------------------------------------------------------ tree navigation

  /** How {@link #navigateTree} leaves the current branch. */
  public record TreeNavigation(
      boolean summarize,
      Optional<String> customInstructions,
      boolean replaceInstructions,
      Optional<String> label) {
    public TreeNavigation {
      customInstructions = customInstructions == null ? Optional.empty() : customInstructions;
      label = label == null ? Optional.empty() : label;
    }

    public static final TreeNavigation PLAIN =
        new TreeNavigation(false, Optional.empty(), false, Optional.empty());
  }

  /**
   * Where navigation ended: the text to put back in the editor when the target was a user (or hook)
   * message, which is re-asked rather than kept, and the branch summary entry, if any; or that a
   * hook cancelled it.
   */
  public record TreeResult(
      Optional<String> editorText, Optional<String> summaryEntryId, boolean cancelled) {
    /** A session_before_tree hook cancelled the move: nothing changed. */
    public static final TreeResult CANCELLED =
        new TreeResult(Optional.empty(), Optional.empty(), true);

    public TreeResult {
      editorText = editorText == null ? Optional.empty() : editorText;
      summaryEntryId = summaryEntryId == null ? Optional.empty() : summaryEntryId;
    }

    public TreeResult(Optional<String> editorText, Optional<String> summaryEntryId) {
      this(editorText, summaryEntryId, false);
    }
  }

  /**
   * Moves to {@code targetId} ({@code /tree}): nothing is removed; the branch being left can be
   * summarised into a branch_summary entry at the new position. A user message as the target moves
   * to its parent and returns its text, to be edited and sent again.
   */
  public TreeResult navigateTree(String targetId, TreeNavigation how)
      throws Compactor.CompactionException {
    return navigateTree(targetId, how, AbortSignal.never());
  }

  /**
   * {@link #navigateTree(String, TreeNavigation)} whose branch summary {@code signal} (or {@link
   * #abort}) can stop.
   */
  public TreeResult navigateTree(String targetId, TreeNavigation how, AbortSignal signal)
      throws Compactor.CompactionException {
    try (JobSlot.Lease job =
        jobs.take(signal, "navigate the tree between turns: the agent is running")) {
      return new TreeNavigator(session, hooks).navigate(targetId, how, signal, sideCalls());
    }
  }

  /** Whether a compaction runs now (between its compaction_start and compaction_end). */
  public boolean isCompacting() {
    return compacting;
  }

  private void emit(AgentEvent event) {
    if (event instanceof AgentEvent.CompactionStart) {
      compacting = true;
    } else if (event instanceof AgentEvent.CompactionEnd) {
      compacting = false;
    }
    synchronized (emitLock) {
      try {
        hooks.observe(event);
      } catch (RuntimeException e) {
        // a watching hook never stops the agent; the bridge reports its own failures
      }
      for (Consumer<AgentEvent> listener : listeners) {
        listener.accept(event);
      }
    }
  }
}
