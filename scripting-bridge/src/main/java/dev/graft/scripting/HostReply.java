package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import java.util.Optional;

/**
 * What a host function answers the script that called it, and the one place that writes it as the
 * text the prelude reads ({@link #encoded}; the prelude's {@code unwrap} and {@code sessionRead}
 * read it): nothing ({@code undefined}), a value as JSON, a TypeError or an Error to throw at the
 * script's call, or a session read's entries ({@link SessionViewCalls}). Also the envelope every
 * host function shares ({@link #serve}): refused once its script is unloaded, a bad argument
 * answered as a TypeError and any other failure as an Error, each naming the method the script
 * called.
 */
sealed interface HostReply {
  /** {@code undefined}. */
  HostReply NOTHING = new Nothing();

  record Nothing() implements HostReply {}

  /** A value: {@code json} is its JSON text, parsed in the script. */
  record JsonValue(String json) implements HostReply {}

  /** A bad argument: a TypeError with {@code message} at the script's call. */
  record TypeError(String message) implements HostReply {}

  /** Any other failure: an Error with {@code message} at the script's call. */
  record Error(String message) implements HostReply {}

  /**
   * A session read: the entries the script does not hold yet, then a line break and JSON meta
   * ({@code {"g", "from", "n", "r"}}), written into the reply's own text at its final size (a first
   * read may be hundreds of megabytes; see SessionViewCalls).
   */
  final class Entries implements HostReply {
    private final StringBuilder text;

    Entries(int capacity) {
      this.text = new StringBuilder(capacity + 1).append(ENTRIES);
    }

    /** Where the meta line and the entries are written. */
    StringBuilder text() {
      return text;
    }
  }

  char VALUE = 'V';
  char TYPE_ERROR = 'T';
  char ERROR = 'E';
  char ENTRIES = 'S';

  /**
   * The reply as the script's host function returns it: null for undefined, else its kind's letter
   * and its text.
   */
  default String encoded() {
    return switch (this) {
      case Nothing n -> null;
      case JsonValue j -> VALUE + j.json();
      case TypeError t -> TYPE_ERROR + t.message();
      case Error e -> ERROR + e.message();
      case Entries e -> e.text.toString();
    };
  }

  /** {@code node} as a value. */
  static HostReply json(JsonNode node) {
    return new JsonValue(Json.write(node));
  }

  /** {@code text} as a JavaScript string. */
  static HostReply string(String text) {
    return new JsonValue(ArgumentChecks.jsonString(text));
  }

  /** {@code text} as a string, or undefined when there is none. */
  static HostReply string(Optional<String> text) {
    return text.map(HostReply::string).orElse(NOTHING);
  }

  static HostReply bool(boolean value) {
    return new JsonValue(String.valueOf(value));
  }

  /** One call's work: its reply. */
  interface Work {
    HostReply run() throws BadArgument, Marshal.NotJson;
  }

  /**
   * {@code work} for a call of {@code name} from {@code s}, unless {@code s} is unloaded; encoded
   * for the script.
   */
  static String serve(LoadedScript s, String name, Work work) {
    if (!s.serving()) {
      return new Error(name + " was ignored: this script was unloaded (" + s.endReason() + ")")
          .encoded();
    }
    return guarded(name, work);
  }

  /** {@code work}, its failures turned into replies naming {@code name}; encoded for the script. */
  static String guarded(String name, Work work) {
    HostReply reply;
    try {
      reply = work.run();
    } catch (BadArgument | Marshal.NotJson e) {
      reply = new TypeError(name + ": " + e.getMessage());
    } catch (RuntimeException e) {
      reply = new Error(name + " failed in graft: " + e.getMessage());
    }
    return reply.encoded();
  }
}
