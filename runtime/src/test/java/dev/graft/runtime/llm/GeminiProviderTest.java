package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.LoopbackServer.Reply;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.StopReason;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Gemini API on streams written from Google's documentation (test resources llm/gemini, see
 * README-written-from-docs.md): thinking, a function call with its thought signature, usage, the
 * follow-up with the function response and a tool's image.
 */
class GeminiProviderTest {
  private final LoopbackServer server = new LoopbackServer();
  private final Model flash =
      TestModels.builtin("google", "gemini-2.5-flash", server.baseUrl() + "/v1beta");

  @AfterEach
  void stop() {
    server.close();
  }

  private AgentMessage.Assistant run(LlmRequest request, EventLog log) {
    return log.verify(
        new HttpProvider(
                new GeminiProtocol(),
                new HttpTransport(TestModels.FAST),
                new ApiKey("gemini-test-key-0001", "GEMINI_API_KEY"),
                () -> TestModels.NOW)
            .stream(request, log));
  }

  private static ToolSpec weather() throws Exception {
    return new ToolSpec(
        "get_weather",
        "Weather of a place",
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}"));
  }

  @Test
  void thinkingAFunctionCallAndTheFollowUp() throws Exception {
    server.enqueue(
        Reply.resource("gemini/thinking-tool-call.sse").chunked(50, 0),
        Reply.resource("gemini/text.sse"));
    LlmRequest first =
        new LlmRequest(
            flash,
            "Be brief.",
            List.of(TestModels.userWithImage("Weather in Paris?")),
            List.of(weather()),
            ThinkingLevel.MEDIUM,
            0,
            null,
            null,
            Optional.empty());
    AgentMessage.Assistant call = run(first, new EventLog());

    LoopbackServer.Received req = server.lastRequest();
    assertThat(req.path()).isEqualTo("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
    assertThat(req.headers())
        .containsEntry("x-goog-api-key", "gemini-test-key-0001")
        .doesNotContainKey("authorization");
    JsonNode body = Json.parse(req.body());
    assertThat(body.get("systemInstruction"))
        .isEqualTo(Json.parse("{\"parts\":[{\"text\":\"Be brief.\"}]}"));
    assertThat(body.get("contents"))
        .isEqualTo(
            Json.parse(
                "[{\"role\":\"user\",\"parts\":[{\"text\":\"Weather in Paris?\"},"
                    + "{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"iVBORw0KGgo=\"}}]}]"));
    assertThat(body.get("generationConfig"))
        .isEqualTo(
            Json.parse(
                "{\"maxOutputTokens\":32000,\"thinkingConfig\":{\"includeThoughts\":true,\"thinkingBudget\":8192}}"));
    assertThat(body.at("/tools/0/functionDeclarations/0/name").asText()).isEqualTo("get_weather");
    assertThat(body.at("/tools/0/functionDeclarations/0/parametersJsonSchema/type").asText())
        .isEqualTo("object");

    assertThat(call.stopReason()).isEqualTo("toolUse");
    assertThat(call.api()).isEqualTo("google-generative-ai");
    assertThat(call.extra().get("responseId").asText()).isEqualTo("doc-gemini-1");
    assertThat(call.content()).hasSize(3);
    assertThat(((ContentBlock.Thinking) call.content().get(0)).thinking())
        .isEqualTo("**Planning the lookup**\nThe user wants the weather; I will call get_weather.");
    assertThat(((ContentBlock.Text) call.content().get(1)).text()).isEqualTo("Let me check.");
    ContentBlock.ToolCall tool = (ContentBlock.ToolCall) call.content().get(2);
    assertThat(tool.name()).isEqualTo("get_weather");
    assertThat(tool.arguments()).isEqualTo(Json.parse("{\"location\":\"Paris\"}"));
    assertThat(tool.extra().get("thoughtSignature").asText())
        .isEqualTo("CiQBVKhc7doc0000signature000AAAA");
    // 74 prompt tokens of which 64 cached; output counts the thoughts too (19 + 50).
    assertThat(List.of(call.usage().input(), call.usage().cacheRead(), call.usage().output()))
        .containsExactly(10L, 64L, 69L);

    AgentMessage.ToolResult result =
        new AgentMessage.ToolResult(
            tool.id(),
            "get_weather",
            List.of(new ContentBlock.Text("18 °C"), TestModels.image()),
            Optional.empty(),
            false,
            TestModels.NOW,
            null);
    AgentMessage.Assistant answer =
        run(
            new LlmRequest(
                flash,
                "",
                List.of(TestModels.user("Weather in Paris?"), call, result),
                List.of(weather()),
                ThinkingLevel.OFF,
                0,
                null,
                null,
                Optional.empty()),
            new EventLog());
    JsonNode next = Json.parse(server.lastRequest().body());
    assertThat(next.at("/contents/1"))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"model\",\"parts\":[{\"thought\":true,\"text\":\"**Planning the lookup**\\nThe user wants the weather; I will call get_weather.\"},"
                    + "{\"text\":\"Let me check.\"},"
                    + "{\"functionCall\":{\"name\":\"get_weather\",\"args\":{\"location\":\"Paris\"}},\"thoughtSignature\":\"CiQBVKhc7doc0000signature000AAAA\"}]}"));
    assertThat(next.at("/contents/2"))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"parts\":[{\"functionResponse\":{\"name\":\"get_weather\",\"response\":{\"output\":\"18 °C\"}}}]}"));
    // Gemini 2.5 takes a tool's image in a user turn after the function response.
    assertThat(next.at("/contents/3"))
        .isEqualTo(
            Json.parse(
                "{\"role\":\"user\",\"parts\":[{\"text\":\"Tool result image:\"},{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"iVBORw0KGgo=\"}}]}"));
    assertThat(next.at("/generationConfig/thinkingConfig"))
        .isEqualTo(Json.parse("{\"thinkingBudget\":0}"));

    assertThat(answer.stopReason()).isEqualTo("stop");
    assertThat(((ContentBlock.Text) answer.content().getFirst()).text())
        .isEqualTo("The weather in Paris is sunny, 18 °C.");
    assertThat(List.of(answer.usage().input(), answer.usage().output())).containsExactly(120L, 9L);
  }

  @Test
  void gemini3TakesALevelAndImagesInsideTheFunctionResponse() throws Exception {
    Model pro = TestModels.builtin("google", "gemini-3-pro-preview", server.baseUrl());
    ContentBlock.ToolCall tool = TestModels.call("get_weather_1", "get_weather", "{}");
    AgentMessage.Assistant call = TestModels.assistant(pro, StopReason.TOOL_USE, tool);
    AgentMessage.ToolResult result =
        TestModels.toolResult("get_weather_1", "get_weather", TestModels.image());
    JsonNode body =
        GeminiProtocol.body(
            new LlmRequest(
                pro,
                "",
                List.of(TestModels.user("Hi"), call, result),
                List.of(),
                ThinkingLevel.MEDIUM,
                0,
                null,
                null,
                Optional.empty()));
    // Gemini 3 Pro knows LOW and HIGH only: medium clamps up to high.
    assertThat(body.at("/generationConfig/thinkingConfig"))
        .isEqualTo(Json.parse("{\"includeThoughts\":true,\"thinkingLevel\":\"HIGH\"}"));
    assertThat(body.at("/contents/2/parts/0/functionResponse/parts/0/inlineData/mimeType").asText())
        .isEqualTo("image/png");
    assertThat(body.at("/contents/2/parts/0/functionResponse/response/output").asText())
        .isEqualTo("(see attached image)");
    assertThat(
            GeminiProtocol.body(LlmRequest.of(pro, "", List.of(TestModels.user("Hi")), List.of()))
                .at("/generationConfig/thinkingConfig"))
        .isEqualTo(Json.parse("{\"thinkingLevel\":\"LOW\"}"));
  }

  @Test
  void aStreamWithoutAFinishReasonIsRetried() throws Exception {
    String cut =
        "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"The weather\"}],\"role\": \"model\"}}]}\n\n";
    server.enqueue(Reply.sse(cut), Reply.resource("gemini/text.sse"));
    EventLog log = new EventLog();
    AgentMessage.Assistant answer =
        run(LlmRequest.of(flash, "", List.of(TestModels.user("Hi")), List.of()), log);
    assertThat(server.received()).hasSize(2);
    assertThat(log.ofType(StreamEvent.Retry.class)).hasSize(1);
    assertThat(((ContentBlock.Text) answer.content().getFirst()).text())
        .isEqualTo("The weather in Paris is sunny, 18 °C.");
  }
}
