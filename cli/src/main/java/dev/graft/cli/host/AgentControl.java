package dev.graft.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.message.MessageCodec;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.scripting.api.ScriptAgentControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The agent methods of a hook script's {@code ctx}, against the running agent. Compaction and model
 * calls run on a virtual thread of their own, never on the script thread.
 */
public final class AgentControl implements ScriptAgentControl {
  private final AgentSession agent;
  private final Supplier<ModelRegistry> models;
  private volatile String lastCompactionProblem = "nothing was compacted";
  private final AtomicLong runs = new AtomicLong();

  /**
   * {@code models} gives the registry as of now (models.json may change; /reload reads it again).
   */
  public AgentControl(AgentSession agent, Supplier<ModelRegistry> models) {
    this.agent = agent;
    this.models = models;
    agent.subscribe(event -> {
      if (event instanceof AgentEvent.CompactionEnd end && end.error().isPresent()) {
        lastCompactionProblem = end.error().get();
      } else if (event instanceof AgentEvent.AgentStart) {
        runs.incrementAndGet();
      }
    });
  }

  @Override
  public long runs() {
    return runs.get();
  }

  @Override
  public boolean isIdle() {
    return agent.isIdle();
  }

  @Override
  public void abort() {
    agent.abort();
  }

  @Override
  public boolean hasPendingMessages() {
    return agent.hasPendingMessages();
  }

  /**
   * As the reference: unknown right after a compaction, until an assistant message answered after
   * it; otherwise the estimate of the context the next call sends.
   */
  @Override
  public Optional<ContextUsage> contextUsage() {
    return contextUsage(agent);
  }

  /** {@link #contextUsage()} of {@code agent} (RPC's get_session_stats tells it too). */
  public static Optional<ContextUsage> contextUsage(AgentSession agent) {
    long window = agent.model().contextWindow();
    if (window <= 0) {
      return Optional.empty();
    }
    List<SessionEntry> branch = agent.session().branchPath();
    int compaction = -1;
    for (int i = branch.size() - 1; i >= 0 && compaction < 0; i--) {
      if (branch.get(i) instanceof SessionEntry.Compaction) {
        compaction = i;
      }
    }
    if (compaction >= 0) {
      boolean answeredSince = false;
      for (int i = branch.size() - 1; i > compaction; i--) {
        if (branch.get(i) instanceof SessionEntry.Message m
            && m.message() instanceof AgentMessage.Assistant a
            && !a.failed()) {
          answeredSince = TokenEstimate.ofUsage(a.usage()) > 0;
          break;
        }
      }
      if (!answeredSince) {
        return Optional.of(new ContextUsage(OptionalLong.empty(), window, OptionalDouble.empty()));
      }
    }
    long tokens = TokenEstimate.ofContext(agent.session().buildContext().messages()).tokens();
    return Optional.of(
        new ContextUsage(
            OptionalLong.of(tokens), window, OptionalDouble.of(tokens * 100.0 / window)));
  }

  @Override
  public String systemPrompt() {
    return agent.systemPrompt();
  }

  @Override
  public CompletableFuture<JsonNode> compact(Optional<String> customInstructions) {
    CompletableFuture<JsonNode> result = new CompletableFuture<>();
    Thread.ofVirtual()
        .name("graft-script-compact")
        .start(() -> {
          try {
            agent.abort();
            agent.waitForIdle();
            Optional<String> id = agent.compact(customInstructions);
            if (id.isEmpty()) {
              result.completeExceptionally(new IllegalStateException(lastCompactionProblem));
              return;
            }
            SessionEntry.Compaction c =
                (SessionEntry.Compaction) agent.session().entry(id.get()).orElseThrow();
            ObjectNode o =
                Json.object()
                    .put("summary", c.summary())
                    .put("firstKeptEntryId", c.firstKeptEntryId().orElse(""))
                    .put("tokensBefore", c.tokensBefore());
            c.details().ifPresent(d -> o.set("details", d));
            result.complete(o);
          } catch (InterruptedException e) {
            result.completeExceptionally(
                new IllegalStateException("interrupted while waiting for the agent"));
          } catch (RuntimeException e) {
            result.completeExceptionally(e);
          }
        });
    return result;
  }

  @Override
  public CompletableFuture<JsonNode> rebuildContext() {
    CompletableFuture<JsonNode> result = new CompletableFuture<>();
    Thread.ofVirtual()
        .name("graft-script-rebuild-context")
        .start(() -> {
          try {
            var list = Json.array();
            agent.rebuildContext().forEach(m -> list.add(MessageCodec.encode(m)));
            result.complete(list);
          } catch (RuntimeException e) {
            result.completeExceptionally(e);
          }
        });
    return result;
  }

  @Override
  public CompletableFuture<JsonNode> complete(Completion request) {
    List<AgentMessage> messages;
    try {
      messages = messages(request.messages());
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    AbortSignal signal = new AbortSignal();
    CompletableFuture<JsonNode> result = new CompletableFuture<>();
    result.whenComplete((v, e) -> signal.abort("the script stopped waiting"));
    // Linked before the call starts, so that an abort right after complete() reaches it.
    Runnable unlink = agent.abortWith(signal);
    Thread.ofVirtual()
        .name("graft-script-complete")
        .start(() -> {
          try {
            LlmRequest call =
                new LlmRequest(
                    agent.model(),
                    request.systemPrompt().orElse(""),
                    LlmMessages.convert(messages),
                    List.of(),
                    agent.thinking(),
                    request.maxTokens().orElse(0),
                    signal,
                    null,
                    Optional.of(agent.session().id()));
            AgentMessage.Assistant reply = agent.callModel(call, event -> {});
            ObjectNode o =
                Json.object().put("text", new MessageContent.Blocks(reply.content()).text("\n"));
            o.set("content", MessageCodec.encodeBlocks(reply.content()));
            o.put("stopReason", reply.stopReason());
            o.set("usage", MessageCodec.encodeUsage(reply.usage()));
            reply.errorMessage().ifPresent(m -> o.put("errorMessage", m));
            result.complete(o);
          } catch (RuntimeException e) {
            result.completeExceptionally(e);
          } finally {
            unlink.run();
          }
        });
    return result;
  }

  /** The script's messages as agent messages; fields a script need not give get defaults. */
  static List<AgentMessage> messages(List<ObjectNode> given) {
    List<AgentMessage> out = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      ObjectNode m = given.get(i).deepCopy();
      String role = m.path("role").asText();
      if (!m.has("timestamp")) {
        m.put("timestamp", 0);
      }
      switch (role) {
        case "assistant" -> {
          for (String f : List.of("api", "provider", "model")) {
            if (!m.has(f)) {
              m.put(f, "script");
            }
          }
          if (!m.has("stopReason")) {
            m.put("stopReason", StopReason.STOP.wire());
          }
          if (!m.has("usage")) {
            m.set("usage", MessageCodec.encodeUsage(Usage.ZERO));
          }
        }
        case "toolResult" -> {
          if (!m.has("isError")) {
            m.put("isError", false);
          }
        }
        default -> {}
      }
      AgentMessage decoded = MessageCodec.decode(m);
      if (decoded instanceof AgentMessage.Unknown) {
        throw new IllegalArgumentException(
            "messages["
                + i
                + "] is not a message graft can send (role \""
                + role
                + "\"; user needs content, assistant content blocks, toolResult toolCallId, toolName and content)");
      }
      out.add(decoded);
    }
    return out;
  }

  @Override
  public Optional<Model> findModel(String provider, String id) {
    return models.get().find(provider, id);
  }

  @Override
  public List<Model> availableModels() {
    return models.get().listModels().stream()
        .filter(ModelListing::usable)
        .map(ModelListing::model)
        .toList();
  }
}
