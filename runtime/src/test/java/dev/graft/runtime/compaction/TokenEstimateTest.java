package dev.graft.runtime.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.Usage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TokenEstimateTest {
  private static AgentMessage.Assistant assistant(String stop, long total) {
    return new AgentMessage.Assistant(
        List.of(new ContentBlock.Text("ok")),
        "a",
        "p",
        "m",
        new Usage(0, 0, 0, 0, total, null, null),
        stop,
        Optional.empty(),
        1,
        null);
  }

  @Test
  void contextUsesTheLastGoodUsagePlusEstimatesAfterIt() {
    var user = new AgentMessage.User("x".repeat(41), 1); // 11 tokens
    var image =
        new AgentMessage.User(
            new MessageContent.Blocks(List.of(new ContentBlock.Image("AAAA", "image/png", null))),
            1,
            null);
    assertThat(TokenEstimate.of(user)).isEqualTo(11);
    assertThat(TokenEstimate.of(image))
        .as("images count only in tool results and custom messages")
        .isZero();
    var context =
        List.<AgentMessage>of(user, assistant("stop", 500), user, assistant("error", 9_999), user);
    TokenEstimate.ContextTokens tokens = TokenEstimate.ofContext(context);
    assertThat(tokens.usageTokens()).isEqualTo(500);
    assertThat(tokens.lastUsageIndex()).hasValue(1);
    assertThat(tokens.trailingTokens()).isEqualTo(11 + 1 + 11);
    assertThat(tokens.tokens()).isEqualTo(523);
    assertThat(TokenEstimate.ofContext(List.of(user)).lastUsageIndex()).isEmpty();
    assertThat(TokenEstimate.ofUsage(new Usage(1, 2, 3, 4, 0, null, null))).isEqualTo(10);
  }
}
