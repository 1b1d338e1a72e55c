package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import dev.graft.runtime.message.Usage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Models and conversations for provider tests. */
final class TestModels {
  static final long NOW = 1_700_000_000_000L;
  static final HttpSettings FAST =
      HttpSettings.DEFAULTS
          .withIdleTimeout(Duration.ofSeconds(5))
          .withBackoff(Duration.ofMillis(10), Duration.ofMillis(40));

  private TestModels() {}

  /** A built-in model, pointed at {@code baseUrl}. */
  static Model builtin(String provider, String id, String baseUrl) {
    Model m =
        BuiltinModels.all().stream()
            .filter(x -> x.provider().equals(provider) && x.id().equals(id))
            .findFirst()
            .orElseThrow();
    return withBaseUrl(m, baseUrl);
  }

  /** A built-in OpenAI model reached through Chat Completions (a proxy or compatible server). */
  static Model completions(String id, String baseUrl) {
    Model m = builtin("openai", id, baseUrl);
    return new Model(
        m.id(),
        m.name(),
        Api.OPENAI_COMPLETIONS,
        m.provider(),
        baseUrl,
        m.reasoning(),
        m.images(),
        m.cost(),
        m.contextWindow(),
        m.maxTokens(),
        m.headers(),
        m.compat(),
        m.thinking());
  }

  static Model withBaseUrl(Model m, String baseUrl) {
    return new Model(
        m.id(),
        m.name(),
        m.api(),
        m.provider(),
        baseUrl,
        m.reasoning(),
        m.images(),
        m.cost(),
        m.contextWindow(),
        m.maxTokens(),
        m.headers(),
        m.compat(),
        m.thinking());
  }

  static HttpProvider anthropic(HttpSettings settings) {
    return new HttpProvider(
        new AnthropicProtocol(),
        new HttpTransport(settings),
        new ApiKey("sk-ant-test-key", "ANTHROPIC_API_KEY"),
        () -> NOW);
  }

  static HttpProvider openai(HttpSettings settings, ApiKey key) {
    return new HttpProvider(new OpenAiProtocol(), new HttpTransport(settings), key, () -> NOW);
  }

  static AgentMessage.User user(String text) {
    return new AgentMessage.User(text, NOW);
  }

  static AgentMessage.Assistant assistant(Model model, StopReason stop, ContentBlock... blocks) {
    return new AgentMessage.Assistant(
        List.of(blocks),
        model.api().wire(),
        model.provider(),
        model.id(),
        Usage.ZERO,
        stop.wire(),
        stop.failed() ? Optional.of("failed") : Optional.empty(),
        NOW,
        null);
  }

  static AgentMessage.ToolResult toolResult(String id, String name, ContentBlock... content) {
    return new AgentMessage.ToolResult(
        id, name, List.of(content), Optional.empty(), false, NOW, null);
  }

  static ContentBlock.ToolCall call(String id, String name, String json) {
    try {
      return new ContentBlock.ToolCall(id, name, (ObjectNode) Json.parse(json), null);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  static ContentBlock.Image image() {
    return new ContentBlock.Image("iVBORw0KGgo=", "image/png", null);
  }

  static AgentMessage.User userWithImage(String text) {
    return new AgentMessage.User(
        new MessageContent.Blocks(List.of(new ContentBlock.Text(text), image())), NOW, null);
  }

  static ToolSpec readTool() {
    try {
      return new ToolSpec(
          "read",
          "Read a file",
          (ObjectNode)
              Json.parse(
                  "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}},\"required\":[\"path\"]}"));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  static ToolSpec bashTool() {
    try {
      return new ToolSpec(
          "bash",
          "Run a command",
          (ObjectNode)
              Json.parse(
                  "{\"type\":\"object\",\"properties\":{\"command\":{\"type\":\"string\"}}}"));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
