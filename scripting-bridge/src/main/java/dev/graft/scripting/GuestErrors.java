package dev.graft.scripting;

import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.Value;

/**
 * Turns what guest code threw into a {@link Failure} a user understands: the script, what it was
 * doing, the error, and the file and line where it happened.
 */
final class GuestErrors {
  private final ScriptSettings settings;
  private final long heapMaxBytes;
  private final UnaryOperator<String> asWritten;

  /**
   * {@code asWritten} puts back the TypeScript lines an engine's syntax error quotes as written (it
   * quotes the erased line).
   */
  GuestErrors(ScriptSettings settings, long heapMaxBytes, UnaryOperator<String> asWritten) {
    this.settings = settings;
    this.heapMaxBytes = heapMaxBytes;
    this.asWritten = asWritten;
  }

  /**
   * {@code message} without the script's path it starts with (a failure's does), for a place that
   * names the script already: its log line, or a message that quotes another.
   */
  static String withoutScript(ScriptFile file, String message) {
    String head = file + ": ";
    return message.startsWith(head) ? message.substring(head.length()) : message;
  }

  /** {@code what} is "context handler", "loading", "/pop command"... */
  Failure of(LoadedScript s, String what, LoadedScript.GuestException ge) {
    return of(s, what, ge, null);
  }

  /**
   * As {@link #of(LoadedScript, String, LoadedScript.GuestException)}; {@code fn}, the function
   * that was called, gives the line when the error has none of its own (an interrupt that landed in
   * a getter of its answer carries no script frames).
   */
  Failure of(LoadedScript s, String what, LoadedScript.GuestException ge, Value fn) {
    PolyglotException e = ge.cause;
    String head = s.file() + ": " + what;
    if (ge.stop == Watchdog.Stop.MEMORY) {
      return new Failure(
          Failure.Kind.STOPPED,
          head
              + " was stopped: the heap was more than "
              + percent(settings.heapLimit())
              + " full (of "
              + (heapMaxBytes >> 20)
              + " MB) while it ran;"
              + " the script is off until a reload");
    }
    if (e.isResourceExhausted()) {
      if (e.isCancelled()) {
        return new Failure(
            Failure.Kind.STOPPED,
            head
                + " was stopped after "
                + settings.statementLimit()
                + " statements without returning (an endless loop?); the script is off until a reload");
      }
      return new Failure(
          Failure.Kind.STOPPED,
          head
              + " was stopped: "
              + e.getMessage()
              + " (it ran out of memory or stack); the script is off until a reload");
    }
    if (e.isCancelled()
        && ge.stop != null
        && s.state() != LoadedScript.State.STALE
        && s.state() != LoadedScript.State.CLOSED) {
      return new Failure(
          Failure.Kind.STOPPED,
          head
              + " ran for more than "
              + seconds(settings.spinLimit())
              + " and did not stop when interrupted, so it was cancelled; the script is off until a reload"
              + location(s, e));
    }
    if (e.isCancelled()) {
      return s.state() == LoadedScript.State.STALE || s.state() == LoadedScript.State.CLOSED
          ? new Failure(
              Failure.Kind.UNLOADED,
              head + " did not finish: the script was unloaded (" + s.endReason() + ")")
          : new Failure(Failure.Kind.STOPPED, head + " was stopped: " + s.endReason());
    }
    if (ge.stop == Watchdog.Stop.ANSWER) {
      return new Failure(
          Failure.Kind.INTERRUPTED,
          head
              + " answered, but reading the answer took more than "
              + seconds(settings.spinLimit())
              + " (a getter or toJSON that does not return?) and was interrupted"
              + locationOr(s, e, fn));
    }
    if (ge.stop == Watchdog.Stop.BRIDGE) {
      return new Failure(
          Failure.Kind.INTERRUPTED,
          head
              + " took more than "
              + seconds(settings.bridgeLimit())
              + " while graft converted its values (a toJSON or getter that does not return?) and was interrupted"
              + location(s, e));
    }
    if (e.isInterrupted() || ge.stop == Watchdog.Stop.SPUN) {
      return new Failure(
          Failure.Kind.INTERRUPTED,
          head
              + " ran for more than "
              + seconds(settings.spinLimit())
              + " without returning (an endless loop?) and was interrupted"
              + location(s, e));
    }
    if (e.isHostException()) {
      // The module file system refusing an import (node:http, a file outside the roots) says why
      // in its message: the script's error, not graft's.
      if (e.asHostException() instanceof SecurityException refused) {
        return new Failure(
            Failure.Kind.THREW, head + " failed: Error: " + refused.getMessage() + location(s, e));
      }
      return new Failure(Failure.Kind.THREW, head + " failed inside graft: " + e.asHostException());
    }
    if (e.isGuestException() && !e.isSyntaxError()) {
      Value thrown = e.getGuestObject();
      if (thrown != null
          && guarded(s, () -> s.prelude().isNotJson().execute(thrown).asBoolean(), false)) {
        return new Failure(
            Failure.Kind.NOT_JSON, head + " failed: " + stripType(e.getMessage()) + location(s, e));
      }
      String other = thrown == null ? null : describeThrown(s, thrown);
      if (other != null) {
        return new Failure(
            Failure.Kind.THREW,
            head + " threw a value that is not an Error: " + other + location(s, e));
      }
    }
    String message =
        e.getMessage() == null
            ? "unknown error"
            : e.isSyntaxError() ? syntaxMessage(e.getMessage()) : asWritten.apply(e.getMessage());
    String hint =
        message.contains("Maximum call stack size exceeded") ? " (endless recursion?)" : "";
    return new Failure(Failure.Kind.THREW, head + " failed: " + message + hint + location(s, e));
  }

  /**
   * GraalJS's SyntaxError message names the place again and draws a caret under it, over several
   * lines, once for each error the parser ran into after the first: its first line, without the
   * place ({@link #location} says it).
   */
  static String syntaxMessage(String message) {
    int nl = message.indexOf('\n');
    String first = nl < 0 ? message : message.substring(0, nl);
    return first.replaceFirst("^SyntaxError: \\S+:\\d+:\\d+ ", "SyntaxError: ");
  }

  /**
   * A run that failed after the function it called had answered, so in the microtasks that function
   * queued: as {@link #of}, but an interrupt says so, with the line of the function (where the
   * interrupt landed is wherever the loop happened to be).
   */
  Failure afterAnswer(LoadedScript s, String what, LoadedScript.GuestException ge, Value fn) {
    Failure f = of(s, what, ge, fn);
    if (f.kind() != Failure.Kind.INTERRUPTED) {
      return f;
    }
    return new Failure(
        Failure.Kind.INTERRUPTED,
        s.file()
            + ": "
            + what
            + " returned, but the microtasks it queued"
            + " (queueMicrotask, promise callbacks) ran for more than "
            + seconds(settings.spinLimit())
            + " and were interrupted"
            + locationOr(s, null, fn));
  }

  /**
   * A rejected promise: {@code reason} is what it was rejected with. Called outside a run
   * (describing it runs guest code).
   */
  Failure rejected(LoadedScript s, String what, Value reason) {
    return described(s, what, reason, "was rejected with", "was rejected");
  }

  /**
   * What guest code threw where nothing could catch it (an event listener): "failed: Error: ... (at
   * file.js:N)". Called outside a run, as {@link #rejected}.
   */
  Failure thrown(LoadedScript s, String what, Value value) {
    return described(s, what, value, "threw", "threw");
  }

  private Failure described(
      LoadedScript s, String what, Value value, String verbWith, String verb) {
    if (value == null || value.isNull()) {
      return new Failure(
          Failure.Kind.THREW,
          s.file() + ": " + what + " " + verbWith + " " + (value == null ? "undefined" : value));
    }
    String other = describeThrown(s, value);
    if (other != null) {
      return new Failure(
          Failure.Kind.THREW,
          s.file() + ": " + what + " " + verbWith + " a value that is not an Error: " + other);
    }
    try {
      value.throwException();
    } catch (PolyglotException e) {
      return of(s, what, new LoadedScript.GuestException(e, null));
    }
    return new Failure(Failure.Kind.THREW, s.file() + ": " + what + " " + verb);
  }

  private static String describeThrown(LoadedScript s, Value thrown) {
    return guarded(
        s,
        () -> {
          Value d = s.prelude().describeThrown().execute(thrown);
          return d.isNull() ? null : d.asString();
        },
        "a value that cannot be shown");
  }

  /**
   * Runs guest code graft runs to describe a thrown value (a Proxy's traps, getters) under the
   * watchdog like any other; {@code fallback} when it throws or is stopped.
   */
  private static <T> T guarded(LoadedScript s, Supplier<T> body, T fallback) {
    if (!s.running() || s.abandoned()) {
      return fallback;
    }
    try {
      return s.run(body);
    } catch (LoadedScript.GuestException | PolyglotException | IllegalStateException e) {
      return fallback;
    }
  }

  /** " (at pruning.js:12)": the innermost frame in a script file, relative to its root. */
  static String location(LoadedScript s, PolyglotException e) {
    SourceSection at = null;
    if (e.isSyntaxError() && e.getSourceLocation() != null) {
      at = e.getSourceLocation();
    } else {
      for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
        SourceSection loc = frame.getSourceLocation();
        if (frame.isGuestFrame() && loc != null && !loc.getSource().isInternal()) {
          at = loc;
          break;
        }
      }
    }
    if (at == null) {
      return "";
    }
    return " (at " + display(s, at) + ")";
  }

  /** "pruning.js:12": the file relative to the script's root, and the line. */
  private static String display(LoadedScript s, SourceSection at) {
    String path = at.getSource().getPath();
    String file = at.getSource().getName();
    if (path != null) {
      Path p = Path.of(path);
      file = p.startsWith(s.file().root()) ? s.file().root().relativize(p).toString() : path;
    }
    return file + ":" + at.getStartLine();
  }

  /** {@link #location}, or failing that where {@code fn} is defined. */
  private static String locationOr(LoadedScript s, PolyglotException e, Value fn) {
    String at = e == null ? "" : location(s, e);
    return at.isEmpty() ? definedAt(s, fn) : at;
  }

  /**
   * " (at pruning.js:12)": where {@code fn} is defined, for a failure without a frame of its own (a
   * handler that never settles); "" when unknown. On the script's thread.
   */
  static String definedAt(LoadedScript s, Value fn) {
    return placeOf(s, fn).map(at -> " (at " + at + ")").orElse("");
  }

  /**
   * "pruning.js:12": where {@code fn} is defined, when it is a script's. On the script's thread.
   */
  static Optional<String> placeOf(LoadedScript s, Value fn) {
    if (fn == null) {
      return Optional.empty();
    }
    try {
      SourceSection where = fn.getSourceLocation();
      return where == null || where.getSource().isInternal()
          ? Optional.empty()
          : Optional.of(display(s, where));
    } catch (RuntimeException notThere) {
      return Optional.empty();
    }
  }

  private static String stripType(String message) {
    return message != null && message.startsWith("TypeError: ")
        ? message.substring("TypeError: ".length())
        : message;
  }

  static String seconds(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  private static String percent(double fraction) {
    return Math.round(fraction * 100) + "%";
  }
}
