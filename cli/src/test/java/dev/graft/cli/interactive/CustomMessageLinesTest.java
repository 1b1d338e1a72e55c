package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.ui.Screen;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.scripting.api.MessageRendering;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Custom messages in the terminal: a script's rendering, the default, the fallback note, hidden
 * ones.
 */
class CustomMessageLinesTest {
  private final Screen screen = Screen.plain(new PrintWriter(new StringWriter()));
  private final List<String> asked = new ArrayList<>();

  private CustomMessageLines lines(Optional<MessageRendering> answer) {
    return new CustomMessageLines(
        new ScriptControl() {
          @Override
          public List<SlashCommand> commands() {
            return List.of();
          }

          @Override
          public List<String> describe() {
            return List.of();
          }

          @Override
          public List<String> reload() {
            return List.of();
          }

          @Override
          public Optional<MessageRendering> renderMessage(
              JsonNode message, boolean expanded, Duration wait) {
            asked.add(
                message.path("customType").asText()
                    + " "
                    + message.path("content").asText()
                    + " "
                    + expanded);
            return answer;
          }
        });
  }

  private static AgentMessage.Custom message(boolean display) {
    return new AgentMessage.Custom(
        "clock", MessageContent.of("It is 10:00."), display, Optional.empty(), 1, null);
  }

  @Test
  void aRenderingIsShownLineByLineWithoutControlCharacters() {
    CustomMessageLines custom =
        lines(Optional.of(new MessageRendering.Text("(clock) \u001b[31m10:00\nsecond line")));
    assertThat(custom.lines(screen, message(true), false))
        .containsExactly("(clock) [31m10:00", "second line");
    assertThat(asked).containsExactly("clock It is 10:00. false");
  }

  @Test
  void withoutARendererOrWhenItGivesNothingTheDefaultStands() {
    assertThat(lines(Optional.empty()).lines(screen, message(true), false))
        .containsExactly("[clock] It is 10:00.");
    assertThat(lines(Optional.empty()).rendered(screen, message(true), false)).isEmpty();
  }

  @Test
  void aFailingRendererGetsANoteAndTheDefault() {
    CustomMessageLines custom =
        lines(
            Optional.of(
                new MessageRendering.Failed("x.js: message renderer for \"clock\" failed: boom")));
    assertThat(custom.lines(screen, message(true), false))
        .containsExactly(
            "x.js: message renderer for \"clock\" failed: boom; shown plainly",
            "[clock] It is 10:00.");
  }

  @Test
  void aMessageNotToBeDisplayedIsNeitherShownNorRendered() {
    assertThat(
            lines(Optional.of(new MessageRendering.Text("shown?")))
                .lines(screen, message(false), false))
        .isEmpty();
    assertThat(asked).isEmpty();
  }
}
