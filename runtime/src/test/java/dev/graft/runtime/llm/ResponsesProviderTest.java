package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.LoopbackServer.Reply;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Responses API on streams written from OpenAI's documentation (test resources llm/responses,
 * see README-written-from-docs.md): a tool-calling turn of the default OpenAI model and the
 * follow-up that carries its encrypted reasoning back.
 */
class ResponsesProviderTest {
  private final LoopbackServer server = new LoopbackServer();
  private final Model gpt54 = TestModels.builtin("openai", "gpt-5.4", server.baseUrl() + "/v1");

  @AfterEach
  void stop() {
    server.close();
  }

  private AgentMessage.Assistant run(LlmRequest request, EventLog log) {
    return log.verify(
        new HttpProvider(
                new OpenAiResponsesProtocol(),
                new HttpTransport(TestModels.FAST),
                new ApiKey("sk-openai-test-0001", "OPENAI_API_KEY"),
                () -> TestModels.NOW)
            .stream(request, log));
  }

  private static ToolSpec weather() throws Exception {
    return new ToolSpec(
        "get_weather",
        "Weather of a place",
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}},\"required\":[\"location\"]}"));
  }

  @Test
  void theDefaultOpenAiModelCompletesAToolCallingTurn() throws Exception {
    server.enqueue(
        Reply.resource("responses/tool-call.sse").chunked(40, 0),
        Reply.resource("responses/answer.sse"));
    LlmRequest first =
        new LlmRequest(
            gpt54,
            "Be brief.",
            List.of(TestModels.user("Weather in Paris?")),
            List.of(weather()),
            ThinkingLevel.MEDIUM,
            0,
            null,
            null,
            Optional.of("session-9"));
    EventLog log = new EventLog();
    AgentMessage.Assistant call = run(first, log);

    LoopbackServer.Received req = server.lastRequest();
    assertThat(req.path()).isEqualTo("/v1/responses");
    assertThat(req.headers()).containsEntry("authorization", "Bearer sk-openai-test-0001");
    JsonNode body = Json.parse(req.body());
    assertThat(body.get("input"))
        .isEqualTo(
            Json.parse(
                "[{\"role\":\"developer\",\"content\":\"Be brief.\"},"
                    + "{\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"Weather in Paris?\"}]}]"));
    assertThat(body.get("reasoning"))
        .isEqualTo(Json.parse("{\"effort\":\"medium\",\"summary\":\"auto\"}"));
    assertThat(body.get("include")).isEqualTo(Json.parse("[\"reasoning.encrypted_content\"]"));
    assertThat(body.get("store").asBoolean()).isFalse();
    assertThat(body.get("prompt_cache_key").asText()).isEqualTo("session-9");
    assertThat(body.get("max_output_tokens").asInt()).isEqualTo(32_000);
    assertThat(body.get("tools"))
        .isEqualTo(
            Json.parse(
                "[{\"type\":\"function\",\"name\":\"get_weather\",\"description\":\"Weather of a place\",\"strict\":false,"
                    + "\"parameters\":{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}},\"required\":[\"location\"]}}]"));

    assertThat(call.stopReason()).isEqualTo("toolUse");
    assertThat(call.api()).isEqualTo("openai-responses");
    assertThat(call.extra().get("responseId").asText()).isEqualTo("resp_doc_tool_1");
    ContentBlock.Thinking thinking = (ContentBlock.Thinking) call.content().get(0);
    assertThat(thinking.thinking())
        .isEqualTo("**Checking the weather**\n\nI should call get_weather for Paris.");
    assertThat(Json.parse(thinking.signature().orElseThrow()).get("encrypted_content").asText())
        .isEqualTo("gAAAAB-doc-encrypted-reasoning-1");
    ContentBlock.ToolCall tool = (ContentBlock.ToolCall) call.content().get(1);
    assertThat(tool.id()).isEqualTo("call_doc_1|fc_doc_1");
    assertThat(tool.name()).isEqualTo("get_weather");
    assertThat(tool.arguments()).isEqualTo(Json.parse("{\"location\":\"Paris, France\"}"));
    // 291 input tokens of which 256 cached.
    assertThat(List.of(call.usage().input(), call.usage().cacheRead(), call.usage().output()))
        .containsExactly(35L, 256L, 23L);

    AgentMessage.ToolResult result =
        new AgentMessage.ToolResult(
            tool.id(),
            "get_weather",
            List.of(new ContentBlock.Text("18 °C, sunny"), TestModels.image()),
            Optional.empty(),
            false,
            TestModels.NOW,
            null);
    LlmRequest second =
        new LlmRequest(
            gpt54,
            "Be brief.",
            List.of(TestModels.userWithImage("Weather in Paris?"), call, result),
            List.of(weather()),
            ThinkingLevel.MEDIUM,
            0,
            null,
            null,
            Optional.empty());
    AgentMessage.Assistant answer = run(second, new EventLog());

    JsonNode input = Json.parse(server.lastRequest().body()).get("input");
    assertThat(input.get(1))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"Weather in Paris?\"},"
                    + "{\"type\":\"input_image\",\"detail\":\"auto\",\"image_url\":\"data:image/png;base64,iVBORw0KGgo=\"}]}"));
    // The reasoning item goes back whole, encrypted content included, before its call.
    assertThat(input.get(2).get("type").asText()).isEqualTo("reasoning");
    assertThat(input.get(2).get("id").asText()).isEqualTo("rs_doc_1");
    assertThat(input.get(2).get("encrypted_content").asText())
        .isEqualTo("gAAAAB-doc-encrypted-reasoning-1");
    assertThat(input.get(3))
        .isEqualTo(
            Json.parse(
                "{\"type\":\"function_call\",\"id\":\"fc_doc_1\",\"call_id\":\"call_doc_1\",\"name\":\"get_weather\","
                    + "\"arguments\":\"{\\\"location\\\":\\\"Paris, France\\\"}\"}"));
    assertThat(input.get(4))
        .isEqualTo(
            Json.parse(
                "{\"type\":\"function_call_output\",\"call_id\":\"call_doc_1\",\"output\":[{\"type\":\"input_text\",\"text\":\"18 °C, sunny\"},"
                    + "{\"type\":\"input_image\",\"detail\":\"auto\",\"image_url\":\"data:image/png;base64,iVBORw0KGgo=\"}]}"));
    assertThat(input).hasSize(5);

    assertThat(answer.stopReason()).isEqualTo("stop");
    assertThat(answer.content()).hasSize(1);
    ContentBlock.Text text = (ContentBlock.Text) answer.content().getFirst();
    assertThat(text.text()).isEqualTo("It is 18 °C in Paris.");
    assertThat(Json.parse(text.extra().get("textSignature").asText()))
        .isEqualTo(Json.parse("{\"v\":1,\"id\":\"msg_doc_1\",\"phase\":\"final_answer\"}"));
  }

  @Test
  void thinkingOffSendsNoReasoningToAModelThatCannotSwitchItOff() throws Exception {
    JsonNode body =
        OpenAiResponsesProtocol.body(
            LlmRequest.of(gpt54, "", List.of(TestModels.user("Hi")), List.of()));
    assertThat(body.has("reasoning")).isFalse();
    assertThat(body.has("include")).isFalse();
    Model o3 = TestModels.builtin("openai", "gpt-4.1", server.baseUrl());
    assertThat(
            OpenAiResponsesProtocol.body(
                    LlmRequest.of(o3, "s", List.of(TestModels.user("Hi")), List.of())
                        .withThinking(ThinkingLevel.HIGH))
                .has("reasoning"))
        .isFalse();
  }

  @Test
  void aFailedResponseIsRetriedWhenTheServerFailed() throws Exception {
    String failed =
        "event: response.failed\ndata: {\"type\":\"response.failed\",\"response\":{\"status\":\"failed\","
            + "\"error\":{\"code\":\"server_error\",\"message\":\"The server had an error\"}}}\n\n";
    server.enqueue(Reply.sse(failed), Reply.resource("responses/answer.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant answer =
        run(LlmRequest.of(gpt54, "", List.of(TestModels.user("Hi")), List.of()), log);
    assertThat(server.received()).hasSize(2);
    assertThat(log.ofType(StreamEvent.Retry.class).getFirst().errorMessage())
        .isEqualTo("OpenAI response failed: server_error: The server had an error");
    assertThat(answer.stopReason()).isEqualTo("stop");
  }
}
