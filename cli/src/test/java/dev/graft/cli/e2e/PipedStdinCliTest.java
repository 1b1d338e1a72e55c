package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is piped to {@code graft -p} goes first in the first prompt, as the reference puts it
 * ({@code git diff | graft -p "review this"}): stdin, then the @file text, then the prompt, joined
 * with nothing between them. stdin is text, never an @file argument.
 */
class PipedStdinCliTest {
  @TempDir Path home;
  @TempDir Path work;
  @TempDir Path dir;
  private TmuxTerminal tmux;

  @AfterEach
  void stopTmux() throws Exception {
    if (tmux != null) {
      tmux.close();
    }
  }

  private record Run(int code, String out, String err, List<String> sent) {}

  private Run run(String stdin, String... args) throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"), "{\"text\": \"first\"}\n{\"text\": \"second\"}\n");
    Path record = work.resolve("requests.jsonl");
    Files.deleteIfExists(record);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context =
        new CliContext(
            Map.of("GRAFT_HOME", home.toString(), "GRAFT_RECORD_REQUESTS", record.toString()),
            new GraftHome(home),
            work,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    List<String> all =
        new ArrayList<>(
            List.of("--provider", "scripted", "--model", "turns.jsonl", "--no-session", "-p"));
    all.addAll(List.of(args));
    int code = Graft.run(context, all.toArray(String[]::new));
    List<String> sent = new ArrayList<>();
    if (Files.exists(record)) {
      for (String line : Files.readAllLines(record)) {
        JsonNode messages = Json.parse(line).get("messages");
        JsonNode content = messages.get(messages.size() - 1).get("content");
        sent.add(
            content.isTextual() ? content.textValue() : content.get(0).get("text").textValue());
      }
    }
    return new Run(code, out.toString(), err.toString(), sent);
  }

  @Test
  void pipedTextGoesBeforeThePromptArgumentABlankLineBetween() throws Exception {
    Run run = run("from stdin\n", "arg");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.sent()).containsExactly("from stdin\n\narg");
  }

  @Test
  void stdinThenTheFileTextThenThePromptAndTheOtherPromptsAfter() throws Exception {
    Files.writeString(work.resolve("notes.txt"), "hello\n");
    Run run = run("  piped\n\n", "@notes.txt", "arg", "next");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.sent())
        .containsExactly(
            "piped\n\n<file name=\"" + work.resolve("notes.txt") + "\">\nhello\n\n</file>\narg",
            "next");
  }

  @Test
  void pipedTextAloneIsThePromptAndNeverAFile() throws Exception {
    Run run = run("@x y\n");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.sent()).containsExactly("@x y");
    assertThat(run.out()).isEqualTo("first\n");
  }

  @Test
  void anEmptyStdinAndNoPromptIsAnError() throws Exception {
    Run run = run(" \n");
    assertThat(run.code()).isEqualTo(1);
    assertThat(run.err()).startsWith("graft: no prompt:");
    assertThat(run.sent()).isEmpty();
  }

  /**
   * {@code graft -p > out.md} typed at a terminal: stdout is a file, stdin the keyboard. graft does
   * not wait for the keyboard's end: with no prompt it says so at once.
   */
  @Test
  void aTerminalOnStdinIsNotReadThoughStdoutIsAFile() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"first\"}\n");
    Path out = dir.resolve("out.md");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "--no-session", "-p"),
            Optional.of(out));
    assertThat(tmux.awaitExit()).isEqualTo("1");
    assertThat(TmuxTerminal.flat(tmux.screen())).contains("graft: no prompt:");
    assertThat(Files.readString(out)).isEmpty();
  }

  /** {@code graft -p "..." > out.md} typed at a terminal answers without waiting for a key. */
  @Test
  void aPromptWithStdoutToAFileAtATerminalAnswers() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"first\"}\n");
    Path out = dir.resolve("out.md");
    tmux =
        TmuxTerminal.start(
            dir,
            work,
            Map.of("GRAFT_HOME", home.toString()),
            List.of("--provider", "scripted", "--model", "turns.jsonl", "--no-session", "-p", "hi"),
            Optional.of(out));
    assertThat(tmux.awaitExit()).as(tmux.screen()).isEqualTo("0");
    assertThat(Files.readString(out)).isEqualTo("first\n");
  }
}
