package dev.graft.cli.modes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.interactive.CommandAnswer;
import dev.graft.cli.interactive.ScriptCommandPrompts;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.agent.Delivery;
import dev.graft.runtime.hooks.InputSource;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.session.SessionEntry;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The RPC commands that run the agent: {@code prompt} (a script command for {@code /name}), {@code
 * steer}, {@code follow_up}, {@code abort}, the user's shell ({@code bash}) and {@code compact}.
 */
final class RpcRunCommands {
  private final AgentSession agent;
  private final ScriptCommandPrompts commands;
  private final RpcUi ui;
  private final RpcAgentThread thread;
  private final Consumer<ObjectNode> write;

  RpcRunCommands(
      AgentSession agent,
      ScriptCommandPrompts commands,
      RpcUi ui,
      RpcAgentThread thread,
      Consumer<ObjectNode> write) {
    this.agent = agent;
    this.commands = commands;
    this.ui = ui;
    this.thread = thread;
    this.write = write;
  }

  /**
   * Answers at once; the run streams as events on the agent thread. While a prompt is active the
   * message needs streamingBehavior steer or followUp.
   */
  void prompt(RpcRequest r) {
    String message = r.requireText("message");
    List<ContentBlock> images = r.images();
    switch (commands.parse(message)) {
      case ScriptCommandPrompts.Parsed.Unknown unknown ->
          throw new IllegalArgumentException(unknown.message());
      case ScriptCommandPrompts.Parsed.Command command -> {
        write.accept(r.success());
        thread.submit(() -> runCommand(command));
        return;
      }
      case ScriptCommandPrompts.Parsed.Text text -> {}
    }
    if (thread.active()) {
      Delivery delivery =
          switch (r.fields().path("streamingBehavior").asText("")) {
            case "steer" -> Delivery.STEER;
            case "followUp" -> Delivery.FOLLOW_UP;
            default ->
                throw new IllegalStateException(
                    "the agent is running; send streamingBehavior \"steer\" or \"followUp\", or use steer/follow_up");
          };
      // The input hooks see it first, as in the reference; off the reader thread, which must go
      // on reading the answers to their dialogs.
      Thread.ofVirtual()
          .name("graft-rpc-queued-prompt")
          .start(() -> {
            try {
              agent.queuePrompt(message, images, InputSource.RPC, delivery);
              write.accept(r.success());
            } catch (RuntimeException e) {
              write.accept(r.error(e.getMessage()));
            }
          });
      return;
    }
    thread.setActive(true);
    write.accept(r.success());
    thread.submit(() -> {
      try {
        AgentSession.RunResult result = agent.prompt(message, images, InputSource.RPC);
        if (result.last().isEmpty()) {
          thread.setActive(false); // a hook handled the input: no agent_end comes
        }
      } catch (RuntimeException e) {
        thread.setActive(false);
        write.accept(r.error(e.getMessage()));
      }
    });
  }

  /**
   * Runs a script command on the agent thread; its dialogs go to the client while this thread
   * waits. Text it returns is sent as a prompt and a {@code {status}} answer becomes a notify; a
   * failure is an extension_error.
   */
  private void runCommand(ScriptCommandPrompts.Parsed.Command command) {
    try {
      // ctx.reload(): what was loaded, as the interactive mode shows it after /reload
      JsonNode answer = commands.run(command, ui, line -> ui.notify(line, "info"));
      ScriptCommandPrompts.act(
          CommandAnswer.of(command.command().name(), answer),
          agent,
          status -> ui.notify(status, "info"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      write.accept(
          RpcRequest.extensionError(
              command.command().script().path().toString(),
              "command",
              ScriptCommandPrompts.failure(command, e)));
    }
  }

  void steer(RpcRequest r) {
    String message = r.requireText("message");
    agent.steer(message, r.images());
    write.accept(r.success());
  }

  void followUp(RpcRequest r) {
    String message = r.requireText("message");
    agent.followUp(message, r.images());
    write.accept(r.success());
  }

  /**
   * {@code abort} and {@code abort_bash}: dismisses open dialogs and stops the run or shell
   * command.
   */
  void abort(RpcRequest r) {
    ui.dismissAll();
    agent.abort();
    write.accept(r.success());
  }

  /**
   * Ends the wait before a retry, if one is under way: the model call fails with its error, and the
   * turn ends as a failed one does (the reference's {@code abort_retry}).
   */
  void abortRetry(RpcRequest r) {
    agent.abortRetry();
    write.accept(r.success());
  }

  void bash(RpcRequest r) {
    thread.answerWhenIdle(
        r,
        () -> {
          AgentMessage.BashExecution b = agent.runUserBash(r.requireText("command"), false, null);
          ObjectNode data =
              Json.object()
                  .put("output", b.output())
                  .put("cancelled", b.cancelled())
                  .put("truncated", b.truncated());
          b.exitCode().ifPresent(x -> data.put("exitCode", x));
          b.fullOutputPath().ifPresent(p -> data.put("fullOutputPath", p));
          return data;
        });
  }

  void compact(RpcRequest r) {
    thread.answerWhenIdle(
        r,
        () -> {
          Optional<String> entry = agent.compact(r.optionalText("customInstructions"));
          if (entry.isEmpty()) {
            throw new IllegalStateException("nothing was compacted (see the compaction_end event)");
          }
          return agent
              .session()
              .entry(entry.get())
              .map(e -> ((SessionEntry.Compaction) e).result())
              .orElseGet(Json::object);
        });
  }
}
