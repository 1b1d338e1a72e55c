package dev.graft.scripting;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.graft.runtime.json.Json;
import org.graalvm.polyglot.Value;

/**
 * Jackson trees to JavaScript values and back, through JSON text. Into a context a payload goes as
 * one string, parsed there by {@code JSON.parse} into native arrays and objects (handlers run about
 * 2x faster over natives than over proxies). Measured on a 2,000-message context payload (0.95 MB
 * of JSON): in a fresh JVM the first conversion takes about 215 ms this way against 295 ms building
 * the same objects through the polyglot API (73 against 110 ms for the second); once HotSpot has
 * warmed up both take about 14 ms. Out of a context a value goes through the prelude's {@code
 * encode}: {@code JSON.stringify} with a replacer that refuses what JSON cannot hold and stops at
 * {@code maxChars}, so a script cannot hand graft a giant value; then Jackson parses the text with
 * graft's read limits. The {@code context} event's messages go through each script's {@link
 * MessageMirror} instead: only the messages the script does not hold yet.
 */
final class Marshal {
  private final int maxChars;

  Marshal(int maxChars) {
    this.maxChars = maxChars;
  }

  /**
   * {@code node} as a native JavaScript value of {@code script}'s context (owner thread, in a run).
   */
  Value toJs(LoadedScript script, JsonNode node) {
    return script.decode(Json.write(node));
  }

  /**
   * The JSON text the prelude's encode produced, as a tree; a missing node for undefined. Throws
   * {@link NotJson} naming {@code what} when the text is too large or too deep.
   */
  JsonNode fromJs(Value text, String what) throws NotJson {
    if (text == null || text.isNull()) {
      return MissingNode.getInstance();
    }
    if (!text.isString()) {
      throw new NotJson(what + " did not come back as JSON text");
    }
    return parse(text.asString(), what);
  }

  JsonNode parse(String text, String what) throws NotJson {
    if (text.length() > maxChars) {
      throw new NotJson(what + " is too large: more than " + maxChars + " characters of JSON");
    }
    try {
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new NotJson(what + " is not usable JSON: " + e.getOriginalMessage());
    }
  }

  /** A value that cannot cross to graft. */
  static final class NotJson extends Exception {
    NotJson(String message) {
      super(message, null, false, false);
    }
  }
}
