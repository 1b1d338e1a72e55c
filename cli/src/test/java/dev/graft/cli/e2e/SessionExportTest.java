package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code graft session export}: what the page holds and how the command treats its input. */
class SessionExportTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final Pattern DATA_BLOCK =
      Pattern.compile(
          "<script type=\"application/json\" id=\"(e\\d+|graft-index)\">(.*?)</script>",
          Pattern.DOTALL);

  @Test
  void writesThePageNextToTheCurrentDirectoryWithEveryEntryAsData() throws Exception {
    ExportFixture fixture = ExportFixture.write(work.resolve("sessions"));
    CliRun run = CliRun.run(home, work, "session", "export", fixture.file().toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    String name = fixture.file().getFileName().toString().replace(".jsonl", ".html");
    Path page = work.resolve(name);
    assertThat(run.out().strip()).isEqualTo(page.toString());
    assertThat(run.err()).isEmpty();

    String html = Files.readString(page);
    List<String> lines = Files.readAllLines(fixture.file()).subList(1, fixture.ids().size() + 1);
    List<JsonNode> blocks = new ArrayList<>();
    JsonNode index = null;
    Matcher m = DATA_BLOCK.matcher(html);
    while (m.find()) {
      JsonNode json = Json.parse(m.group(2));
      if (m.group(1).equals("graft-index")) {
        index = json;
      } else {
        blocks.add(json);
      }
    }
    // Each line comes back as the same JSON value; the page holds no '<' inside its data.
    assertThat(blocks).hasSize(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      assertThat(blocks.get(i)).isEqualTo(Json.parse(lines.get(i)));
    }
    assertThat(index).isNotNull();
    Set<String> rowIds = new HashSet<>();
    index.get("rows").forEach(row -> rowIds.add(row.get(8).asText()));
    assertThat(rowIds).containsExactlyInAnyOrderElementsOf(fixture.ids());
    assertThat(index.get("rows").get(index.get("leaf").asInt()).get(8).asText())
        .isEqualTo(fixture.leafId());
    assertThat(index.get("name").asText()).isEqualTo(ExportFixture.SESSION_NAME);
    assertThat(index.get("stats").get("messages").get("assistant").asInt()).isEqualTo(6);

    // Nothing from the session can close a script block or open an element.
    assertThat(html)
        .doesNotContain("alert(1)</script>")
        .doesNotContain("<img src=x")
        .doesNotContain("<b>final");
    assertThat(count(html, "</script>")).isEqualTo(count(html, "<script"));
    assertThat(html)
        .contains(
            "<title>export &lt;/title&gt;&lt;script&gt;alert(4)&lt;/script&gt; test · graft session</title>");
    // No network at view time: the policy allows the page's own script and style only.
    assertThat(html)
        .contains("default-src 'none'; script-src 'sha256-")
        .doesNotContain("http://")
        .doesNotContain("src=\"http");
  }

  @Test
  void refusesToOverwriteTheSessionAndReportsBadInputOnOneLine() throws Exception {
    Path session = work.resolve("s.jsonl");
    Files.copy(Path.of("../docs/examples/session.jsonl"), session);
    byte[] before = Files.readAllBytes(session);

    CliRun self = CliRun.run(home, work, "session", "export", "s.jsonl", "-o", "./s.jsonl");
    assertThat(self.exitCode()).isEqualTo(1);
    assertThat(self.err().strip())
        .startsWith("graft: refusing to overwrite the session file")
        .doesNotContain("\n");
    assertThat(Files.readAllBytes(session)).isEqualTo(before);

    Files.createDirectory(work.resolve("link-dir"));
    Files.createSymbolicLink(work.resolve("link-dir/alias.jsonl"), session);
    CliRun viaLink =
        CliRun.run(home, work, "session", "export", "s.jsonl", "-o", "link-dir/alias.jsonl");
    assertThat(viaLink.exitCode()).isEqualTo(1);
    assertThat(viaLink.err()).contains("refusing to overwrite");
    assertThat(Files.readAllBytes(session)).isEqualTo(before);

    assertOneLineError(
        CliRun.run(home, work, "session", "export", "missing.jsonl"), "no such file");
    assertOneLineError(
        CliRun.run(home, work, "session", "export", work.toString()), "is a directory");
    Files.writeString(work.resolve("junk.jsonl"), "not json\n");
    assertOneLineError(
        CliRun.run(home, work, "session", "export", "junk.jsonl"), "no valid session header");
    assertOneLineError(
        CliRun.run(home, work, "session", "export", "s.jsonl", "-o", "nowhere/page.html"),
        "no such directory");
    assertThat(CliRun.run(home, work, "session", "export").exitCode()).isEqualTo(2);
    try (var files = Files.list(work)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.endsWith(".html") || n.endsWith(".partial"));
    }
  }

  @Test
  void writesIntoADirectoryAndOverwritesAnEarlierPage() throws Exception {
    Path session = work.resolve("s.jsonl");
    Files.copy(Path.of("../docs/examples/session.jsonl"), session);
    Path out = Files.createDirectory(work.resolve("out"));
    Files.writeString(out.resolve("s.html"), "old");
    CliRun run = CliRun.run(home, work, "session", "export", "s.jsonl", "-o", "out");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo(out.resolve("s.html").toString());
    assertThat(Files.readString(out.resolve("s.html")))
        .startsWith("<!DOCTYPE html>")
        .contains("date parser fix");
  }

  @Test
  void skippedLinesDuplicateIdsAndParentCyclesAreHandledAsTheSessionReadsThem() throws Exception {
    Path session = work.resolve("odd.jsonl");
    Files.writeString(
        session,
        String.join(
                "\n",
                "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/\"}",
                entry("aaaaaaaa", null, "first"),
                "{\"type\":\"message\",\"id\":\"cut",
                entry("bbbbbbbb", "aaaaaaaa", "duplicate, earlier"),
                entry("bbbbbbbb", "aaaaaaaa", "duplicate, later"),
                entry("cccccccc", "dddddddd", "cycle one"),
                entry("dddddddd", "cccccccc", "cycle two"))
            + "\n");
    CliRun run = CliRun.run(home, work, "session", "export", "odd.jsonl");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("line 3");
    String html = Files.readString(work.resolve("odd.html"));
    assertThat(html)
        .contains("duplicate, later")
        .doesNotContain("duplicate, earlier")
        .doesNotContain("\"id\":\"cut");
    Matcher m = DATA_BLOCK.matcher(html);
    JsonNode index = null;
    while (m.find()) {
      if (m.group(1).equals("graft-index")) {
        index = Json.parse(m.group(2));
      }
    }
    List<String> rows = new ArrayList<>();
    index.get("rows").forEach(row -> rows.add(row.get(8).asText() + "<" + row.get(1).asInt()));
    assertThat(rows).containsExactly("aaaaaaaa<-1", "bbbbbbbb<0", "cccccccc<-1", "dddddddd<2");
  }

  @Test
  void anOldVersionIsExportedAsItIsReadMigratedInMemory() throws Exception {
    Path legacy = Path.of("../runtime/src/test/resources/sessions/legacy");
    Files.copy(legacy.resolve("v2-tree.jsonl"), work.resolve("v2.jsonl"));
    Files.copy(legacy.resolve("v1-forward.jsonl"), work.resolve("v1.jsonl"));
    byte[] before = Files.readAllBytes(work.resolve("v2.jsonl"));

    CliRun v2 = CliRun.run(home, work, "session", "export", "v2.jsonl");
    assertThat(v2.exitCode()).as(v2.err()).isZero();
    assertThat(Files.readAllBytes(work.resolve("v2.jsonl"))).isEqualTo(before);
    // Each entry as the reference migrates it (ids kept, hookMessage read as custom).
    List<String> migrated = Files.readAllLines(legacy.resolve("v2-tree.migrated.jsonl"));
    List<JsonNode> expected = new ArrayList<>();
    for (String line : migrated.subList(1, migrated.size())) {
      expected.add(Json.parse(line));
    }
    Page page = Page.read(work.resolve("v2.html"));
    assertThat(page.blocks()).containsExactlyElementsOf(expected);
    assertThat(page.index().get("rows")).hasSize(expected.size());

    CliRun v1 = CliRun.run(home, work, "session", "export", "v1.jsonl");
    assertThat(v1.exitCode()).as(v1.err()).isZero();
    Page fresh = Page.read(work.resolve("v1.html"));
    assertThat(fresh.blocks()).hasSize(9).allMatch(b -> b.get("id").isTextual());
    assertThat(fresh.index().get("rows")).hasSize(9);
    assertThat(fresh.index().get("warnings").get(0).asText()).contains("version 1 session file");
  }

  @Test
  void aToolResultOfFortyMegabytesIsExportedWithinAHeapOfUnderFiveTimesIt() throws Exception {
    // The line is held once as bytes and its text once as a String (as the reference holds its
    // line and the parsed text); the export took 320 MB for it when it read each line through a
    // doubling buffer, kept the bytes beside an unescaped copy, and previewed a copy of the text.
    Path file = work.resolve("long.jsonl");
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(
          "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/\"}\n");
      w.write(entry("aaaaaaaa", null, "read the log"));
      w.write(
          "\n{\"type\":\"message\",\"id\":\"bbbbbbbb\",\"parentId\":\"aaaaaaaa\",\"timestamp\":"
              + "\"2026-01-01T00:00:02.000Z\",\"message\":{\"role\":\"toolResult\",\"toolCallId\":\"c\","
              + "\"toolName\":\"read\",\"content\":[{\"type\":\"text\",\"text\":\"");
      String line = "10:00:00\\tINFO \\\"request\\\" served <ok>\\n";
      for (int i = 0; i < (40 << 20) / line.length(); i++) {
        w.write(line);
      }
      w.write("\"}],\"isError\":false,\"timestamp\":2}}\n");
    }
    List<String> command =
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-Xmx192m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            "dev.graft.cli.Main",
            "session",
            "export",
            file.toString(),
            "-o",
            work.resolve("long.html").toString());
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
    pb.environment().put("GRAFT_HOME", home.toString());
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process graft = pb.start();
    String err = new String(graft.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(graft.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(graft.exitValue()).as(err).isZero();
    assertThat(err).contains("graft: exported 2 entries");
    long size = Files.size(work.resolve("long.html"));
    assertThat(size).isGreaterThan(Files.size(file));
  }

  /** A page's entry blocks, in order, and its index. */
  private record Page(List<JsonNode> blocks, JsonNode index) {
    static Page read(Path page) throws Exception {
      List<JsonNode> blocks = new ArrayList<>();
      JsonNode index = null;
      Matcher m = DATA_BLOCK.matcher(Files.readString(page));
      while (m.find()) {
        JsonNode json = Json.parse(m.group(2));
        if (m.group(1).equals("graft-index")) {
          index = json;
        } else {
          blocks.add(json);
        }
      }
      return new Page(blocks, index);
    }
  }

  @Test
  void reportsProgressOnStderrForALargeFile() throws Exception {
    Path session = work.resolve("large.jsonl");
    String blob = "y".repeat(20_000);
    try (BufferedWriter w = Files.newBufferedWriter(session, StandardCharsets.UTF_8)) {
      w.write(
          "{\"type\":\"session\",\"version\":3,\"id\":\"s\",\"timestamp\":\"2026-01-01T00:00:00.000Z\",\"cwd\":\"/\"}\n");
      String parent = null;
      for (int i = 0; i < 900; i++) {
        String id = String.format("%08x", i);
        w.write(entry(id, parent, blob + i));
        w.write('\n');
        parent = id;
      }
    }
    assertThat(Files.size(session)).isGreaterThan(16L << 20);
    CliRun run = CliRun.run(home, work, "session", "export", "large.jsonl", "-o", "large.html");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err().lines().filter(l -> l.startsWith("graft: exporting 17 MB: ")).toList())
        .containsExactly(
            "graft: exporting 17 MB: 10%",
            "graft: exporting 17 MB: 20%",
            "graft: exporting 17 MB: 30%",
            "graft: exporting 17 MB: 40%",
            "graft: exporting 17 MB: 50%",
            "graft: exporting 17 MB: 60%",
            "graft: exporting 17 MB: 70%",
            "graft: exporting 17 MB: 80%",
            "graft: exporting 17 MB: 90%",
            "graft: exporting 17 MB: 100%");
    assertThat(run.err()).contains("graft: exported 900 entries");
  }

  static String entry(String id, String parent, String text) {
    return "{\"type\":\"message\",\"id\":\""
        + id
        + "\",\"parentId\":"
        + (parent == null ? "null" : "\"" + parent + "\"")
        + ",\"timestamp\":\"2026-01-01T00:00:01.000Z\",\"message\":{\"role\":\"user\",\"content\":\""
        + text
        + "\",\"timestamp\":1}}";
  }

  private static void assertOneLineError(CliRun run, String text) {
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().strip()).startsWith("graft: ").contains(text).doesNotContain("\n");
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }
}
