package dev.graft.runtime.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.StreamEvent;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionCheck;
import dev.graft.runtime.session.SessionContext;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactorTest {
  private static final CompactionSettings SMALL = new CompactionSettings(true, 1000, 30);

  private static AgentMessage.Assistant assistant(List<ContentBlock> content, String stop) {
    return new AgentMessage.Assistant(
        content,
        "scripted",
        "scripted",
        "scripted",
        new Usage(100, 10, 0, 0, 110, null, null),
        stop,
        Optional.empty(),
        1,
        null);
  }

  private static void turn(Session s, int n, String path) {
    s.appendMessage(new AgentMessage.User("turn " + n + " " + "please look at it ".repeat(4), 1));
    var call =
        new ContentBlock.ToolCall(
            "c" + n, n % 2 == 0 ? "read" : "edit", Json.object().put("path", path), null);
    s.appendMessage(assistant(List.of(new ContentBlock.Text("working"), call), "toolUse"));
    s.appendMessage(
        new AgentMessage.ToolResult(
            "c" + n,
            call.name(),
            List.of(new ContentBlock.Text("x".repeat(200))),
            Optional.empty(),
            false,
            1,
            null));
    s.appendMessage(assistant(List.of(new ContentBlock.Text("done " + n)), "stop"));
  }

  /** Records the prompts a summarizer is sent and answers from a script. */
  private static final class Recording implements LlmProvider {
    final ScriptedProvider scripted;
    final List<String> prompts = new ArrayList<>();

    Recording(String... turns) throws Exception {
      scripted = ScriptedProvider.parse("test", List.of(turns));
    }

    @Override
    public AgentMessage.Assistant stream(
        LlmRequest request, Consumer<? super StreamEvent> listener) {
      prompts.add(((AgentMessage.User) request.messages().getFirst()).content().text(""));
      return scripted.stream(request, listener);
    }
  }

  @Test
  void twoCompactionsBuildOnEachOtherAndKeepWhatTheFirstKept() throws Exception {
    try (Session s = Session.inMemory("/p", Clock.systemUTC())) {
      for (int i = 0; i < 4; i++) {
        turn(s, i, "src/f" + i + ".ts");
      }
      CompactionPreparation first = Compactor.prepare(s.branchPath(), SMALL).orElseThrow();
      assertThat(first.previousSummary()).isEmpty();
      assertThat(first.messagesToSummarize()).isNotEmpty();
      Recording model =
          new Recording(
              "{\"text\": \"FIRST SUMMARY\"}",
              "{\"text\": \"PREFIX ONE\"}",
              "{\"text\": \"SECOND SUMMARY\"}",
              "{\"text\": \"PREFIX TWO\"}");
      Compactor.Result r1 =
          Compactor.summarize(
              first,
              model,
              ScriptedProvider.MODEL,
              ThinkingLevel.OFF,
              Optional.empty(),
              AbortSignal.never());
      assertThat(model.prompts.getFirst())
          .startsWith("<conversation>\n[User]: turn 0")
          .contains("## Goal");
      assertThat(r1.summary())
          .startsWith("FIRST SUMMARY")
          .contains("<read-files>\nsrc/f0.ts")
          .contains("<modified-files>\nsrc/f1.ts");
      s.appendCompaction(
          r1.summary(), r1.firstKeptEntryId(), r1.tokensBefore(), Optional.of(r1.details()), false);
      SessionContext afterFirst = s.buildContext();
      List<AgentMessage> keptByFirst =
          afterFirst.messages().subList(1, afterFirst.messages().size());
      assertThat(keptByFirst).isNotEmpty();

      for (int i = 4; i < 8; i++) {
        turn(s, i, "src/f" + i + ".ts");
      }
      CompactionPreparation second = Compactor.prepare(s.branchPath(), SMALL).orElseThrow();
      assertThat(second.previousSummary()).contains(r1.summary());
      // everything the first compaction kept is summarised by the second, not lost
      assertThat(second.messagesToSummarize())
          .containsAll(
              keptByFirst.stream().filter(m -> !second.turnPrefixMessages().contains(m)).toList());
      Compactor.Result r2 =
          Compactor.summarize(
              second,
              model,
              ScriptedProvider.MODEL,
              ThinkingLevel.OFF,
              Optional.of("focus on tests"),
              AbortSignal.never());
      String historyPrompt =
          model.prompts.stream()
              .filter(x -> x.contains("<previous-summary>"))
              .findFirst()
              .orElseThrow();
      assertThat(historyPrompt)
          .contains("<previous-summary>\nFIRST SUMMARY")
          .contains("Additional focus: focus on tests");
      assertThat(r2.details().get("readFiles").toString())
          .contains("src/f0.ts"); // carried over from the first
    }
  }

  @Test
  void nothingToDoRightAfterACompactionAndAFailedSummaryIsAnError() throws Exception {
    try (Session s = Session.inMemory("/p", Clock.systemUTC())) {
      turn(s, 0, "a.ts");
      String first = s.branchPath().getFirst().id();
      s.appendCompaction("S", first, 10, Optional.empty(), false);
      assertThat(Compactor.prepare(s.branchPath(), SMALL)).isEmpty();
      turn(s, 1, "b.ts");
      CompactionPreparation p = Compactor.prepare(s.branchPath(), SMALL).orElseThrow();
      Recording failing = new Recording("{\"error\": \"overloaded\"}");
      assertThatThrownBy(() ->
              Compactor.summarize(
                  p,
                  failing,
                  ScriptedProvider.MODEL,
                  ThinkingLevel.OFF,
                  Optional.empty(),
                  AbortSignal.never()))
          .hasMessageContaining("overloaded");
    }
  }

  @Test
  void trailingToolResultsLargerThanTheBudgetStillCompactWhatCanBe() {
    try (Session s = Session.inMemory("/p", Clock.systemUTC())) {
      turn(s, 0, "a.ts");
      turn(s, 1, "b.ts");
      s.appendMessage(new AgentMessage.User("read the big log", 1));
      var call =
          new ContentBlock.ToolCall("big", "read", Json.object().put("path", "log.txt"), null);
      String callId = s.appendMessage(assistant(List.of(call), "toolUse"));
      s.appendMessage(
          new AgentMessage.ToolResult(
              "big",
              "read",
              List.of(new ContentBlock.Text("z".repeat(40_000))),
              Optional.empty(),
              false,
              1,
              null));
      CompactionPreparation p =
          Compactor.prepare(s.branchPath(), new CompactionSettings(true, 1000, 100)).orElseThrow();
      // The reference keeps everything here (nothing compacts); graft keeps the call and its
      // result.
      assertThat(p.firstKeptEntryId()).isEqualTo(callId);
      assertThat(p.isSplitTurn()).isTrue();
      assertThat(p.messagesToSummarize()).hasSize(8);
      assertThat(p.turnPrefixMessages()).singleElement().isInstanceOf(AgentMessage.User.class);
    }
  }

  /**
   * A session that ends in a tool result larger than the window (graft killed before the model
   * answered it): keeping its call and result would send a request larger than the window again, so
   * nothing is kept, and the file says so in a way the reference reads alike.
   */
  @Test
  void aLastMessageLargerThanTheWindowIsNotKept(@TempDir Path dir) throws Exception {
    Path file;
    String compactionId;
    try (Session s = Session.create(dir, "/p", Clock.systemUTC())) {
      file = s.file().orElseThrow();
      turn(s, 0, "a.ts");
      turn(s, 1, "b.ts");
      s.appendMessage(new AgentMessage.User("read the big log", 1));
      var call =
          new ContentBlock.ToolCall("big", "read", Json.object().put("path", "log.txt"), null);
      s.appendMessage(assistant(List.of(call), "toolUse"));
      s.appendMessage(
          new AgentMessage.ToolResult(
              "big",
              "read",
              List.of(new ContentBlock.Text("z".repeat(40_000))),
              Optional.empty(),
              false,
              1,
              null));
      CompactionPreparation p =
          Compactor.prepare(s.branchPath(), new CompactionSettings(true, 1000, 100), 5_000)
              .orElseThrow();
      assertThat(p.firstKeptEntryId()).isEqualTo(SessionEntry.Compaction.NOTHING_KEPT);
      assertThat(p.isSplitTurn()).isFalse();
      assertThat(p.turnPrefixMessages()).isEmpty();
      assertThat(p.messagesToSummarize()).hasSize(11);
      compactionId =
          s.appendCompaction("summary", p.firstKeptEntryId(), 10_000, Optional.empty(), false);
      assertThat(s.buildContext().messages())
          .singleElement()
          .isInstanceOf(AgentMessage.CompactionSummary.class);
      s.appendMessage(new AgentMessage.User("go on", 2));
      assertThat(s.buildContext().messages()).hasSize(2);
    }
    assertThat(SessionCheck.run(file).findings()).isEmpty();
    try (Session again = Session.open(file)) {
      var compaction = (SessionEntry.Compaction) again.entry(compactionId).orElseThrow();
      assertThat(compaction.firstKeptEntryId()).contains(compactionId);
      assertThat(again.buildContext().messages()).hasSize(2);
    }
  }

  @Test
  void conversationTextCutsLongToolResults() {
    var result =
        new AgentMessage.ToolResult(
            "c",
            "read",
            List.of(new ContentBlock.Text("y".repeat(2500))),
            Optional.empty(),
            false,
            1,
            null);
    var call =
        assistant(
            List.of(
                new ContentBlock.Thinking("hmm", null),
                new ContentBlock.ToolCall(
                    "c", "read", Json.object().put("path", "a.ts").put("limit", 5), null)),
            "toolUse");
    String text =
        ConversationText.of(
            List.of(
                new AgentMessage.User(
                    new MessageContent.Blocks(List.of(new ContentBlock.Text("hi"))), 1, null),
                call,
                result));
    assertThat(text)
        .startsWith(
            "[User]: hi\n\n[Assistant thinking]: hmm\n\n[Assistant tool calls]: read(path=\"a.ts\", limit=5)\n\n[Tool result]: ")
        .endsWith("\n\n[... 500 more characters truncated]");
  }

  /**
   * A message of millions of characters is cut for the summary request as the reference cuts a tool
   * result: its beginning and how much was left out, without the whole text being copied first.
   * Messages of ordinary size are as the reference writes them (above).
   */
  @Test
  void conversationTextCutsAHugeMessageOfAnyRole() {
    String big = "a".repeat(3_000_000);
    var user =
        new AgentMessage.User(
            new MessageContent.Blocks(
                List.of(new ContentBlock.Text(big), new ContentBlock.Text("b".repeat(1_000)))),
            1,
            null);
    var plain = new AgentMessage.User(big, 1);
    var answer =
        assistant(
            List.of(
                new ContentBlock.Thinking(big, null),
                new ContentBlock.Text(big),
                new ContentBlock.ToolCall(
                    "c", "write", Json.object().put("path", "a.ts").put("content", big), null)),
            "toolUse");
    var result =
        new AgentMessage.ToolResult(
            "c", "write", List.of(new ContentBlock.Text(big)), Optional.empty(), false, 1, null);
    String text = ConversationText.of(List.of(user, plain, answer, result));
    int max = 100_000; // ConversationText.MESSAGE_MAX_CHARS
    assertThat(text.length())
        .as("five parts cut at the most, one tool result at 2,000")
        .isLessThan(6 * (max + 100));
    assertThat(text)
        .startsWith(
            "[User]: "
                + "a".repeat(max)
                + "\n\n[... "
                + (3_001_000 - max)
                + " more characters truncated]\n\n"
                + "[User]: "
                + "a".repeat(max)
                + "\n\n[... "
                + (3_000_000 - max)
                + " more characters truncated]\n\n"
                + "[Assistant thinking]: aaa");
    assertThat(text)
        .contains("[Assistant]: aaa")
        .contains("[Assistant tool calls]: write(path=\"a.ts\", content=\"aaa")
        .endsWith(
            "[Tool result]: " + "a".repeat(2000) + "\n\n[... 2998000 more characters truncated]");
  }
}
