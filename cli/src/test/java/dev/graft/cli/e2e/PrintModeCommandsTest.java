package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -p "/name args"} runs a script command in the print and JSON modes, without a UI. */
class PrintModeCommandsTest {
  @TempDir Path home;
  @TempDir Path work;

  @BeforeEach
  void scripts() throws Exception {
    Files.createDirectories(work.resolve("scripts"));
    Files.writeString(
        work.resolve("scripts/greet.js"),
        """
        export default function (graft) {
          graft.registerCommand("greet", {
            description: "Greets",
            handler: async (args, ctx) => {
              const sure = await ctx.ui.confirm("Greet?", "really");
              const name = await ctx.ui.input("Name?");
              return "hello " + args + " (hasUI " + ctx.hasUI + ", confirm " + sure + ", input " + name + ")";
            },
          });
          graft.registerCommand("fail", { handler: () => { throw new TypeError("no luck"); } });
        }
        """);
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"model answer\"}\n");
  }

  private CliRun run(String... prompts) {
    String[] args = new String[7 + prompts.length];
    System.arraycopy(
        new String[] {
          "-p", "--scripts", "scripts", "--provider", "scripted", "--model", "turns.jsonl"
        },
        0,
        args,
        0,
        7);
    System.arraycopy(prompts, 0, args, 7, prompts.length);
    return CliRun.run(home, work, args);
  }

  @Test
  void aCommandRunsWithItsDialogsDismissedAndWhatItReturnsIsSentAsAPrompt() throws Exception {
    CliRun run = run("/greet Ada");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("model answer");
    assertThat(userPrompts())
        .containsExactly("hello Ada (hasUI false, confirm false, input undefined)");
  }

  @Test
  void aCommandThenAPromptBothRun() throws Exception {
    Files.writeString(
        work.resolve("turns.jsonl"),
        "{\"text\": \"to the greeting\"}\n{\"text\": \"model answer\"}\n");
    CliRun run = run("/greet Bo", "then answer");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().lines().toList()).containsExactly("model answer");
    assertThat(userPrompts())
        .containsExactly("hello Bo (hasUI false, confirm false, input undefined)", "then answer");
  }

  /** The user messages of the session the run wrote, in order. */
  private List<String> userPrompts() throws Exception {
    Path file = LastSession.file(home, work);
    try (Session s = Session.open(file)) {
      return s.branchPath().stream()
          .filter(
              e -> e instanceof SessionEntry.Message m && m.message() instanceof AgentMessage.User)
          .map(e -> ((AgentMessage.User) ((SessionEntry.Message) e).message()).content().text(""))
          .toList();
    }
  }

  @Test
  void anUnknownCommandSuggestsTheNearestAndNothingRuns() {
    CliRun run = run("first prompt", "/gret Ada");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("unknown command /gret; did you mean /greet? (script commands: /greet, /fail)");
  }

  @Test
  void anUnknownSkillIsCalledASkillNotAScriptCommand() throws Exception {
    Files.createDirectories(home.resolve("skills/deploy"));
    Files.writeString(
        home.resolve("skills/deploy/SKILL.md"), "---\ndescription: Deploy.\n---\nRun make.\n");
    CliRun run = run("/skill:deplo now");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip())
        .isEqualTo(
            "graft: unknown skill /skill:deplo (graft skills list shows the skills a run here"
                + " loads)");
  }

  @Test
  void aScriptCommandWithABuiltInNameIsRefusedAsInTheInteractiveMode() throws Exception {
    Files.writeString(
        work.resolve("scripts/taker.js"),
        """
        export default function (graft) {
          graft.registerCommand("tree", { handler: () => "taken tree" });
          graft.registerCommand("Model", { handler: () => "taken model" });
        }
        """);
    for (String name : List.of("tree", "Model")) {
      CliRun run = run("/" + name);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.out()).as("the script's answer was not sent to the model").isEmpty();
      assertThat(run.err())
          .contains(
              "graft: warning: script command not added: /tree exists already (from built-in)\n")
          .contains(
              "graft: warning: script command not added: /Model exists already (from built-in)\n")
          .contains(
              "graft: /"
                  + name.toLowerCase()
                  + " is a built-in command of the interactive mode; it does not run here"
                  + " (script commands: /greet, /fail)");
    }
  }

  /** A built-in with an RPC counterpart names it: -p cannot compact, but --mode rpc can. */
  @Test
  void aBuiltInCommandNamesItsRpcCounterpart() {
    CliRun compact = run("/compact focus on the parser");
    assertThat(compact.exitCode()).isEqualTo(1);
    assertThat(compact.out()).isEmpty();
    assertThat(compact.err().strip())
        .isEqualTo(
            "graft: /compact is a built-in command of the interactive mode; it does not run here"
                + " (script commands: /greet, /fail); in --mode rpc, the compact command does it"
                + " (docs/rpc.md)");
    assertThat(run("/model").err()).contains("; in --mode rpc, the set_model command does it");
    assertThat(run("/tree").err()).doesNotContain("--mode rpc");
  }

  @Test
  void aPathIsAPromptNotACommand() {
    CliRun run = run("/usr/bin is full");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("model answer");
  }

  @Test
  void aFailingCommandIsReportedWithItsScriptAndExitCode1() {
    CliRun run = run("/fail");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("greet.js").contains("/fail").contains("TypeError: no luck");
  }

  @Test
  void theJsonModeRunsCommandsToo() {
    CliRun json =
        CliRun.run(
            home,
            work,
            "--mode",
            "json",
            "--scripts",
            "scripts",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "/fail");
    assertThat(json.exitCode()).isEqualTo(1);
    assertThat(json.err()).contains("TypeError: no luck");
    CliRun unknown =
        CliRun.run(
            home,
            work,
            "--mode",
            "json",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "/greet");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.err()).contains("unknown command /greet (no script registers a command;");
  }
}
