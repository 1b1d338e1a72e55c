package dev.graft.cli.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Script commands, ctx.rebuildContext() and the context event, end to end in the print mode with
 * the scripted provider: a command's argsRaw, args and signal and what its answer does;
 * ctx.rebuildContext(); the context event's entries and entryIndex.
 */
class CommandAndContextApiTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void script() throws Exception {
    Files.createDirectories(work.resolve("proj"));
    Files.writeString(
        work.resolve("seed.js"),
        """
        export default function (graft) {
          graft.registerCommand("args", {
            handler: async (args, ctx) => ({ status: JSON.stringify({ args: ctx.args, argsRaw: ctx.argsRaw,
                same: args === ctx.argsRaw, aborted: ctx.signal.aborted, listens: typeof ctx.signal.addEventListener }) }),
          });
          graft.registerCommand("ask", { handler: (args) => "Please " + args });
          graft.registerCommand("askobj", { handler: (args) => ({ prompt: "Kindly " + args }) });
          graft.registerCommand("bad", { handler: () => 42 });
          graft.registerCommand("note", {
            handler: async (args, ctx) => {
              graft.appendEntry("seed_note", { text: args });
              const messages = await ctx.rebuildContext();
              return { status: "rebuilt: " + messages.map((m) => m.role + "=" + (typeof m.content === "string"
                  ? m.content : m.content.map((b) => b.text).join(""))).join(" | ") };
            },
          });
          graft.on("context", (event) => {
            const notes = event.entries.filter((e) => e.type === "custom" && e.customType === "seed_note");
            const seen = { entryIndex: event.entryIndex, types: event.entries.map((e) => e.type + (e.message ? ":" + e.message.role : "")) };
            const messages = [...event.messages];
            for (const n of notes) messages.push({ role: "user", content: "note " + n.data.text, timestamp: 1 });
            messages.push({ role: "user", content: "seen " + JSON.stringify(seen), timestamp: 1 });
            return { messages };
          });
        }
        """);
  }

  private ExampleRun run(String turns, String... prompts) throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), turns);
    String[] args = new String[9 + prompts.length];
    System.arraycopy(
        new String[] {
          "-p",
          "-s",
          work.resolve("seed.js").toString(),
          "--provider",
          "scripted",
          "--model",
          "turns.jsonl",
          "--cwd",
          "proj"
        },
        0,
        args,
        0,
        9);
    System.arraycopy(prompts, 0, args, 9, prompts.length);
    return ExampleRun.print(home, work, args);
  }

  @Test
  void aCommandGetsArgsRawArgsAndAnUnabortedSignalAndItsStatusIsShown() throws Exception {
    ExampleRun run = run("", "/args  one two   three ");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).isEmpty();
    assertThat(Json.parse(run.err().strip()))
        .isEqualTo(
            Json.parse(
                "{\"args\":[\"one\",\"two\",\"three\"],\"argsRaw\":\"one two   three\",\"same\":true,\"aborted\":false,\"listens\":\"function\"}"));
  }

  @Test
  void aStringOrAPromptAnswerIsSentToTheModelAsAPrompt() throws Exception {
    ExampleRun run =
        run("{\"text\": \"first\"}\n{\"text\": \"second\"}\n", "/ask for tea", "/askobj for cake");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).hasSize(2);
    assertThat(run.context(0).getFirst()).isEqualTo("user: Please for tea");
    assertThat(run.context(1)).contains("user: Kindly for cake");
    assertThat(run.out().strip()).isEqualTo("second");
  }

  @Test
  void inTheInteractiveModeAPromptAnswerRunsAndAStatusIsShown() throws Exception {
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"tea is served\"}\n");
    ExampleRun run =
        ExampleRun.run(
            home,
            work,
            "/ask for tea\n/args x y\n",
            "-s",
            work.resolve("seed.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.requests()).hasSize(1);
    assertThat(run.context(0).getFirst()).isEqualTo("user: Please for tea");
    assertThat(run.out())
        .contains("tea is served")
        .contains("{\"args\":[\"x\",\"y\"],\"argsRaw\":\"x y\"");
  }

  @Test
  void resumingASessionWithCustomEntriesWithoutTheirScriptWarnsOnceWithTheTypeAndCount()
      throws Exception {
    ExampleRun first = run("", "/note one", "/note two");
    assertThat(first.exitCode()).as(first.err()).isZero();
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"a\"}\n{\"text\": \"b\"}\n");
    ExampleRun without =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-c",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "hi");
    assertThat(without.exitCode()).as(without.err()).isZero();
    String warning =
        "graft: warning: this session has 2 \"seed_note\" entries that no loaded script reads";
    assertThat(without.err()).contains(warning);
    assertThat(without.err().split(Pattern.quote(warning), -1)).hasSize(2); // once
    ExampleRun with =
        ExampleRun.print(
            home,
            work,
            "-p",
            "-c",
            "-s",
            work.resolve("seed.js").toString(),
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "--cwd",
            "proj",
            "again");
    assertThat(with.exitCode()).as(with.err()).isZero();
    assertThat(with.err()).doesNotContain("seed_note");
  }

  @Test
  void anAnswerThatIsNoneOfThoseIsAnError() throws Exception {
    ExampleRun run = run("", "/bad");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains(
            "/bad returned a number; a command returns nothing, a string or {prompt: string}");
  }

  @Test
  void rebuildContextGivesTheContextAsTheHooksShapeItAndTheEventHasEntriesWithEntryIndex()
      throws Exception {
    ExampleRun run = run("{\"text\": \"hello back\"}\n", "hello", "/note remember tea");
    assertThat(run.exitCode()).as(run.err()).isZero();
    // the model call: entries are the branch (the model and thinking settings, the prompt),
    // entryIndex points into it
    String seen = run.context(0).getLast();
    assertThat(seen).startsWith("user: seen ");
    var s = Json.parse(seen.substring("user: seen ".length()));
    assertThat(s.get("types").toString())
        .isEqualTo("[\"model_change\",\"thinking_level_change\",\"message:user\"]");
    assertThat(s.get("entryIndex").toString()).isEqualTo("[2]");
    // the command saved an entry and rebuilt: the context handler saw it and the messages came back
    String status =
        run.err().lines().filter(l -> l.startsWith("rebuilt: ")).findFirst().orElseThrow();
    assertThat(status)
        .startsWith(
            "rebuilt: user=hello | assistant=hello back | user=note remember tea | user=seen ");
    assertThat(status).contains("\"entryIndex\":[2,3]").contains("\"custom\"");
  }
}
