package dev.graft.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionStoreTest {
  @TempDir Path home;

  private SessionStore store() {
    return new SessionStore(new GraftHome(home), Clock.systemUTC());
  }

  @Test
  void directoriesAreNamedAsTheReferenceNamesThem() {
    assertThat(store().directoryFor("/home/ada/my app").getFileName().toString())
        .isEqualTo("--home-ada-my app--");
    assertThat(store().directoryFor("C:\\work\\x").getFileName().toString())
        .isEqualTo("--C--work-x--");
  }

  @Test
  void theListingCacheFollowsAppendsAndNoticesReplacedFiles() throws Exception {
    Path file;
    try (Session s = store().create("/p")) {
      s.appendMessage(new AgentMessage.User("first", 1));
      file = s.file().orElseThrow();
    }
    SessionSummary one = store().list("/p").getFirst();
    assertThat(one.messageCount()).isEqualTo(1);
    assertThat(one.name()).isEmpty();
    assertThat(Files.exists(home.resolve("sessions/.list-cache.json"))).isTrue();

    try (Session s = Session.open(file)) {
      s.appendMessage(new AgentMessage.User("second", 2));
      s.appendSessionInfo("named later");
    }
    touch(file, 10);
    SessionSummary two = store().list("/p").getFirst();
    assertThat(two.messageCount()).isEqualTo(2);
    assertThat(two.name()).contains("named later");
    assertThat(two.firstMessage()).isEqualTo("first");

    // a file replaced by another session (same path): read again from the start
    String other =
        "{\"type\":\"session\",\"version\":3,\"id\":\"other\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}\n"
            + "{\"type\":\"message\",\"id\":\"a\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"replaced\",\"timestamp\":1}}\n";
    Files.writeString(file, other);
    touch(file, 20);
    SessionSummary three = store().list("/p").getFirst();
    assertThat(three.id()).isEqualTo("other");
    assertThat(three.firstMessage()).isEqualTo("replaced");
    assertThat(three.name()).isEmpty();
    assertThat(three.messageCount()).isEqualTo(1);

    // a damaged cache is rebuilt
    Files.writeString(home.resolve("sessions/.list-cache.json"), "{not json");
    assertThat(store().list("/p").getFirst().id()).isEqualTo("other");
  }

  @Test
  void aCutLastLineIsCountedOnceItIsComplete() throws Exception {
    Path file;
    try (Session s = store().create("/p")) {
      s.appendMessage(new AgentMessage.User("first", 1));
      file = s.file().orElseThrow();
    }
    String line =
        "{\"type\":\"message\",\"id\":\"zz\",\"parentId\":null,\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"x\",\"timestamp\":1}}\n";
    Files.writeString(file, line.substring(0, 30), StandardOpenOption.APPEND);
    touch(file, 5);
    assertThat(store().list("/p").getFirst().messageCount()).isEqualTo(1);
    Files.writeString(file, line.substring(30), StandardOpenOption.APPEND);
    touch(file, 10);
    assertThat(store().list("/p").getFirst().messageCount()).isEqualTo(2);
  }

  @Test
  void linesWrittenWithSpacesOrAnotherKeyFirstAreCountedAsTheReferenceCountsThem()
      throws Exception {
    // JSON.parse does not care how a line is spaced nor where "type" is: the reference counts
    // every line whose type is "message". The listing must agree without parsing every line.
    String file =
        String.join(
            "\n",
            "{ \"type\": \"session\", \"version\": 3, \"id\": \"spaced\", \"timestamp\": \"2026-01-01T00:00:00.000Z\", \"cwd\": \"/p\" }",
            "{\"type\": \"message\", \"id\": \"a\", \"parentId\": null, \"timestamp\": \"2026-01-01T00:00:00.000Z\","
                + " \"message\": {\"role\": \"user\", \"content\": \"spaced out\", \"timestamp\": 1}}",
            "{ \"type\" :\t\"message\" , \"id\": \"b\", \"parentId\": \"a\", \"timestamp\": \"2026-01-01T00:00:01.000Z\","
                + " \"message\": {\"role\": \"user\", \"content\": \"tabs\", \"timestamp\": 2}}",
            "  {\"id\":\"c\",\"parentId\":\"b\",\"message\":{\"role\":\"user\",\"content\":\"type later\",\"timestamp\":3,"
                + "\"type\":\"x\"},\"type\":\"message\",\"timestamp\":\"2026-01-01T00:00:02.000Z\"}",
            "{\"type\": \"messages\", \"id\": \"d\", \"parentId\": \"c\", \"timestamp\": \"2026-01-01T00:00:03.000Z\"}",
            "{\"typeOf\": \"message\", \"type\": \"custom\", \"id\": \"e\", \"parentId\": \"d\", \"timestamp\": \"2026-01-01T00:00:04.000Z\"}",
            "{\"type\" : \"session_info\", \"id\": \"f\", \"parentId\": \"e\", \"timestamp\": \"2026-01-01T00:00:05.000Z\","
                + " \"name\": \"  spaced name \"}",
            // written as graft writes, but for an escape in the type
            "{\"type\":\"m\\u0065ssage\",\"id\":\"g\",\"parentId\":\"f\",\"timestamp\":\"2026-01-01T00:00:06.000Z\","
                + "\"message\":{\"role\":\"user\",\"content\":\"escaped\",\"timestamp\":4}}",
            "{\"type\":\"session_\\u0069nfo\",\"id\":\"h\",\"parentId\":\"g\",\"timestamp\":\"2026-01-01T00:00:07.000Z\","
                + "\"name\":\"escaped name\"}",
            "");
    Path dir = store().directoryFor("/p");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("2026-01-01T00-00-00-000Z_spaced.jsonl"), file);

    SessionSummary s = store().list("/p").getFirst();
    assertThat(s.id()).isEqualTo("spaced");
    assertThat(s.messageCount()).isEqualTo(4);
    assertThat(s.firstMessage()).isEqualTo("spaced out");
    assertThat(s.name()).contains("escaped name");

    // A listing cache an older graft wrote holds 0 messages for such a file: it is not trusted.
    Path cache = home.resolve("sessions/.list-cache.json");
    ObjectNode old = (ObjectNode) Json.parse(Files.readString(cache));
    old.put("version", 1);
    old.get("files").forEach(e -> ((ObjectNode) e).put("messages", 0));
    Files.writeString(cache, Json.write(old));
    assertThat(store().list("/p").getFirst().messageCount()).isEqualTo(4);
  }

  @Test
  void linesLongerThanTheReadBufferAreListedAsOthers() throws Exception {
    // The scan holds such a line at its own size, then reads on with its usual buffer.
    String huge = "tool output\\n".repeat(400_000); // 5.2 MB of JSON
    String file =
        String.join(
            "\n",
            "{\"type\":\"session\",\"version\":3,\"id\":\"long\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/p\"}",
            "{\"type\":\"custom\",\"customType\":\"x\",\"data\":\""
                + huge
                + "\",\"id\":\"a\",\"parentId\":null,"
                + "\"timestamp\":\"2026-01-01T00:00:00.000Z\"}",
            "{\"type\":\"message\",\"id\":\"b\",\"parentId\":\"a\",\"timestamp\":\"2026-01-01T00:00:01.000Z\","
                + "\"message\":{\"role\":\"user\",\"content\":\""
                + huge
                + "\",\"timestamp\":1}}",
            "{\"type\":\"message\",\"id\":\"c\",\"parentId\":\"b\",\"timestamp\":\"2026-01-01T00:00:02.000Z\","
                + "\"message\":{\"role\":\"user\",\"content\":\"after\",\"timestamp\":2}}",
            "{\"type\":\"session_info\",\"id\":\"d\",\"parentId\":\"c\",\"timestamp\":\"2026-01-01T00:00:03.000Z\","
                + "\"name\":\"long lines\"}",
            "");
    Path dir = store().directoryFor("/p");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("2026-01-01T00-00-00-000Z_long.jsonl"), file);

    SessionSummary s = store().list("/p").getFirst();
    assertThat(s.id()).isEqualTo("long");
    assertThat(s.messageCount()).isEqualTo(2);
    assertThat(s.firstMessage()).startsWith("tool output\ntool output\n");
    assertThat(s.name()).contains("long lines");
  }

  @Test
  void sessionArgumentsResolveToFilesOrIdPrefixes() throws Exception {
    Path file;
    String id;
    try (Session s = store().create("/p")) {
      s.appendMessage(new AgentMessage.User("hi", 1));
      file = s.file().orElseThrow();
      id = s.id();
    }
    assertThat(store().resolve(file.toString(), "/elsewhere")).contains(file);
    assertThat(store().resolve(id.substring(0, 13), "/p")).contains(file);
    assertThat(store().resolve("ffffffff-no", "/p")).isEmpty();
    try (Session s = store().create("/p")) {
      s.appendMessage(new AgentMessage.User("hi", 1));
    }
    assertThatThrownBy(() -> store().resolve("0", "/p")).hasMessageContaining("matches 2 sessions");
  }

  private static void touch(Path file, long secondsLater) throws Exception {
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(secondsLater)));
  }
}
