package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.LoopbackServer.Reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiProviderTest {
  private final LoopbackServer server = new LoopbackServer();
  private final Model gpt41 = TestModels.completions("gpt-4.1", server.baseUrl() + "/v1");
  private final Model gpt5 = TestModels.completions("gpt-5", server.baseUrl() + "/v1");
  private final ApiKey key = new ApiKey("sk-openai-test", "OPENAI_API_KEY");

  @AfterEach
  void stop() {
    server.close();
  }

  private AgentMessage.Assistant run(LlmRequest request, EventLog log) {
    return log.verify(TestModels.openai(TestModels.FAST, key).stream(request, log));
  }

  private LlmRequest hello(Model model) {
    return LlmRequest.of(model, "Be brief.", List.of(TestModels.user("Hi")), List.of());
  }

  private static String error(AgentMessage.Assistant reply) {
    return reply.errorMessage().orElseThrow();
  }

  @Test
  void streamsTextAndUsageWithCachedTokensSeparated() throws Exception {
    server.enqueue(Reply.resource("openai/text.sse").chunked(33, 0));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);

    assertThat(log.names())
        .containsExactly("Start", "TextStart", "TextDelta", "TextDelta", "TextEnd", "Done");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello, world!"));
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(reply.api()).isEqualTo("openai-completions");
    assertThat(reply.extra().get("responseId").asText()).isEqualTo("chatcmpl-A1");
    assertThat(reply.extra().get("responseModel").asText()).isEqualTo("gpt-4.1-2025-04-14");
    // 1200 prompt tokens of which 1000 cached: input counts only the uncached 200.
    assertThat(reply.usage().input()).isEqualTo(200);
    assertThat(reply.usage().cacheRead()).isEqualTo(1000);
    assertThat(reply.usage().output()).isEqualTo(12);
    assertThat(reply.usage().totalTokens()).isEqualTo(1212);
    assertThat(reply.usage().cost().total())
        .isCloseTo(200 * 2e-6 + 1000 * 0.5e-6 + 12 * 8e-6, within(1e-12));
  }

  @Test
  void sendsAStandardRequest() throws Exception {
    server.enqueue(Reply.resource("openai/text.sse"));
    run(hello(gpt41).withMaxTokens(500).withSessionId("session-1"), new EventLog());

    LoopbackServer.Received req = server.lastRequest();
    assertThat(req.path()).isEqualTo("/v1/chat/completions");
    assertThat(req.headers())
        .containsEntry("authorization", "Bearer sk-openai-test")
        .containsEntry("content-type", "application/json")
        .containsEntry("accept", "text/event-stream");
    JsonNode body = Json.parse(req.body());
    assertThat(body)
        .isEqualTo(
            Json.parse(
                "{\"model\":\"gpt-4.1\",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
                    + "{\"role\":\"user\",\"content\":\"Hi\"}],\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                    + "\"store\":false,\"max_completion_tokens\":500}"));
  }

  @Test
  void reasoningModelsGetDeveloperRoleEffortAndCacheKey() throws Exception {
    Model official = TestModels.completions("gpt-5", "https://api.openai.com/v1");
    JsonNode body =
        OpenAiProtocol.body(hello(official).withThinking(ThinkingLevel.HIGH).withSessionId("s-1"));
    assertThat(body.at("/messages/0/role").asText()).isEqualTo("developer");
    assertThat(body.get("reasoning_effort").asText()).isEqualTo("high");
    assertThat(body.get("prompt_cache_key").asText()).isEqualTo("s-1");

    // GPT-5 cannot switch reasoning off: "off" sends no effort at all (never a raised one, which
    // OpenAI refuses beside function tools for gpt-5.4); xhigh clamps to high.
    assertThat(OpenAiProtocol.body(hello(gpt5)).has("reasoning_effort")).isFalse();
    assertThat(
            OpenAiProtocol.body(hello(gpt5).withThinking(ThinkingLevel.MINIMAL))
                .get("reasoning_effort")
                .asText())
        .isEqualTo("minimal");
    assertThat(
            OpenAiProtocol.body(hello(gpt5).withThinking(ThinkingLevel.XHIGH))
                .get("reasoning_effort")
                .asText())
        .isEqualTo("high");
    Model gpt52 = TestModels.completions("gpt-5.2", server.baseUrl());
    assertThat(
            OpenAiProtocol.body(hello(gpt52).withThinking(ThinkingLevel.XHIGH))
                .get("reasoning_effort")
                .asText())
        .isEqualTo("xhigh");
    // Not api.openai.com: no cache key unless long retention is asked for.
    assertThat(OpenAiProtocol.body(hello(gpt5).withSessionId("s-1")).has("prompt_cache_key"))
        .isFalse();
    JsonNode longCache =
        OpenAiProtocol.body(
            hello(gpt5).withSessionId("s-1").withCacheRetention(CacheRetention.LONG));
    assertThat(longCache.get("prompt_cache_key").asText()).isEqualTo("s-1");
    assertThat(longCache.get("prompt_cache_retention").asText()).isEqualTo("24h");
    // Non-reasoning models get no reasoning parameters at all.
    assertThat(
            OpenAiProtocol.body(hello(gpt41).withThinking(ThinkingLevel.HIGH))
                .has("reasoning_effort"))
        .isFalse();
  }

  @Test
  void compatibleServersGetTheirOwnThinkingParameters() throws Exception {
    Model openrouter =
        custom(
            "openrouter",
            "anthropic/claude-sonnet-4.5",
            "https://openrouter.ai/api/v1",
            true,
            Json.object());
    JsonNode body =
        OpenAiProtocol.body(
            LlmRequest.of(
                    openrouter,
                    "sys",
                    List.of(TestModels.user("Hi")),
                    List.of(TestModels.readTool()))
                .withThinking(ThinkingLevel.LOW));
    assertThat(body.get("reasoning")).isEqualTo(Json.parse("{\"effort\":\"low\"}"));
    assertThat(body.has("reasoning_effort")).isFalse();
    // OpenRouter's Anthropic models get Anthropic-style cache markers.
    assertThat(body.at("/messages/0/content/0/cache_control/type").asText()).isEqualTo("ephemeral");
    assertThat(body.at("/messages/1/content/0/cache_control/type").asText()).isEqualTo("ephemeral");
    assertThat(body.at("/tools/0/cache_control/type").asText()).isEqualTo("ephemeral");
    assertThat(
            OpenAiProtocol.body(LlmRequest.of(openrouter, "", List.of(), List.of()))
                .get("reasoning"))
        .isEqualTo(Json.parse("{\"effort\":\"none\"}"));

    Model qwen =
        custom(
            "vllm",
            "Qwen/Qwen3-8B",
            "http://localhost:8000/v1",
            true,
            Json.object()
                .put("thinkingFormat", "qwen-chat-template")
                .put("maxTokensField", "max_tokens")
                .put("supportsStore", false));
    body =
        OpenAiProtocol.body(
            LlmRequest.of(qwen, "", List.of(TestModels.user("Hi")), List.of())
                .withThinking(ThinkingLevel.MEDIUM));
    assertThat(body.get("chat_template_kwargs"))
        .isEqualTo(Json.parse("{\"enable_thinking\":true,\"preserve_thinking\":true}"));
    assertThat(body.get("max_tokens").asInt()).isEqualTo(16_384);
    assertThat(body.has("max_completion_tokens")).isFalse();
    assertThat(body.has("store")).isFalse();
  }

  private static Model custom(
      String provider, String id, String url, boolean reasoning, ObjectNode compat) {
    return new Model(
        id,
        id,
        Api.OPENAI_COMPLETIONS,
        provider,
        url,
        reasoning,
        false,
        ModelCost.FREE,
        128_000,
        16_384,
        null,
        compat,
        null);
  }

  @Test
  void sendsToolsImagesAndToolResults() throws Exception {
    server.enqueue(Reply.resource("openai/text.sse"));
    List<AgentMessage> messages =
        List.of(
            TestModels.userWithImage("Look"),
            TestModels.assistant(
                gpt41,
                StopReason.TOOL_USE,
                new ContentBlock.Text("Reading."),
                TestModels.call("call_1", "read", "{\"path\":\"a.png\"}")),
            TestModels.toolResult(
                "call_1", "read", new ContentBlock.Text("an image"), TestModels.image()),
            TestModels.user("and?"));
    run(LlmRequest.of(gpt41, "", messages, List.of(TestModels.readTool())), new EventLog());

    JsonNode body = Json.parse(server.lastRequest().body());
    assertThat(body.get("tools"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"function\",\"function\":{\"name\":\"read\",\"description\":\"Read a file\","
                    + "\"parameters\":{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},\"required\":[\"path\"]},"
                    + "\"strict\":false}}]"));
    assertThat(body.get("messages"))
        .isEqualTo(
            Json.parse(
                "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Look\"},"
                    + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}]},"
                    + "{\"role\":\"assistant\",\"content\":\"Reading.\",\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
                    + "\"function\":{\"name\":\"read\",\"arguments\":\"{\\\"path\\\":\\\"a.png\\\"}\"}}]},"
                    + "{\"role\":\"tool\",\"content\":\"an image\",\"tool_call_id\":\"call_1\"},"
                    + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Attached image(s) from tool result:\"},"
                    + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}]},"
                    + "{\"role\":\"user\",\"content\":\"and?\"}]"));
  }

  @Test
  void modelsWithoutVisionGetPlaceholdersInsteadOfImages() throws Exception {
    Model textOnly = custom("ollama", "llama3.1", server.baseUrl() + "/v1", false, Json.object());
    List<AgentMessage> messages = List.of(TestModels.userWithImage("Look"));
    JsonNode body = OpenAiProtocol.body(LlmRequest.of(textOnly, "", messages, List.of()));
    assertThat(body.at("/messages/0/content"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"text\",\"text\":\"Look\"},{\"type\":\"text\",\"text\":\"(image omitted: model does not support images)\"}]"));
  }

  @Test
  void localServersNeedNoKeyAndMayOmitToolCallIds() throws Exception {
    Model local = custom("ollama", "llama3.1", server.baseUrl() + "/v1", false, Json.object());
    server.enqueue(Reply.resource("openai/tool-call-no-id.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            TestModels.openai(TestModels.FAST, ApiKey.NONE).stream(
                LlmRequest.of(
                    local, "", List.of(TestModels.user("ls")), List.of(TestModels.bashTool())),
                log));

    assertThat(server.lastRequest().headers()).doesNotContainKey("authorization");
    ContentBlock.ToolCall call = reply.toolCalls().getFirst();
    assertThat(call.id()).startsWith("call_").hasSizeGreaterThan(10);
    assertThat(call.name()).isEqualTo("bash");
    assertThat(call.arguments()).isEqualTo(Json.parse("{\"command\":\"ls\"}"));
    // The server said "stop" but asked for a tool: graft reports toolUse.
    assertThat(reply.stopReason()).isEqualTo("toolUse");
  }

  @Test
  void streamsReasoningFieldsAsThinking() throws Exception {
    Model qwen = custom("llamacpp", "qwen3-8b", server.baseUrl() + "/v1", true, Json.object());
    server.enqueue(Reply.resource("openai/reasoning.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            TestModels.openai(TestModels.FAST, ApiKey.NONE).stream(
                LlmRequest.of(qwen, "", List.of(TestModels.user("2+2?")), List.of()), log));

    assertThat(log.names())
        .containsExactly(
            "Start",
            "ThinkingStart",
            "ThinkingDelta",
            "ThinkingDelta",
            "ThinkingEnd",
            "TextStart",
            "TextDelta",
            "TextEnd",
            "Done");
    ContentBlock.Thinking thinking = (ContentBlock.Thinking) reply.content().get(0);
    assertThat(thinking.thinking()).isEqualTo("Let me think about it.");
    assertThat(thinking.signature()).contains("reasoning_content");
    assertThat(reply.content().get(1)).isEqualTo(new ContentBlock.Text("It is 4."));
    assertThat(reply.usage().input()).isEqualTo(30);
    assertThat(reply.usage().output()).isEqualTo(15);

    // Sent back to the same model, the reasoning goes in the field it came from.
    server.enqueue(Reply.resource("openai/text.sse"));
    List<AgentMessage> next = List.of(TestModels.user("2+2?"), reply, TestModels.user("and 3+3?"));
    TestModels.openai(TestModels.FAST, ApiKey.NONE).stream(
        LlmRequest.of(qwen, "", next, List.of()), e -> {});
    assertThat(Json.parse(server.lastRequest().body()).at("/messages/1"))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"assistant\",\"content\":\"It is 4.\",\"reasoning_content\":\"Let me think about it.\"}"));
  }

  @Test
  void chunksWithoutBlankLinesBetweenThemAreStillRead() throws Exception {
    server.enqueue(
        Reply.sse(
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"One\"}}]}\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" two\"},\"finish_reason\":\"stop\"}]}\n"
                + "data: [DONE]\n"));
    AgentMessage.Assistant reply = run(hello(gpt41), new EventLog());
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("One two"));
    assertThat(reply.stopReason()).isEqualTo("stop");
  }

  @Test
  void parallelToolCallsAreAssembledByIndex() throws Exception {
    server.enqueue(Reply.resource("openai/tool-calls.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        run(
            LlmRequest.of(
                gpt41,
                "",
                List.of(TestModels.user("read a and b")),
                List.of(TestModels.readTool())),
            log);

    assertThat(reply.stopReason()).isEqualTo("toolUse");
    assertThat(reply.content())
        .containsExactly(
            new ContentBlock.Text("Reading both."),
            TestModels.call("call_aaa", "read", "{\"path\":\"a.txt\"}"),
            TestModels.call("call_bbb", "read", "{\"path\":\"b.txt\"}"));
    assertThat(log.names())
        .containsExactly(
            "Start",
            "TextStart",
            "TextDelta",
            "TextEnd",
            "ToolCallStart",
            "ToolCallDelta",
            "ToolCallStart",
            "ToolCallDelta",
            "ToolCallDelta",
            "ToolCallEnd",
            "ToolCallEnd",
            "Done");
    assertThat(reply.usage().input()).isEqualTo(500);
  }

  @Test
  void retriesRateLimitHonouringRetryAfterMs() throws Exception {
    server.enqueue(
        Reply.status(429, LoopbackServer.resource("openai/error-429.json"))
            .header("retry-after-ms", "300"),
        Reply.resource("openai/text.sse"));
    long start = System.nanoTime();
    AgentMessage.Assistant reply = run(hello(gpt41), new EventLog());
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(server.received()).hasSize(2);
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(290);
  }

  @Test
  void rateLimitAfterAllAttemptsIsReportedAsSuch() throws Exception {
    String body = LoopbackServer.resource("openai/error-429.json");
    server.enqueue(Reply.status(429, body), Reply.status(429, body), Reply.status(429, body));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(server.received()).hasSize(3);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.RATE_LIMIT);
    assertThat(log.error().contextOverflow()).isFalse();
    assertThat(error(reply))
        .startsWith("OpenAI API returned HTTP 429: Rate limit reached for gpt-4.1");
  }

  @Test
  void errorBodiesBecomeClearMessages() throws Exception {
    server.enqueue(
        Reply.status(401, LoopbackServer.resource("openai/error-401.json")),
        Reply.status(404, LoopbackServer.resource("openai/error-404.json")),
        Reply.status(400, LoopbackServer.resource("openai/error-400-context.json")),
        Reply.status(500, LoopbackServer.resource("openai/error-500.html")),
        Reply.status(500, LoopbackServer.resource("openai/error-500.html")),
        Reply.status(500, LoopbackServer.resource("openai/error-500.html")),
        Reply.status(404, "{\"error\":\"model 'llama9' not found, try pulling it first\"}"),
        Reply.status(
            422, "{\"detail\":[{\"loc\":[\"body\",\"messages\"],\"msg\":\"field required\"}]}"));

    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.AUTHENTICATION);
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API returned HTTP 401: (invalid_request_error) Incorrect API key"
                + " provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys."
                + " (check the API key from OPENAI_API_KEY)");

    log = new EventLog();
    reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.INVALID_REQUEST);
    assertThat(error(reply))
        .contains("HTTP 404: (invalid_request_error) The model `gpt-9` does not exist")
        .contains(
            "check the model id and base URL; request was POST "
                + server.baseUrl()
                + "/v1/chat/completions");

    log = new EventLog();
    reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    assertThat(error(reply)).contains("maximum context length is 128000 tokens");

    log = new EventLog();
    reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.SERVER);
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API returned HTTP 500: 500 Internal Server Error 500 Internal Server Error nginx");

    log = new EventLog();
    reply = run(hello(gpt41), log);
    assertThat(error(reply))
        .startsWith("OpenAI API returned HTTP 404: model 'llama9' not found, try pulling it first");

    log = new EventLog();
    reply = run(hello(gpt41), log);
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API returned HTTP 422: [{\"loc\":[\"body\",\"messages\"],\"msg\":\"field required\"}]");
    assertThat(server.received()).hasSize(8);
  }

  @Test
  void aPageOrJsonInsteadOfAStreamIsOneClearErrorNotRetried() throws Exception {
    // A wrong base URL that lands on a web page or a proxy's JSON, and a server that ignores
    // "stream": true.
    String models = "{\"object\":\"list\",\"data\":[" + "{\"id\":\"m\"},".repeat(60) + "{}]}";
    server.enqueue(
        Reply.status(200, "<html><body><h1>Welcome to nginx!</h1></body></html>"),
        Reply.status(200, "{\"error\":{\"message\":\"no model loaded\"}}"),
        Reply.status(200, models));
    String request = "; request was POST " + server.baseUrl() + "/v1/chat/completions)";

    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.PROTOCOL);
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API answered HTTP 200 with text/html, not an event stream: Welcome to nginx!"
                + " (check the provider's baseUrl in models.json"
                + request);

    reply = run(hello(gpt41), new EventLog());
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API answered HTTP 200 with application/json, not an event stream:"
                + " no model loaded (check the provider's baseUrl in models.json"
                + request);

    reply = run(hello(gpt41), new EventLog());
    assertThat(error(reply))
        .isEqualTo(
            "OpenAI API answered HTTP 200 with application/json, not an event stream: "
                + models.substring(0, 200)
                + "… (check the provider's baseUrl in models.json"
                + request);
    assertThat(server.received()).hasSize(3);
  }

  @Test
  void anErrorChunkMidStreamEndsTheTurnOnceRetriesRunOut() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("openai/error-chunk.sse"));
    }
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(error(reply))
        .isEqualTo(
            "Server reported an error mid-stream: Provider returned error: upstream connect error");
    assertThat(log.error().kind()).isEqualTo(ErrorKind.SERVER);
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Start of"));
  }

  @Test
  void invalidJsonInAChunkFails() throws Exception {
    server.enqueue(Reply.resource("openai/invalid-json.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.PROTOCOL);
    assertThat(error(reply))
        .startsWith("Could not parse a chunk from the server as JSON: {\"id\":\"chatcmpl-J1\"");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Fine"));
  }

  @Test
  void aStreamWithoutFinishOrDoneFails() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Reply.resource("openai/truncated.sse"));
    }
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(error(reply))
        .isEqualTo(
            "The server's stream ended before the response was complete (the connection closed in the middle of an event)");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Half"));
  }

  @Test
  void anEmptyStreamIsRetriedThenReported() throws Exception {
    server.enqueue(Reply.sse(""), Reply.sse(": keep-alive\n\n"), Reply.sse(""));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(gpt41), log);
    assertThat(server.received()).hasSize(3);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.PROTOCOL);
    assertThat(reply.content()).isEmpty();
  }

  @Test
  void connectionRefusedIsANetworkError() throws Exception {
    int port;
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Model nowhere = TestModels.withBaseUrl(gpt41, "http://127.0.0.1:" + port + "/v1");
    EventLog log = new EventLog();
    AgentMessage.Assistant reply = run(hello(nowhere), log);
    assertThat(log.error().kind()).isEqualTo(ErrorKind.NETWORK);
    assertThat(error(reply)).startsWith("Could not connect to 127.0.0.1:" + port);
  }

  @Test
  void idleTimeoutBeforeTheHeaders() throws Exception {
    server.enqueue(Reply.resource("openai/text.sse").delayHeaders(5_000));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            TestModels.openai(TestModels.FAST.withIdleTimeout(Duration.ofMillis(250)), key).stream(
                hello(gpt41), log));
    assertThat(log.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    assertThat(error(reply))
        .isEqualTo(
            "No response from 127.0.0.1:"
                + server.baseUrl().replaceAll(".*:", "")
                + " within 250 ms (retry.provider.timeoutMs in settings.json sets this wait)");
  }

  @Test
  void idleTimeoutMidStream() throws Exception {
    String text = LoopbackServer.resource("openai/text.sse");
    server.enqueue(Reply.sse(text).stallAfter(text.indexOf("data:", text.indexOf("Hello"))));
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            TestModels.openai(TestModels.FAST.withIdleTimeout(Duration.ofMillis(250)), key).stream(
                hello(gpt41), log));
    assertThat(log.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    assertThat(error(reply))
        .endsWith("for 250 ms (retry.provider.timeoutMs in settings.json sets this wait)");
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello"));
  }

  @Test
  void abortMidStream() throws Exception {
    String text = LoopbackServer.resource("openai/text.sse");
    server.enqueue(Reply.sse(text).stallAfter(text.indexOf("data:", text.indexOf("Hello"))));
    AbortSignal signal = new AbortSignal();
    CountDownLatch delta = new CountDownLatch(1);
    EventLog log =
        new EventLog(e -> {
          if (e instanceof StreamEvent.TextDelta) {
            delta.countDown();
          }
        });
    Thread.ofVirtual()
        .start(() -> {
          try {
            delta.await();
          } catch (InterruptedException ignored) {
            return;
          }
          signal.abort("user pressed Escape");
        });
    long start = System.nanoTime();
    AgentMessage.Assistant reply =
        log.verify(
            TestModels.openai(TestModels.FAST, key).stream(hello(gpt41).withSignal(signal), log));
    assertThat(reply.stopReason()).isEqualTo("aborted");
    assertThat(log.error().reason()).isEqualTo(StopReason.ABORTED);
    assertThat(reply.content()).containsExactly(new ContentBlock.Text("Hello"));
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3000);
  }
}
