package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The differential renderer on an emulated terminal: what ends up on the screen and in the
 * scrollback.
 */
class TuiRenderTest {

  /** Lines to draw, changed by the test; counts how often it was drawn. */
  static final class Lines implements Component {
    final List<String> lines = new ArrayList<>();
    boolean done;
    int renders;

    Lines(String... initial) {
      lines.addAll(List.of(initial));
    }

    @Override
    public List<String> render(int width) {
      renders++;
      return lines.stream().map(l -> Ansi.truncate(l, width, "")).toList();
    }

    @Override
    public boolean finished() {
      return done;
    }
  }

  private static Lines finished(String... lines) {
    Lines l = new Lines(lines);
    l.done = true;
    return l;
  }

  @Test
  void aGrowingMessageTallerThanTheScreenEndsUpWholeInTheScrollbackWithoutFullRedraws() {
    VirtualTerminal vt = new VirtualTerminal(40, 10);
    Tui tui = new Tui(vt);
    tui.append(finished("header one", "header two"));
    Lines message = new Lines();
    tui.append(message);
    tui.bottom().add(new Lines("> typed", "footer"));
    tui.render();
    List<String> expected = new ArrayList<>(List.of("header one", "header two"));
    for (int i = 1; i <= 30; i++) {
      message.lines.add("line " + i);
      expected.add("line " + i);
      tui.render();
    }
    expected.addAll(List.of("> typed", "footer"));
    vt.flush();
    assertThat(vt.text()).containsExactlyElementsOf(expected);
    assertThat(tui.fullRedraws()).isZero();
  }

  @Test
  void changedLinesAreRewrittenAndLinesNoLongerThereErased() {
    VirtualTerminal vt = new VirtualTerminal(40, 10);
    Tui tui = new Tui(vt);
    Lines message = new Lines("the answer so far");
    tui.append(message);
    Lines bottom = new Lines("popup 1", "popup 2", "popup 3", "> ed", "footer");
    tui.bottom().add(bottom);
    tui.render();
    message.lines.set(0, "the answer, longer now");
    bottom.lines.subList(0, 3).clear();
    tui.render();
    assertThat(vt.text()).containsExactly("the answer, longer now", "> ed", "footer");
    message.lines.add("second line");
    tui.render();
    assertThat(vt.text())
        .containsExactly("the answer, longer now", "second line", "> ed", "footer");
  }

  @Test
  void finishedComponentsAreNotDrawnAgainAndAFrameCostsTheSameAfterThousandsOfThem() {
    VirtualTerminal vt = new VirtualTerminal(80, 24);
    Tui tui = new Tui(vt);
    Lines footer = new Lines("footer");
    tui.bottom().add(footer);
    List<Lines> old = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Lines l = finished("message " + i, "more of " + i);
      old.add(l);
      tui.append(l);
    }
    tui.render();
    Lines streaming = new Lines("token");
    tui.append(streaming);
    tui.render();
    int rendersBefore = old.stream().mapToInt(l -> l.renders).sum();
    long bytesBefore = vt.bytesWritten;
    for (int i = 0; i < 50; i++) {
      streaming.lines.set(0, "token " + (i + 1));
      tui.render();
    }
    assertThat(old.stream().mapToInt(l -> l.renders).sum())
        .as("committed components drawn again")
        .isEqualTo(rendersBefore);
    assertThat((vt.bytesWritten - bytesBefore) / 50).as("bytes per frame").isLessThan(500);
    vt.flush();
    List<String> text = vt.text();
    assertThat(text.subList(text.size() - 4, text.size()))
        .containsExactly("message 1999", "more of 1999", "token 50", "footer");
  }

  @Test
  void aResizeDrawsEverythingAgainAtTheNewWidth() {
    VirtualTerminal vt = new VirtualTerminal(40, 10);
    Tui tui = new Tui(vt);
    Text first = new Text("one two three four five six seven eight nine ten eleven twelve", 0);
    tui.append(first);
    tui.bottom().add(new Lines("footer"));
    tui.render();
    assertThat(vt.text())
        .containsExactly(
            "one two three four five six seven eight", "nine ten eleven twelve", "footer");
    vt.resize(20, 10);
    tui.render();
    assertThat(vt.text())
        .containsExactly(
            "one two three four", "five six seven eight", "nine ten eleven", "twelve", "footer");
    assertThat(tui.fullRedraws()).isEqualTo(1);
  }

  @Test
  void aChangeAboveTheScreenRedrawsEverythingAndTheScrollbackHoldsNoStaleLines() {
    VirtualTerminal vt = new VirtualTerminal(40, 5);
    Tui tui = new Tui(vt);
    Lines table = new Lines();
    IntStream.range(0, 12).forEach(i -> table.lines.add("| row " + i + " |"));
    tui.append(table);
    tui.bottom().add(new Lines("footer"));
    tui.render();
    table.lines.replaceAll(l -> l.replace("|", "||"));
    tui.render();
    vt.flush();
    List<String> expected =
        new ArrayList<>(IntStream.range(0, 12).mapToObj(i -> "|| row " + i + " ||").toList());
    expected.add("footer");
    assertThat(vt.text()).containsExactlyElementsOf(expected);
    assertThat(tui.fullRedraws()).isEqualTo(1);
  }

  @Test
  void theCursorGoesWhereTheCaretMarkerIsAndTheMarkerIsNotShown() {
    VirtualTerminal vt = new VirtualTerminal(40, 10);
    Tui tui = new Tui(vt);
    tui.append(finished("above"));
    tui.bottom().add(new Lines("> héllo 世" + Tui.CARET + "界", "footer"));
    tui.render();
    assertThat(vt.text()).containsExactly("above", "> héllo 世界", "footer");
    assertThat(vt.cursorRow()).isEqualTo(1);
    assertThat(vt.cursorColumn()).isEqualTo(10);
  }

  @Test
  void linesWiderThanTheTerminalAreCutNotWrapped() {
    VirtualTerminal vt = new VirtualTerminal(10, 5);
    Tui tui = new Tui(vt);
    tui.bottom()
        .add(
            new Component() {
              @Override
              public List<String> render(int width) {
                return List.of("0123456789abcdef", "next");
              }
            });
    tui.render();
    assertThat(vt.text()).containsExactly("0123456789", "next");
  }

  @Test
  void aPathWiderThanTheTerminalIsWrappedByTheTerminalNotBrokenByGraft() {
    VirtualTerminal vt = new VirtualTerminal(20, 10);
    Tui tui = new Tui(vt);
    String path = "/home/ada/src/shop/sessions/2026-01-01_0a1b2c.jsonl";
    tui.append(new Text("session saved in " + path + " (continue it with graft -c)", 0));
    Lines editor = new Lines("> typed");
    tui.bottom().add(editor);
    tui.render();
    assertThat(vt.text())
        .containsExactly(
            "session saved in",
            path.substring(0, 20),
            path.substring(20, 40),
            path.substring(40),
            "(continue it with",
            "graft -c)",
            "> typed");
    assertThat(vt.joinedText())
        .as("the rows of the path are one line to the terminal")
        .containsExactly("session saved in", path, "(continue it with", "graft -c)", "> typed");

    editor.lines.set(0, "> typed more");
    tui.render();
    vt.resize(30, 10);
    tui.render();
    assertThat(vt.joinedText())
        .containsExactly("session saved in", path, "(continue it with graft -c)", "> typed more");
  }

  @Test
  void aChangeInASoftlyWrappedRowWritesItsLineAgainFromItsFirstRow() {
    VirtualTerminal vt = new VirtualTerminal(10, 10);
    Tui tui = new Tui(vt);
    Lines live = new Lines();
    live.lines.addAll(Wrap.softLines("see /a/b/c/d/e/f/g/h/i/j/k", 10));
    tui.append(live);
    tui.bottom().add(new Lines("> ed"));
    tui.render();
    live.lines.clear();
    live.lines.addAll(Wrap.softLines("see /a/b/c/d/e/f/g/h/i/j/k/l/m", 10));
    tui.render();
    assertThat(vt.text()).containsExactly("see", "/a/b/c/d/e", "/f/g/h/i/j", "/k/l/m", "> ed");
    assertThat(vt.joinedText()).containsExactly("see", "/a/b/c/d/e/f/g/h/i/j/k/l/m", "> ed");
    // the row that continued the one above is now a line of its own
    live.lines.set(2, "other");
    live.lines.remove(3);
    tui.render();
    assertThat(vt.joinedText()).containsExactly("see", "/a/b/c/d/e", "other", "> ed");
    assertThat(tui.fullRedraws()).isZero();
  }
}
