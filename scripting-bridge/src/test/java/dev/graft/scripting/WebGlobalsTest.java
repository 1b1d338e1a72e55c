package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The web globals scripts written for Node or a browser use: timers, AbortSignal, text, clones. */
class WebGlobalsTest {
  @TempDir Path temp;

  private static JsonNode answer(List<HandlerOutcome> outcomes) {
    assertThat(outcomes).singleElement().isInstanceOf(HandlerOutcome.Answered.class);
    return ((HandlerOutcome.Answered) outcomes.get(0)).value();
  }

  /**
   * web.js is evaluated when a script first touches one of its globals: until then each is a getter
   * of the prelude's (the prelude's list must name every global web.js defines), and the first
   * touch replaces them all with web.js's own.
   */
  @Test
  void theGlobalsAreMadeWhenFirstTouched() throws Exception {
    Set<String> defined = new TreeSet<>();
    Matcher m = Pattern.compile("\\bglobal\\(\"(\\w+)\"").matcher(resource("web.js"));
    while (m.find()) {
      defined.add(m.group(1));
    }
    assertThat(defined).hasSizeGreaterThan(10);
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "touch.js",
          """
          const names = NAMES;
          const kinds = () => names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n)?.get ? "getter" : typeof globalThis[n]);
          const before = kinds();
          export default function (pi) {
            pi.on("agent_start", () => {
              const still = kinds(); // reading descriptors touches nothing
              const made = typeof structuredClone;
              return { before: [...new Set(before)], still: [...new Set(still)], made, after: [...new Set(kinds())] };
            });
          }
          """
              .replace("NAMES", Json.write(Json.MAPPER.valueToTree(defined))));
      f.load();
      assertThat(answer(f.emit("agent_start", "{}")))
          .isEqualTo(
              ScriptFixture.json(
                  "{\"before\":[\"getter\"],\"still\":[\"getter\"],\"made\":\"function\",\"after\":[\"function\"]}"));
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = WebGlobals.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void timersRunInOrderAndClearedOnesDoNot() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "timers.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              const seen = [];
              const cancelled = setTimeout(() => seen.push("cancelled"), 5);
              clearTimeout(cancelled);
              setTimeout((a, b) => seen.push("late " + a + b), 30, "x", "y");
              setTimeout(() => seen.push("early"), 1);
              queueMicrotask(() => seen.push("micro"));
              let ticks = 0;
              await new Promise((resolve) => {
                const every = setInterval(() => {
                  ticks++;
                  if (ticks === 3) { clearInterval(every); resolve(); }
                }, 5);
              });
              await new Promise((resolve) => setTimeout(resolve, 60));
              return { seen, ticks, unref: typeof setTimeout(() => {}, 1).unref };
            });
          }
          """);
      f.load();
      assertThat(answer(f.emit("agent_start", "{}")))
          .isEqualTo(
              ScriptFixture.json(
                  "{\"seen\":[\"micro\",\"early\",\"late xy\"],\"ticks\":3,\"unref\":\"function\"}"));
    }
  }

  @Test
  void aSpinningTimerCallbackIsInterruptedByTheWatchdogAndReported() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "spin.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => { setTimeout(() => { while (true) {} }, 1); });
            pi.on("agent_end", () => ({ stillHere: true }));
          }
          """);
      f.load();
      assertThat(f.emit("agent_start", "{}"))
          .singleElement()
          .isInstanceOf(HandlerOutcome.Answered.class);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!f.log.all().contains("timer callback") && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(f.log.all())
          .contains("spin.js ERROR a timer callback ran for more than 0.4 s without returning");
      // As for a handler, an interrupted callback does not unload the script.
      assertThat(answer(f.emit("agent_end", "{}")).path("stillHere").asBoolean()).isTrue();
    }
  }

  @Test
  void textStructuredCloneAndAbortControllerBehaveAsOnTheWeb() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "web.js",
          """
          export default function (pi) {
            pi.on("agent_start", () => {
              const bytes = new TextEncoder().encode("héllo €😀");
              const back = new TextDecoder().decode(bytes);
              const m = new Map([["k", { deep: [1, 2] }]]);
              const original = { when: new Date(0), m, list: [1, { a: 2 }] };
              original.self = original;
              const copy = structuredClone(original);
              copy.list[1].a = 99;
              let cloneError;
              try { structuredClone({ f() {} }); } catch (e) { cloneError = e.name; }
              const c = new AbortController();
              const heard = [];
              c.signal.addEventListener("abort", () => heard.push("listener"));
              c.signal.onabort = () => heard.push("onabort");
              c.abort();
              c.abort();
              let thrown;
              try { c.signal.throwIfAborted(); } catch (e) { thrown = e.name; }
              return {
                length: bytes.length, back, sameShape: copy.self === copy && copy.m.get("k").deep[1] === 2,
                originalKept: original.list[1].a, date: copy.when instanceof Date, cloneError,
                aborted: c.signal.aborted, heard, thrown, already: AbortSignal.abort().aborted,
              };
            });
          }
          """);
      f.load();
      assertThat(answer(f.emit("agent_start", "{}")))
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"length":14,"back":"héllo €😀","sameShape":true,"originalKept":2,"date":true,"cloneError":"DataCloneError",
                   "aborted":true,"heard":["onabort","listener"],"thrown":"AbortError","already":true}
                  """));
    }
  }

  @Test
  void anAbortListenerThatThrowsOrStopsTheEventDoesNotKeepTheProgramRunningAndIsReported()
      throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp, ScriptFixture.quick())) {
      f.write(
          "abort.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              const broken = new AbortController();
              broken.signal.onabort = () => { throw new Error("onabort broke"); };
              broken.signal.addEventListener("abort", () => { throw new Error("listener broke"); });
              const heard = [];
              broken.signal.addEventListener("abort", () => heard.push("later listener"));
              const one = pi.exec("sleep", ["100"], { signal: broken.signal });
              const greedy = new AbortController();
              greedy.signal.addEventListener("abort", (e) => e.stopImmediatePropagation());
              const two = pi.exec("sleep", ["200"], { signal: greedy.signal });
              let abortThrew = "no";
              setTimeout(() => {
                try { broken.abort(); } catch (e) { abortThrew = e.message; }
                greedy.abort();
              }, 5);
              const results = await Promise.all([one, two]);
              return { killed: results.map((r) => r.killed), heard, abortThrew };
            });
          }
          """);
      f.load();
      CompletableFuture<List<HandlerOutcome>> emitting =
          CompletableFuture.supplyAsync(() -> f.emit("agent_start", "{}"));
      CompletableFuture<JsonNode> first = f.host.nextExec();
      CompletableFuture<JsonNode> second = f.host.nextExec();
      List<HandlerOutcome> outcomes = emitting.get(20, TimeUnit.SECONDS);
      assertThat(first.isCancelled())
          .as("the program of the signal whose listener threw was killed; log: " + f.log.all())
          .isTrue();
      assertThat(second.isCancelled())
          .as("the program of the signal whose listener stopped the event was killed")
          .isTrue();
      assertThat(answer(outcomes))
          .isEqualTo(
              ScriptFixture.json(
                  "{\"killed\":[true,true],\"heard\":[\"later listener\"],\"abortThrew\":\"no\"}"));
      assertThat(f.log.all())
          .contains(
              "abort.js ERROR an \"abort\" event listener failed: Error: onabort broke (at abort.js:4)")
          .contains(
              "abort.js ERROR an \"abort\" event listener failed: Error: listener broke (at abort.js:5)");
    }
  }

  @Test
  void anAbortedSignalKillsAnExecAndCancellingAToolAbortsItsSignal() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "abort.js",
          """
          export default function (pi) {
            pi.on("agent_start", async () => {
              const c = new AbortController();
              const running = pi.exec("sleep", ["100"], { signal: c.signal, timeout: 200000 });
              setTimeout(() => c.abort(), 5);
              return await running;
            });
            pi.registerTool({
              name: "wait", description: "waits for its abort",
              async execute(id, params, signal) {
                await new Promise((resolve) => signal.addEventListener("abort", resolve));
                pi.appendEntry("tool-aborted", { aborted: signal.aborted });
                return { content: [] };
              },
            });
          }
          """);
      f.load();
      CompletableFuture<List<HandlerOutcome>> emitting =
          CompletableFuture.supplyAsync(() -> f.emit("agent_start", "{}"));
      CompletableFuture<JsonNode> exec = f.host.nextExec();
      assertThat(answer(emitting.get(10, TimeUnit.SECONDS)))
          .isEqualTo(
              ScriptFixture.json("{\"stdout\":\"\",\"stderr\":\"\",\"code\":0,\"killed\":true}"));
      assertThat(exec.isCancelled())
          .as("the host's exec was cancelled (the process killed)")
          .isTrue();
      assertThat(f.host.calls).contains("exec sleep [100] {\"timeout\":200000}");

      CompletableFuture<JsonNode> tool =
          f.engine.runTool("wait", "call_1", Json.object(), EventContext.EMPTY);
      Thread.sleep(100);
      tool.cancel(true);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (f.host.calls.stream().noneMatch(c -> c.contains("tool-aborted"))
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(f.host.calls)
          .anySatisfy(c -> assertThat(c).contains("tool-aborted").contains("\"aborted\":true"));
    }
  }
}
