package dev.graft.runtime.session;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionBadInputTest {
  @TempDir Path dir;

  private static final String HEADER =
      "{\"type\":\"session\",\"version\":3,\"id\":\"s1\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}";

  private static String user(String id, String parent, String text) {
    return "{\"type\":\"message\",\"id\":\""
        + id
        + "\",\"parentId\":"
        + (parent == null ? "null" : "\"" + parent + "\"")
        + ",\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\""
        + text
        + "\",\"timestamp\":1}}";
  }

  private Path write(String name, String... lines) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, String.join("\n", lines) + "\n", UTF_8);
    return p;
  }

  private static List<String> texts(SessionContext c) {
    return c.messages().stream().map(m -> ((AgentMessage.User) m).content().text(" ")).toList();
  }

  @Test
  void malformedAndTruncatedLinesAreSkippedWithTheirLineNumbersAndNeverRewritten()
      throws Exception {
    Path p =
        write(
            "s.jsonl",
            HEADER,
            user("a", null, "one"),
            "{\"type\":\"message\",\"id\":\"b\",\"par",
            user("c", "a", "three"));
    Files.writeString(p, user("d", "c", "cut").substring(0, 40), UTF_8, StandardOpenOption.APPEND);
    byte[] before = Files.readAllBytes(p);
    try (Session s = Session.open(p)) {
      assertThat(s.warnings()).hasSize(2);
      assertThat(s.warnings().get(0)).startsWith("line 3: skipped, malformed JSON");
      assertThat(s.warnings().get(1)).startsWith("line 5: skipped, malformed JSON");
      assertThat(texts(s.buildContext())).containsExactly("one", "three");
    }
    assertThat(Files.readAllBytes(p)).isEqualTo(before);

    // appending after a cut last line starts a new line; the file stays loadable
    try (Session s = Session.open(p)) {
      s.appendMessage(new AgentMessage.User("four", 4));
    }
    try (Session s = Session.open(p)) {
      assertThat(s.warnings()).hasSize(2);
      assertThat(texts(s.buildContext())).containsExactly("one", "three", "four");
    }
    assertThat(new String(Files.readAllBytes(p), UTF_8)).startsWith(new String(before, UTF_8));
  }

  @Test
  void appendingAfterALongCutLastLineOfALargeFileStartsANewLine() throws Exception {
    // Large files are indexed in parts, one per thread: this cut line starts in the first part
    // and runs through the last, in which no line starts.
    Path p = write("big.jsonl", HEADER, user("a", null, "one"));
    Files.writeString(
        p,
        "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"x\":\"" + "y".repeat(40 << 20),
        UTF_8,
        StandardOpenOption.APPEND);
    long before = Files.size(p);
    try (Session s = Session.open(p)) {
      s.appendMessage(new AgentMessage.User("two", 2));
    }
    try (Session s = Session.open(p)) {
      assertThat(s.warnings()).singleElement().asString().startsWith("line 3: skipped");
      assertThat(texts(s.buildContext())).containsExactly("one", "two");
    }
    assertThat(Files.size(p)).isGreaterThan(before);
  }

  @Test
  void aLineLongerThanTheReadBufferIsReadWholeAmongOthers() throws Exception {
    // Indexing holds such a line at its own size (it grew a buffer by doubling before); the
    // lines after it are read with a buffer of the usual size again.
    Path p =
        write(
            "long.jsonl",
            HEADER,
            user("a", null, "one"),
            user("b", "a", "z\\\"\\\\".repeat(3 << 20)));
    for (int i = 0; i < 2_000; i++) {
      Files.writeString(
          p,
          user("c" + i, i == 0 ? "b" : "c" + (i - 1), "x".repeat(i)) + "\n",
          UTF_8,
          StandardOpenOption.APPEND);
    }
    try (Session s = Session.open(p)) {
      assertThat(s.warnings()).isEmpty();
      List<String> texts = texts(s.buildContext());
      assertThat(texts).hasSize(2_002);
      assertThat(texts.get(1)).isEqualTo("z\"\\".repeat(3 << 20));
      assertThat(texts.get(2_001)).isEqualTo("x".repeat(1_999));
    }
  }

  @Test
  void unusableFilesFailWithOneLineAndNothingWritten() throws Exception {
    Path empty = write("empty.jsonl");
    Files.write(empty, new byte[0]);
    assertThatThrownBy(() -> Session.open(empty))
        .isInstanceOf(SessionFileException.class)
        .hasMessageContaining("is empty");
    Path noHeader = write("noheader.jsonl", user("a", null, "x"));
    assertThatThrownBy(() -> Session.open(noHeader))
        .isInstanceOf(SessionFileException.class)
        .hasMessageContaining("no valid session header");
    assertThatThrownBy(() -> Session.open(dir))
        .isInstanceOf(SessionFileException.class)
        .hasMessageContaining("is a directory");
    assertThatThrownBy(() -> Session.open(dir.resolve("missing.jsonl")))
        .isInstanceOf(SessionFileException.class)
        .hasMessageContaining("no such file");
    Path latin1 = dir.resolve("latin1.jsonl");
    Files.write(
        latin1,
        (HEADER + "\n" + user("a", null, "caf\u00e9 au lait") + "\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    byte[] before = Files.readAllBytes(latin1);
    assertThatThrownBy(() -> Session.open(latin1))
        .isInstanceOf(SessionFileException.class)
        .hasMessageContaining("is not UTF-8");
    assertThat(Files.readAllBytes(latin1)).isEqualTo(before);
    Path utf16 = dir.resolve("utf16.jsonl");
    Files.write(utf16, (HEADER + "\n").getBytes(StandardCharsets.UTF_16));
    assertThatThrownBy(() -> Session.open(utf16)).isInstanceOf(SessionFileException.class);
    for (String msg : List.of(HEADER)) {
      assertThat(msg.lines().count()).isOne();
    }
  }

  @Test
  void brokenTreesLoadAndAreReportedByCheck() throws Exception {
    String compaction =
        "{\"type\":\"compaction\",\"id\":\"k\",\"parentId\":\"b\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
            + "\"summary\":\"S\",\"firstKeptEntryId\":\"zz\",\"tokensBefore\":5}";
    Path p =
        write(
            "broken.jsonl",
            HEADER,
            user("a", null, "one"),
            user("b", "a", "two"),
            user("o", "nope", "orphan"),
            user("x", "y", "cycle-x"),
            user("y", "x", "cycle-y"),
            user("a", "b", "dup"),
            compaction,
            user("c", "k", "after"));
    try (Session s = Session.open(p)) {
      // context stays defined: compaction keeps nothing it cannot find on its path
      SessionContext c = s.buildContext();
      assertThat(c.messages().getFirst()).isInstanceOf(AgentMessage.CompactionSummary.class);
      assertThat(c.messages()).hasSize(2);
      // a cycle does not hang path building
      assertThat(s.pathTo("x")).extracting(SessionEntry::id).containsExactly("y", "x");
      assertThat(s.buildContext("o").messages()).hasSize(1);
      assertThat(s.tree()).isNotEmpty();
    }
    SessionCheck.Report report = SessionCheck.run(p);
    assertThat(report.clean()).isFalse();
    assertThat(report.findings())
        .extracting(Object::toString)
        .anySatisfy(f -> assertThat(f).contains("parent nope does not exist"))
        .anySatisfy(f -> assertThat(f).contains("parent cycle through 2 entries"))
        .anySatisfy(f -> assertThat(f).contains("duplicate id"))
        .anySatisfy(f -> assertThat(f).contains("not on its path"));
  }

  @Test
  void aClaimedSessionIsRefusedToASecondClaimantUntilReleased() throws Exception {
    Path sessions = dir.resolve("claims");
    Path file;
    try (Session first = Session.create(sessions, "/p", Clock.systemUTC())) {
      first.claim();
      first.appendMessage(new AgentMessage.User("mine", 1));
      file = first.file().orElseThrow();
      try (Session second = Session.open(file)) {
        assertThatThrownBy(second::claim)
            .isInstanceOf(SessionInUseException.class)
            .hasMessageContaining("is open in another graft process");
        // reading and unclaimed appends still work: the claim only keeps agents apart
        assertThat(second.buildContext().messages()).hasSize(1);
      }
    }
    try (Session again = Session.open(file)) {
      again.claim();
      again.appendMessage(new AgentMessage.User("now mine", 2));
      // a claimed session cannot switch to a file another session has claimed
      try (Session other = Session.create(sessions, "/p", Clock.systemUTC())) {
        other.claim();
        other.appendMessage(new AgentMessage.User("other", 3));
        Path otherFile = other.file().orElseThrow();
        assertThatThrownBy(() -> again.switchTo(otherFile))
            .isInstanceOf(SessionInUseException.class);
        assertThat(again.file()).contains(file);
      }
    }
  }

  @Test
  void aSessionFileThatCannotBeWrittenIsRefusedSayingWhy() throws Exception {
    Path file = write("s.jsonl", HEADER, user("a1", null, "kept"));
    try (Session session = Session.open(file)) {
      // the file is replaced by a directory after opening: opening it for writing fails
      Files.delete(file);
      Files.createDirectory(file);
      assertThatThrownBy(session::claim)
          .isInstanceOf(SessionInUseException.class)
          .hasMessageStartingWith(file + ": cannot write the session file (")
          .hasMessageContaining("Is a directory")
          .hasMessageEndingWith("make it writable, or continue a copy of it");
    }
    // as root, permissions do not stop graft: the reason an unwritable file gives is said
    assertThat(SessionFile.why(file, new AccessDeniedException(file.toString())))
        .isEqualTo("permission denied");
    Path sessions = dir.resolve("sessions");
    assertThat(SessionFile.why(file, new AccessDeniedException(sessions.toString())))
        .isEqualTo(sessions + ": permission denied");
  }

  @Test
  void twoWritersNeverInterleavePartialLines() throws Exception {
    Path sessions = dir.resolve("sessions");
    String big = "y".repeat(200_000);
    Path file;
    try (Session s = Session.create(sessions, "/p", Clock.systemUTC())) {
      s.appendMessage(new AgentMessage.User("start", 1));
      file = s.file().orElseThrow();
    }
    Session one = Session.open(file);
    Session two = Session.open(file);
    Thread a =
        Thread.ofPlatform()
            .start(() -> {
              for (int i = 0; i < 40; i++)
                one.appendCustomEntry("a", Optional.of(Json.NODES.textNode(big)));
            });
    Thread b =
        Thread.ofPlatform()
            .start(() -> {
              for (int i = 0; i < 40; i++)
                two.appendCustomEntry("b", Optional.of(Json.NODES.textNode(big)));
            });
    a.join();
    b.join();
    one.close();
    two.close();
    try (Session s = Session.open(file)) {
      assertThat(s.warnings()).isEmpty();
      assertThat(s.size()).isEqualTo(81);
    }
  }
}
