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
import java.util.List;
import java.util.Map;
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
    for (Map.Entry<String, JsonNode> session : recorded.properties()) {
      Path copy = temp.resolve(session.getKey() + ".jsonl");
      Files.copy(root.resolve(session.getKey()).resolve("session.jsonl"), copy, StandardCopyOption.REPLACE_EXISTING);
      try (Session s = Session.open(copy)) {
        for (Map.Entry<String, JsonNode> t : session.getValue().get("tokens").properties()) {
          AgentMessage m = ((SessionEntry.Message) s.entry(t.getKey()).orElseThrow()).message();
          assertThat(TokenEstimate.of(m)).as("%s %s", session.getKey(), t.getKey()).isEqualTo(t.getValue().asLong());
          estimates++;
        }
        for (JsonNode c : session.getValue().get("cases")) {
          List<SessionEntry> path = s.pathTo(c.get("leaf").asText());
          assertThat(path.size()).isEqualTo(c.get("end").asInt());
          CutPoint cut = CutPoint.find(path, c.get("start").asInt(), c.get("end").asInt(), c.get("keep").asLong());
          assertThat(cut).as("%s %s", session.getKey(), c)
              .isEqualTo(new CutPoint(c.get("firstKeptEntryIndex").asInt(), c.get("turnStartIndex").asInt(), c.get("isSplitTurn").asBoolean()));
          if (cut.isSplitTurn()) {
            splitTurns++;
          }
          cases++;
        }
      }
    }
    assertThat(cases).isGreaterThan(1000);
    assertThat(estimates).isGreaterThan(1000);
    assertThat(splitTurns).as("the fixtures must exercise split turns").isGreaterThan(20);
  }

  @Test
  void contextEstimatesMatchTheReferencePerMessage() throws Exception {
    Path root = Path.of(getClass().getResource("/sessions/generated").toURI());
    int checked = 0;
    for (String name : List.of("s0", "s11", "s23", "s42")) {
      Path copy = temp.resolve(name + "-ctx.jsonl");
      Files.copy(root.resolve(name).resolve("session.jsonl"), copy, StandardCopyOption.REPLACE_EXISTING);
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
