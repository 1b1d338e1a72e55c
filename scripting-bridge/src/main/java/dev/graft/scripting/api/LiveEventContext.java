package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.json.Json;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The {@code ctx} event handlers get, made by the bridge from parts the host hands over once: the
 * working directory, the agent with its {@code ctx.sessionManager} and agent methods once it exists
 * ({@link #bind}), and the UI a mode shows ({@link #showUi}). The agent's session file, model and
 * thinking level are read from the agent as each event comes, so that no host code runs to make a
 * handler's ctx. Thread-safe: a mode shows its UI on its own thread, events come on the agent's.
 */
public final class LiveEventContext implements Supplier<EventContext> {
  private final Optional<Path> cwd;
  private volatile ScriptUi ui = ScriptUi.NONE;
  private volatile Agent agent;

  /** What {@link #bind} hands over. */
  private record Agent(AgentSession session, ScriptSessionView view, ScriptAgentControl control) {}

  /** Handlers' ctx has {@code cwd}. */
  public LiveEventContext(Path cwd) {
    this.cwd = Optional.of(cwd);
  }

  /** Without a working directory or an agent: a ctx with no data, as where no scripts run. */
  public LiveEventContext() {
    this.cwd = Optional.empty();
  }

  /**
   * The agent exists: from now on ctx has its session file, model and thinking level, {@code view}
   * as {@code ctx.sessionManager} and {@code control} behind the agent methods.
   */
  public void bind(AgentSession session, ScriptSessionView view, ScriptAgentControl control) {
    this.agent =
        new Agent(
            Objects.requireNonNull(session, "session"),
            Objects.requireNonNull(view, "view"),
            Objects.requireNonNull(control, "control"));
  }

  /**
   * Handlers' {@code ctx.ui} from now on (a mode attaches its own; {@link ScriptUi#NONE} before).
   */
  public void showUi(ScriptUi shown) {
    this.ui = Objects.requireNonNull(shown, "shown");
  }

  /** The {@code ctx.ui} event handlers get now. */
  public ScriptUi ui() {
    return ui;
  }

  /** A handler's ctx as of now. */
  @Override
  public EventContext get() {
    return with(ui);
  }

  /** A handler's ctx as of now, with {@code shown} as its {@code ctx.ui} (a command's, say). */
  public EventContext with(ScriptUi shown) {
    ObjectNode data = Json.object();
    cwd.ifPresent(c -> data.put("cwd", c.toString()));
    Agent a = agent;
    if (a == null) {
      return new EventContext(data, shown);
    }
    a.session().session().file().ifPresent(f -> data.put("sessionFile", f.toString()));
    data.set(
        "model",
        ModelDescription.of(a.session().model())); // an object, as the reference's ctx.model
    data.put("thinkingLevel", a.session().thinking().wire());
    return new EventContext(data, shown).withSession(a.view()).withAgent(a.control());
  }
}
