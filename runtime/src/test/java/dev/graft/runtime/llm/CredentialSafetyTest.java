package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.LoopbackServer.Reply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The key graft sends never travels to another origin, nor comes back in error text. */
class CredentialSafetyTest {
  private final LoopbackServer server = new LoopbackServer();
  private final LoopbackServer elsewhere = new LoopbackServer();
  private final Model sonnet =
      TestModels.builtin("anthropic", "claude-sonnet-4-5", server.baseUrl());

  @AfterEach
  void stop() {
    server.close();
    elsewhere.close();
  }

  private AgentMessage.Assistant run(Model model) {
    EventLog log = new EventLog();
    return log.verify(
        TestModels.anthropic(TestModels.FAST).stream(
            LlmRequest.of(model, "", List.of(TestModels.user("Hi")), List.of()), log));
  }

  @Test
  void aRedirectToAnotherOriginIsNotFollowed() {
    server.enqueue(Reply.status(307, "").header("location", elsewhere.baseUrl() + "/v1/messages"));
    elsewhere.enqueue(Reply.resource("anthropic/text.sse"));
    AgentMessage.Assistant reply = run(sonnet);
    assertThat(elsewhere.received())
        .as("nothing, and so no x-api-key, reached the other origin")
        .isEmpty();
    assertThat(reply.stopReason()).isEqualTo("error");
    assertThat(reply.errorMessage().orElseThrow())
        .isEqualTo(
            "Anthropic API redirected the request to "
                + elsewhere.baseUrl()
                + "; graft sends credentials only to "
                + server.baseUrl()
                + " (set the provider's baseUrl to the new address if it is meant)");
  }

  @Test
  void aRedirectWithinTheSameOriginIsFollowedWithTheSameRequest() {
    server.enqueue(
        Reply.status(308, "").header("location", "/moved/v1/messages"),
        Reply.resource("anthropic/text.sse"));
    AgentMessage.Assistant reply = run(sonnet);
    assertThat(reply.stopReason()).isEqualTo("stop");
    assertThat(server.received()).hasSize(2);
    LoopbackServer.Received second = server.received().get(1);
    assertThat(second.method()).isEqualTo("POST");
    assertThat(second.path()).isEqualTo("/moved/v1/messages");
    assertThat(second.headers()).containsEntry("x-api-key", "sk-ant-test-key");
    assertThat(second.body()).isEqualTo(server.received().getFirst().body());
  }

  @Test
  void errorTextQuotingTheKeyOrACredentialHeaderIsRedacted() {
    Model withHeader =
        new Model(
            sonnet.id(),
            sonnet.name(),
            sonnet.api(),
            sonnet.provider(),
            sonnet.baseUrl(),
            true,
            true,
            sonnet.cost(),
            sonnet.contextWindow(),
            sonnet.maxTokens(),
            Map.of("x-proxy-token", "proxy-secret-123456"),
            null,
            null);
    server.enqueue(
        Reply.status(
            400,
            "{\"error\":{\"type\":\"invalid_request_error\",\"message\":"
                + "\"key sk-ant-test-key (via proxy-secret-123456) is not allowed\"}}"));
    AgentMessage.Assistant reply = run(withHeader);
    assertThat(reply.errorMessage().orElseThrow())
        .isEqualTo(
            "Anthropic API returned HTTP 400: (invalid_request_error) key [redacted] (via [redacted]) is not allowed")
        .doesNotContain("sk-ant-test-key");
  }

  @Test
  void aStreamErrorQuotingTheKeyIsRedactedToo() {
    String stream =
        "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
            + "\"message\":\"bad key sk-ant-test-key\"}}\n\n";
    server.enqueue(Reply.sse(stream));
    assertThat(run(sonnet).errorMessage().orElseThrow())
        .isEqualTo("Anthropic stream error: (invalid_request_error) bad key [redacted]");
  }
}
