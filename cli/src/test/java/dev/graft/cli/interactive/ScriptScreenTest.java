package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.tui.Component;
import dev.graft.cli.tui.Container;
import dev.graft.cli.tui.KeyDecoder;
import dev.graft.cli.tui.TerminalPort;
import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.Tui;
import dev.graft.cli.ui.TerminalUi;
import dev.graft.cli.views.TerminalForScripts;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptUi;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What scripts draw, on the terminal UI with a real script engine (no pseudo-terminal): a dialog's
 * keys, the escape from a dialog that never lets the user go, and hostile components — a render
 * that throws, spins, answers too much or the wrong thing, a handleInput that spins, frames asked
 * for in a loop — none of which stops the UI drawing or its keys.
 */
class ScriptScreenTest {
  @TempDir Path dir;
  private final LinkedBlockingQueue<Integer> keys = new LinkedBlockingQueue<>();
  private final List<String> frames = new ArrayList<>();
  private final List<String> transcript = new ArrayList<>();
  private Tui tui;
  private TerminalUi ui;
  private ScriptEngine engine;
  private ScriptUi scriptUi;
  private final Container slot = new Container();
  private final Text editor = new Text("> editor", 0);
  private ScriptCommands.ScreenState state = ScriptCommands.ScreenState.NONE;

  @AfterEach
  void close() {
    if (ui != null) {
      ui.close();
      tui.stop();
    }
    if (engine != null) {
      engine.close();
    }
  }

  private void start(String script, ScriptSettings settings) throws Exception {
    Path scripts = Files.createDirectories(dir.resolve("scripts"));
    Files.writeString(scripts.resolve("drawn.js"), script);
    TerminalPort port =
        new TerminalPort() {
          @Override
          public int columns() {
            return 60;
          }

          @Override
          public int rows() {
            return 20;
          }

          @Override
          public void write(String text) {}

          @Override
          public void flush() {}
        };
    tui = new Tui(port);
    Theme theme = Theme.plain();
    slot.add(editor);
    ui =
        new TerminalUi(
            tui,
            theme,
            new TerminalUi.Place() {
              @Override
              public void open(Component dialog) {
                slot.clear();
                slot.add(dialog);
                tui.setFocus(dialog);
              }

              @Override
              public void close(Component dialog) {
                slot.clear();
                slot.add(editor);
                tui.setFocus(null);
              }

              @Override
              public void record(String line) {
                synchronized (transcript) {
                  transcript.add(line);
                }
              }

              @Override
              public void statusesChanged() {}
            });
    ScriptScreen screen =
        new ScriptScreen(tui, theme, ui, new Text("graft's footer", 0), dir, () -> 1, v -> {});
    tui.bottom().add(screen.above());
    tui.bottom().add(slot);
    tui.bottom().add(screen.below());
    tui.bottom().add(screen.footerSlot());
    tui.start(timeout -> {
      try {
        Integer c = keys.poll(timeout, TimeUnit.MILLISECONDS);
        return c == null ? KeyDecoder.TIMEOUT : c;
      } catch (InterruptedException e) {
        return KeyDecoder.EOF;
      }
    });
    ScriptHostPort none =
        (ScriptHostPort)
            Proxy.newProxyInstance(
                ScriptHostPort.class.getClassLoader(),
                new Class<?>[] {ScriptHostPort.class},
                (proxy, method, args) -> {
                  throw new UnsupportedOperationException(method.getName());
                });
    engine = ScriptEngine.start(settings, none, (ScriptLog) (f, level, text) -> {});
    LoadReport report = engine.load(ScriptSources.of(scripts));
    assertThat(report.problems()).isEmpty();
    engine.useTerminal(new TerminalForScripts(theme, tui::columns, tui::rows));
    scriptUi =
        ScriptCommands.ui(
            ui,
            new ScriptCommands.ScreenActions(
                t -> {}, w -> {}, v -> {}, (f, i) -> {}, e -> {}, () -> {}, screen),
            state);
  }

  private CompletableFuture<JsonNode> command(String name, String args) {
    return engine.runCommand(name, args, new EventContext(Json.object(), scriptUi));
  }

  /** The bottom of the screen, drawn on the UI thread: a frame's lines as they would be drawn. */
  private String bottom() {
    return String.join("\n", tui.call(() -> tui.bottom().render(60)));
  }

  /**
   * Waits until the bottom of the screen, or the same with its lines joined by spaces, satisfies
   * {@code condition}.
   */
  private void until(Predicate<String> condition, String what) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    String last = "";
    while (System.nanoTime() < end) {
      last = bottom();
      if (condition.test(last) || condition.test(last.replaceAll("\\s+", " "))) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("waited for " + what + "; the bottom shows:\n" + last);
  }

  private void press(String sequence) {
    sequence.chars().forEach(keys::add);
  }

  private List<String> transcript() {
    synchronized (transcript) {
      return List.copyOf(transcript);
    }
  }

  private static final String SCRIPT =
      """
      import { matchesKey, Key, truncateToWidth } from "@mariozechner/pi-tui";
      export default function (pi) {
        pi.registerCommand("ask", { handler: async (args, ctx) => {
          const r = await ctx.ui.custom((tui, theme, kb, done) => {
            let i = 0;
            const items = ["yes", "no"];
            return {
              render: (w) => ["Proceed? " + args, ...items.map((x, j) => (j === i ? "> " : "  ") + x)],
              handleInput(data) {
                if (matchesKey(data, Key.down)) { i = 1; tui.requestRender(); }
                else if (matchesKey(data, Key.enter)) done(items[i]);
              },
              invalidate() {},
            };
          });
          ctx.ui.notify("answer " + r, "info");
        } });
        pi.registerCommand("stubborn", { handler: async (args, ctx) => {
          const r = await ctx.ui.custom(() => ({ render: () => ["I keep the keys"], handleInput() {}, invalidate() {} }));
          ctx.ui.notify("stubborn gave " + r, "info");
        } });
        pi.registerCommand("widget", { handler: async (args, ctx) => {
          let renders = 0;
          ctx.ui.setWidget("w", (tui) => ({
            render(w) {
              renders++;
              if (args === "loop") tui.requestRender();
              switch (args) {
                case "throws": throw new Error("widget broke");
                case "spins": for (;;) {}
                case "strings": return ["ok", { not: "a string" }];
                case "tall": return Array.from({ length: 500 }, (_, i) => "row " + i);
                case "wide": return ["\\x1b[2J\\x1b[H" + "x".repeat(100000)];
                default: return ["widget drew " + renders];
              }
            },
            invalidate() {},
          }), { placement: args === "below" ? "belowEditor" : "aboveEditor" });
          globalThis.renders = () => renders;
        } });
        pi.registerCommand("renders", { handler: async () => globalThis.renders() });
        pi.registerCommand("keyspin", { handler: async (args, ctx) => {
          await ctx.ui.custom(() => ({ render: () => ["press a key"], handleInput() { for (;;) {} }, invalidate() {} }));
          ctx.ui.notify("keyspin left", "info");
        } });
      }
      """;

  @Test
  void aDialogTakesKeysThroughTheScriptAndResolvesWithItsAnswer() throws Exception {
    start(SCRIPT, ScriptSettings.defaults());
    command("ask", "now");
    until(s -> s.contains("Proceed? now\n> yes\n  no"), "the dialog");
    press("\033[B");
    until(s -> s.contains("  yes\n> no"), "the second line chosen");
    press("\r");
    until(s -> s.contains("> editor"), "the editor back");
    assertThat(waitFor(() -> transcript().stream().anyMatch(l -> l.contains("answer no"))))
        .isTrue();
  }

  @Test
  void escTwiceLeavesADialogWhoseScriptNeverLetsGo() throws Exception {
    start(SCRIPT, ScriptSettings.defaults());
    command("stubborn", "");
    until(s -> s.contains("I keep the keys"), "the dialog");
    press("\033");
    until(
        s -> s.contains("I keep the keys\nEsc again closes it"),
        "the first Esc, the script's, and the hint");
    press("\033");
    until(s -> s.contains("> editor"), "the editor back after the second Esc");
    assertThat(
            waitFor(
                () -> transcript().stream().anyMatch(l -> l.contains("stubborn gave undefined"))))
        .isTrue();
  }

  @Test
  void aHandleInputThatSpinsDoesNotHoldTheUiAndOneEscLeaves() throws Exception {
    start(SCRIPT, ScriptSettings.defaults().withSpinLimit(Duration.ofSeconds(5)));
    command("keyspin", "");
    until(s -> s.contains("press a key"), "the dialog");
    press("x");
    Thread.sleep(ScriptComponentWait.STALL_MILLIS);
    press("\033");
    // the script thread spins for 5 s: the Esc is graft's, at once
    until(s -> s.contains("> editor"), "the editor back while the script still spins");
  }

  @Test
  void aWidgetThatThrowsShowsAnErrorLineReportedOnce() throws Exception {
    start(SCRIPT, ScriptSettings.defaults());
    command("widget", "throws").get(10, TimeUnit.SECONDS);
    until(
        s -> s.contains("✗ ") && s.contains("widget \"w\"'s render failed: Error: widget broke"),
        "the error line");
    assertThat(
            waitFor(
                () -> transcript().stream().filter(l -> l.contains("widget broke")).count() == 1))
        .isTrue();
    tui.call(() -> {
      tui.bottom().invalidate();
      return null;
    });
    until(s -> s.contains("widget broke"), "the error line again");
    Thread.sleep(300);
    assertThat(transcript().stream().filter(l -> l.contains("widget broke")).count())
        .as("reported once")
        .isEqualTo(1);
    assertThat(bottom()).contains("> editor", "graft's footer");
  }

  @Test
  void aWidgetThatSpinsIsReplacedByANoticeAndTheUiGoesOn() throws Exception {
    start(SCRIPT, ScriptSettings.defaults().withSpinLimit(Duration.ofMillis(500)));
    command("widget", "spins").get(10, TimeUnit.SECONDS);
    long start = System.nanoTime();
    // frames go on while it spins: each takes at most a moment
    for (int i = 0; i < 5; i++) {
      long t = System.nanoTime();
      assertThat(bottom()).contains("> editor");
      assertThat(Duration.ofNanos(System.nanoTime() - t)).isLessThan(Duration.ofMillis(500));
    }
    until(s -> s.contains("⚠ ") && s.contains("render ran for more than 0.5 s"), "the notice");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
    assertThat(bottom().replaceAll("\\s+", " ")).contains("widget \"w\" is shown no more");
  }

  @Test
  void whatAWidgetDrawsIsCheckedCutAndCleaned() throws Exception {
    start(SCRIPT, ScriptSettings.defaults());
    command("widget", "strings").get(10, TimeUnit.SECONDS);
    until(
        s -> s.contains("returned an object as line 2, not a string"),
        "the error for a line that is not a string");
    command("widget", "tall").get(10, TimeUnit.SECONDS);
    until(
        s -> s.contains("row 8\n… 491 more lines not shown"),
        "a tall widget held to half the screen");
    command("widget", "wide").get(10, TimeUnit.SECONDS);
    until(s -> s.contains("xxxx"), "the wide widget");
    String shown = bottom();
    assertThat(shown.lines().filter(l -> l.startsWith("xxx")).findFirst().orElseThrow())
        .isEqualTo("x".repeat(60));
    assertThat(shown).doesNotContain("\033[2J").doesNotContain("\033[H");
  }

  @Test
  void framesAWidgetAsksForInALoopAreCappedByTheFrameRate() throws Exception {
    start(SCRIPT, ScriptSettings.defaults());
    command("widget", "loop").get(10, TimeUnit.SECONDS);
    until(s -> s.contains("widget drew"), "the widget");
    int before = command("renders", "").get(10, TimeUnit.SECONDS).asInt();
    Thread.sleep(1000);
    int after = command("renders", "").get(10, TimeUnit.SECONDS).asInt();
    // a render asking for the next one draws at most at the UI's frame rate (16 ms a frame)
    assertThat(after - before).isBetween(1, 70);
  }

  private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /**
   * How long a key waits for the script thread before its view counts as stalled
   * (ScriptViews.STALL), and a margin.
   */
  static final class ScriptComponentWait {
    static final long STALL_MILLIS = 400;
  }

  @Test
  void aThemeAScriptGetsByNameDrawsInGraftsColours() throws Exception {
    state =
        new ScriptCommands.ScreenState() {
          @Override
          public String editorText() {
            return "";
          }

          @Override
          public List<ScriptUi.ThemeEntry> themes() {
            return List.of(
                new ScriptUi.ThemeEntry("dark", Optional.empty()),
                new ScriptUi.ThemeEntry("light", Optional.empty()));
          }

          @Override
          public Optional<String> setTheme(String name) {
            return Optional.empty();
          }

          @Override
          public boolean toolsExpanded() {
            return false;
          }

          @Override
          public void setToolsExpanded(boolean expanded) {}
        };
    start(
        """
        export default function (pi) {
          pi.registerCommand("themes", { handler: async (args, ctx) => {
            const light = ctx.ui.getTheme("light");
            ctx.ui.notify("theme " + light.name + " " + light.fg("accent", "word") + " "
              + light.bold("b") + " " + ctx.ui.getTheme("nope") + " "
              + ctx.ui.getAllThemes().map((t) => t.name).join(","), "info");
          } });
        }
        """,
        ScriptSettings.defaults());
    command("themes", "").get(20, TimeUnit.SECONDS);
    assertThat(
            waitFor(() ->
                transcript().stream()
                    .anyMatch(l -> l.contains("theme light word b undefined dark,light"))))
        .as("the notice, in %s", transcript())
        .isTrue();
  }
}
