package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code graft -p @file "prompt"} attaches the file to the one prompt (picocli once read @file as
 * an argument file, and every word of it was sent as a prompt of its own).
 */
class PromptAttachmentsTest {
  /** A 1x1 PNG. */
  private static final byte[] PNG =
      Base64.getDecoder()
          .decode(
              "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");

  @TempDir Path home;
  @TempDir Path work;

  private record Run(int code, String out, String err, List<JsonNode> requests) {}

  private Run run(String... args) throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        "{\"text\": \"first\"}\n{\"text\": \"second\"}\n{\"text\": \"third\"}\n");
    Path record = work.resolve("requests.jsonl");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", record.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC());
    List<String> all =
        new ArrayList<>(
            List.of("--provider", "scripted", "--model", "turns.jsonl", "--no-session", "-p"));
    all.addAll(List.of(args));
    int code = Graft.run(context, all.toArray(String[]::new));
    List<JsonNode> requests = new ArrayList<>();
    if (Files.exists(record)) {
      for (String line : Files.readAllLines(record)) {
        requests.add(Json.parse(line));
      }
    }
    return new Run(code, out.toString(), err.toString(), requests);
  }

  private static JsonNode lastUser(JsonNode request) {
    JsonNode messages = request.get("messages");
    return messages.get(messages.size() - 1);
  }

  @Test
  void aTextFileGoesInAFileBlockBeforeThePromptInOneCall() throws Exception {
    Files.writeString(work.resolve("code.py"), "print(1)\nx = 2\n");
    Run run = run("@code.py", "explain");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.requests()).as("one model call, not one per word of the file").hasSize(1);
    JsonNode user = lastUser(run.requests().getFirst());
    String text =
        user.get("content").isTextual()
            ? user.get("content").textValue()
            : user.get("content").get(0).get("text").textValue();
    assertThat(text)
        .isEqualTo(
            "<file name=\"" + work.resolve("code.py") + "\">\nprint(1)\nx = 2\n\n</file>\nexplain");
    assertThat(run.out()).isEqualTo("first\n");
  }

  @Test
  void anImageIsAnImagePartOfTheFirstPromptAndTheOtherPromptsFollow() throws Exception {
    Files.write(work.resolve("dot.png"), PNG);
    Run run = run("@dot.png", "what colour?", "and now?");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.requests()).hasSize(2);
    JsonNode content = lastUser(run.requests().getFirst()).get("content");
    assertThat(content.get(0).get("text").textValue())
        .isEqualTo("<file name=\"" + work.resolve("dot.png") + "\"></file>\nwhat colour?");
    assertThat(content.get(1).get("type").textValue()).isEqualTo("image");
    assertThat(content.get(1).get("mimeType").textValue()).isEqualTo("image/png");
    assertThat(Base64.getDecoder().decode(content.get(1).get("data").textValue())).isEqualTo(PNG);
    JsonNode second = lastUser(run.requests().get(1)).get("content");
    assertThat(second.isTextual() ? second.textValue() : second.get(0).get("text").textValue())
        .isEqualTo("and now?");
  }

  @Test
  void aMissingOrBinaryFileIsOneLineAndNoModelCall() throws Exception {
    Run missing = run("@nope.txt", "explain");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err())
        .startsWith("graft: @nope.txt: no such file (" + work.resolve("nope.txt") + ")");
    assertThat(missing.requests()).isEmpty();
    Files.write(work.resolve("blob.bin"), new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe});
    Run binary = run("@blob.bin", "explain");
    assertThat(binary.err())
        .startsWith("graft: @blob.bin: not a text file (nor a PNG, JPEG, GIF or WebP image)");
    assertThat(binary.requests()).isEmpty();
  }
}
