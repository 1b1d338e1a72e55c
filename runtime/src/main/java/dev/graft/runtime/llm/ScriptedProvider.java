package dev.graft.runtime.llm;

import dev.graft.runtime.message.AgentMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Replays assistant turns from a JSONL file: deterministic, offline, and with the same event
 * sequence a real provider produces, so the agent loop, the UI and hook scripts can be tested
 * without a network or a key. Each call to {@link #stream} plays the next turn.
 *
 * <h2>File format</h2>
 *
 * One JSON object per line, one line per assistant turn. Blank lines and lines starting with {@code
 * #} are skipped. Fields (all optional):
 *
 * <ul>
 *   <li>{@code text}: the answer's text.
 *   <li>{@code thinking}: reasoning, streamed before the text.
 *   <li>{@code toolCalls}: an array of {@code {"name": ..., "arguments": {...}, "id": ...}}; {@code
 *       id} defaults to {@code call_<turn>_<n>}. {@code arguments} may also be a string of JSON
 *       text, streamed as is: an invalid one exercises graft's handling of unparsable arguments.
 *   <li>{@code content}: instead of the three fields above, an ordered array of blocks {@code
 *       {"type":"text","text":...}}, {@code {"type":"thinking","thinking":...,"signature":...}},
 *       {@code {"type":"toolCall","name":...,"arguments":...,"id":...}}.
 *   <li>{@code usage}: {@code {"input", "output", "cacheRead", "cacheWrite"}} token counts; cost is
 *       computed from the request's model prices.
 *   <li>{@code stopReason}: {@code stop}, {@code length}, {@code toolUse}, {@code error} or {@code
 *       aborted}; defaults to {@code toolUse} with tool calls, {@code error} with an {@code error},
 *       else {@code stop}.
 *   <li>{@code error}: ends the turn with an error event carrying this message, after streaming any
 *       content the line has. {@code errorKind} sets the {@link ErrorKind} (lower case, e.g. {@code
 *       context_overflow}, {@code rate_limit}); messages that read as a context overflow are
 *       recognised as one anyway.
 *   <li>{@code delayMs}: milliseconds to wait before each delta (abortable).
 *   <li>{@code chunkSize}: characters per delta; 0 (the default) streams each block as one delta.
 *   <li>{@code comment}: ignored.
 * </ul>
 *
 * Example:
 *
 * <pre>{@code
 * {"thinking": "The user wants the file.", "toolCalls": [{"name": "read", "arguments": {"path": "a.txt"}}]}
 * {"text": "The file says hello.", "usage": {"input": 120, "output": 8}, "chunkSize": 4, "delayMs": 5}
 * {"error": "prompt is too long: 210000 tokens > 200000 maximum"}
 * }</pre>
 *
 * When every turn has been played, further calls end with an error event saying so. Unknown fields
 * and wrong types are rejected when the file is read, with the line number.
 */
public final class ScriptedProvider implements LlmProvider {
  /** A model for scripted sessions when no real model is wanted. */
  public static final Model MODEL =
      new Model(
          "scripted",
          "Scripted",
          Api.SCRIPTED,
          "scripted",
          "file:",
          true,
          true,
          ModelCost.FREE,
          200_000,
          32_000,
          Map.of(),
          null,
          null);

  private final String source;
  private final List<ScriptedTurn> turns;
  private final AtomicInteger next = new AtomicInteger();
  private final LongSupplier clock;

  private ScriptedProvider(String source, List<ScriptedTurn> turns, LongSupplier clock) {
    this.source = source;
    this.turns = List.copyOf(turns);
    this.clock = clock;
  }

  /** Reads and checks a scripted file. */
  public static ScriptedProvider load(Path file) throws IOException {
    return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
  }

  /** Checks scripted lines; {@code source} names them in messages. */
  public static ScriptedProvider parse(String source, List<String> lines)
      throws TurnsFileException {
    List<ScriptedTurn> turns = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      turns.add(ScriptedTurn.parse(source, i + 1, turns.size() + 1, line));
    }
    return new ScriptedProvider(source, turns, System::currentTimeMillis);
  }

  /** The same script, with message timestamps from {@code clock}. */
  public ScriptedProvider withClock(LongSupplier clock) {
    return new ScriptedProvider(source, turns, clock);
  }

  /** Turns not yet played. */
  public int remainingTurns() {
    return Math.max(0, turns.size() - next.get());
  }

  @Override
  public AgentMessage.Assistant stream(LlmRequest request, Consumer<? super StreamEvent> listener) {
    Model m = request.model();
    // Marked as scripted, so a real model later treats these turns as another model's.
    Model model =
        new Model(
            m.id(),
            m.name(),
            Api.SCRIPTED,
            m.provider(),
            m.baseUrl(),
            m.reasoning(),
            m.images(),
            m.cost(),
            m.contextWindow(),
            m.maxTokens(),
            m.headers(),
            m.compat(),
            m.thinking());
    TurnBuilder turn = new TurnBuilder(model, clock.getAsLong(), listener);
    try {
      int index = next.getAndIncrement();
      if (index >= turns.size()) {
        return turn.fail(
            ErrorKind.OTHER,
            "Scripted provider: "
                + source
                + " has no more turns (all "
                + turns.size()
                + " were played)");
      }
      return play(turns.get(index), request, turn);
    } catch (StreamFailure aborted) {
      return turn.fail(ErrorKind.ABORTED, "Request was aborted");
    } catch (ListenerFailure e) {
      throw e.original();
    }
  }

  private AgentMessage.Assistant play(ScriptedTurn script, LlmRequest request, TurnBuilder turn)
      throws StreamFailure {
    if (request.signal().aborted()) {
      throw StreamFailure.aborted();
    }
    turn.start();
    ScriptedTurn.Counts u = script.usage();
    turn.usage(request.model().cost().usage(u.input(), u.output(), u.cacheRead(), u.cacheWrite()));
    for (ScriptedTurn.Block block : script.content()) {
      switch (block) {
        case ScriptedTurn.Text t -> {
          int i = turn.openText();
          for (String chunk : chunks(t.text(), script.chunkSize())) {
            pause(script, request);
            turn.appendText(i, chunk);
          }
          turn.close(i);
        }
        case ScriptedTurn.Thinking t -> {
          int i = turn.openThinking();
          t.signature().ifPresent(s -> turn.blockExtra(i).put("thinkingSignature", s));
          for (String chunk : chunks(t.thinking(), script.chunkSize())) {
            pause(script, request);
            turn.appendThinking(i, chunk);
          }
          turn.close(i);
        }
        case ScriptedTurn.ToolCall c -> {
          int i = turn.openToolCall(c.id(), c.name());
          for (String chunk : chunks(c.arguments(), script.chunkSize())) {
            pause(script, request);
            turn.appendToolArguments(i, chunk);
          }
          turn.close(i);
        }
      }
    }
    if (request.signal().aborted()) {
      throw StreamFailure.aborted();
    }
    if (script.error().isPresent()) {
      return turn.fail(script.errorKind(), script.error().get());
    }
    return turn.done(script.stopReason());
  }

  private static void pause(ScriptedTurn script, LlmRequest request) throws StreamFailure {
    AbortableSleep.sleep(Duration.ofMillis(script.delayMs()), request.signal());
  }

  /** Splits {@code text} into pieces of {@code size} characters, never inside a surrogate pair. */
  static List<String> chunks(String text, int size) {
    if (text.isEmpty()) {
      return List.of();
    }
    if (size <= 0 || size >= text.length()) {
      return List.of(text);
    }
    List<String> out = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = Math.min(text.length(), start + size);
      if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
        end++;
      }
      out.add(text.substring(start, end));
      start = end;
    }
    return out;
  }
}
