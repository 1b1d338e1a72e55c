package dev.graft.cli.interactive;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Objects;

/**
 * What a script command's handler returned (docs/hooks.md, Commands): nothing, a prompt to send to
 * the agent (a string, or {@code {prompt}}), or a status line to show ({@code {status}}). Every
 * mode acts on it the same way.
 */
public sealed interface CommandAnswer {
  /** Nothing returned (undefined, null, an empty string). */
  record Nothing() implements CommandAnswer {}

  /** Sent to the agent as a prompt once the command is done. */
  record Prompt(String text) implements CommandAnswer {
    public Prompt {
      Objects.requireNonNull(text, "text");
    }
  }

  /** Shown as a one-line status. */
  record Status(String text) implements CommandAnswer {
    public Status {
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * Reads {@code answer}, the handler's value for {@code /name}; throws {@link
   * IllegalArgumentException} saying what was wrong with one that is none of these.
   */
  static CommandAnswer of(String name, JsonNode answer) {
    if (answer == null || answer.isMissingNode() || answer.isNull()) {
      return new Nothing();
    }
    if (answer.isTextual()) {
      return answer.textValue().isBlank() ? new Nothing() : new Prompt(answer.textValue());
    }
    String expected =
        "; a command returns nothing, a string or {prompt: string} (sent as a prompt), or {status: string} (shown)";
    if (!answer.isObject()) {
      return wrong(
          name, "a " + answer.getNodeType().toString().toLowerCase(Locale.ROOT) + expected);
    }
    if (answer.has("prompt") && answer.has("status")) {
      return wrong(name, "both prompt and status" + expected);
    }
    if (answer.has("prompt")) {
      if (!answer.get("prompt").isTextual()) {
        return wrong(name, "a prompt that is not a string" + expected);
      }
      return answer.get("prompt").textValue().isBlank()
          ? new Nothing()
          : new Prompt(answer.get("prompt").textValue());
    }
    if (answer.has("status")) {
      if (!answer.get("status").isTextual()) {
        return wrong(name, "a status that is not a string" + expected);
      }
      return answer.get("status").textValue().isBlank()
          ? new Nothing()
          : new Status(answer.get("status").textValue());
    }
    return wrong(name, "an object without prompt or status" + expected);
  }

  private static CommandAnswer wrong(String name, String what) {
    throw new IllegalArgumentException("/" + name + " returned " + what);
  }
}
