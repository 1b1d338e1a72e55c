package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.LoopbackServer.Reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AnthropicProviderTest {
  private final LoopbackServer server = new LoopbackServer();
  private final Model sonnet =
      TestModels.builtin("anthropic", "claude-sonnet-4-5", server.baseUrl());

  @AfterEach
  void stop() {
    server.close();
  }

  private AgentMessage.Assistant run(LlmRequest request, EventLog log) {
    return log.verify(TestModels.anthropic(TestModels.FAST).stream(request, log));
  }

  private LlmRequest hello() {
    return LlmRequest.of(sonnet, "You are terse.", List.of(TestModels.user("Hi")), List.of());
  }

  @Test
  void streamsTextWithUsageAndCost() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse").chunked(7, 0));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);

    assertThat(log.names())
        .containsExactly("Start", "TextStart", "TextDelta", "TextDelta", "TextEnd", "Done");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello, wörld! 👋"));
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(reply.api()).isEqualTo("anthropic-messages");
    assertThat(reply.provider()).isEqualTo("anthropic");
    assertThat(reply.model()).isEqualTo("claude-sonnet-4-5");
    assertThat(reply.timestamp()).isEqualTo(TestModels.NOW);
    assertThat(reply.extra().get("responseId").asText()).isEqualTo("msg_01TextA");
    assertThat(reply.usage().input()).isEqualTo(25);
    assertThat(reply.usage().output()).isEqualTo(12);
    assertThat(reply.usage().cacheRead()).isEqualTo(2000);
    assertThat(reply.usage().cacheWrite()).isEqualTo(100);
    assertThat(reply.usage().totalTokens()).isEqualTo(2137);
    // $3 / $15 / $0.30 / $3.75 per million tokens
    assertThat(reply.usage().cost().input()).isCloseTo(25 * 3e-6, within(1e-12));
    assertThat(reply.usage().cost().output()).isCloseTo(12 * 15e-6, within(1e-12));
    assertThat(reply.usage().cost().cacheRead()).isCloseTo(2000 * 0.3e-6, within(1e-12));
    assertThat(reply.usage().cost().cacheWrite()).isCloseTo(100 * 3.75e-6, within(1e-12));
    assertThat(reply.usage().cost().total())
        .isCloseTo(25 * 3e-6 + 12 * 15e-6 + 2000 * 0.3e-6 + 100 * 3.75e-6, within(1e-12));
  }

  @Test
  void sendsHeadersSystemPromptAndCacheControl() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse"));
    run(hello().withMaxTokens(1000), new EventLog());

    LoopbackServer.Received req = server.lastRequest();
    assertThat(req.method()).isEqualTo("POST");
    assertThat(req.path()).isEqualTo("/v1/messages");
    assertThat(req.headers())
        .containsEntry("x-api-key", "sk-ant-test-key")
        .containsEntry("anthropic-version", "2023-06-01")
        .containsEntry("content-type", "application/json")
        .containsEntry("anthropic-beta", "interleaved-thinking-2025-05-14");
    assertThat(req.headers()).doesNotContainKey("authorization");
    JsonNode body = Json.parse(req.body());
    assertThat(body.get("model").asText()).isEqualTo("claude-sonnet-4-5");
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.get("max_tokens").asInt()).isEqualTo(1000);
    assertThat(body.get("thinking")).isEqualTo(Json.parse("{\"type\":\"disabled\"}"));
    assertThat(body.get("system"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"text\",\"text\":\"You are terse.\",\"cache_control\":{\"type\":\"ephemeral\"}}]"));
    // The last user message is marked so the whole conversation so far is cached.
    assertThat(body.get("messages"))
        .isEqualTo(
            Json.parse(
                "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\",\"cache_control\":{\"type\":\"ephemeral\"}}]}]"));
  }

  @Test
  void longRetentionAsksForAnHourAndNoneSendsNoMarkers() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse"), Reply.resource("anthropic/text.sse"));
    run(hello().withCacheRetention(CacheRetention.LONG), new EventLog());
    assertThat(Json.parse(server.lastRequest().body()).at("/system/0/cache_control"))
        .isEqualTo(Json.parse("{\"type\":\"ephemeral\",\"ttl\":\"1h\"}"));
    run(hello().withCacheRetention(CacheRetention.NONE), new EventLog());
    assertThat(server.lastRequest().body()).doesNotContain("cache_control");
  }

  @Test
  void thinkingBudgetsFollowTheLevel() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("anthropic/thinking.sse"));
    }
    run(hello().withThinking(ThinkingLevel.MEDIUM).withMaxTokens(4000), new EventLog());
    JsonNode body = Json.parse(server.lastRequest().body());
    assertThat(body.get("thinking"))
        .isEqualTo(
            Json.parse("{\"type\":\"enabled\",\"budget_tokens\":8192,\"display\":\"summarized\"}"));
    assertThat(body.get("max_tokens").asInt()).isEqualTo(4000 + 8192);

    run(hello().withThinking(ThinkingLevel.MINIMAL), new EventLog());
    body = Json.parse(server.lastRequest().body());
    assertThat(body.at("/thinking/budget_tokens").asInt()).isEqualTo(1024);
    assertThat(body.get("max_tokens").asInt()).isEqualTo(32_000 + 1024);

    // xhigh is clamped to high's budget, and the total never exceeds the model's limit.
    run(hello().withThinking(ThinkingLevel.XHIGH).withMaxTokens(60_000), new EventLog());
    body = Json.parse(server.lastRequest().body());
    assertThat(body.at("/thinking/budget_tokens").asInt()).isEqualTo(16384);
    assertThat(body.get("max_tokens").asInt()).isEqualTo(64_000);
  }

  @Test
  void adaptiveModelsGetAnEffortInsteadOfABudget() throws Exception {
    Model opus = TestModels.builtin("anthropic", "claude-opus-4-6", server.baseUrl());
    server.enqueue(
        Reply.resource("anthropic/thinking.sse"), Reply.resource("anthropic/thinking.sse"));
    LlmRequest request = LlmRequest.of(opus, "", List.of(TestModels.user("Hi")), List.of());
    run(request.withThinking(ThinkingLevel.XHIGH), new EventLog());
    JsonNode body = Json.parse(server.lastRequest().body());
    assertThat(body.get("thinking"))
        .isEqualTo(Json.parse("{\"type\":\"adaptive\",\"display\":\"summarized\"}"));
    assertThat(body.get("output_config")).isEqualTo(Json.parse("{\"effort\":\"max\"}"));
    assertThat(server.lastRequest().headers()).doesNotContainKey("anthropic-beta");
    assertThat(body.has("system")).isFalse();

    run(request.withThinking(ThinkingLevel.LOW), new EventLog());
    assertThat(Json.parse(server.lastRequest().body()).at("/output_config/effort").asText())
        .isEqualTo("low");
  }

  @Test
  void streamsThinkingWithSignatureAndRedactedThinking() throws Exception {
    server.enqueue(Reply.resource("anthropic/thinking.sse").chunked(50, 0));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello().withThinking(ThinkingLevel.HIGH), log);

    assertThat(reply.content()).hasSize(3);
    ContentBlock.Thinking thinking = (ContentBlock.Thinking) reply.content().get(0);
    assertThat(thinking.thinking()).isEqualTo("The user asks for 2+2. That is 4.");
    assertThat(thinking.signature())
        .contains("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds");
    ContentBlock.Thinking redacted = (ContentBlock.Thinking) reply.content().get(1);
    assertThat(redacted.thinking()).isEqualTo("[Reasoning redacted]");
    assertThat(redacted.extra().get("redacted").asBoolean()).isTrue();
    assertThat(redacted.signature()).hasValueSatisfying(s -> assertThat(s).startsWith("EmwKAhgB"));
    assertThat(reply.content().get(2)).isEqualTo(new ContentBlock.Text("4"));
    assertThat(log.ofType(StreamEvent.ThinkingEnd.class)).hasSize(2);
  }

  @Test
  void parallelToolCallsArriveParsed() throws Exception {
    server.enqueue(Reply.resource("anthropic/tool-calls.sse").chunked(64, 0));
    EventLog log = new EventLog();
    LlmRequest request =
        LlmRequest.of(
            sonnet, "", List.of(TestModels.user("Read a and b")), List.of(TestModels.readTool()));
    AgentMessage.Assistant reply = run(request, log);

    assertThat(reply.stopReason()).isEqualTo("toolUse");
    assertThat(log.done().reason()).isEqualTo(StopReason.TOOL_USE);
    assertThat(reply.toolCalls())
        .containsExactly(
            TestModels.call("toolu_01A", "read", "{\"path\":\"src/a.txt\"}"),
            TestModels.call("toolu_01B", "read", "{\"path\":\"src/b.txt\",\"limit\":20}"));
    assertThat(log.ofType(StreamEvent.ToolCallStart.class))
        .containsExactly(
            new StreamEvent.ToolCallStart(1, "toolu_01A", "read"),
            new StreamEvent.ToolCallStart(2, "toolu_01B", "read"));
    assertThat(
            log.ofType(StreamEvent.ToolCallDelta.class).stream()
                .map(StreamEvent.ToolCallDelta::delta))
        .containsExactly(
            "{\"path\": \"src/", "a.txt\"}", "{\"path\": \"src/b.txt\", \"limit\": 20}");

    JsonNode tools = Json.parse(server.lastRequest().body()).get("tools");
    assertThat(tools)
        .isEqualTo(
            Json.parse(
                "[{\"name\":\"read\",\"description\":\"Read a file\",\"eager_input_streaming\":true,"
                    + "\"input_schema\":{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},\"required\":[\"path\"]},"
                    + "\"cache_control\":{\"type\":\"ephemeral\"}}]"));
  }

  @Test
  void unparsableToolArgumentsStillArriveWithAnErrorForTheModel() throws Exception {
    server.enqueue(Reply.resource("anthropic/bad-tool-arguments.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);

    assertThat(reply.stopReason()).isEqualTo("length");
    ContentBlock.ToolCall call = reply.toolCalls().getFirst();
    assertThat(call.id()).isEqualTo("toolu_01W");
    assertThat(call.arguments()).isEmpty();
    assertThat(ToolCallArguments.error(call))
        .hasValueSatisfying(m ->
            assertThat(m).contains("\"write\"").contains("not valid JSON").contains("not run"));
    assertThat(call.extra().get("rawArguments").asText())
        .isEqualTo("{\"path\": \"a.txt\", \"content\": \"hel");
    assertThat(log.ofType(StreamEvent.ToolCallEnd.class).getFirst().argumentsError()).isPresent();
  }

  @Test
  void sendsTheConversationWithImagesToolResultsAndSignedThinking() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse"));
    ContentBlock.Thinking signed =
        new ContentBlock.Thinking("Let me look.", Json.object().put("thinkingSignature", "sig-1"));
    ContentBlock.Thinking unsigned = new ContentBlock.Thinking("Hmm.", null);
    List<AgentMessage> messages =
        List.of(
            TestModels.userWithImage("What is in this picture?"),
            TestModels.assistant(
                sonnet,
                StopReason.TOOL_USE,
                signed,
                unsigned,
                new ContentBlock.Text("Checking."),
                TestModels.call("toolu_1", "read", "{\"path\":\"a.png\"}"),
                TestModels.call("toolu|2", "bash", "{\"command\":\"ls\"}")),
            TestModels.toolResult(
                "toolu_1", "read", new ContentBlock.Text("binary"), TestModels.image()),
            TestModels.toolResult(
                "toolu|2", "bash", new ContentBlock.Text("a.png"), new ContentBlock.Text("b.png")),
            TestModels.assistant(sonnet, StopReason.ERROR, new ContentBlock.Text("half")),
            TestModels.user("thanks"));
    run(LlmRequest.of(sonnet, "", messages, List.of()), new EventLog());

    JsonNode sent = Json.parse(server.lastRequest().body()).get("messages");
    assertThat(sent).hasSize(4);
    assertThat(sent.get(0))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"What is in this picture?\"},"
                    + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0KGgo=\"}}]}"));
    assertThat(sent.get(1))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"assistant\",\"content\":["
                    + "{\"type\":\"thinking\",\"thinking\":\"Let me look.\",\"signature\":\"sig-1\"},"
                    + "{\"type\":\"text\",\"text\":\"Hmm.\"},"
                    + "{\"type\":\"text\",\"text\":\"Checking.\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"read\",\"input\":{\"path\":\"a.png\"}},"
                    + "{\"type\":\"tool_use\",\"id\":\"toolu|2\",\"name\":\"bash\",\"input\":{\"command\":\"ls\"}}]}"));
    assertThat(sent.get(2))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"content\":["
                    + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"content\":[{\"type\":\"text\",\"text\":\"binary\"},"
                    + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"iVBORw0KGgo=\"}}],\"is_error\":false},"
                    + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu|2\",\"content\":\"a.png\\nb.png\",\"is_error\":false}]}"));
    // The failed turn is dropped; the user's reply carries the cache marker.
    assertThat(sent.get(3))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"thanks\",\"cache_control\":{\"type\":\"ephemeral\"}}]}"));
  }

  @Test
  void anotherModelsTurnsAreAdaptedAndOrphanedCallsGetResults() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse"));
    Model gpt = TestModels.builtin("openai", "gpt-5", "http://unused");
    ContentBlock.Thinking foreign =
        new ContentBlock.Thinking(
            "Reasoning elsewhere.", Json.object().put("thinkingSignature", "reasoning_content"));
    List<AgentMessage> messages =
        List.of(
            TestModels.user("go"),
            TestModels.assistant(
                gpt, StopReason.TOOL_USE, foreign, TestModels.call("call|abc+/=", "bash", "{}")),
            TestModels.user("never mind"));
    run(LlmRequest.of(sonnet, "", messages, List.of()), new EventLog());

    JsonNode sent = Json.parse(server.lastRequest().body()).get("messages");
    assertThat(sent.get(1).get("content"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"text\",\"text\":\"Reasoning elsewhere.\"},"
                    + "{\"type\":\"tool_use\",\"id\":\"call_abc___\",\"name\":\"bash\",\"input\":{}}]"));
    assertThat(sent.get(2).get("content"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"tool_result\",\"tool_use_id\":\"call_abc___\",\"content\":\"No result provided\",\"is_error\":true}]"));
    assertThat(sent.get(3).at("/content/0/text").asText()).isEqualTo("never mind");
  }

  @Test
  void retriesRateLimitHonouringRetryAfter() throws Exception {
    server.enqueue(
        Reply.status(
                429,
                "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Slow down\"}}")
            .header("retry-after", "1"),
        Reply.resource("anthropic/text.sse"));
    long start = System.nanoTime();
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(server.received()).hasSize(2);
    assertThat(elapsed).isGreaterThanOrEqualTo(950);
    assertThat(log.ofType(StreamEvent.Start.class)).hasSize(1);
  }

  @Test
  void retriesOverloadedAndServerErrorsThenGivesUpAfterThreeAttempts() throws Exception {
    String overloaded = LoopbackServer.resource("anthropic/error-529.json");
    server.enqueue(
        Reply.status(529, overloaded), Reply.status(500, ""), Reply.status(529, overloaded));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);

    assertThat(server.received()).hasSize(3);
    assertThat(reply.stopReason()).isEqualTo("error");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.SERVER);
    assertThat(reply.errorMessage().orElseThrow())
        .contains("Anthropic API returned HTTP 529: (overloaded_error) Overloaded");
  }

  @Test
  void anOverloadedStreamIsRetried() throws Exception {
    server.enqueue(
        Reply.resource("anthropic/overloaded-before-content.sse"),
        Reply.resource("anthropic/text.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(server.received()).hasSize(2);
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(reply.usage().input()).isEqualTo(25);
    assertThat(log.names())
        .containsExactly(
            "Start", "Retry", "Start", "TextStart", "TextDelta", "TextDelta", "TextEnd", "Done");
    StreamEvent.Retry retry = log.ofType(StreamEvent.Retry.class).getFirst();
    assertThat(retry.attempt()).isEqualTo(1);
    assertThat(retry.maxRetries()).isEqualTo(2);
    assertThat(retry.kind()).isEqualTo(ErrorKind.SERVER);
    assertThat(retry.errorMessage()).contains("overloaded_error");
  }

  @Test
  void aTurnCutShortAfterTextIsRetriedAndOnlyTheLastAttemptIsKept() throws Exception {
    server.enqueue(
        Reply.resource("anthropic/error-midstream.sse"), Reply.resource("anthropic/text.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(server.received()).hasSize(2);
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello, wörld! 👋"));
    StreamEvent.Retry retry = log.ofType(StreamEvent.Retry.class).getFirst();
    // The failed attempt as it stood, handed over so a UI can end it; it is not the answer.
    assertThat(retry.message().content()).containsExactly(new ContentBlock.Text("Partial answ"));
    assertThat(retry.message().stopReason()).isEqualTo("error");
    assertThat(log.names().subList(0, 5))
        .containsExactly("Start", "TextStart", "TextDelta", "Retry", "Start");
  }

  @Test
  void aRetryAfterLongerThanGraftWaitsFailsAtOnce() throws Exception {
    server.enqueue(
        Reply.status(429, "{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"quota\"}}")
            .header("retry-after", "3600"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(server.received()).hasSize(1);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.RATE_LIMIT);
    assertThat(reply.errorMessage().orElseThrow()).contains("quota").contains("retry after 3600 s");
  }

  @Test
  void authenticationErrorsAreClearAndNotRetried() throws Exception {
    server.enqueue(Reply.status(401, LoopbackServer.resource("anthropic/error-401.json")));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(server.received()).hasSize(1);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.AUTHENTICATION);
    assertThat(log.error().reason()).isEqualTo(StopReason.ERROR);
    assertThat(reply.errorMessage().orElseThrow())
        .isEqualTo(
            "Anthropic API returned HTTP 401: (authentication_error) invalid x-api-key"
                + " (check the API key from ANTHROPIC_API_KEY)");
    assertThat(reply.errorMessage().orElseThrow()).doesNotContain("sk-ant-test-key");
    assertThat(reply.content()).isEmpty();
  }

  @Test
  void promptTooLongIsReportedAsContextOverflow() throws Exception {
    server.enqueue(Reply.status(400, LoopbackServer.resource("anthropic/error-400-overflow.json")));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(log.error().contextOverflow()).isTrue();
    assertThat(reply.errorMessage().orElseThrow())
        .contains("prompt is too long: 213462 tokens > 200000 maximum");
    assertThat(ContextOverflow.isContextOverflow(reply, sonnet.contextWindow())).isTrue();
  }

  @Test
  void unknownModelNamesTheRequest() throws Exception {
    server.enqueue(Reply.status(404, LoopbackServer.resource("anthropic/error-404.json")));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.INVALID_REQUEST);
    assertThat(reply.errorMessage().orElseThrow())
        .startsWith("Anthropic API returned HTTP 404: (not_found_error) model: claude-sonnet-9")
        .contains("check the model id and base URL")
        .contains(server.baseUrl() + "/v1/messages");
  }

  @Test
  void anErrorEventMidStreamOnEveryAttemptKeepsTheLastPartialContent() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("anthropic/error-midstream.sse"));
    }
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(server.received()).hasSize(3);
    assertThat(log.ofType(StreamEvent.Retry.class))
        .extracting(StreamEvent.Retry::attempt)
        .containsExactly(1, 2);
    assertThat(reply.stopReason()).isEqualTo("error");
    assertThat(reply.errorMessage().orElseThrow())
        .contains("Anthropic stream error: (overloaded_error) Overloaded");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Partial answ"));
    assertThat(log.error().kind()).isEqualTo(ErrorKind.SERVER);
  }

  @Test
  void aStreamCutOffMidEventFails() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("anthropic/truncated.sse"));
    }
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(reply.errorMessage().orElseThrow())
        .isEqualTo(
            "Anthropic stream ended before message_stop (the connection closed in the middle of an event)");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.PROTOCOL);
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Half a"));
  }

  @Test
  void aDroppedConnectionFails() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("anthropic/truncated.sse").dropConnection());
    }
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(reply.stopReason()).isEqualTo("error");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.NETWORK);
    assertThat(reply.errorMessage().orElseThrow()).contains("broke while streaming");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Half a"));
  }

  @Test
  void invalidJsonInAnEventFails() throws Exception {
    server.enqueue(Reply.resource("anthropic/invalid-json.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.PROTOCOL);
    assertThat(reply.errorMessage().orElseThrow())
        .startsWith("Could not parse Anthropic event content_block_delta as JSON");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Fine so far"));
  }

  @Test
  void aSilentServerHitsTheIdleTimeout() throws Exception {
    String text = LoopbackServer.resource("anthropic/text.sse");
    server.enqueue(Reply.sse(text).stallAfter(text.indexOf("event: content_block_delta")));
    HttpSettings settings = TestModels.FAST.withIdleTimeout(Duration.ofMillis(300));
    EventLog log = new EventLog();
    long start = System.nanoTime();
    AgentMessage.Assistant reply = log.verify(TestModels.anthropic(settings).stream(hello(), log));
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    assertThat(log.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    assertThat(reply.errorMessage().orElseThrow())
        .startsWith("No data from 127.0.0.1:")
        .endsWith("for 300 ms (retry.provider.timeoutMs in settings.json sets this wait)");
    assertThat(elapsed).isLessThan(3000);
    assertThat(server.received()).hasSize(1);
  }

  @Test
  void abortMidStreamEndsPromptlyKeepingWhatArrived() throws Exception {
    String text = LoopbackServer.resource("anthropic/text.sse");
    server.enqueue(
        Reply.sse(text)
            .stallAfter(text.indexOf("event: content_block_delta", text.indexOf("Hello"))));
    AbortSignal signal = new AbortSignal();
    CountDownLatch firstDelta = new CountDownLatch(1);
    EventLog log =
        new EventLog(e -> {
          if (e instanceof StreamEvent.TextDelta) {
            firstDelta.countDown();
          }
        });
    Thread aborter =
        Thread.ofVirtual()
            .start(() -> {
              try {
                firstDelta.await();
                Thread.sleep(50);
              } catch (InterruptedException ignored) {
                return;
              }
              signal.abort();
            });
    long start = System.nanoTime();
    AgentMessage.Assistant reply =
        log.verify(TestModels.anthropic(TestModels.FAST).stream(hello().withSignal(signal), log));
    long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    aborter.join();

    assertThat(reply.stopReason()).isEqualTo("aborted");
    assertThat(reply.errorMessage().orElseThrow()).contains("Request was aborted");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.ABORTED);
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello"));
    assertThat(elapsed).isLessThan(3000);
  }

  @Test
  void abortWhileWaitingForHeadersOrARetry() throws Exception {
    server.enqueue(Reply.resource("anthropic/text.sse").delayHeaders(10_000));
    AbortSignal signal = new AbortSignal();
    Thread.ofVirtual()
        .start(() -> {
          try {
            Thread.sleep(100);
          } catch (InterruptedException ignored) {
            return;
          }
          signal.abort();
        });
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(TestModels.anthropic(TestModels.FAST).stream(hello().withSignal(signal), log));
    assertThat(reply.stopReason()).isEqualTo("aborted");

    server.enqueue(Reply.status(503, "").header("retry-after", "20"));
    AbortSignal second = new AbortSignal();
    Thread.ofVirtual()
        .start(() -> {
          try {
            Thread.sleep(200);
          } catch (InterruptedException ignored) {
            return;
          }
          second.abort();
        });
    long start = System.nanoTime();
    HttpSettings patient = TestModels.FAST.withMaxRetryDelay(Duration.ofSeconds(30));
    EventLog log2 = new EventLog();
    reply = log2.verify(TestModels.anthropic(patient).stream(hello().withSignal(second), log2));
    assertThat(reply.stopReason()).isEqualTo("aborted");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5000);
  }

  @Test
  void anAlreadyAbortedRequestSendsNothing() throws Exception {
    AbortSignal signal = new AbortSignal();
    signal.abort();
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(TestModels.anthropic(TestModels.FAST).stream(hello().withSignal(signal), log));
    assertThat(reply.stopReason()).isEqualTo("aborted");
    assertThat(server.received()).isEmpty();
  }

  @Test
  void aListenerExceptionReachesTheCaller() {
    server.enqueue(Reply.resource("anthropic/text.sse"));
    IllegalStateException boom = new IllegalStateException("ui broke");
    Assertions.assertThatThrownBy(() ->
            TestModels.anthropic(TestModels.FAST).stream(
                hello(),
                e -> {
                  if (e instanceof StreamEvent.TextDelta) {
                    throw boom;
                  }
                }))
        .isSameAs(boom);
  }
}
