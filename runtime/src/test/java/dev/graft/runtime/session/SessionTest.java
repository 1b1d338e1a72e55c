package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionTest {
  @TempDir Path dir;
  private final Clock clock =
      Clock.fixed(Instant.parse("2026-11-22T10:00:00.123Z"), ZoneOffset.UTC);

  private static List<String> texts(SessionContext c) {
    return c.messages().stream()
        .map(m ->
            switch (m) {
              case AgentMessage.User u -> u.content().text(" ");
              case AgentMessage.BranchSummary b -> "summary:" + b.summary();
              default -> m.role();
            })
        .toList();
  }

  @Test
  void appendsReturnIdsAdvanceTheLeafAndTheFileAppearsWithTheFirstEntry() throws Exception {
    try (Session s = Session.create(dir, "/work/p", clock)) {
      Path file = s.file().orElseThrow();
      assertThat(file.getFileName().toString())
          .isEqualTo("2026-11-22T10-00-00-123Z_" + s.id() + ".jsonl");
      assertThat(s.id())
          .matches("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
      assertThat(Files.exists(file)).isFalse();
      String a = s.appendMessage(new AgentMessage.User("hello", 1));
      assertThat(a).matches("[0-9a-f]{8}");
      assertThat(s.leafId()).contains(a);
      String b = s.appendThinkingLevelChange("high");
      assertThat(s.entry(b).orElseThrow().parentId()).contains(a);
      assertThat(Files.readAllLines(file))
          .hasSize(3)
          .first()
          .asString()
          .contains("\"type\":\"session\"");
    }
  }

  /**
   * A line is written as the reference's JSON.stringify writes it: a character beyond the BMP as
   * its four UTF-8 bytes, not as two escapes; an unpaired surrogate as a lower-case escape.
   */
  @Test
  void charactersBeyondTheBmpAreWrittenAsTheReferenceWritesThem() throws Exception {
    Path file;
    try (Session s = Session.create(dir, "/p", clock)) {
      s.appendMessage(new AgentMessage.User("\ud83d\ude00 x", 1));
      s.appendMessage(new AgentMessage.User("lone \ud83d y", 2));
      s.appendMessage(new AgentMessage.User("lone low \ude00 z", 3));
      s.appendMessage(new AgentMessage.User("end \ud83d", 4));
      file = s.file().orElseThrow();
    }
    // JSON.stringify of these strings in Node 20
    assertThat(Files.readString(file))
        .contains("\"content\":\"\ud83d\ude00 x\"")
        .contains("\"content\":\"lone \\ud83d y\"")
        .contains("\"content\":\"lone low \\ude00 z\"")
        .contains("\"content\":\"end \\ud83d\"");
    try (Session s = Session.open(file)) {
      assertThat(texts(s.buildContext()))
          .containsExactly("\ud83d\ude00 x", "lone \ud83d y", "lone low \ude00 z", "end \ud83d");
    }
  }

  /**
   * A path reads its entries when asked for them and knows their ids and types without reading; a
   * path taken before the session's entries were replaced says so instead of reading another file.
   */
  @Test
  void aPathReadsItsEntriesWhenAskedAndNotAfterTheSessionIsReplaced() throws Exception {
    Path file;
    String one;
    try (Session s = Session.create(dir, "/p", clock)) {
      one = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendCompaction("summary", one, 10, Optional.empty(), false);
      s.appendMessage(new AgentMessage.User("two", 2));
      file = s.file().orElseThrow();
    }
    try (Session s = Session.open(file)) {
      SessionPath path = s.branchPath();
      assertThat(path).hasSize(3);
      assertThat(path.id(0)).isEqualTo(one);
      assertThat(path.type(1)).isEqualTo("compaction");
      assertThat(path.get(2)).isEqualTo(s.entry(path.id(2)).orElseThrow());
      assertThat(s.pathTo("unknown")).isEmpty();
      s.startNewSession();
      assertThat(path.id(0)).isEqualTo(one);
      assertThatThrownBy(() -> path.get(0))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("take the path again");
    }
  }

  @Test
  void theLeafSurvivesARestartAfterBranchWithNothingAppended() throws Exception {
    Path file;
    String first;
    try (Session s = Session.create(dir, "/p", clock)) {
      first = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendMessage(new AgentMessage.User("two", 2));
      s.branch(first);
      file = s.file().orElseThrow();
    }
    try (Session s = Session.open(file)) {
      assertThat(s.leafId()).contains(first);
      assertThat(texts(s.buildContext())).containsExactly("one");
      String three = s.appendMessage(new AgentMessage.User("three", 3));
      assertThat(s.entry(three).orElseThrow().parentId()).contains(first);
      assertThat(texts(s.buildContext())).containsExactly("one", "three");
    }
    try (Session s = Session.open(file)) {
      assertThat(texts(s.buildContext())).containsExactly("one", "three");
      s.resetLeaf();
    }
    try (Session s = Session.open(file)) {
      assertThat(s.leafId()).isEmpty();
      assertThat(s.buildContext().messages()).isEmpty();
    }
  }

  @Test
  void branchWithSummaryCarriesTheSummaryIntoTheNewBranch() throws Exception {
    try (Session s = Session.create(dir, "/p", clock)) {
      String one = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendMessage(new AgentMessage.User("two", 2));
      String summary = s.branchWithSummary(Optional.of(one), "tried two", Optional.empty(), false);
      assertThat(s.leafId()).contains(summary);
      assertThat(texts(s.buildContext())).containsExactly("one", "summary:tried two");
      String root = s.branchWithSummary(Optional.empty(), "from scratch", Optional.empty(), true);
      assertThat(s.entry(root).orElseThrow().parentId()).isEmpty();
      assertThat(((SessionEntry.BranchSummary) s.entry(root).orElseThrow()).fromId())
          .isEqualTo("root");
      assertThatThrownBy(() -> s.branch("nope")).hasMessageContaining("nope not found");
    }
  }

  /**
   * Each entry graft writes has the reference SessionManager's fields in its order (read from its
   * append* and branchWithSummary): custom and custom_message put their own fields before the id,
   * and compaction and branch_summary always say fromHook, false when graft wrote the summary.
   */
  @Test
  void everyEntryIsWrittenWithTheReferencesFieldsInItsOrder() throws Exception {
    Path file;
    try (Session s = Session.create(dir, "/p", clock)) {
      String one = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendThinkingLevelChange("high");
      s.appendModelChange("anthropic", "claude");
      s.appendCompaction("sum", one, 10, Optional.of(Json.object()), false);
      s.appendCompaction("hooked", one, 10, Optional.empty(), true);
      s.appendCustomEntry("state", Optional.of(Json.object()));
      s.appendCustomEntry("bare", Optional.empty());
      s.appendSessionInfo("name");
      s.appendCustomMessageEntry("note", MessageContent.of("hi"), true, Optional.empty());
      s.appendLabelChange(one, Optional.of("start"));
      s.branchWithSummary(Optional.of(one), "left", Optional.of(Json.object()), false);
      s.branchWithSummary(Optional.of(one), "hooked", Optional.empty(), true);
      file = s.file().orElseThrow();
    }
    List<String> shapes = new ArrayList<>();
    for (String line : Files.readAllLines(file).subList(1, 13)) {
      JsonNode node = Json.parse(line);
      List<String> keys = new ArrayList<>();
      node.fieldNames().forEachRemaining(keys::add);
      String shape = String.join(",", keys);
      shapes.add(node.has("fromHook") ? shape + "=" + node.get("fromHook") : shape);
    }
    assertThat(shapes)
        .containsExactly(
            "type,id,parentId,timestamp,message",
            "type,id,parentId,timestamp,thinkingLevel",
            "type,id,parentId,timestamp,provider,modelId",
            "type,id,parentId,timestamp,summary,firstKeptEntryId,tokensBefore,details,fromHook"
                + "=false",
            "type,id,parentId,timestamp,summary,firstKeptEntryId,tokensBefore,fromHook=true",
            "type,customType,data,id,parentId,timestamp",
            "type,customType,id,parentId,timestamp",
            "type,id,parentId,timestamp,name",
            "type,customType,content,display,id,parentId,timestamp",
            "type,id,parentId,timestamp,targetId,label",
            "type,id,parentId,timestamp,fromId,summary,details,fromHook=false",
            "type,id,parentId,timestamp,fromId,summary,fromHook=true");
  }

  @Test
  void labelsSetClearAndAppearInTheTree() throws Exception {
    try (Session s = Session.create(dir, "/p", clock)) {
      String one = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendLabelChange(one, Optional.of("start"));
      assertThat(s.label(one)).contains("start");
      assertThat(s.tree().getFirst().label()).contains("start");
      s.appendLabelChange(one, Optional.empty());
      assertThat(s.label(one)).isEmpty();
      assertThatThrownBy(() -> s.appendLabelChange("missing", Optional.of("x")))
          .hasMessageContaining("not found");
      s.appendSessionInfo("  my session  ");
      assertThat(s.name()).contains("my session");
      s.appendSessionInfo("");
      assertThat(s.name()).isEmpty();
    }
  }

  @Test
  void createBranchedSessionCopiesThePathByteForByteWithLabels() throws Exception {
    try (Session s = Session.create(dir, "/p", clock)) {
      String one = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendLabelChange(one, Optional.of("keep"));
      String two = s.appendMessage(new AgentMessage.User("two", 2));
      s.branch(one);
      s.appendMessage(new AgentMessage.User("other", 3));
      Path original = s.file().orElseThrow();
      byte[] oneLine = s.rawLine(one);
      Path forked = s.createBranchedSession(two).orElseThrow();
      assertThat(forked).isNotEqualTo(original);
      assertThat(s.header().parentSession()).contains(original.toString());
      assertThat(texts(s.buildContext())).containsExactly("one", "two");
      assertThat(s.label(one)).contains("keep");
      assertThat(s.rawLine(one)).as("copied byte for byte").isEqualTo(oneLine);
      assertThat(s.entry(two).orElseThrow().parentId())
          .as("re-parented past the left-out label")
          .contains(one);
      assertThat(s.entries())
          .noneMatch(e ->
              e instanceof SessionEntry.Message m
                  && m.message() instanceof AgentMessage.User u
                  && u.content().text("").equals("other"));
    }
  }

  @Test
  void unknownFieldsAndEntryTypesRoundTripThroughABranchedCopy() throws Exception {
    Path p = dir.resolve("x.jsonl");
    String header =
        "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/p\",\"future\":1}";
    String future =
        "{\"type\":\"hologram\",\"id\":\"h\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"beam\":[1,2]}";
    String msg =
        "{\"type\":\"message\",\"id\":\"m\",\"parentId\":\"h\",\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"zzz\":true,"
            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\",\"sig\":\"q\"}],\"timestamp\":1,\"extraField\":{\"a\":null}}}";
    Files.writeString(p, header + "\n" + future + "\n" + msg + "\n");
    try (Session s = Session.open(p)) {
      assertThat(s.entry("h").orElseThrow()).isInstanceOf(SessionEntry.Unknown.class);
      SessionEntry.Message m = (SessionEntry.Message) s.entry("m").orElseThrow();
      assertThat(Json.jsValue(EntryCodec.encode(m))).isEqualTo(Json.jsValue(Json.parse(msg)));
      Path copy = s.createBranchedSession("m").orElseThrow();
      List<String> lines = Files.readAllLines(copy);
      assertThat(lines.subList(1, 3)).containsExactly(future, msg);
    }
  }

  @Test
  void entriesOfOneTypeOrRoleReadOnlyTheirLines() throws Exception {
    Path file;
    String user;
    try (Session s = Session.create(dir, "/p", clock)) {
      user = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendCustomEntry("prune", Optional.of(Json.object().put("n", 1)));
      s.appendMessage(new AgentMessage.User("two", 2));
      s.appendCustomEntry("note", Optional.empty());
      file = s.file().orElseThrow();
    }
    try (Session s = Session.open(file)) {
      // The first user message's line no longer holds its entry: only reading that line fails.
      String text = Files.readString(file);
      Files.writeString(
          file,
          text.replace("\"id\":\"" + user + "\"", "\"id\":\"" + "z".repeat(user.length()) + "\""));
      assertThat(s.entries("custom"))
          .map(e -> ((SessionEntry.Custom) e).customType())
          .containsExactly("prune", "note");
      assertThat(s.messageEntries("assistant")).isEmpty();
      assertThat(s.entries("label")).isEmpty();
      assertThatThrownBy(() -> s.messageEntries("user"))
          .hasMessageContaining("no longer holds entry " + user);
      assertThatThrownBy(s::entries).hasMessageContaining("no longer holds entry " + user);
    }
  }

  @Test
  void inMemorySessionsWriteNothing() throws Exception {
    try (Session s = Session.inMemory("/p", clock)) {
      String a = s.appendMessage(new AgentMessage.User("one", 1));
      s.appendCustomMessageEntry("note", MessageContent.of("hi"), true, Optional.empty());
      s.branch(a);
      assertThat(s.file()).isEmpty();
      assertThat(s.size()).isEqualTo(2);
    }
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }
}
