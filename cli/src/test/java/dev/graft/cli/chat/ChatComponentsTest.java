package dev.graft.cli.chat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.tui.Theme;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.Usage;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The conversation's components, drawn without colours. */
class ChatComponentsTest {
  private final ViewContext ctx = new ViewContext(Theme.plain(), Path.of("/work/project"));

  private static ObjectNode args(String json) throws Exception {
    return (ObjectNode) Json.parse(json);
  }

  private static AgentEvent.ToolOutput text(String text) {
    return new AgentEvent.ToolOutput(List.of(new ContentBlock.Text(text)), Optional.empty());
  }

  @Test
  void bashShowsItsLastLinesAndHowManyCameBeforeThenAllOfThemExpanded() throws Exception {
    ToolView view = new ToolView(ctx, "bash", args("{\"command\": \"mvn test\"}"));
    view.finish(
        text(
            IntStream.rangeClosed(1, 200)
                .mapToObj(i -> "line " + i)
                .collect(Collectors.joining("\n"))),
        true);
    List<String> lines = view.render(80);
    // a failed command: its last ten lines, where the error is
    assertThat(lines.subList(0, 4))
        .containsExactly(
            "", " ✗ $ mvn test", "   … 190 earlier lines (Ctrl+O to expand)", "   line 191");
    assertThat(lines.getLast()).isEqualTo("   line 200");
    ctx.setExpanded(true);
    assertThat(view.render(80)).hasSize(202).contains("   line 1");
  }

  @Test
  void bashWhileItRunsShowsWhatCameSoFar() throws Exception {
    ToolView view = new ToolView(ctx, "bash", args("{\"command\": \"make\"}"));
    view.update(text("compiling a\ncompiling b"));
    assertThat(view.finished()).isFalse();
    assertThat(view.render(80))
        .contains("   compiling a", "   compiling b")
        .anyMatch(l -> l.startsWith("   running, "));
  }

  @Test
  void editShowsTheNumberedDiffAndPathsRelativeToTheProject() throws Exception {
    ToolView view =
        new ToolView(
            ctx,
            "edit",
            args("{\"path\": \"/work/project/src/a.py\", \"oldText\": \"x\", \"newText\": \"y\"}"));
    view.finish(
        new AgentEvent.ToolOutput(
            List.of(new ContentBlock.Text("Successfully replaced 1 block(s).")),
            Optional.of(
                Json.parse("{\"diff\": \" 1 def f():\\n-2     return x\\n+2     return y\"}"))),
        false);
    assertThat(view.render(80))
        .containsExactly(
            "", " ● edit src/a.py", "    1 def f():", "   -2     return x", "   +2     return y");
  }

  @Test
  void writeShowsWhatWasWrittenAsAddedLinesAndReadItsFirstTen() throws Exception {
    ToolView write =
        new ToolView(ctx, "write", args("{\"path\": \"notes.md\", \"content\": \"one\\ntwo\\n\"}"));
    write.finish(text("Successfully wrote 8 bytes"), false);
    assertThat(write.render(80))
        .containsExactly("", " ● write notes.md (2 lines)", "   +1 one", "   +2 two");
    ToolView read = new ToolView(ctx, "read", args("{\"path\": \"big.txt\"}"));
    read.finish(
        text(
            IntStream.rangeClosed(1, 30)
                .mapToObj(i -> "row " + i)
                .collect(Collectors.joining("\n"))),
        false);
    assertThat(read.render(80))
        .contains("   row 10", "   … 20 more lines (Ctrl+O to expand)")
        .doesNotContain("   row 11");
  }

  @Test
  void imagesAreTheirSizeInPixels() throws Exception {
    String png =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    ToolView view = new ToolView(ctx, "read", args("{\"path\": \"dot.png\"}"));
    view.finish(
        new AgentEvent.ToolOutput(
            List.of(
                new ContentBlock.Text("Read image file [image/png]"),
                new ContentBlock.Image(png, "image/png", null)),
            Optional.empty()),
        false);
    assertThat(view.render(80)).contains("   [image 1x1]");
    assertThat(ImageSize.of(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}))).isEmpty();
  }

  @Test
  void thinkingHiddenIsOneLineAndAnAbortedAnswerSaysSo() throws Exception {
    AgentMessage.Assistant answer =
        new AgentMessage.Assistant(
            List.of(
                new ContentBlock.Thinking("step one\nstep two", null),
                new ContentBlock.Text("The **answer**.", null)),
            "x",
            "p",
            "m",
            Usage.ZERO,
            "aborted",
            Optional.empty(),
            1,
            null);
    AssistantView view = AssistantView.of(ctx, answer);
    assertThat(view.render(60))
        .containsExactly("", " step one", " step two", "", " The answer.", "", " ⏹ aborted");
    ctx.setThinkingHidden(true);
    assertThat(view.render(60)).contains(" ∴ thinking, 2 lines (Ctrl+T to show)");
  }

  @Test
  void aOneLineFileIsOneLineNotOneLines() throws Exception {
    UserMessageView view =
        new UserMessageView(
            ctx,
            new AgentMessage.User(
                "<file name=\"/work/project/a.txt\">\nhello\n\n</file>\n"
                    + "<file name=\"/work/project/b.txt\">\none\ntwo\n\n</file>\nexplain",
                1));
    assertThat(view.render(60))
        .containsExactly("", " 📎 a.txt, 1 line", " 📎 b.txt, 2 lines", " explain");
    assertThat(ToolLines.call("write", args("{\"path\": \"a.txt\", \"content\": \"x\\n\"}")))
        .isEqualTo("write a.txt (1 line)");
    assertThat(ToolLines.call("write", args("{\"path\": \"a.txt\", \"content\": \"x\\ny\"}")))
        .isEqualTo("write a.txt (2 lines)");
  }

  @Test
  void theFooterSaysTokensCostContextModelAndStatuses() throws Exception {
    Footer footer = new Footer(Theme.plain());
    footer.set(
        new FooterData(
            "~/shop",
            Optional.of("release"),
            12_345,
            1_234,
            0,
            0,
            0.0123,
            12_400,
            200_000,
            true,
            "anthropic/claude-sonnet-4-6",
            Optional.of("high"),
            List.of("tests: green")));
    List<String> lines = footer.render(90);
    assertThat(lines.getFirst()).isEqualTo("~/shop • release");
    assertThat(lines.get(1))
        .startsWith("↑12k ↓1.2k $0.012 6.2%/200k (auto)")
        .endsWith("anthropic/claude-sonnet-4-6 • high")
        .hasSize(90);
    assertThat(lines.get(2)).isEqualTo("tests: green");
  }

  @Test
  void aShellCommandsSavedOutputPathIsShownWholeHoweverNarrowTheTerminal() {
    String path = "/tmp/graft-user-bash-a94e22433fb94e00a94e22433fb94e00.log";
    ShellView view =
        ShellView.of(
            ctx,
            new AgentMessage.BashExecution(
                "seq 1 100000",
                "99999\n100000\n",
                Optional.of(1L),
                false,
                true,
                Optional.of(path),
                Optional.empty(),
                0,
                Json.object()));
    List<String> lines = view.render(40);
    String shown =
        lines.stream()
            .map(l -> l.replaceAll("\033_[^\007]*\007", ""))
            .collect(Collectors.joining());
    assertThat(shown).contains(path);
    assertThat(lines.getLast()).doesNotContain("…");
    assertThat(lines)
        .as("the path's rows after its first continue it, for the terminal to wrap softly")
        .anyMatch(l -> l.startsWith("\033_graft:w\007"));
  }
}
