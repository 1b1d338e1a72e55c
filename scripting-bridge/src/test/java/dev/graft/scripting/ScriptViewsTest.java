package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptTerminal;
import dev.graft.scripting.api.ScriptView;
import dev.graft.scripting.api.ThemeRoles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The components scripts draw: ctx.ui.custom with its keys and done(), widgets, footer and header
 * as views, message renderers returning components, the theme from graft's palette, and what a
 * hostile component gets (a render that throws, spins, answers the wrong thing or too much; a
 * handleInput that spins; frames asked for in a loop).
 */
class ScriptViewsTest {
  @TempDir Path temp;

  private static final String PICKER =
      """
      import { matchesKey } from "@mariozechner/pi-tui";
      export default function (pi) {
        pi.registerCommand("pick", { handler: async (args, ctx) => {
          let made = false;
          const r = await ctx.ui.custom((tui, theme, kb, done) => {
            made = true;
            let i = 0;
            const items = ["a", "b", "c"];
            return {
              render(w) { return items.map((x, j) => (j === i ? "> " : "  ") + x); },
              handleInput(data) {
                if (matchesKey(data, "down")) { i++; tui.requestRender(); }
                else if (matchesKey(data, "enter")) done(items[i]);
                else if (kb.matches(data, "tui.select.cancel")) done(null);
              },
              invalidate() {},
            };
          });
          return "picked " + JSON.stringify(r) + (made ? "" : " (no factory)");
        } });
      }
      """;

  /** Waits until {@code condition} holds, at most {@code seconds}; fails the test otherwise. */
  static void until(int seconds, BooleanSupplier condition) throws InterruptedException {
    until(seconds, condition, () -> "");
  }

  /** As {@link #until(int, BooleanSupplier)}, the failure saying {@code what} was seen. */
  static void until(int seconds, BooleanSupplier condition, Supplier<String> seen)
      throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("not so within " + seconds + " s " + seen.get());
      }
      Thread.sleep(10);
    }
  }

  private static EventContext ctx(ViewUi ui) {
    return new EventContext(Json.object(), ui);
  }

  @Test
  void customDrawsTheComponentTakesKeysAndResolvesWithWhatDoneIsGiven() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("pick.js", PICKER);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      CompletableFuture<JsonNode> result = f.engine.runCommand("pick", "", ctx(ui));
      ScriptView view = ui.nextCustom();
      assertThat(view.what()).isEqualTo("the ctx.ui.custom component");
      assertThat(ViewUi.lines(view, 40)).containsExactly("> a", "  b", "  c");
      view.input("\033[B");
      until(5, () -> ui.changes.get() >= 1);
      assertThat(ViewUi.lines(view, 40)).containsExactly("  a", "> b", "  c");
      view.input("\r");
      assertThat(result.get(5, TimeUnit.SECONDS).asText()).isEqualTo("picked \"b\"");
      until(5, view::closed);
      assertThat(ui.closings).containsExactly("the ctx.ui.custom component: by the script");
      assertThat(view.render(40, Duration.ofSeconds(1)))
          .isInstanceOf(ScriptView.Frame.Closed.class);
    }
  }

  @Test
  void graftClosingTheComponentResolvesItsPromiseAsTheUserLeft() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("pick.js", PICKER);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      CompletableFuture<JsonNode> dismissed = f.engine.runCommand("pick", "", ctx(ui));
      ui.nextCustom().close(Optional.empty());
      assertThat(dismissed.get(5, TimeUnit.SECONDS).asText()).isEqualTo("picked undefined");
      CompletableFuture<JsonNode> answered = f.engine.runCommand("pick", "", ctx(ui));
      ui.nextCustom().close(Optional.of(ScriptFixture.json("{\"by\":\"test\"}")));
      assertThat(answered.get(5, TimeUnit.SECONDS).asText()).isEqualTo("picked {\"by\":\"test\"}");
    }
  }

  @Test
  void withoutComponentsCustomResolvesUndefinedAndTheFactoryIsNotCalled() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("pick.js", PICKER);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(false);
      assertThat(f.engine.runCommand("pick", "", ctx(ui)).get(5, TimeUnit.SECONDS).asText())
          .isEqualTo("picked undefined (no factory)");
      assertThat(ui.events).isEmpty();
    }
  }

  private static final String HOSTILE =
      """
      export default function (pi) {
        pi.registerCommand("show", { handler: async (args, ctx) => {
          await ctx.ui.custom((tui, theme, kb, done) => ({
            render(w) {
              switch (args) {
                case "throws": throw new Error("cannot draw");
                case "spins": for (;;) {}
                case "object": return { lines: 1 };
                case "number-line": return ["ok", 42];
                case "many": return Array.from({ length: 100000 }, (_, i) => "line " + i);
                case "wide": return ["x".repeat(10000000)];
                case "newline": return ["one\\ntwo"];
                default: return ["fine"];
              }
            },
            handleInput(data) {
              if (args === "input-spins") for (;;) {}
              if (args === "input-throws") throw new TypeError("bad key " + JSON.stringify(data));
              if (args === "loop") for (let i = 0; i < 100000; i++) tui.requestRender();
            },
            invalidate() {},
          }));
          return "closed";
        } });
        pi.registerCommand("alive", { handler: async () => "still here" });
      }
      """;

  private ScriptView show(ScriptFixture f, ViewUi ui, String what) throws InterruptedException {
    f.engine.runCommand("show", what, ctx(ui));
    return ui.nextCustom();
  }

  @Test
  void aRenderThatThrowsOrAnswersTheWrongThingIsAFailureNamingTheScript() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("hostile.js", HOSTILE);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      assertThat(failure(show(f, ui, "throws")))
          .isEqualTo(
              new ScriptView.Frame.Failed(
                  f.dir.resolve("hostile.js")
                      + ": the ctx.ui.custom component's render failed: Error: cannot draw (at hostile.js:6)",
                  false));
      assertThat(((ScriptView.Frame.Failed) failure(show(f, ui, "object"))).problem())
          .endsWith("render(40) returned an object, not an array of strings");
      assertThat(((ScriptView.Frame.Failed) failure(show(f, ui, "number-line"))).problem())
          .endsWith("render(40) returned the number 42 as line 2, not a string");
      // a failure is the view's own: the script goes on
      assertThat(f.engine.runCommand("alive", "", ctx(ui)).get(5, TimeUnit.SECONDS).asText())
          .isEqualTo("still here");
    }
  }

  private static ScriptView.Frame failure(ScriptView view) {
    return view.render(40, Duration.ofSeconds(5));
  }

  @Test
  void tooManyLinesAndLinesTooLongAreCutAndANewlineInALineIsASpace() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("hostile.js", HOSTILE);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      ScriptView.Frame.Lines many =
          (ScriptView.Frame.Lines) show(f, ui, "many").render(40, Duration.ofSeconds(5));
      assertThat(many.lines()).hasSize(2000).endsWith("line 1999");
      assertThat(many.cut()).isEqualTo(98000);
      ScriptView.Frame.Lines wide =
          (ScriptView.Frame.Lines) show(f, ui, "wide").render(40, Duration.ofSeconds(5));
      assertThat(wide.lines().get(0)).hasSize(4096 + 32 * 40);
      assertThat(ViewUi.lines(show(f, ui, "newline"), 40)).containsExactly("one two");
    }
  }

  @Test
  void aRenderThatSpinsIsInterruptedAndTheComponentEndsButNotItsScript() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("hostile.js", HOSTILE);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      ScriptView view = show(f, ui, "spins");
      long start = System.nanoTime();
      // the UI does not wait for it: a short wait comes back late
      assertThat(view.render(40, Duration.ofMillis(30))).isInstanceOf(ScriptView.Frame.Late.class);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(500));
      until(10, view::closed);
      assertThat(view.ended())
          .hasValueSatisfying(p ->
              assertThat(p)
                  .contains(
                      "hostile.js: the ctx.ui.custom component's render ran for more than 0.4 s without returning")
                  .endsWith("the ctx.ui.custom component is shown no more"));
      assertThat(ui.closings).hasSize(1);
      assertThat(view.render(40, Duration.ofSeconds(1)))
          .isInstanceOf(ScriptView.Frame.Closed.class);
      assertThat(f.engine.runCommand("alive", "", ctx(ui)).get(5, TimeUnit.SECONDS).asText())
          .isEqualTo("still here");
    }
  }

  @Test
  void aHandleInputThatSpinsEndsTheComponentAndOneThatThrowsIsReported() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write("hostile.js", HOSTILE);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      ScriptView throwing = show(f, ui, "input-throws");
      throwing.input("x");
      until(5, () -> !ui.problems.isEmpty());
      assertThat(ui.problems.get(0))
          .contains(
              "hostile.js: the ctx.ui.custom component's handleInput failed:"
                  + " TypeError: bad key \"x\"");
      assertThat(throwing.closed()).isFalse();
      ScriptView spinning = show(f, ui, "input-spins");
      spinning.input("x");
      until(2, spinning::stalled);
      until(10, spinning::closed);
      assertThat(spinning.ended())
          .hasValueSatisfying(p -> assertThat(p).contains("handleInput ran for more than 0.4 s"));
      assertThat(f.engine.runCommand("alive", "", ctx(ui)).get(5, TimeUnit.SECONDS).asText())
          .isEqualTo("still here");
    }
  }

  @Test
  void framesAskedForInATightLoopComeAsOne() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("hostile.js", HOSTILE);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      ScriptView view = show(f, ui, "loop");
      ViewUi.lines(view, 40);
      int before = ui.changes.get();
      view.input("x");
      until(5, () -> ui.changes.get() > before);
      Thread.sleep(200); // nothing more is on its way
      // one for the frame it asked for 100,000 times, one because a key was handled
      assertThat(ui.changes.get() - before).isLessThanOrEqualTo(2);
    }
  }

  @Test
  void aFrameAskedForDuringARenderTheUiStoppedWaitingForIsNotLost() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "slow.js",
          """
          export default function (pi) {
            pi.registerCommand("slow", { handler: async (args, ctx) => {
              let n = 0;
              ctx.ui.setWidget("slow", (tui) => ({
                render(w) {
                  n++;
                  if (n === 1) { const end = Date.now() + 300; while (Date.now() < end) {} }
                  tui.requestRender(); // always: it animates
                  return ["drawn " + n];
                },
                invalidate() {},
              }));
            } });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      f.engine.runCommand("slow", "", ctx(ui)).get(5, TimeUnit.SECONDS);
      ScriptView view = ui.nextWidget();
      assertThat(view.render(40, Duration.ofMillis(10))).isInstanceOf(ScriptView.Frame.Late.class);
      until(5, () -> ui.changes.get() >= 2); // it asked for a frame, and the late render came
      int before = ui.changes.get();
      // the frame that takes the late render's lines is told that another is due (the UI had reset
      // its flag)
      assertThat(view.render(40, Duration.ofSeconds(5)))
          .isEqualTo(new ScriptView.Frame.Lines(List.of("drawn 1"), 0));
      assertThat(ui.changes.get()).isGreaterThan(before);
      assertThat(ViewUi.lines(view, 40)).containsExactly("drawn 2");
    }
  }

  @Test
  void widgetsFootersAndHeadersFromFactoriesAreViewsAndAReplacedOneEnds() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "slots.js",
          """
          export default function (pi) {
            pi.registerCommand("slots", { handler: async (args, ctx) => {
              ctx.ui.setWidget("todo", (tui, theme) => ({ render: (w) => ["todo at " + w], invalidate() {} }),
                { placement: "belowEditor" });
              ctx.ui.setFooter((tui, theme, data) => ({
                render: (w) => [data.getGitBranch() + " " + JSON.stringify([...data.getExtensionStatuses()])
                  + " " + data.getAvailableProviderCount()],
                invalidate() {},
              }));
              ctx.ui.setHeader((tui, theme) => ({ render: () => ["my header"], invalidate() {} }));
            } });
            pi.registerCommand("unset", { handler: async (args, ctx) => {
              ctx.ui.setWidget("todo", ["plain now"]);
              ctx.ui.setFooter(undefined);
              ctx.ui.setHeader(undefined);
            } });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      ViewUi ui = new ViewUi(true);
      f.engine.runCommand("slots", "", ctx(ui)).get(5, TimeUnit.SECONDS);
      ScriptView widget = ui.nextWidget();
      assertThat(widget.what()).isEqualTo("widget \"todo\"");
      assertThat(ViewUi.lines(widget, 33)).containsExactly("todo at 33");
      assertThat(ViewUi.lines(ui.footer.orElseThrow(), 80))
          .containsExactly("main [[\"mode\",\"plan\"]] 2");
      assertThat(ViewUi.lines(ui.header.orElseThrow(), 80)).containsExactly("my header");
      ScriptView footer = ui.footer.orElseThrow();
      ScriptView header = ui.header.orElseThrow();
      f.engine.runCommand("unset", "", ctx(ui)).get(5, TimeUnit.SECONDS);
      assertThat(ui.events)
          .containsExactly(
              "widget todo belowEditor",
              "footer true",
              "header true",
              "widget lines todo Optional[[plain now]]",
              "footer false",
              "header false");
      until(5, () -> widget.closed() && footer.closed() && header.closed());
    }
  }

  @Test
  void aMessageRendererMayReturnAComponentDrawnInGraftsPalette() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "render.js",
          """
          import { Box, Text } from "@mariozechner/pi-tui";
          export default function (pi) {
            pi.registerMessageRenderer("status", (message, { expanded }, theme) => {
              const box = new Box(1, 0, (t) => theme.bg("customMessageBg", t));
              box.addChild(new Text(theme.fg("accent", "[" + message.content + "]") + (expanded ? " more" : ""), 0, 0));
              return box;
            });
            pi.registerMessageRenderer("wrong", (message, options, theme) => theme.fg("nonsense", "x"));
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      f.engine.useTerminal(
          new TestTerminal(Map.of("accent", "\033[31m"), Map.of("customMessageBg", "\033[44m")));
      JsonNode message =
          ScriptFixture.json(
              "{\"role\":\"custom\",\"customType\":\"status\",\"content\":\"ok\","
                  + "\"display\":true,\"timestamp\":1}");
      MessageRendering r =
          f.engine.renderMessage(message, true, Duration.ofSeconds(5)).orElseThrow();
      ScriptView view = ((MessageRendering.View) r).view();
      assertThat(ViewUi.lines(view, 12))
          .containsExactly("\033[44m \033[31m[ok]\033[39m more  \033[49m");
      view.close(Optional.empty());
      MessageRendering wrong =
          f.engine
              .renderMessage(
                  ScriptFixture.json(
                      "{\"role\":\"custom\",\"customType\":\"wrong\","
                          + "\"content\":\"x\",\"display\":true,\"timestamp\":1}"),
                  false,
                  Duration.ofSeconds(5))
              .orElseThrow();
      assertThat(((MessageRendering.Failed) wrong).problem())
          .contains("Unknown theme color: nonsense");
    }
  }

  /** A terminal with the given colours (the other roles without), 100 by 30. */
  record TestTerminal(Map<String, String> fg, Map<String, String> bg) implements ScriptTerminal {
    @Override
    public String themeName() {
      return "test";
    }

    @Override
    public String colorMode() {
      return "256color";
    }

    @Override
    public Map<String, String> foreground() {
      Map<String, String> all = new HashMap<>(ThemeRoles.uncoloured());
      all.putAll(fg);
      return all;
    }

    @Override
    public Map<String, String> background() {
      Map<String, String> all = new HashMap<>(ThemeRoles.uncoloured());
      all.putAll(bg);
      return all;
    }

    @Override
    public int columns() {
      return 100;
    }

    @Override
    public int rows() {
      return 30;
    }

    @Override
    public List<String> markdown(String text, int width) {
      return List.of("md:" + text + "@" + width);
    }
  }
}
