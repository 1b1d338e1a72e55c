package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RpcModeTest {
  @TempDir Path home;
  @TempDir Path work;

  private RpcDriver start(String turns) throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), turns);
    return RpcDriver.scripted(home, work);
  }

  /** The same lines as --mode json: each update has the message so far, twice. */
  @Test
  void messageUpdatesCarryTheMessageSoFar() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"one two three\", \"chunkSize\": 4}\n")) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"count\"}");
      rpc.event("agent_end");
      StringBuilder streamed = new StringBuilder();
      int deltas = 0;
      for (JsonNode line : rpc.seen()) {
        if (!line.path("type").asText().equals("message_update")) {
          continue;
        }
        JsonNode update = line.get("assistantMessageEvent");
        if (update.path("type").asText().equals("text_delta")) {
          deltas++;
          streamed.append(update.get("delta").asText());
          assertThat(line.at("/message/content/0/text").asText()).isEqualTo(streamed.toString());
        }
        assertThat(line.at("/message/role").asText()).isEqualTo("assistant");
        assertThat(update.get("partial")).isEqualTo(line.get("message"));
      }
      assertThat(deltas).isEqualTo(4);
    }
  }

  @Test
  void aSessionDrivenOverRpc() throws Exception {
    try (RpcDriver rpc =
        start(
            """
            {"text": "first answer"}
            {"toolCalls": [{"name": "bash", "arguments": {"command": "echo from-tool"}}]}
            {"text": "second answer"}
            """)) {
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").at("/data/model/id").asText())
          .isEqualTo("scripted");
      assertThat(
              rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"one\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      rpc.event("agent_end");
      JsonNode bash =
          rpc.call("b", "{\"id\":\"b\",\"type\":\"bash\",\"command\":\"echo user-ran\"}");
      assertThat(bash.at("/data/output").asText().strip()).isEqualTo("user-ran");
      assertThat(bash.at("/data/exitCode").asInt()).isZero();
      rpc.call("n", "{\"id\":\"n\",\"type\":\"set_session_name\",\"name\":\"rpc test\"}");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"two\"}");
      rpc.event("tool_execution_end");
      rpc.event("agent_end");
      JsonNode messages =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"get_messages\"}").at("/data/messages");
      List<String> roles = new ArrayList<>();
      messages.forEach(m -> roles.add(m.path("role").asText()));
      assertThat(roles)
          .containsExactly(
              "user", "assistant", "bashExecution", "user", "assistant", "toolResult", "assistant");
      assertThat(
              rpc.call("t", "{\"id\":\"t\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("second answer");
      assertThat(
              rpc.call("st", "{\"id\":\"st\",\"type\":\"get_session_stats\"}")
                  .at("/data/toolCalls")
                  .asInt())
          .isEqualTo(1);
      assertThat(
              rpc.call("g", "{\"id\":\"g\",\"type\":\"get_state\"}")
                  .at("/data/sessionName")
                  .asText())
          .isEqualTo("rpc test");
      assertThat(
              rpc.call("f", "{\"id\":\"f\",\"type\":\"get_fork_messages\"}").at("/data/messages"))
          .hasSize(2);
    }
  }

  @Test
  void badLinesAndUnknownCommandsAreAnsweredAndTheSessionGoesOn() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"still fine\"}\n")) {
      rpc.send("this is not json");
      JsonNode parse = rpc.await(l -> l.path("command").asText().equals("parse"), "parse error");
      assertThat(parse.path("success").asBoolean()).isFalse();
      rpc.send("[1,2]");
      assertThat(
              rpc.await(l -> l.path("command").asText().equals("parse"), "shape error")
                  .path("error")
                  .asText())
          .contains("JSON object");
      assertThat(rpc.call("u", "{\"id\":\"u\",\"type\":\"get_stat\"}").path("error").asText())
          .contains("did you mean 'get_state'");
      assertThat(
              rpc.call("x", "{\"id\":\"x\",\"type\":\"set_thinking_level\",\"level\":\"huge\"}")
                  .path("error")
                  .asText())
          .contains("unknown thinking level 'huge'");
      assertThat(
              rpc.call("ui", "{\"id\":\"ui\",\"type\":\"extension_ui_response\",\"value\":\"a\"}")
                  .path("error")
                  .asText())
          .contains("no dialog is waiting for an answer with id ui");
      assertThat(rpc.call("m", "{\"id\":\"m\",\"type\":\"prompt\"}").path("error").asText())
          .contains("needs a string field \"message\"");
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"ok?\"}");
      rpc.event("agent_end");
      assertThat(
              rpc.call("t", "{\"id\":\"t\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("still fine");
    }
  }

  @Test
  void aBrokenJsonLineIsToldInTheClientsTermsNotTheParsers() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"unused\"}\n")) {
      rpc.send("{\"id\":\"a\"");
      String unclosed = rpc.event("response").path("error").asText();
      rpc.send("{\"type\":\"get_state\"} {\"type\":\"get_state\"}");
      String two = rpc.event("response").path("error").asText();
      assertThat(unclosed)
          .startsWith("not a JSON line: Unexpected end-of-input")
          .doesNotContain("Source:", "REDACTED", "StreamReadFeature");
      assertThat(two)
          .startsWith("not a JSON line: more than one JSON value")
          .doesNotContain("jackson", "DeserializationFeature");
    }
  }

  @Test
  void getStateCountsQueuedMessagesAndTellsTheCompactionSetting() throws Exception {
    Files.createDirectories(work.resolve(".graft"));
    Files.writeString(
        work.resolve(".graft/settings.json"), "{\"compaction\": {\"enabled\": false}}");
    try (RpcDriver rpc =
        start(
            """
            {"text": "a slow answer that takes a while to stream", "chunkSize": 1, "delayMs": 50}
            {"text": "steered"}
            {"text": "followed"}
            """)) {
      JsonNode idle = rpc.call("s0", "{\"id\":\"s0\",\"type\":\"get_state\"}");
      assertThat(idle.at("/data/autoCompactionEnabled").asBoolean(true)).isFalse();
      assertThat(idle.at("/data/pendingMessageCount").asInt(-1)).isZero();
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"slow\"}");
      rpc.event("message_update");
      rpc.call("st", "{\"id\":\"st\",\"type\":\"steer\",\"message\":\"one\"}");
      rpc.call("fu", "{\"id\":\"fu\",\"type\":\"follow_up\",\"message\":\"two\"}");
      JsonNode busy = rpc.call("s1", "{\"id\":\"s1\",\"type\":\"get_state\"}");
      assertThat(busy.at("/data/isStreaming").asBoolean()).isTrue();
      assertThat(busy.at("/data/pendingMessageCount").asInt()).isEqualTo(2);
      rpc.event("agent_end");
      assertThat(
              rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}")
                  .at("/data/pendingMessageCount")
                  .asInt(-1))
          .isZero();
    }
  }

  @Test
  void queueUpdatesTellWhatWaitsAsMessagesAreQueuedAndDelivered() throws Exception {
    try (RpcDriver rpc =
        start(
            """
            {"text": "a slow answer that takes a while to stream", "chunkSize": 1, "delayMs": 50}
            {"text": "steered"}
            {"text": "followed"}
            """)) {
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"slow\"}");
      rpc.event("message_update");
      rpc.call("st", "{\"id\":\"st\",\"type\":\"steer\",\"message\":\"one\"}");
      rpc.call("fu", "{\"id\":\"fu\",\"type\":\"follow_up\",\"message\":\"two\"}");
      rpc.event("agent_end");
      // as the reference: each change of the queue, the delivered message gone before its
      // message_start
      List<String> seen = new ArrayList<>();
      for (JsonNode l : rpc.seen()) {
        String type = l.path("type").asText();
        if (type.equals("queue_update")) {
          seen.add(Json.write(l));
        } else if (type.equals("message_start") && l.at("/message/role").asText().equals("user")) {
          seen.add("user " + l.at("/message/content").toString());
        } else if (type.equals("response") && !l.path("id").asText().equals("p")) {
          seen.add("response " + l.path("id").asText());
        }
      }
      assertThat(seen)
          .containsExactly(
              "user [{\"type\":\"text\",\"text\":\"slow\"}]",
              "{\"type\":\"queue_update\",\"steering\":[\"one\"],\"followUp\":[]}",
              "response st",
              "{\"type\":\"queue_update\",\"steering\":[\"one\"],\"followUp\":[\"two\"]}",
              "response fu",
              "{\"type\":\"queue_update\",\"steering\":[],\"followUp\":[\"two\"]}",
              "user [{\"type\":\"text\",\"text\":\"one\"}]",
              "{\"type\":\"queue_update\",\"steering\":[],\"followUp\":[]}",
              "user [{\"type\":\"text\",\"text\":\"two\"}]");
    }
  }

  /** The messages of a run, in order: "user one", "assistant a". */
  private static List<String> messages(RpcDriver rpc) {
    List<String> out = new ArrayList<>();
    for (JsonNode l : rpc.seen()) {
      if (l.path("type").asText().equals("message_end")) {
        out.add(l.at("/message/role").asText() + " " + l.at("/message/content/0/text").asText());
      }
    }
    return out;
  }

  /** Two steering messages sent while a slow answer streams, then the run's messages. */
  private static List<String> steerTwice(RpcDriver rpc, String type) throws Exception {
    rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"slow\"}");
    rpc.event("message_update");
    rpc.call("s1", "{\"id\":\"s1\",\"type\":\"" + type + "\",\"message\":\"one\"}");
    rpc.call("s2", "{\"id\":\"s2\",\"type\":\"" + type + "\",\"message\":\"two\"}");
    rpc.event("agent_end");
    return messages(rpc);
  }

  private static final String SLOW_THEN_TWO =
      """
      {"text": "slow answer", "chunkSize": 1, "delayMs": 50}
      {"text": "a"}
      {"text": "b"}
      """;

  @Test
  void steeringMessagesComeOnePerModelCallByDefaultAsInTheReference() throws Exception {
    try (RpcDriver rpc = start(SLOW_THEN_TWO)) {
      JsonNode state = rpc.call("g", "{\"id\":\"g\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/steeringMode").asText()).isEqualTo("one-at-a-time");
      assertThat(state.at("/data/followUpMode").asText()).isEqualTo("one-at-a-time");
      assertThat(steerTwice(rpc, "steer"))
          .containsExactly(
              "user slow",
              "assistant slow answer",
              "user one",
              "assistant a",
              "user two",
              "assistant b");
    }
  }

  @Test
  void setSteeringModeAllDeliversEveryWaitingMessageAndIsKeptInSettings() throws Exception {
    try (RpcDriver rpc = start(SLOW_THEN_TWO)) {
      JsonNode set =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"set_steering_mode\",\"mode\":\"all\"}");
      assertThat(set.path("success").asBoolean()).as(set.toString()).isTrue();
      assertThat(
              Json.parse(Files.readString(home.resolve("settings.json")))
                  .path("steeringMode")
                  .asText())
          .isEqualTo("all");
      JsonNode state = rpc.call("g", "{\"id\":\"g\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/steeringMode").asText()).isEqualTo("all");
      assertThat(steerTwice(rpc, "steer"))
          .containsExactly(
              "user slow", "assistant slow answer", "user one", "user two", "assistant a");
    }
  }

  @Test
  void setFollowUpModeAllDeliversEveryFollowUpAtTheRunsEnd() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"steeringMode\": \"all\"}");
    try (RpcDriver rpc = start(SLOW_THEN_TWO)) {
      JsonNode state = rpc.call("g", "{\"id\":\"g\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/steeringMode").asText()).isEqualTo("all");
      JsonNode set =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"set_follow_up_mode\",\"mode\":\"all\"}");
      assertThat(set.path("success").asBoolean()).as(set.toString()).isTrue();
      JsonNode settings = Json.parse(Files.readString(home.resolve("settings.json")));
      assertThat(settings.path("followUpMode").asText()).isEqualTo("all");
      assertThat(settings.path("steeringMode").asText()).isEqualTo("all");
      assertThat(steerTwice(rpc, "follow_up"))
          .containsExactly(
              "user slow", "assistant slow answer", "user one", "user two", "assistant a");
    }
  }

  @Test
  void followUpsComeOnePerRunEndByDefault() throws Exception {
    try (RpcDriver rpc = start(SLOW_THEN_TWO)) {
      assertThat(steerTwice(rpc, "follow_up"))
          .containsExactly(
              "user slow",
              "assistant slow answer",
              "user one",
              "assistant a",
              "user two",
              "assistant b");
    }
  }

  @Test
  void anUnknownQueueModeIsRefused() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"unused\"}\n")) {
      JsonNode bad =
          rpc.call("m", "{\"id\":\"m\",\"type\":\"set_steering_mode\",\"mode\":\"some\"}");
      assertThat(bad.path("success").asBoolean()).isFalse();
      assertThat(bad.path("error").asText())
          .isEqualTo("unknown mode 'some': use \"all\" or \"one-at-a-time\"");
      assertThat(home.resolve("settings.json")).doesNotExist();
    }
  }

  @Test
  void namingTheSessionSendsSessionInfoChanged() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"unused\"}\n")) {
      rpc.call("n", "{\"id\":\"n\",\"type\":\"set_session_name\",\"name\":\"  my work \"}");
      assertThat(
              Json.write(
                  rpc.find(
                      l -> l.path("type").asText().equals("session_info_changed"),
                      "session_info_changed")))
          .isEqualTo("{\"type\":\"session_info_changed\",\"name\":\"my work\"}");
    }
  }

  @Test
  void sessionStatsTellTheContextUsage() throws Exception {
    try (RpcDriver rpc =
        start("{\"text\": \"an answer\", \"usage\": {\"input\": 120, \"output\": 8}}\n")) {
      JsonNode empty =
          rpc.call("s0", "{\"id\":\"s0\",\"type\":\"get_session_stats\"}").at("/data/contextUsage");
      assertThat(Json.write(empty))
          .isEqualTo("{\"tokens\":0,\"contextWindow\":200000,\"percent\":0.0}");
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hello there\"}");
      rpc.event("agent_end");
      JsonNode usage =
          rpc.call("s1", "{\"id\":\"s1\",\"type\":\"get_session_stats\"}").at("/data/contextUsage");
      // the last answer's usage, nothing after it
      assertThat(Json.write(usage))
          .isEqualTo("{\"tokens\":128,\"contextWindow\":200000,\"percent\":0.064}");
    }
  }

  @Test
  void compactionEndCarriesTheReferencesFields() throws Exception {
    Files.createDirectories(work.resolve(".graft"));
    Files.writeString(
        work.resolve(".graft/settings.json"), "{\"compaction\": {\"keepRecentTokens\": 1}}");
    try (RpcDriver rpc =
        start(
            """
            {"text": "the first answer"}
            {"text": "the second answer"}
            {"text": "the summary"}
            {"text": "the split turn's start"}
            """)) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"first\"}");
      rpc.event("agent_end");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"second\"}");
      rpc.event("agent_end");
      JsonNode compacted = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"compact\"}");
      JsonNode end =
          rpc.find(l -> l.path("type").asText().equals("compaction_end"), "the compaction's end");
      assertThat(compacted.path("success").asBoolean()).as(compacted.toString()).isTrue();
      // a client written for the reference reads result, aborted, willRetry and errorMessage
      assertThat(end.path("result")).isEqualTo(compacted.path("data"));
      assertThat(end.at("/result/summary").asText()).startsWith("the summary");
      assertThat(end.path("aborted").isBoolean() && !end.path("aborted").asBoolean()).isTrue();
      assertThat(end.path("willRetry").isBoolean() && !end.path("willRetry").asBoolean()).isTrue();
      assertThat(end.has("errorMessage")).isFalse();

      rpc.call("c2", "{\"id\":\"c2\",\"type\":\"compact\"}");
      JsonNode nothing =
          rpc.seen().stream()
              .filter(l -> l.path("type").asText().equals("compaction_end"))
              .reduce((first, second) -> second)
              .orElseThrow();
      assertThat(nothing.has("result")).isFalse();
      assertThat(nothing.path("aborted").asBoolean(true)).isFalse();
      assertThat(nothing.path("errorMessage").asText())
          .isEqualTo(nothing.path("error").asText())
          .startsWith("nothing to compact");
    }
  }

  @Test
  void getStateSaysWhileACompactionRuns() throws Exception {
    Files.createDirectories(work.resolve(".graft"));
    Files.writeString(
        work.resolve(".graft/settings.json"), "{\"compaction\": {\"keepRecentTokens\": 1}}");
    try (RpcDriver rpc =
        start(
            """
            {"text": "the first answer"}
            {"text": "the second answer"}
            {"text": "a summary that takes a while to stream", "chunkSize": 1, "delayMs": 50}
            """)) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"first\"}");
      rpc.event("agent_end");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"second\"}");
      rpc.event("agent_end");
      rpc.send("{\"id\":\"c\",\"type\":\"compact\"}");
      rpc.event("compaction_start");
      JsonNode during = rpc.call("s1", "{\"id\":\"s1\",\"type\":\"get_state\"}");
      assertThat(during.at("/data/isCompacting").asBoolean(false)).isTrue();
      rpc.find(
          l -> l.path("type").asText().equals("response") && l.path("id").asText().equals("c"),
          "the compaction's response");
      rpc.find(l -> l.path("type").asText().equals("compaction_end"), "the compaction's end");
      JsonNode after = rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}");
      assertThat(after.at("/data/isCompacting").asBoolean(true)).isFalse();
    }
  }

  @Test
  void aNewSessionWithoutThinkingOrSettingThinksAtMediumAsTheReference() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      // The scripted model reasons: the reference's default level, medium (before: off).
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/thinkingLevel").asText()).isEqualTo("medium");
    }
  }

  @Test
  void aThinkingLevelTheModelLacksIsTheNearestItHasInStateAndSession() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      // The scripted model reasons, without an xhigh level: the reference clamps to high.
      rpc.call("t", "{\"id\":\"t\",\"type\":\"set_thinking_level\",\"level\":\"xhigh\"}");
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/thinkingLevel").asText()).isEqualTo("high");
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      rpc.event("agent_end");
      Path file = Path.of(state.at("/data/sessionFile").asText());
      List<String> levels = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        JsonNode entry = Json.parse(line);
        if (entry.path("type").asText().equals("thinking_level_change")) {
          levels.add(entry.path("thinkingLevel").asText());
        }
      }
      assertThat(levels).isNotEmpty().allMatch("high"::equals);
    }
  }

  @Test
  void cyclingTheThinkingLevelStepsThroughTheModelsLevelsTellsAndSavesEachChange()
      throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      // The scripted model reasons, without xhigh: from medium, high, then off, as the reference.
      JsonNode high = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"cycle_thinking_level\"}");
      assertThat(high.path("success").asBoolean()).as(high.toString()).isTrue();
      assertThat(high.at("/data/level").asText()).isEqualTo("high");
      JsonNode off = rpc.call("c2", "{\"id\":\"c2\",\"type\":\"cycle_thinking_level\"}");
      assertThat(off.at("/data/level").asText()).isEqualTo("off");
      rpc.call("t1", "{\"id\":\"t1\",\"type\":\"set_thinking_level\",\"level\":\"low\"}");
      // the same level again is no change: no event
      rpc.call("t2", "{\"id\":\"t2\",\"type\":\"set_thinking_level\",\"level\":\"low\"}");
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/thinkingLevel").asText()).isEqualTo("low");

      // each change told before its response, as the reference's thinking_level_changed
      List<String> told = new ArrayList<>();
      for (JsonNode line : rpc.seen()) {
        String type = line.path("type").asText();
        if (type.equals("thinking_level_changed")) {
          told.add(line.path("level").asText());
        } else if (type.equals("response") && !line.path("command").asText().equals("get_state")) {
          told.add("response " + line.path("id").asText());
        }
      }
      assertThat(told)
          .containsExactly(
              "high", "response c1", "off", "response c2", "low", "response t1", "response t2");
      // and kept as the user's default, in their settings file only
      assertThat(
              Json.parse(Files.readString(home.resolve("settings.json")))
                  .path("defaultThinkingLevel")
                  .asText())
          .isEqualTo("low");
      assertThat(work.resolve(".graft/settings.json")).doesNotExist();
    }
  }

  @Test
  void aSettingsFileThatCannotBeWrittenLeavesTheNewLevelWithOneWarning() throws Exception {
    // a folder where the settings file goes: it cannot be written (as a read-only one, for root
    // too)
    Files.createDirectories(home.resolve("settings.json"));
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode high = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"cycle_thinking_level\"}");
      assertThat(high.path("success").asBoolean()).as(high.toString()).isTrue();
      assertThat(high.at("/data/level").asText()).isEqualTo("high");
      JsonNode low =
          rpc.call("t1", "{\"id\":\"t1\",\"type\":\"set_thinking_level\",\"level\":\"low\"}");
      assertThat(low.path("success").asBoolean()).as(low.toString()).isTrue();
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/thinkingLevel").asText()).isEqualTo("low");
      assertThat(rpc.seen())
          .filteredOn(l -> l.path("type").asText().equals("thinking_level_changed"))
          .extracting(l -> l.path("level").asText())
          .containsExactly("high", "low");
      // one line on stderr for each level not kept
      assertThat(rpc.err().lines().filter(l -> l.contains("defaultThinkingLevel")))
          .containsExactly(
              "graft: warning: the thinking level is high, but defaultThinkingLevel could not be saved in "
                  + home.resolve("settings.json")
                  + " (Is a directory)",
              "graft: warning: the thinking level is low, but defaultThinkingLevel could not be saved in "
                  + home.resolve("settings.json")
                  + " (Is a directory)");
    }
  }

  @Test
  void aChosenModelIsKeptAsTheUsersDefaultAsTheReferenceKeepsIt() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"qwen3:8b\", \"reasoning\": true}]}}}");
    Files.writeString(home.resolve("settings.json"), "{\"someOtherSetting\": 3}");
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode chosen =
          rpc.call(
              "m",
              "{\"id\":\"m\",\"type\":\"set_model\",\"provider\":\"ollama\","
                  + "\"modelId\":\"qwen3:8b\"}");
      assertThat(chosen.path("success").asBoolean()).as(chosen.toString()).isTrue();
      JsonNode saved = Json.parse(Files.readString(home.resolve("settings.json")));
      assertThat(saved.path("defaultProvider").asText()).isEqualTo("ollama");
      assertThat(saved.path("defaultModel").asText()).isEqualTo("qwen3:8b");
      assertThat(saved.path("someOtherSetting").asInt()).isEqualTo(3);
      // the user's settings only, never the project's
      assertThat(work.resolve(".graft/settings.json")).doesNotExist();
    }
  }

  @Test
  void aModelThatCannotBeSavedIsStillChosenWithOneWarning() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"qwen3:8b\", \"reasoning\": true}]}}}");
    Files.createDirectories(home.resolve("settings.json"));
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode chosen =
          rpc.call(
              "m",
              "{\"id\":\"m\",\"type\":\"set_model\",\"provider\":\"ollama\","
                  + "\"modelId\":\"qwen3:8b\"}");
      assertThat(chosen.path("success").asBoolean()).as(chosen.toString()).isTrue();
      JsonNode state = rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}");
      assertThat(state.at("/data/model/id").asText()).isEqualTo("qwen3:8b");
      assertThat(rpc.err().lines().filter(l -> l.contains("defaultModel")))
          .containsExactly(
              "graft: warning: the model is ollama/qwen3:8b, but defaultProvider and defaultModel"
                  + " could not be saved in "
                  + home.resolve("settings.json")
                  + " (Is a directory)");
    }
  }

  @Test
  void cycleModelStepsThroughTheModelsWithAKeyAndTellsTheModelLevelAndScope() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"a\", \"reasoning\": true},"
            + " {\"id\": \"b\"}]}}}");
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      // from the scripted model, outside the list: its first model (graft's rule, as Ctrl+P)
      JsonNode first = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"cycle_model\"}");
      assertThat(first.path("success").asBoolean()).as(first.toString()).isTrue();
      assertThat(first.at("/data/model/provider").asText()).isEqualTo("ollama");
      assertThat(first.at("/data/model/id").asText()).isEqualTo("a");
      assertThat(first.at("/data/thinkingLevel").asText()).isEqualTo("medium");
      assertThat(first.at("/data/isScoped").isBoolean()).isTrue();
      assertThat(first.at("/data/isScoped").asBoolean()).isFalse();
      JsonNode second = rpc.call("c2", "{\"id\":\"c2\",\"type\":\"cycle_model\"}");
      assertThat(second.at("/data/model/id").asText()).isEqualTo("b");
      assertThat(second.at("/data/thinkingLevel").asText()).isEqualTo("off");
      JsonNode third = rpc.call("c3", "{\"id\":\"c3\",\"type\":\"cycle_model\"}");
      assertThat(third.at("/data/model/id").asText()).isEqualTo("a");
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").at("/data/model/id").asText())
          .isEqualTo("a");
      assertThat(
              Json.parse(Files.readString(home.resolve("settings.json")))
                  .path("defaultModel")
                  .asText())
          .isEqualTo("a");
    }
  }

  @Test
  void cycleModelKeepsToTheModelsScopeAndItsThinkingLevels() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"a\", \"reasoning\": true},"
            + " {\"id\": \"b\"}, {\"id\": \"c\", \"reasoning\": true}]}}}");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"a\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--models", "ollama/c:low,ollama/a:high")) {
      JsonNode first = rpc.call("c1", "{\"id\":\"c1\",\"type\":\"cycle_model\"}");
      assertThat(first.at("/data/model/id").asText()).as(first.toString()).isEqualTo("c");
      assertThat(first.at("/data/thinkingLevel").asText()).isEqualTo("low");
      assertThat(first.at("/data/isScoped").asBoolean()).isTrue();
      JsonNode second = rpc.call("c2", "{\"id\":\"c2\",\"type\":\"cycle_model\"}");
      assertThat(second.at("/data/model/id").asText()).isEqualTo("a");
      assertThat(second.at("/data/thinkingLevel").asText()).isEqualTo("high");
    }
  }

  @Test
  void cycleModelWithNoOtherModelAnswersNullAndChangesNothing() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode none = rpc.call("c", "{\"id\":\"c\",\"type\":\"cycle_model\"}");
      assertThat(none.path("success").asBoolean()).as(none.toString()).isTrue();
      assertThat(none.has("data")).isTrue();
      assertThat(none.path("data").isNull()).isTrue();
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").at("/data/model/id").asText())
          .isEqualTo("scripted");
    }
  }

  @Test
  void cycleModelWithOneModelInTheListAnswersNullEvenFromAnotherModelAsTheReference()
      throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"a\"}, {\"id\": \"b\"}]}}}");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"a\"}\n");
    try (RpcDriver rpc = RpcDriver.scripted(home, work, "--models", "ollama/a")) {
      JsonNode none = rpc.call("c", "{\"id\":\"c\",\"type\":\"cycle_model\"}");
      assertThat(none.path("success").asBoolean()).as(none.toString()).isTrue();
      assertThat(none.path("data").isNull()).as(none.toString()).isTrue();
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}").at("/data/model/id").asText())
          .isEqualTo("scripted");
      assertThat(home.resolve("settings.json")).doesNotExist();
    }
  }

  @Test
  void setAutoCompactionSwitchesCompactionAndKeepsItInTheUsersSettings() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"compaction\": {\"reserveTokens\": 9}}");
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode off =
          rpc.call("o", "{\"id\":\"o\",\"type\":\"set_auto_compaction\",\"enabled\":false}");
      assertThat(off.path("success").asBoolean()).as(off.toString()).isTrue();
      assertThat(off.has("data")).isFalse();
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}")
                  .at("/data/autoCompactionEnabled")
                  .asBoolean(true))
          .isFalse();
      JsonNode saved = Json.parse(Files.readString(home.resolve("settings.json")));
      assertThat(saved.at("/compaction/enabled").asBoolean(true)).isFalse();
      assertThat(saved.at("/compaction/reserveTokens").asInt()).isEqualTo(9);
      assertThat(work.resolve(".graft/settings.json")).doesNotExist();
      rpc.call("n", "{\"id\":\"n\",\"type\":\"set_auto_compaction\",\"enabled\":true}");
      assertThat(
              rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}")
                  .at("/data/autoCompactionEnabled")
                  .asBoolean(false))
          .isTrue();
      assertThat(
              rpc.call("x", "{\"id\":\"x\",\"type\":\"set_auto_compaction\"}")
                  .path("error")
                  .asText())
          .isEqualTo("set_auto_compaction needs a boolean field \"enabled\"");
    }
  }

  @Test
  void exportHtmlWritesThePageGraftSessionExportWritesAndTellsItsPath() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"the answer to export\"}\n")) {
      JsonNode early = rpc.call("e0", "{\"id\":\"e0\",\"type\":\"export_html\"}");
      assertThat(early.path("error").asText()).contains("nothing to export yet");
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"hi\"}");
      rpc.event("agent_end");
      Path out = work.resolve("page.html");
      JsonNode given =
          rpc.call("e1", "{\"id\":\"e1\",\"type\":\"export_html\",\"outputPath\":\"" + out + "\"}");
      assertThat(given.path("success").asBoolean()).as(given.toString()).isTrue();
      assertThat(given.at("/data/path").asText()).isEqualTo(out.toString());
      assertThat(Files.readString(out)).contains("<html").contains("the answer to export");
      JsonNode byDefault = rpc.call("e2", "{\"id\":\"e2\",\"type\":\"export_html\"}");
      Path page = Path.of(byDefault.at("/data/path").asText());
      assertThat(page).exists();
      // the page graft session export writes for the same session
      Path session =
          Path.of(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}")
                  .at("/data/sessionFile")
                  .asText());
      assertThat(page.getFileName().toString())
          .isEqualTo(session.getFileName().toString().replaceFirst("\\.jsonl$", ".html"));
      assertThat(Files.readString(page)).contains("the answer to export");
    }
  }

  @Test
  void theModelInUseIsAvailableAndCanBeChosenEvenWhenNoRegistryHasIt() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      JsonNode models = rpc.call("m", "{\"id\":\"m\",\"type\":\"get_available_models\"}");
      assertThat(models.at("/data/models"))
          .as("a client's model picker shows the model in use")
          .anySatisfy(m -> assertThat(m.path("provider").asText()).isEqualTo("scripted"));
      JsonNode chosen =
          rpc.call(
              "s",
              "{\"id\":\"s\",\"type\":\"set_model\",\"provider\":\"scripted\","
                  + "\"modelId\":\"scripted\"}");
      assertThat(chosen.path("success").asBoolean()).as(chosen.toString()).isTrue();
    }
  }

  @Test
  void theLastAssistantTextIsTrimmedAndSkipsAnEmptyAbortedAnswer() throws Exception {
    try (RpcDriver rpc =
        start(
            """
            {"text": "  the first answer \\n"}
            {"text": "Let me check.", "toolCalls": [{"name": "bash", "arguments": {"command": "sleep 30"}}]}
            {"text": "never sent"}
            """)) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"one\"}");
      rpc.event("agent_end");
      assertThat(
              rpc.call("t1", "{\"id\":\"t1\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("the first answer");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"two\"}");
      rpc.event("tool_execution_start");
      rpc.call("a", "{\"id\":\"a\",\"type\":\"abort\"}");
      rpc.find(l -> l.path("type").asText().equals("agent_end"), "the end of the aborted run");
      // as in the reference, the empty aborted answer after the tool call is passed over
      assertThat(
              rpc.call("t2", "{\"id\":\"t2\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("Let me check.");
    }
  }

  @Test
  void abortStopsARunningTurnAndTheNextPromptWorks() throws Exception {
    try (RpcDriver rpc =
        start(
            """
            {"text": "a very slow answer that takes a while to stream", "chunkSize": 1, "delayMs": 100}
            {"text": "after abort"}
            """)) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"slow\"}");
      rpc.event("message_update");
      assertThat(
              rpc.call("busy", "{\"id\":\"busy\",\"type\":\"prompt\",\"message\":\"while busy\"}")
                  .path("error")
                  .asText())
          .contains("streamingBehavior");
      // The aborted message may be printed before or after the abort's own response.
      assertThat(rpc.call("a", "{\"id\":\"a\",\"type\":\"abort\"}").path("success").asBoolean())
          .isTrue();
      JsonNode end =
          rpc.find(
              l ->
                  l.path("type").asText().equals("message_end")
                      && l.at("/message/role").asText().equals("assistant"),
              "the aborted message");
      assertThat(end.at("/message/stopReason").asText()).isEqualTo("aborted");
      rpc.find(l -> l.path("type").asText().equals("agent_end"), "the end of the aborted run");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"again\"}");
      rpc.event("agent_end");
      assertThat(
              rpc.call("t", "{\"id\":\"t\",\"type\":\"get_last_assistant_text\"}")
                  .at("/data/text")
                  .asText())
          .isEqualTo("after abort");
    }
  }

  @Test
  void cloneCopiesTheCurrentPathToANewSessionFile() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n{\"text\": \"b\"}\n")) {
      JsonNode empty = rpc.call("c0", "{\"id\":\"c0\",\"type\":\"clone\"}");
      assertThat(empty.path("success").asBoolean()).isFalse();
      assertThat(empty.path("error").asText())
          .isEqualTo("Cannot clone session: no current entry selected");
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"first\"}");
      rpc.event("agent_end");
      JsonNode s1 = rpc.call("s1", "{\"id\":\"s1\",\"type\":\"get_state\"}");
      String first = s1.at("/data/sessionFile").asText();
      JsonNode clone = rpc.call("c", "{\"id\":\"c\",\"type\":\"clone\"}");
      assertThat(Json.write(clone))
          .isEqualTo(
              "{\"id\":\"c\",\"type\":\"response\",\"command\":\"clone\",\"success\":true,\"data\":{\"cancelled\":false}}");
      JsonNode s2 = rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}");
      String second = s2.at("/data/sessionFile").asText();
      assertThat(second).isNotEqualTo(first);
      assertThat(s2.at("/data/sessionId").asText()).isNotEqualTo(s1.at("/data/sessionId").asText());
      // the whole path, the answer included, as in the reference (fork stops before a message)
      assertThat(messages(rpc.call("m", "{\"id\":\"m\",\"type\":\"get_messages\"}")))
          .containsExactly("user first", "assistant a");
      rpc.call("p2", "{\"id\":\"p2\",\"type\":\"prompt\",\"message\":\"second\"}");
      rpc.event("agent_end");
      // the original is left as it was
      assertThat(Files.readString(Path.of(first))).doesNotContain("second");
      assertThat(Files.readString(Path.of(second))).contains("first").contains("second");
    }
  }

  private static List<String> messages(JsonNode getMessages) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : getMessages.at("/data/messages")) {
      out.add(m.path("role").asText() + " " + m.at("/content/0/text").asText());
    }
    return out;
  }

  @Test
  void newSessionSwitchAndForkChangeTheSessionFile() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"a\"}\n")) {
      rpc.call("p1", "{\"id\":\"p1\",\"type\":\"prompt\",\"message\":\"first\"}");
      rpc.event("agent_end");
      JsonNode s1 = rpc.call("s1", "{\"id\":\"s1\",\"type\":\"get_state\"}");
      String first = s1.at("/data/sessionFile").asText();
      assertThat(first).isNotEmpty();
      rpc.call("n", "{\"id\":\"n\",\"type\":\"new_session\"}");
      JsonNode s2 = rpc.call("s2", "{\"id\":\"s2\",\"type\":\"get_state\"}");
      assertThat(s2.at("/data/sessionId").asText()).isNotEqualTo(s1.at("/data/sessionId").asText());
      assertThat(rpc.call("m2", "{\"id\":\"m2\",\"type\":\"get_messages\"}").at("/data/messages"))
          .isEmpty();
      assertThat(
              rpc.call(
                      "sw",
                      "{\"id\":\"sw\",\"type\":\"switch_session\",\"sessionPath\":\""
                          + first
                          + "\"}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      assertThat(rpc.call("m", "{\"id\":\"m\",\"type\":\"get_messages\"}").at("/data/messages"))
          .hasSize(2);
      String userEntry =
          rpc.call("fm", "{\"id\":\"fm\",\"type\":\"get_fork_messages\"}")
              .at("/data/messages/0/entryId")
              .asText();
      JsonNode fork =
          rpc.call("fk", "{\"id\":\"fk\",\"type\":\"fork\",\"entryId\":\"" + userEntry + "\"}");
      assertThat(fork.at("/data/text").asText()).isEqualTo("first");
      assertThat(
              rpc.call("s3", "{\"id\":\"s3\",\"type\":\"get_state\"}")
                  .at("/data/sessionFile")
                  .asText())
          .isNotEqualTo(first);
      assertThat(
              rpc.call(
                      "bad",
                      "{\"id\":\"bad\",\"type\":\"switch_session\",\"sessionPath\":\"/nope.jsonl\"}")
                  .path("error")
                  .asText())
          .contains("no such session");
    }
  }

  /** A 1x1 PNG. */
  private static final String PNG =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  private static String image(String data, String mimeType) {
    return "{\"type\":\"image\",\"data\":\"" + data + "\",\"mimeType\":\"" + mimeType + "\"}";
  }

  @Test
  void promptSteerAndFollowUpSendTheirImagesAfterTheText() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        """
        {"text": "a slow answer that takes a while to stream", "chunkSize": 1, "delayMs": 50}
        {"text": "steered"}
        {"text": "followed"}
        """);
    Path record = work.resolve("requests.jsonl");
    try (RpcDriver rpc =
        RpcDriver.scripted(home, work, Map.of("GRAFT_RECORD_REQUESTS", record.toString()))) {
      String img = image(PNG, "image/png");
      assertThat(
              rpc.call(
                      "p",
                      "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"look\",\"images\":["
                          + img
                          + "]}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      rpc.event("message_update");
      assertThat(
              rpc.call(
                      "st",
                      "{\"id\":\"st\",\"type\":\"steer\",\"message\":\"one\",\"images\":["
                          + img
                          + "]}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      assertThat(
              rpc.call(
                      "fu",
                      "{\"id\":\"fu\",\"type\":\"follow_up\",\"message\":\"two\",\"images\":["
                          + img
                          + ","
                          + img
                          + "]}")
                  .path("success")
                  .asBoolean())
          .isTrue();
      rpc.find(
          l ->
              l.path("type").asText().equals("message_end")
                  && l.at("/message/content/0/text").asText().equals("followed"),
          "the answer to the follow-up");
      String block = "{\"type\":\"image\",\"data\":\"" + PNG + "\",\"mimeType\":\"image/png\"}";
      List<String> users = new ArrayList<>();
      for (JsonNode l : rpc.seen()) {
        if (l.path("type").asText().equals("message_start")
            && l.at("/message/role").asText().equals("user")) {
          users.add(l.at("/message/content").toString());
        }
      }
      assertThat(users)
          .containsExactly(
              "[{\"type\":\"text\",\"text\":\"look\"}," + block + "]",
              "[{\"type\":\"text\",\"text\":\"one\"}," + block + "]",
              "[{\"type\":\"text\",\"text\":\"two\"}," + block + "," + block + "]");
      List<String> lastRequest = new ArrayList<>();
      List<String> lines = Files.readAllLines(record);
      Json.parse(lines.getLast())
          .path("messages")
          .forEach(m -> {
            if (m.path("role").asText().equals("user")) {
              lastRequest.add(m.path("content").toString());
            }
          });
      assertThat(lastRequest).isEqualTo(users);
    }
  }

  @Test
  void aBadImageIsAnErrorNamingTheField() throws Exception {
    try (RpcDriver rpc = start("{\"text\": \"fine\"}\n")) {
      String[][] cases = {
        {"\"images\":\"x\"", "prompt: \"images\" must be an array"},
        {"\"images\":[1]", "prompt: images[0] must be an image block"},
        {
          "\"images\":[{\"type\":\"text\",\"data\":\"" + PNG + "\",\"mimeType\":\"image/png\"}]",
          "prompt: images[0].type must be \"image\""
        },
        {"\"images\":[{\"type\":\"image\",\"mimeType\":\"image/png\"}]", "images[0].data"},
        {"\"images\":[" + image("not base64!", "image/png") + "]", "images[0].data is not base64"},
        {"\"images\":[" + image(PNG, "image/bmp") + "]", "images[0].mimeType"},
        {
          "\"images\":[" + image(PNG, "image/png") + "," + image(PNG, "image/jpeg") + "]",
          "images[1].mimeType is image/jpeg but images[1].data holds image/png"
        },
        {
          "\"images\":[" + image("aGVsbG8=", "image/png") + "]",
          "images[0].data is not a PNG, JPEG, GIF or WebP image"
        },
      };
      int n = 0;
      for (String type : List.of("prompt", "steer", "follow_up")) {
        for (String[] c : cases) {
          String id = "c" + n++;
          JsonNode answer =
              rpc.call(
                  id,
                  "{\"id\":\""
                      + id
                      + "\",\"type\":\""
                      + type
                      + "\",\"message\":\"m\","
                      + c[0]
                      + "}");
          assertThat(answer.path("success").asBoolean()).as(type + " " + c[0]).isFalse();
          assertThat(answer.path("error").asText())
              .as(type + " " + c[0])
              .contains(c[1].replace("prompt:", type + ":"));
        }
      }
      // nothing was queued or run: the session goes on with a plain prompt
      assertThat(
              rpc.call("s", "{\"id\":\"s\",\"type\":\"get_state\"}")
                  .at("/data/pendingMessageCount")
                  .asInt(-1))
          .isZero();
      rpc.call("p", "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"ok\",\"images\":[]}");
      rpc.event("agent_end");
      assertThat(rpc.call("m", "{\"id\":\"m\",\"type\":\"get_messages\"}").at("/data/messages"))
          .hasSize(2);
    }
  }

  @Test
  void anImageBeyondTheAttachedImageLimitsIsScaledAsAnAttachedImageIs() throws Exception {
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    ImageIO.write(new BufferedImage(2400, 10, BufferedImage.TYPE_INT_RGB), "png", png);
    String wide = Base64.getEncoder().encodeToString(png.toByteArray());
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"seen\"}\n");
    Path record = work.resolve("requests.jsonl");
    try (RpcDriver rpc =
        RpcDriver.scripted(home, work, Map.of("GRAFT_RECORD_REQUESTS", record.toString()))) {
      rpc.call(
          "p",
          "{\"id\":\"p\",\"type\":\"prompt\",\"message\":\"wide\",\"images\":["
              + image(wide, "image/png")
              + "]}");
      rpc.event("agent_end");
    }
    JsonNode sent = Json.parse(Files.readAllLines(record).getFirst()).at("/messages/0/content/1");
    BufferedImage image =
        ImageIO.read(
            new ByteArrayInputStream(Base64.getDecoder().decode(sent.path("data").asText())));
    assertThat(image.getWidth()).isEqualTo(2000);
  }
}
