package dev.graft.scripting.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.llm.ScriptStream;
import dev.graft.runtime.llm.ThinkingLevel;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the {@code pi} object of a script may ask of the agent. The runtime integration implements
 * it; every argument has been checked and converted to JSON by the bridge.
 *
 * <p>Threading: every method is called on the script owner thread, while guest code waits. The
 * synchronous ones must return quickly and must never wait for the agent thread (which may itself
 * be waiting for a script); work that takes time is answered with a future, completed on any
 * thread, which the script sees as a promise. No method may call back into the script engine
 * synchronously.
 */
public interface ScriptHostPort {

  /**
   * The value graft's command line gave {@code --name} ("true" for a bare flag), when it gave one:
   * what {@code pi.getFlag} reads for a flag the script registered.
   */
  default Optional<String> flagValue(String name) {
    return Optional.empty();
  }

  /**
   * graft's home directory ({@code getAgentDir()} of the built-in pi-coding-agent): $GRAFT_HOME,
   * else ~/.graft.
   */
  default String agentDir() {
    String home = System.getenv("GRAFT_HOME");
    return home != null && !home.isBlank() ? home : System.getProperty("user.home") + "/.graft";
  }

  /**
   * {@code pi.appendEntry(customType, data)}: a custom session entry (state, not sent to the
   * model).
   */
  void appendEntry(ScriptFile script, String customType, Optional<JsonNode> data);

  /**
   * {@code pi.sendMessage(message, options)}: a custom message {customType, content, display?,
   * details?}; options {triggerTurn?, deliverAs?: "steer" | "followUp" | "nextTurn"}.
   */
  void sendMessage(ScriptFile script, ObjectNode message, ObjectNode options);

  /**
   * {@code pi.sendUserMessage(content, options)}: a string or an array of text/image blocks;
   * options {deliverAs?: "steer" | "followUp"}.
   */
  void sendUserMessage(ScriptFile script, JsonNode content, ObjectNode options);

  /** {@code pi.setLabel(entryId, label)}; an empty label clears it. */
  void setLabel(ScriptFile script, String entryId, Optional<String> label);

  /** {@code pi.setSessionName(name)}. */
  void setSessionName(ScriptFile script, String name);

  /**
   * {@code pi.exec(command, args, options)}: runs a process; the future's value is the ExecResult
   * JSON the script receives ({stdout, stderr, code, killed}).
   */
  CompletableFuture<JsonNode> exec(
      ScriptFile script, String command, List<String> args, ObjectNode options);

  /** {@code pi.getActiveTools()}. */
  List<String> activeTools(ScriptFile script);

  /** {@code pi.setActiveTools(names)}. */
  void setActiveTools(ScriptFile script, List<String> names);

  /** {@code pi.setModel(model)}: false when the model cannot be used (no API key, unknown). */
  CompletableFuture<Boolean> setModel(ScriptFile script, ObjectNode model);

  /** {@code pi.getThinkingLevel()}. */
  ThinkingLevel thinkingLevel(ScriptFile script);

  /** {@code pi.setThinkingLevel(level)}. */
  void setThinkingLevel(ScriptFile script, ThinkingLevel level);

  /**
   * What {@code script}'s {@code process} and Node modules start from: the working directory, the
   * home folder, the environment and its grants. Called once, when the script first uses a Node
   * module, {@code process} or {@code fetch} (and must be quick). By default: no grants ({@link
   * NodeAccess#of}).
   */
  default NodeAccess nodeAccess(ScriptFile script) {
    return NodeAccess.of(script);
  }

  /**
   * {@code child_process}: starts {@code spawn.command()} when {@code script} is granted it (as for
   * {@link #exec}), reporting its output and end to {@code events}. Graft ends it when it exits.
   *
   * @throws SecurityException naming the grant to add when the program is not granted
   * @throws IOException with a one-line message when it cannot start
   */
  default ScriptChild spawn(ScriptFile script, ScriptSpawn spawn, ScriptChild.Events events)
      throws IOException {
    throw new SecurityException("child processes are not available here");
  }

  /**
   * {@code pi.registerTool} ran after the script had loaded (from a handler or command): the tool
   * is now among the engine's tools, and, as in the reference, an agent that offers every script
   * tool should offer this one too. Does nothing by default.
   */
  default void toolRegistered(ScriptFile script, String name) {}

  /** {@code pi.getSessionName()}: the session's name, if it has one. */
  default Optional<String> sessionName(ScriptFile script) {
    return Optional.empty();
  }

  /**
   * {@code pi.getAllTools()}: every tool the agent may be given (built-in and scripts'), each as
   * {@code {name, description, parameters, sourceInfo: {path}}} ({@code <builtin:NAME>} for a
   * built-in). Where there is no agent (a check), it throws.
   */
  default List<ObjectNode> allTools(ScriptFile script) {
    throw new UnsupportedOperationException("there are no tools to list here");
  }

  /**
   * Runs a built-in tool for {@code script} ({@code createReadTool(cwd).execute} and its kin): the
   * bridge has checked that the model's call {@code run.toolCallId()} of the script's own tool of
   * that name is running. The future's value is {@code {content, details?, isError}}; cancelling it
   * aborts the tool. Where there is no agent (a check), it fails.
   */
  default CompletableFuture<JsonNode> runBuiltinTool(ScriptFile script, BuiltinToolRun run) {
    return CompletableFuture.failedFuture(
        new IllegalStateException("built-in tools cannot run here"));
  }

  /**
   * {@code pi.registerProvider(name, config)}: the provider's models, key and (when the script
   * wrote one) stream. A registration graft refuses (a provider holding the user's keys, say)
   * throws {@link SecurityException} with one line saying why and what grants it.
   */
  default void registerProvider(
      ScriptFile script, String name, ObjectNode config, Optional<ScriptStream> stream) {
    throw new SecurityException("providers cannot be registered here");
  }

  /** {@code pi.unregisterProvider(name)}: restores what the registration replaced. */
  default void unregisterProvider(ScriptFile script, String name) {}

  /**
   * {@code script} ended: it failed to load, was stopped for a limit, was unloaded by a reload (it
   * is loaded again after, if still found, and registers afresh) or closed at graft's end. What it
   * registered with the host, its providers, goes. Called on the script thread.
   */
  default void unloaded(ScriptFile script) {}
}
