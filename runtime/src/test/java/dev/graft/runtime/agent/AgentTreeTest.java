package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentTreeTest {
  @TempDir Path dir;

  @Test
  void goingBackWithASummaryKeepsBothBranchesAndSurvivesARestart() throws Exception {
    Path file;
    String summaryId;
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              ScriptedProvider.parse(
                  "t",
                  List.of(
                      "{\"text\": \"plan A\"}",
                      "{\"text\": \"tried approach B, it failed on parse.ts:12\"}",
                      "{\"text\": \"BRANCH SUMMARY: B fails at parse.ts:12\"}",
                      "{\"text\": \"doing C instead\"}")),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.prompt("first task");
      String firstAnswer = s.leafId().orElseThrow();
      agent.prompt("try approach B");
      String abandonedLeaf = s.leafId().orElseThrow();
      AgentSession.TreeResult result =
          agent.navigateTree(
              firstAnswer,
              new AgentSession.TreeNavigation(
                  true, Optional.empty(), false, Optional.of("after A")));
      summaryId = result.summaryEntryId().orElseThrow();
      assertThat(result.editorText()).isEmpty();
      SessionEntry.BranchSummary summary =
          (SessionEntry.BranchSummary) s.entry(summaryId).orElseThrow();
      assertThat(summary.fromId()).isEqualTo(firstAnswer);
      assertThat(summary.parentId()).contains(firstAnswer);
      assertThat(summary.summary())
          .contains("BRANCH SUMMARY: B fails at parse.ts:12")
          .startsWith("The user explored a different conversation branch");
      assertThat(s.label(summaryId)).contains("after A");
      agent.prompt("try approach C");
      assertThat(texts(s))
          .containsSubsequence(
              "first task", "plan A", "summary", "try approach C", "doing C instead")
          .doesNotContain("try approach B");
      assertThat(s.entry(abandonedLeaf)).as("the abandoned branch stays in the file").isPresent();
      file = s.file().orElseThrow();
    }
    try (Session reopened = Session.open(file)) {
      assertThat(texts(reopened)).endsWith("doing C instead").contains("summary");
      assertThat(reopened.tree()).hasSize(1);
    }
  }

  @Test
  void aUserMessageAsTargetIsReaskedFromItsParent() throws Exception {
    try (Session s = Session.create(dir.resolve("sessions"), dir.toString(), Clock.systemUTC())) {
      AgentSession agent =
          new AgentSession(
              s,
              dir,
              ScriptedProvider.MODEL,
              ScriptedProvider.parse("t", List.of("{\"text\": \"a\"}")),
              ThinkingLevel.OFF,
              "system",
              List.of(),
              AgentHooks.NONE,
              Clock.systemUTC());
      agent.prompt("fix the bug");
      String user =
          s.branchPath().stream()
              .filter(e ->
                  e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User)
              .findFirst()
              .orElseThrow()
              .id();
      AgentSession.TreeResult result = agent.navigateTree(user, AgentSession.TreeNavigation.PLAIN);
      assertThat(result.editorText()).contains("fix the bug");
      assertThat(s.entry(user).orElseThrow().parentId()).isEqualTo(s.leafId());
    }
  }

  private static List<String> texts(Session s) {
    return s.buildContext().messages().stream()
        .map(m ->
            switch (m) {
              case AgentMessage.User u -> u.content().text("");
              case AgentMessage.Assistant a -> new MessageContent.Blocks(a.content()).text("");
              case AgentMessage.BranchSummary b -> "summary";
              default -> m.role();
            })
        .toList();
  }
}
