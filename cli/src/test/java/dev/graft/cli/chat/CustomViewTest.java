package dev.graft.cli.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A script's message drawn by its renderer, asked again when the user flips expansion. */
class CustomViewTest {
  private final ViewContext ctx = new ViewContext(Theme.plain(), Path.of("/work/project"));
  private final AgentMessage.Custom message =
      new AgentMessage.Custom(
          "status", MessageContent.of("disk full"), true, Optional.empty(), 0, Json.object());

  private static CustomRenderer.Rendered lines(String... lines) {
    return new CustomRenderer.Rendered.Lines(List.of(lines), false);
  }

  @Test
  void aRendererSlowerThanTheUiWaitsIsShownOnceItAnswers() throws Exception {
    // the first expanded rendering takes 300 ms (a script's first date formatted takes as long)
    CustomRenderer slowOnce =
        (m, expanded, wait) -> {
          if (expanded) {
            try {
              Thread.sleep(300);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          return Optional.of(lines(expanded ? "[WARN] disk full, at 9:28" : "[WARN] disk full"));
        };
    CountDownLatch redrawn = new CountDownLatch(1);
    ctx.onLateRendering(redrawn::countDown);
    CustomView view =
        new CustomView(ctx, message, slowOnce, slowOnce.render(message, false, null), false);
    assertThat(view.render(40)).contains(" [WARN] disk full");

    ctx.setExpanded(true);
    long start = System.nanoTime();
    assertThat(view.render(40)).contains(" [WARN] disk full"); // not waited for on the UI thread
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(290);
    assertThat(redrawn.await(5, TimeUnit.SECONDS))
        .as("a frame asked for once it answered")
        .isTrue();
    assertThat(view.render(40)).contains(" [WARN] disk full, at 9:28");
  }

  @Test
  void anAnswerThatComesAfterTheUserFlippedBackIsLetGo() throws Exception {
    List<String> released = new CopyOnWriteArrayList<>();
    CountDownLatch redrawn = new CountDownLatch(1);
    ctx.onLateRendering(redrawn::countDown);
    CustomRenderer slowDrawn =
        (m, expanded, wait) -> {
          if (expanded) {
            try {
              Thread.sleep(300);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          String line = expanded ? "expanded" : "collapsed";
          return Optional.of(
              new CustomRenderer.Rendered.Drawn(new Text(line, 0), () -> released.add(line)));
        };
    CustomView view =
        new CustomView(ctx, message, slowDrawn, slowDrawn.render(message, false, null), false);
    ctx.setExpanded(true);
    view.render(40);
    ctx.setExpanded(false);
    assertThat(redrawn.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(String.join("\n", view.render(40))).contains("collapsed").doesNotContain("expanded");
    // the expanded one that came late, and the first collapsed one, replaced by the second
    assertThat(released).containsExactly("expanded", "collapsed");
  }
}
