package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool the model can call. {@link #execute} never throws for anything the model did wrong
 * (missing or mistyped arguments, a file that is not there, a command that failed): those come back
 * as a {@link ToolResult} with {@code isError} set, so the model can read them and retry.
 */
public interface Tool {

  /** The name the model calls the tool by. */
  String name();

  /** What the tool does, as told to the model. */
  String description();

  /** The JSON Schema of the arguments, as sent to the model. */
  ObjectNode parameters();

  /**
   * Runs one call. {@code arguments} is the object the model sent; it is validated against {@link
   * #parameters()} first. Blocks until the call is done, aborted or timed out.
   */
  ToolResult execute(String callId, ObjectNode arguments, ToolContext context);

  /**
   * Whether a turn's calls of this kind of tool run one after another, in call order, rather than
   * in parallel with each other (they still run beside the other tools). Tools that share one
   * thread and state, such as script tools, say so: running them in parallel gains nothing and
   * would apply their effects in whatever order the calls reached that thread.
   */
  default boolean sequential() {
    return false;
  }
}
