package dev.graft.runtime.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import dev.graft.runtime.session.SessionEntry;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Token estimates and cut points equal the reference's estimateTokens and findCutPoint on the
 * generated sessions (recorded by runtime/src/test/oracle/record-cutpoints.sh).
 */
class CompactionDifferentialTest {
  @TempDir Path temp;

  private static JsonNode gz(Path file) throws Exception {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return Json.MAPPER.readTree(in);
    }
  }

  @Test
  void cutPointsAndTokenEstimatesMatchTheReference() throws Exception {
    Path root = Path.of(getClass().getResource("/sessions/generated").toURI());
    JsonNode recorded = gz(root.resolve("cutpoints.json.gz"));
    int cases = 0;
    int estimates = 0;
    int splitTurns = 0;
    int branches = 0;
    int fixedCases = 0;
    for (Map.Entry<String, JsonNode> session : recorded.properties()) {
      Path copy = temp.resolve(session.getKey() + ".jsonl");
      Files.copy(
          root.resolve(session.getKey()).resolve("session.jsonl"),
          copy,
          StandardCopyOption.REPLACE_EXISTING);
      try (Session s = Session.open(copy)) {
        for (Map.Entry<String, JsonNode> t : session.getValue().get("tokens").properties()) {
          AgentMessage m = ((SessionEntry.Message) s.entry(t.getKey()).orElseThrow()).message();
          assertThat(TokenEstimate.of(m))
              .as("%s %s", session.getKey(), t.getKey())
              .isEqualTo(t.getValue().asLong());
          estimates++;
        }
        for (JsonNode c : session.getValue().get("cases")) {
          List<SessionEntry> path = s.pathTo(c.get("leaf").asText());
          assertThat(path.size()).isEqualTo(c.get("end").asInt());
          int start = c.get("start").asInt();
          int end = c.get("end").asInt();
          CutPoint cut = CutPoint.find(path, start, end, c.get("keep").asLong());
          if (budgetFilledAfterLastCutPoint(path, start, end, c.get("keep").asLong())) {
            // The reference's bug (it keeps everything there): graft cuts at the latest valid
            // point.
            List<Integer> points = CutPoint.validCutPoints(path, start, end);
            assertThat(cut.firstKeptEntryIndex())
                .as("%s %s", session.getKey(), c)
                .isLessThanOrEqualTo(points.getLast());
            assertThat(cut.firstKeptEntryIndex())
                .isGreaterThan(c.get("firstKeptEntryIndex").asInt() - 1);
            fixedCases++;
          } else {
            assertThat(cut)
                .as("%s %s", session.getKey(), c)
                .isEqualTo(
                    new CutPoint(
                        c.get("firstKeptEntryIndex").asInt(),
                        c.get("turnStartIndex").asInt(),
                        c.get("isSplitTurn").asBoolean()));
          }
          if (cut.isSplitTurn()) {
            splitTurns++;
          }
          cases++;
        }
        for (JsonNode b : session.getValue().get("branches")) {
          BranchSummary.Abandoned abandoned =
              BranchSummary.collect(s, Optional.of(b.get("from").asText()), b.get("to").asText());
          assertThat(abandoned.entries())
              .extracting(SessionEntry::id)
              .as("%s %s", session.getKey(), b)
              .containsExactlyElementsOf(ids(b.get("entries")));
          assertThat(abandoned.commonAncestorId().orElse(null))
              .isEqualTo(
                  b.get("commonAncestorId").isNull() ? null : b.get("commonAncestorId").asText());
          BranchSummary.Prepared prepared =
              BranchSummary.prepare(abandoned.entries(), b.get("budget").asLong());
          assertThat(prepared.messages())
              .as("%s %s", session.getKey(), b)
              .hasSize(b.get("messages").asInt());
          assertThat(prepared.tokens()).isEqualTo(b.get("totalTokens").asLong());
          branches++;
        }
      }
    }
    assertThat(cases).isGreaterThan(1000);
    assertThat(branches).isGreaterThan(300);
    assertThat(fixedCases)
        .as("the fixtures must hit the reference's fallback bug")
        .isGreaterThan(5);
    assertThat(estimates).isGreaterThan(1000);
    assertThat(splitTurns).as("the fixtures must exercise split turns").isGreaterThan(20);
  }

  /** Whether the walk back fills the budget at a message after the last valid cut point. */
  private static boolean budgetFilledAfterLastCutPoint(
      List<SessionEntry> path, int start, int end, long keep) {
    List<Integer> points = CutPoint.validCutPoints(path, start, end);
    if (points.isEmpty()) {
      return false;
    }
    long total = 0;
    for (int i = end - 1; i >= start; i--) {
      if (path.get(i) instanceof SessionEntry.Message m) {
        total += TokenEstimate.of(m.message());
        if (total >= keep) {
          return i > points.getLast();
        }
      }
    }
    return false;
  }

  private static List<String> ids(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(x -> out.add(x.asText()));
    return out;
  }

  @Test
  void contextEstimatesMatchTheReferencePerMessage() throws Exception {
    Path root = Path.of(getClass().getResource("/sessions/generated").toURI());
    int checked = 0;
    for (String name : List.of("s0", "s11", "s23", "s42")) {
      Path copy = temp.resolve(name + "-ctx.jsonl");
      Files.copy(
          root.resolve(name).resolve("session.jsonl"), copy, StandardCopyOption.REPLACE_EXISTING);
      JsonNode expected = gz(root.resolve(name).resolve("expected.json.gz")).get("cases");
      try (Session s = Session.open(copy)) {
        for (Map.Entry<String, JsonNode> c : expected.properties()) {
          SessionContext ctx = c.getKey().isEmpty() ? s.buildContext() : s.buildContext(c.getKey());
          JsonNode tokens = c.getValue().get("tokens");
          for (int i = 0; i < ctx.messages().size(); i++) {
            assertThat(TokenEstimate.of(ctx.messages().get(i))).isEqualTo(tokens.get(i).asLong());
            checked++;
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(500);
  }
}
