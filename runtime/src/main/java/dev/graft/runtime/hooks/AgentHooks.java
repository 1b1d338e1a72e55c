package dev.graft.runtime.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The points in one turn where hooks take part, each with its own result type (a hook can only do
 * what its point allows: block a tool call, patch a tool result, transform input...), and the
 * session-level points of {@link SessionHooks}. The defaults do nothing; the scripting bridge
 * implements this for JavaScript hooks, and a Java test can implement it directly.
 */
public interface AgentHooks extends SessionHooks {

  AgentHooks NONE = new AgentHooks() {};

  /** Whether some hook handles {@code event} now (so that a caller makes its payload only then). */
  default boolean handles(String event) {
    return false;
  }

  /**
   * The provider's request body before it is sent ({@code before_provider_request}): the body to
   * send instead; the body itself by default.
   */
  default JsonNode beforeProviderRequest(JsonNode payload) {
    return payload;
  }

  /**
   * More skills, prompt templates and themes the hooks name ({@code resources_discover}), at
   * start-up and on reload; none by default.
   */
  default Discovered resourcesDiscover(Path cwd, String reason) {
    return Discovered.NONE;
  }

  /** The paths {@code resources_discover} handlers answered, in order. */
  record Discovered(List<String> skillPaths, List<String> promptPaths, List<String> themePaths) {
    public static final Discovered NONE = new Discovered(List.of(), List.of(), List.of());

    public Discovered {
      skillPaths = List.copyOf(skillPaths);
      promptPaths = List.copyOf(promptPaths);
      themePaths = List.copyOf(themePaths);
    }
  }

  /** What the user typed, and the images sent with it, before anything else sees them. */
  default InputResult input(String text, List<ContentBlock> images) {
    return new InputResult.Continue();
  }

  /** {@link #input(String, List)} saying where the prompt came from (the event's source). */
  default InputResult input(String text, List<ContentBlock> images, InputSource source) {
    return input(text, images);
  }

  /** Once per prompt, after input: may add a message (persisted) or replace the system prompt. */
  default BeforeAgentStart beforeAgentStart(String prompt, String systemPrompt) {
    return BeforeAgentStart.NOTHING;
  }

  /**
   * {@link #beforeAgentStart(String, String)} with what the system prompt was built from (the
   * event's {@code systemPromptOptions}: cwd, selectedTools, customPrompt?, appendSystemPrompt?,
   * contextFiles, skills).
   */
  default BeforeAgentStart beforeAgentStart(
      String prompt, String systemPrompt, ObjectNode systemPromptOptions) {
    return beforeAgentStart(prompt, systemPrompt);
  }

  /** Before each model call: the messages to send instead (this call only, never persisted). */
  default List<AgentMessage> context(List<AgentMessage> messages) {
    return messages;
  }

  /**
   * Before each model call: the messages to send (as {@link #context}) and the reminders the hooks
   * added through their {@link ReminderSink}, which the agent appends to the session and to this
   * call's messages. Reminders are there only when every context hook continued.
   */
  default RequestContext requestContext(List<AgentMessage> messages) {
    return new RequestContext(context(messages), List.of());
  }

  /**
   * {@link #requestContext(List)} knowing the branch the messages were built from: the context
   * event then also carries each message's entry ({@code entryIndex}) and the branch ({@code
   * entries}). {@code branch} is read only when some hook handles the event.
   */
  default RequestContext requestContext(
      List<AgentMessage> messages, Supplier<List<SessionEntry>> branch) {
    return requestContext(messages);
  }

  /** Result of {@link #requestContext}. */
  record RequestContext(List<AgentMessage> messages, List<InjectedMessage> reminders) {
    public RequestContext {
      messages = List.copyOf(messages);
      reminders = List.copyOf(reminders);
    }
  }

  /** Before a tool runs: go on, block it (the reason is the result), or run it with other input. */
  default ToolCallDecision toolCall(ContentBlock.ToolCall call) {
    return new ToolCallDecision.Proceed();
  }

  /** After a tool ran: patch what the model will see. */
  default ToolResultPatch toolResult(
      ContentBlock.ToolCall call,
      List<ContentBlock> content,
      Optional<JsonNode> details,
      boolean isError) {
    return ToolResultPatch.NONE;
  }

  /** Every agent event, for hooks that only watch. */
  default void observe(AgentEvent event) {}

  /** Result of {@link #input}. */
  sealed interface InputResult {
    record Continue() implements InputResult {}

    /** The prompt to run instead: its text and its images (those typed, if no script gave any). */
    record Transform(String text, List<ContentBlock> images) implements InputResult {
      public Transform {
        Objects.requireNonNull(text, "text");
        images = List.copyOf(images);
      }
    }

    /** The hook dealt with the input: no turn starts. */
    record Handled() implements InputResult {}
  }

  /** Result of {@link #beforeAgentStart}. */
  record BeforeAgentStart(Optional<InjectedMessage> message, Optional<String> systemPrompt) {
    public static final BeforeAgentStart NOTHING =
        new BeforeAgentStart(Optional.empty(), Optional.empty());

    public BeforeAgentStart {
      message = message == null ? Optional.empty() : message;
      systemPrompt = systemPrompt == null ? Optional.empty() : systemPrompt;
    }
  }

  /** A custom message a hook adds to the session (a custom_message entry). */
  record InjectedMessage(
      String customType, MessageContent content, boolean display, Optional<JsonNode> details) {
    public InjectedMessage {
      Objects.requireNonNull(customType, "customType");
      Objects.requireNonNull(content, "content");
      details = details == null ? Optional.empty() : details;
    }
  }

  /** Result of {@link #toolCall}. */
  sealed interface ToolCallDecision {
    record Proceed() implements ToolCallDecision {}

    record Block(String reason) implements ToolCallDecision {
      public Block {
        Objects.requireNonNull(reason, "reason");
      }
    }

    record ReplaceInput(ObjectNode arguments) implements ToolCallDecision {
      public ReplaceInput {
        Objects.requireNonNull(arguments, "arguments");
      }
    }
  }

  /** Result of {@link #toolResult}: each part present replaces the tool's own. */
  record ToolResultPatch(
      Optional<List<ContentBlock>> content, Optional<JsonNode> details, Optional<Boolean> isError) {
    public static final ToolResultPatch NONE =
        new ToolResultPatch(Optional.empty(), Optional.empty(), Optional.empty());

    public ToolResultPatch {
      content = content == null ? Optional.empty() : content.map(List::copyOf);
      details = details == null ? Optional.empty() : details;
      isError = isError == null ? Optional.empty() : isError;
    }
  }
}
