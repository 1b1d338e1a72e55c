package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScriptedProviderTest {
  private final Model sonnet =
      TestModels.builtin("anthropic", "claude-sonnet-4-5", "https://api.anthropic.com");

  private static ScriptedProvider script(String... lines) throws TurnsFileException {
    return ScriptedProvider.parse("test.jsonl", List.of(lines)).withClock(() -> TestModels.NOW);
  }

  private AgentMessage.Assistant play(ScriptedProvider provider, EventLog log) {
    return log.verify(
        provider.stream(LlmRequest.of(sonnet, "", List.of(TestModels.user("go")), List.of()), log));
  }

  @Test
  void replaysAFileTurnByTurn(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("session.jsonl");
    Files.writeString(file, LoopbackServer.resource("scripted/session.jsonl"));
    ScriptedProvider provider = ScriptedProvider.load(file).withClock(() -> TestModels.NOW);
    assertThat(provider.remainingTurns()).isEqualTo(7);

    EventLog log = new EventLog();
    AgentMessage.Assistant first = play(provider, log);
    assertThat(log.names())
        .containsExactly(
            "Start",
            "ThinkingStart",
            "ThinkingDelta",
            "ThinkingEnd",
            "ToolCallStart",
            "ToolCallDelta",
            "ToolCallEnd",
            "Done");
    assertThat(first.stopReason()).isEqualTo("toolUse");
    assertThat(first.api()).isEqualTo("scripted");
    assertThat(first.provider()).isEqualTo("anthropic");
    assertThat(first.model()).isEqualTo("claude-sonnet-4-5");
    assertThat(first.timestamp()).isEqualTo(TestModels.NOW);
    assertThat(first.toolCalls())
        .containsExactly(TestModels.call("call_1_1", "read", "{\"path\":\"README.md\"}"));
    assertThat(first.usage().input()).isEqualTo(1200);
    assertThat(first.usage().cost().input()).isCloseTo(1200 * 3e-6, within(1e-12));

    log = new EventLog();
    AgentMessage.Assistant second = play(provider, log);
    assertThat(log.ofType(StreamEvent.TextDelta.class).stream().map(StreamEvent.TextDelta::delta))
        .containsExactly("The R", "EADME", " desc", "ribes", " graf", "t.");
    assertThat(second.content())
        .containsExactly(new ContentBlock.Text("The README describes graft."));
    assertThat(second.usage().cacheRead()).isEqualTo(1100);
    assertThat(second.usage().totalTokens()).isEqualTo(2612);

    log = new EventLog();
    AgentMessage.Assistant third = play(provider, log);
    ContentBlock.ToolCall broken = third.toolCalls().getFirst();
    assertThat(broken.arguments()).isEmpty();
    assertThat(ToolCallArguments.error(broken)).isPresent();
    assertThat(third.stopReason()).isEqualTo("toolUse");

    log = new EventLog();
    AgentMessage.Assistant fourth = play(provider, log);
    assertThat(fourth.content())
        .containsExactly(
            new ContentBlock.Text("Reading both."),
            TestModels.call("x1", "read", "{\"path\":\"a\"}"),
            TestModels.call("call_4_2", "read", "{\"path\":\"b\"}"));

    log = new EventLog();
    AgentMessage.Assistant fifth = play(provider, log);
    assertThat(fifth.stopReason()).isEqualTo("error");
    assertThat(log.error().contextOverflow()).isTrue();
    assertThat(log.names()).containsExactly("Start", "Error");

    log = new EventLog();
    AgentMessage.Assistant sixth = play(provider, log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.RATE_LIMIT);
    assertThat(sixth.content()).containsExactly(new ContentBlock.Text("Partial"));
    assertThat(sixth.errorMessage()).contains("Too many requests");

    log = new EventLog();
    AgentMessage.Assistant seventh = play(provider, log);
    assertThat(seventh.content()).isEmpty();
    assertThat(seventh.stopReason()).isEqualTo("stop");
    assertThat(provider.remainingTurns()).isZero();

    log = new EventLog();
    AgentMessage.Assistant exhausted = play(provider, log);
    assertThat(exhausted.stopReason()).isEqualTo("error");
    assertThat(exhausted.errorMessage())
        .contains("Scripted provider: " + file + " has no more turns (all 7 were played)");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.OTHER);
  }

  @Test
  void replaysAreDeterministic() throws Exception {
    String[] lines = {
      "{\"thinking\": \"hm\", \"text\": \"Hello there\", \"chunkSize\": 3, \"usage\": {\"output\": 3}}"
    };
    List<StreamEvent> a = new ArrayList<>();
    List<StreamEvent> b = new ArrayList<>();
    AgentMessage.Assistant x =
        script(lines).stream(LlmRequest.of(sonnet, "", List.of(), List.of()), a::add);
    AgentMessage.Assistant y =
        script(lines).stream(LlmRequest.of(sonnet, "", List.of(), List.of()), b::add);
    assertThat(a).isEqualTo(b);
    assertThat(x).isEqualTo(y);
  }

  @Test
  void chunksNeverSplitSurrogatePairs() {
    assertThat(ScriptedProvider.chunks("a👋b", 2)).containsExactly("a👋", "b");
    assertThat(ScriptedProvider.chunks("abc", 0)).containsExactly("abc");
    assertThat(ScriptedProvider.chunks("", 2)).isEmpty();
  }

  @Test
  void explicitStopReasonsAndAbortedTurns() throws Exception {
    ScriptedProvider provider =
        script(
            "{\"text\": \"cut\", \"stopReason\": \"length\"}",
            "{\"text\": \"gave up\", \"stopReason\": \"aborted\"}");
    EventLog log = new EventLog();
    assertThat(play(provider, log).stopReason()).isEqualTo("length");
    assertThat(log.done().reason()).isEqualTo(StopReason.LENGTH);
    log = new EventLog();
    AgentMessage.Assistant aborted = play(provider, log);
    assertThat(aborted.stopReason()).isEqualTo("aborted");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.ABORTED);
    assertThat(aborted.errorMessage()).contains("Request was aborted");
  }

  @Test
  void abortingDuringADelayEndsTheTurnAtOnce() throws Exception {
    ScriptedProvider provider =
        script("{\"text\": \"" + "x".repeat(100) + "\", \"chunkSize\": 1, \"delayMs\": 100}");
    AbortSignal signal = new AbortSignal();
    CountDownLatch started = new CountDownLatch(2);
    EventLog log =
        new EventLog(e -> {
          if (e instanceof StreamEvent.TextDelta) {
            started.countDown();
          }
        });
    Thread.ofVirtual()
        .start(() -> {
          try {
            started.await();
          } catch (InterruptedException ignored) {
            return;
          }
          signal.abort();
        });
    long start = System.nanoTime();
    AgentMessage.Assistant reply =
        log.verify(
            provider.stream(
                LlmRequest.of(sonnet, "", List.of(), List.of()).withSignal(signal), log));
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2000);
    assertThat(reply.stopReason()).isEqualTo("aborted");
    assertThat(((ContentBlock.Text) reply.content().getFirst()).text())
        .startsWith("xx")
        .hasSizeLessThan(10);
    assertThat(provider.remainingTurns()).isZero();
  }

  @Test
  void thinkingSignaturesFromTheScriptAreKept() throws Exception {
    AgentMessage.Assistant reply =
        play(
            script(
                "{\"content\": [{\"type\": \"thinking\", \"thinking\": \"deep\", \"signature\": \"sig\"}, {\"type\": \"text\", \"text\": \"ok\"}]}"),
            new EventLog());
    assertThat(reply.content().getFirst())
        .isEqualTo(
            new ContentBlock.Thinking("deep", Json.object().put("thinkingSignature", "sig")));
  }

  @Test
  void badLinesAreRejectedWithTheirLineNumber() {
    assertThatThrownBy(() -> script("{\"text\": \"ok\"}", "", "{\"txt\": \"typo\"}"))
        .isInstanceOf(TurnsFileException.class)
        .hasMessageStartingWith("test.jsonl:3: unknown field \"txt\" (allowed: ");
    assertThatThrownBy(() -> script("{not json"))
        .hasMessageStartingWith("test.jsonl:1: not valid JSON: ");
    assertThatThrownBy(() -> script("[1]"))
        .hasMessage("test.jsonl:1: each line must be a JSON object");
    assertThatThrownBy(() -> script("{\"text\": \"a\", \"content\": []}"))
        .hasMessage(
            "test.jsonl:1: use either \"content\" or the shorthand fields text/thinking/toolCalls, not both");
    assertThatThrownBy(() -> script("{\"stopReason\": \"error\"}"))
        .hasMessage("test.jsonl:1: stopReason \"error\" needs an \"error\" message");
    assertThatThrownBy(
            () -> script("{\"text\": \"a\", \"error\": \"x\", \"stopReason\": \"stop\"}"))
        .hasMessage("test.jsonl:1: \"error\" is only allowed with stopReason error or aborted");
    assertThatThrownBy(() -> script("{\"error\": \"x\", \"errorKind\": \"meltdown\"}"))
        .hasMessageStartingWith(
            "test.jsonl:1: errorKind must be one of aborted, context_overflow,");
    assertThatThrownBy(() -> script("{\"toolCalls\": [{\"arguments\": {}}]}"))
        .hasMessage("test.jsonl:1: missing \"name\"");
    assertThatThrownBy(() -> script("{\"usage\": {\"input\": -5}}"))
        .hasMessage("test.jsonl:1: \"input\" must be a whole number >= 0");
    assertThatThrownBy(() -> script("{\"content\": [{\"type\": \"image\"}]}"))
        .hasMessage(
            "test.jsonl:1: content block type must be text, thinking or toolCall, was \"image\"");
    assertThatThrownBy(() -> script("{\"delayMs\": 1.5}"))
        .hasMessage("test.jsonl:1: \"delayMs\" must be a whole number >= 0");
  }
}
