package dev.graft.cli.views;

import dev.graft.cli.tui.ColorMode;
import dev.graft.cli.tui.TerminalPort;
import dev.graft.cli.tui.Text;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.Tui;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ScriptUi;
import dev.graft.scripting.api.ScriptView;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * graft's side of bench/component-frame.sh: the bench's component (bench/components/component.mjs)
 * drawn by a script as a widget, on graft's terminal UI writing to nowhere (120 by 40). Times
 * frames with no script component, with it unchanged (its lines cached) and with it changing every
 * frame (a render on the script thread each frame, waited for: in the terminal a frame waits 25 ms
 * at most, and draws the last lines meanwhile), and prints the median microseconds of each. Usage:
 * ComponentFrameBench COMPONENT_MJS [FRAMES] [WARMUP].
 */
public final class ComponentFrameBench {
  private ComponentFrameBench() {}

  public static void main(String[] args) throws Exception {
    Path component = Path.of(args[0]);
    int frames = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 500;
    Path dir = Files.createTempDirectory("graft-component-frame");
    Path scripts = Files.createDirectories(dir.resolve("scripts"));
    Files.createDirectories(scripts.resolve("lib"));
    Files.copy(component, scripts.resolve("lib/component.mjs"));
    Files.writeString(
        scripts.resolve("bench.js"),
        """
        import * as pitui from "@mariozechner/pi-tui";
        import * as coding from "@mariozechner/pi-coding-agent";
        import { make } from "./lib/component.mjs";
        export default function (pi) {
          pi.registerCommand("show", { handler: async (args, ctx) => {
            const { component, move } = make(pitui, coding, ctx.ui.theme);
            ctx.ui.setWidget("bench", (tui) => ({
              render(w) {
                globalThis.renders = (globalThis.renders || 0) + 1;
                if (args === "moving" || args === "trivial") {
                  move();
                  tui.requestRender(); // the next frame draws it again
                }
                return args === "trivial" ? ["one line, changed " + globalThis.renders] : component.render(w);
              },
              invalidate() { component.invalidate(); },
            }));
          } });
          pi.registerCommand("renders", { handler: async () => globalThis.renders || 0 });
        }
        """);
    TerminalPort nowhere =
        new TerminalPort() {
          @Override
          public int columns() {
            return 120;
          }

          @Override
          public int rows() {
            return 40;
          }

          @Override
          public void write(String text) {}

          @Override
          public void flush() {}
        };
    ScriptHostPort none =
        (ScriptHostPort)
            Proxy.newProxyInstance(
                ScriptHostPort.class.getClassLoader(),
                new Class<?>[] {ScriptHostPort.class},
                (proxy, method, a) -> {
                  throw new UnsupportedOperationException(method.getName());
                });
    Theme theme = Theme.dark(ColorMode.ANSI256);
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), none, (f, level, text) -> {})) {
      if (!engine.load(ScriptSources.of(scripts)).problems().isEmpty()) {
        throw new IllegalStateException(
            "the bench script did not load: " + engine.load(ScriptSources.of(scripts)).problems());
      }
      Tui tui = new Tui(nowhere);
      engine.useTerminal(new TerminalForScripts(theme, tui::columns, tui::rows));
      tui.append(new Text("a line of the conversation above", 1));
      double none0 = time(tui, frames, warmup);
      ScriptComponent still = widget(engine, tui, theme, "still");
      double stillTime = time(tui, frames, warmup);
      tui.bottom().remove(still);
      still.close();
      widget(engine, tui, theme, "moving");
      int before = renders(engine);
      double moving = time(tui, frames, warmup);
      if (renders(engine) - before < frames) {
        throw new IllegalStateException(
            "the changing component was drawn "
                + (renders(engine) - before)
                + " times in "
                + (frames + warmup)
                + " frames");
      }
      tui.bottom().clear();
      widget(engine, tui, theme, "trivial");
      double trivial = time(tui, frames, warmup);
      System.out.printf(
          Locale.ROOT,
          "none %.1f%nstill %.1f%nmoving %.1f%ntrivial %.1f%n",
          none0,
          stillTime,
          moving,
          trivial);
    }
  }

  private static int renders(ScriptEngine engine) throws Exception {
    return engine.runCommand("renders", "", EventContext.EMPTY).get(30, TimeUnit.SECONDS).asInt();
  }

  /** The widget the script shows for {@code how} ("still", "moving"), in the Tui's bottom. */
  private static ScriptComponent widget(ScriptEngine engine, Tui tui, Theme theme, String how)
      throws Exception {
    LinkedBlockingQueue<ScriptView> views = new LinkedBlockingQueue<>();
    ScriptUi ui =
        new ScriptUi() {
          @Override
          public boolean components() {
            return true;
          }

          @Override
          public void setWidget(String key, ScriptView view, String placement) {
            views.add(view);
          }

          @Override
          public boolean available() {
            return true;
          }

          @Override
          public CompletableFuture<Optional<String>> select(String title, List<String> options) {
            return CompletableFuture.completedFuture(Optional.empty());
          }

          @Override
          public CompletableFuture<Boolean> confirm(String title, String message) {
            return CompletableFuture.completedFuture(false);
          }

          @Override
          public CompletableFuture<Optional<String>> input(String title, String placeholder) {
            return CompletableFuture.completedFuture(Optional.empty());
          }

          @Override
          public void notify(String message, String level) {}
        };
    engine.runCommand("show", how, new EventContext(Json.object(), ui)).get(30, TimeUnit.SECONDS);
    ScriptView view = views.poll(30, TimeUnit.SECONDS);
    // every frame waits for the script's render: the cost of a frame drawn with the component's new
    // lines
    ScriptComponent component =
        new ScriptComponent(
                view,
                ScriptComponent.Place.BOTTOM,
                theme,
                tui,
                p -> {
                  throw new IllegalStateException(p);
                })
            .waitAtMost(Duration.ofSeconds(10));
    tui.bottom().add(component);
    return component;
  }

  /** The median microseconds of a frame, over {@code frames} after {@code warmup}. */
  private static double time(Tui tui, int frames, int warmup) {
    long[] times = new long[frames];
    for (int i = 0; i < warmup + frames; i++) {
      long t = System.nanoTime();
      tui.render();
      if (i >= warmup) {
        times[i - warmup] = System.nanoTime() - t;
      }
    }
    Arrays.sort(times);
    return times[frames / 2] / 1000.0;
  }
}
