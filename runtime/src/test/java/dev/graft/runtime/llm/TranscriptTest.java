package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.StopReason;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTest {
  private final Model sonnet =
      TestModels.builtin("anthropic", "claude-sonnet-4-5", "https://api.anthropic.com");

  private static AgentMessage.Unknown unknown(String json) throws Exception {
    return new AgentMessage.Unknown((ObjectNode) Json.parse(json));
  }

  @Test
  void messagesGraftCouldNotDecodeStrictlyAreReadLeniently() throws Exception {
    List<Transcript.Turn> turns =
        Transcript.of(
            List.of(
                unknown("{\"role\":\"user\",\"content\":\"plain\",\"timestamp\":\"yesterday\"}"),
                unknown(
                    "{\"role\":\"assistant\",\"content\":[{\"type\":\"toolCall\",\"id\":\"t1\",\"name\":\"ls\",\"arguments\":{}}],"
                        + "\"provider\":\"anthropic\",\"api\":\"anthropic-messages\",\"model\":\"claude-sonnet-4-5\",\"stopReason\":\"toolUse\"}"),
                unknown(
                    "{\"role\":\"toolResult\",\"toolCallId\":\"t1\",\"content\":\"done\",\"isError\":false}"),
                unknown("{\"role\":\"toolResult\",\"content\":\"no id\"}")),
            sonnet,
            id -> id);
    assertThat(turns)
        .containsExactly(
            new Transcript.User(MessageContent.of("plain")),
            new Transcript.Assistant(List.of(TestModels.call("t1", "ls", "{}")), true),
            new Transcript.ToolResult("t1", "", List.of(new ContentBlock.Text("done")), false));
  }

  @Test
  void failedTurnsAreDroppedButTheirToolCallsStillGetResults() {
    List<Transcript.Turn> turns =
        Transcript.of(
            List.of(
                TestModels.user("go"),
                TestModels.assistant(
                    sonnet,
                    StopReason.TOOL_USE,
                    TestModels.call("a", "ls", "{}"),
                    TestModels.call("b", "ls", "{}")),
                TestModels.toolResult("a", "ls", new ContentBlock.Text("ok")),
                TestModels.assistant(sonnet, StopReason.ABORTED, new ContentBlock.Text("par"))),
            sonnet,
            id -> id);
    assertThat(turns).hasSize(4);
    assertThat(turns.get(3))
        .isEqualTo(
            new Transcript.ToolResult(
                "b", "ls", List.of(new ContentBlock.Text(Transcript.NO_RESULT)), true));
  }

  @Test
  void consecutiveImagesBecomeOnePlaceholderForTextOnlyModels() {
    Model textOnly =
        new Model(
            "m",
            "m",
            Api.OPENAI_COMPLETIONS,
            "ollama",
            "http://x",
            false,
            false,
            ModelCost.FREE,
            1000,
            100,
            null,
            null,
            null);
    AgentMessage.User user =
        new AgentMessage.User(
            new MessageContent.Blocks(
                List.of(TestModels.image(), TestModels.image(), new ContentBlock.Text("see"))),
            0,
            null);
    List<Transcript.Turn> turns = Transcript.of(List.of(user), textOnly, id -> id);
    assertThat(turns)
        .containsExactly(
            new Transcript.User(
                new MessageContent.Blocks(
                    List.of(
                        new ContentBlock.Text(Transcript.USER_IMAGE_PLACEHOLDER),
                        new ContentBlock.Text("see")))));
  }
}
