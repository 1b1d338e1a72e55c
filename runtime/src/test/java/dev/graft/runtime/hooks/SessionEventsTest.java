package dev.graft.runtime.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.compaction.CompactionPreparation;
import dev.graft.runtime.compaction.FileOps;
import dev.graft.runtime.compaction.TreePreparation;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The session events as HookRunner sends them to sources (JSON payloads) and reads their answers.
 */
class SessionEventsTest {
  private final List<String> reports = new ArrayList<>();
  private final List<JsonNode> payloads = new ArrayList<>();

  private HookSource source(String name, String event, Function<JsonNode, String> answer) {
    return new HookSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> events() {
        return Set.of(event);
      }

      @Override
      public Outcome handle(String e, JsonNode payload) {
        payloads.add(payload);
        String json = answer.apply(payload);
        try {
          return new Outcome.Answer(json == null ? Json.NODES.missingNode() : Json.parse(json));
        } catch (Exception x) {
          throw new IllegalArgumentException(x);
        }
      }
    };
  }

  private HookRunner runner(HookSource... sources) {
    return new HookRunner(List.of(sources), reports::add);
  }

  private static final SessionEntry.Message FIRST =
      new SessionEntry.Message(
          "e1",
          Optional.empty(),
          "2026-01-01T00:00:00.000Z",
          new AgentMessage.User("read the parser", 1),
          null);
  private static final SessionEntry.Message KEPT =
      new SessionEntry.Message(
          "e2",
          Optional.of("e1"),
          "2026-01-01T00:00:01.000Z",
          new AgentMessage.User("now fix it", 2),
          null);

  private static CompactionPreparation preparation() {
    AgentMessage.Assistant reads =
        new AgentMessage.Assistant(
            List.of(
                new ContentBlock.ToolCall(
                    "c1", "read", Json.object().put("path", "src/parser.ts"), null),
                new ContentBlock.ToolCall(
                    "c2", "edit", Json.object().put("path", "src/lexer.ts"), null)),
            "anthropic-messages",
            "anthropic",
            "m",
            Usage.ZERO,
            "toolUse",
            Optional.empty(),
            3,
            null);
    FileOps files = new FileOps();
    files.add(reads);
    return new CompactionPreparation(
        "e2",
        List.of(FIRST.message(), reads),
        List.of(),
        false,
        1234,
        Optional.of("OLD SUMMARY"),
        files,
        new CompactionSettings(true, 16_384, 20_000));
  }

  private AgentHooks.BeforeCompact compact(HookRunner r) {
    return r.sessionBeforeCompact(preparation(), List.of(FIRST, KEPT), Optional.of("focus"));
  }

  @Test
  void beforeCompactCarriesThePreparationAsTheReferenceNamesIt() {
    compact(runner(source("a.js", "session_before_compact", p -> null)));
    JsonNode p = payloads.getFirst();
    assertThat(p.get("type").asText()).isEqualTo("session_before_compact");
    JsonNode prep = p.get("preparation");
    assertThat(prep.get("firstKeptEntryId").asText()).isEqualTo("e2");
    assertThat(prep.get("messagesToSummarize")).hasSize(2);
    assertThat(prep.get("messagesToSummarize").get(0).get("content").asText())
        .isEqualTo("read the parser");
    assertThat(prep.get("turnPrefixMessages")).isEmpty();
    assertThat(prep.get("isSplitTurn").asBoolean()).isFalse();
    assertThat(prep.get("tokensBefore").asLong()).isEqualTo(1234);
    assertThat(prep.get("previousSummary").asText()).isEqualTo("OLD SUMMARY");
    assertThat(prep.get("fileOps").get("read").get(0).asText()).isEqualTo("src/parser.ts");
    assertThat(prep.get("fileOps").get("edited").get(0).asText()).isEqualTo("src/lexer.ts");
    assertThat(prep.get("fileOps").get("written")).isEmpty();
    assertThat(prep.get("settings").get("keepRecentTokens").asLong()).isEqualTo(20_000);
    assertThat(p.get("branchEntries"))
        .extracting(e -> e.get("id").asText())
        .containsExactly("e1", "e2");
    assertThat(p.get("customInstructions").asText()).isEqualTo("focus");
    assertThat(reports).isEmpty();
  }

  @Test
  void aSuppliedCompactionIsReadAndTheLaterSourceWins() {
    var result =
        compact(
            runner(
                source(
                    "a.js",
                    "session_before_compact",
                    p ->
                        "{\"compaction\": {\"summary\": \"A\", \"firstKeptEntryId\": \"e2\", \"tokensBefore\": 10}}"),
                source(
                    "b.js",
                    "session_before_compact",
                    p ->
                        "{\"compaction\": {\"summary\": \"B\", \"firstKeptEntryId\": \"e1\", \"tokensBefore\": 20.0, \"details\": {\"v\": 2}}}"),
                source("c.js", "session_before_compact", p -> "{}")));
    assertThat(result)
        .isInstanceOfSatisfying(
            AgentHooks.BeforeCompact.Supply.class,
            s -> {
              assertThat(s.summary()).isEqualTo("B");
              assertThat(s.firstKeptEntryId()).isEqualTo("e1");
              assertThat(s.tokensBefore()).isEqualTo(20);
              assertThat(s.details().orElseThrow().get("v").asInt()).isEqualTo(2);
            });
    assertThat(reports).isEmpty();
  }

  @Test
  void aCancelStopsTheOtherSources() {
    var result =
        compact(
            runner(
                source("a.js", "session_before_compact", p -> "{\"cancel\": true}"),
                source(
                    "b.js",
                    "session_before_compact",
                    p ->
                        "{\"compaction\": {\"summary\": \"B\", \"firstKeptEntryId\": \"e1\", \"tokensBefore\": 1}}")));
    assertThat(result).isInstanceOf(AgentHooks.BeforeCompact.Cancel.class);
    assertThat(payloads).hasSize(1);
  }

  @Test
  void wrongCompactionShapesAreReportedByScriptEventAndField() {
    String[] answers = {
      "\"compact please\"",
      "{\"cancel\": \"yes\"}",
      "{\"compaction\": 5}",
      "{\"compaction\": {\"firstKeptEntryId\": \"e2\", \"tokensBefore\": 1}}",
      "{\"compaction\": {\"summary\": \"S\", \"tokensBefore\": 1}}",
      "{\"compaction\": {\"summary\": \"S\", \"firstKeptEntryId\": \"nope\", \"tokensBefore\": 1}}",
      "{\"compaction\": {\"summary\": \"S\", \"firstKeptEntryId\": \"e2\", \"tokensBefore\": -1}}",
      "{\"compaction\": {\"summary\": \"S\", \"firstKeptEntryId\": \"e2\", \"tokensBefore\": 1.5}}",
    };
    for (String a : answers) {
      assertThat(compact(runner(source("bad.js", "session_before_compact", p -> a))))
          .as(a)
          .isInstanceOf(AgentHooks.BeforeCompact.Proceed.class);
    }
    assertThat(reports)
        .containsExactly(
            "bad.js: session_before_compact handler returned a string instead of an object such as {cancel: true}; ignored",
            "bad.js: session_before_compact handler returned a cancel that is not a boolean; ignored",
            "bad.js: session_before_compact handler returned a compaction that is a number, not {summary, firstKeptEntryId, tokensBefore, details?}; ignored",
            "bad.js: session_before_compact handler returned a compaction without a non-empty string summary; ignored",
            "bad.js: session_before_compact handler returned a compaction without a string firstKeptEntryId; ignored",
            "bad.js: session_before_compact handler returned a compaction whose firstKeptEntryId \"nope\" is not an entry of the current branch; ignored",
            "bad.js: session_before_compact handler returned a compaction whose tokensBefore is not a whole number of 0 or more; ignored",
            "bad.js: session_before_compact handler returned a compaction whose tokensBefore is not a whole number of 0 or more; ignored");
  }

  @Test
  void sessionCompactSaysWhetherAHookWroteIt() {
    SessionEntry.Compaction entry =
        new SessionEntry.Compaction(
            "c9",
            Optional.of("e2"),
            "2026-01-01T00:00:02.000Z",
            "S",
            Optional.of("e2"),
            99,
            Optional.empty(),
            Optional.of(true),
            null);
    runner(source("a.js", "session_compact", p -> null)).sessionCompact(entry, true);
    JsonNode p = payloads.getFirst();
    assertThat(p.get("compactionEntry").get("type").asText()).isEqualTo("compaction");
    assertThat(p.get("compactionEntry").get("summary").asText()).isEqualTo("S");
    assertThat(p.get("compactionEntry").get("firstKeptEntryId").asText()).isEqualTo("e2");
    assertThat(p.get("fromExtension").asBoolean()).isTrue();
  }

  private static final TreePreparation TREE =
      new TreePreparation(
          "e1",
          Optional.of("e2"),
          Optional.empty(),
          List.of(FIRST, KEPT),
          true,
          Optional.of("focus"),
          false,
          Optional.empty());

  @Test
  void beforeTreeCarriesThePreparationAndReadsEachPart() {
    var result =
        runner(
                source(
                    "a.js",
                    "session_before_tree",
                    p ->
                        "{\"summary\": {\"summary\": \"WHAT B DID\", \"details\": [1]}, \"label\": \"x\"}"),
                source(
                    "b.js",
                    "session_before_tree",
                    p -> "{\"customInstructions\": \"other\", \"replaceInstructions\": true}"))
            .sessionBeforeTree(TREE);
    JsonNode prep = payloads.getFirst().get("preparation");
    assertThat(prep.get("targetId").asText()).isEqualTo("e1");
    assertThat(prep.get("oldLeafId").asText()).isEqualTo("e2");
    assertThat(prep.get("commonAncestorId").isNull()).isTrue();
    assertThat(prep.get("entriesToSummarize")).hasSize(2);
    assertThat(prep.get("userWantsSummary").asBoolean()).isTrue();
    assertThat(prep.get("customInstructions").asText()).isEqualTo("focus");
    assertThat(result)
        .isInstanceOfSatisfying(
            AgentHooks.BeforeTree.Proceed.class,
            p -> {
              assertThat(p.summary().orElseThrow().summary()).isEqualTo("WHAT B DID");
              assertThat(p.summary().orElseThrow().details().orElseThrow().get(0).asInt())
                  .isEqualTo(1);
              assertThat(p.label()).contains("x");
              assertThat(p.customInstructions()).contains("other");
              assertThat(p.replaceInstructions()).contains(true);
            });
    assertThat(reports).isEmpty();
  }

  @Test
  void wrongTreeAnswersAreReported() {
    var result =
        runner(
                source(
                    "t.js",
                    "session_before_tree",
                    p ->
                        "{\"summary\": \"just text\", \"label\": 3, \"replaceInstructions\": \"yes\", \"customInstructions\": []}"))
            .sessionBeforeTree(TREE);
    assertThat(result).isEqualTo(AgentHooks.BeforeTree.PROCEED);
    assertThat(reports)
        .containsExactly(
            "t.js: session_before_tree handler returned a summary that is not {summary: non-empty string, details?}; ignored",
            "t.js: session_before_tree handler returned a customInstructions that is not a string; ignored",
            "t.js: session_before_tree handler returned a replaceInstructions that is not a boolean; ignored",
            "t.js: session_before_tree handler returned a label that is not a string; ignored");
    assertThat(
            runner(source("c.js", "session_before_tree", p -> "{\"cancel\": true}"))
                .sessionBeforeTree(TREE))
        .isInstanceOf(AgentHooks.BeforeTree.Cancel.class);
  }

  @Test
  void switchAndForkMayBeCancelled() {
    HookRunner r =
        runner(
            source(
                "s.js",
                "session_before_switch",
                p -> p.get("reason").asText().equals("new") ? "{\"cancel\": true}" : "{}"),
            source("f.js", "session_before_fork", p -> "{\"cancel\": 1}"));
    assertThat(r.sessionBeforeSwitch(SessionHooks.Reason.NEW, Optional.empty()).cancel()).isTrue();
    assertThat(
            r.sessionBeforeSwitch(SessionHooks.Reason.RESUME, Optional.of(Path.of("/s/x.jsonl")))
                .cancel())
        .isFalse();
    assertThat(payloads.get(1).get("targetSessionFile").asText()).isEqualTo("/s/x.jsonl");
    assertThat(r.sessionBeforeFork("e1", "before").cancel()).isFalse();
    assertThat(payloads.get(2).get("entryId").asText()).isEqualTo("e1");
    assertThat(payloads.get(2).get("position").asText()).isEqualTo("before");
    assertThat(reports)
        .containsExactly(
            "f.js: session_before_fork handler returned a cancel that is not a boolean; ignored");
  }

  @Test
  void watchingEventsCarryTheirFields() {
    HookRunner r =
        runner(
            source("w.js", "session_start", p -> null),
            source("w2.js", "session_shutdown", p -> null),
            source("w3.js", "session_tree", p -> null),
            source("w4.js", "model_select", p -> null),
            source("w5.js", "session_switch", p -> null),
            source("w6.js", "session_fork", p -> null),
            source("w7.js", "thinking_level_select", p -> null));
    r.sessionStart(SessionHooks.Reason.RESUME, Optional.of(Path.of("/s/old.jsonl")));
    r.sessionShutdown(SessionHooks.Reason.QUIT, Optional.empty());
    r.sessionTree(Optional.of("e1"), Optional.empty(), Optional.empty(), Optional.empty());
    r.modelSelect(ScriptedProvider.MODEL, Optional.empty(), "set");
    r.sessionSwitch(SessionHooks.Reason.NEW, Optional.of(Path.of("/s/old.jsonl")));
    r.sessionFork(Optional.empty());
    r.thinkingLevelSelect(ThinkingLevel.HIGH, ThinkingLevel.MEDIUM);
    assertThat(payloads)
        .extracting(JsonNode::toString)
        .containsExactly(
            "{\"type\":\"session_start\",\"reason\":\"resume\",\"previousSessionFile\":\"/s/old.jsonl\"}",
            "{\"type\":\"session_shutdown\",\"reason\":\"quit\"}",
            "{\"type\":\"session_tree\",\"newLeafId\":\"e1\",\"oldLeafId\":null}",
            // No base URL: scripts never see where a provider lives (docs/security.md).
            "{\"type\":\"model_select\",\"model\":{\"id\":\"scripted\",\"name\":\"Scripted\",\"provider\":\"scripted\",\"api\":\"scripted\","
                + "\"reasoning\":true,\"contextWindow\":200000,\"maxTokens\":32000,\"input\":[\"text\",\"image\"]},"
                + "\"source\":\"set\"}",
            "{\"type\":\"session_switch\",\"reason\":\"new\",\"previousSessionFile\":\"/s/old.jsonl\"}",
            "{\"type\":\"session_fork\"}",
            "{\"type\":\"thinking_level_select\",\"level\":\"high\",\"previousLevel\":\"medium\"}");
  }
}
