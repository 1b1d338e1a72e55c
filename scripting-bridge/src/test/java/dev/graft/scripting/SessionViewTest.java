package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ctx.sessionManager: the entries as in the file, fetched once and then only what was appended. */
class SessionViewTest {
  @TempDir Path temp;

  private static final String SCRIPT =
      """
      export default function (pi) {
        let kept = null;
        pi.registerCommand("read", {
          handler: async (args, ctx) => {
            const sm = ctx.sessionManager;
            switch (args) {
              case "all": return {
                entries: sm.getEntries().map(e => e.id),
                branch: sm.getBranch().map(e => e.id),
                from: sm.getBranch("b").map(e => e.id),
                unknown: sm.getBranch("zz").length,
                leafId: sm.getLeafId(),
                leaf: sm.getLeafEntry().message,
                entry: sm.getEntry("b"),
                missing: sm.getEntry("zz") === undefined,
                label: sm.getLabel("a") ?? null,
                noLabel: sm.getLabel("b") === undefined,
                tree: JSON.parse(JSON.stringify(sm.getTree(), (k, v) => k === "entry" ? v.id : v)),
                header: sm.getHeader(),
                file: sm.getSessionFile(),
                id: sm.getSessionId(),
                name: sm.getSessionName() === undefined,
                cwd: sm.getCwd(),
                dir: sm.getSessionDir(),
              };
              case "keep": kept = sm.getBranch(); return kept.length;
              case "same": {
                const now = sm.getBranch();
                return { length: now.length, same: now[0] === kept[0], last: now[now.length - 1].id };
              }
              case "mutate": sm.getBranch()[0].id = "changed"; return "mutated";
              case "ids": return sm.getBranch().map(e => e.id).join(" ");
              case "clear": { const b = sm.getBranch(); b.length = 0; return sm.getBranch().length; }
              case "bad": return sm.getEntry(42);
              case "polluted": {
                Object.prototype.writable = true;
                Object.prototype.set = function () {};
                try {
                  const b = sm.getBranch();
                  const m = b[b.length - 1].message;
                  return Object.getOwnPropertyDescriptor(b[b.length - 1], "message").get.call({}) === m && m.role;
                } finally {
                  delete Object.prototype.writable;
                  delete Object.prototype.set;
                }
              }
              case "same-entries": {
                const a = sm.getBranch(), b = sm.getEntries();
                const e = a[a.length - 1];
                let threw = null;
                try { e.message.extra = 1; } catch (err) { threw = err.constructor.name; }
                let threwEntry = null;
                try { e.message = {}; } catch (err) { threwEntry = err.constructor.name; }
                return {
                  keys: a.map(x => Object.keys(x).join(",")),
                  text: a.map(x => JSON.stringify(x)),
                  spread: JSON.stringify({ ...e }),
                  has: "message" in e && "data" in b[2] && !("data" in e),
                  same: e.message === sm.getBranch()[a.length - 1].message && b[2].data === sm.getEntries()[2].data,
                  frozen: Object.isFrozen(e) && Object.isFrozen(e.message) && Object.isFrozen(b[2].data),
                  threw, threwEntry,
                  // the one difference: a long message is an accessor, parsed when first read
                  lazy: typeof Object.getOwnPropertyDescriptor(e, "message").get === "function"
                    && Object.getOwnPropertyDescriptor(a[0], "message").writable === false,
                };
              }
            }
          },
        });
      }
      """;

  private static JsonNode run(ScriptFixture f, FakeSessionView view, String args) throws Exception {
    return f.engine
        .runCommand("read", args, new EventContext(Json.object(), ScriptUi.NONE, view))
        .get(10, TimeUnit.SECONDS);
  }

  private static FakeSessionView branched() {
    FakeSessionView view = new FakeSessionView();
    view.append(
        "a", "message", "\"message\":{\"role\":\"user\",\"content\":\"hi\",\"timestamp\":1}");
    view.append(
        "b",
        "message",
        "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"yo\"}]}");
    view.append("c", "custom", "\"customType\":\"note\",\"data\":{\"n\":1}");
    view.leaf = "b";
    view.append("d", "message", "\"message\":{\"role\":\"user\",\"content\":\"other\"}");
    view.labels.put("a", "start");
    return view;
  }

  @Test
  void everyReadOfTheReferenceReadonlySessionManagerAnswers() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("read.js", SCRIPT);
      assertThat(f.load().problems()).isEmpty();
      FakeSessionView view = branched();
      JsonNode r = run(f, view, "all");
      assertThat(r.get("entries").toString()).isEqualTo("[\"a\",\"b\",\"c\",\"d\"]");
      assertThat(r.get("branch").toString()).isEqualTo("[\"a\",\"b\",\"d\"]");
      assertThat(r.get("from").toString()).isEqualTo("[\"a\",\"b\"]");
      assertThat(r.get("unknown").asInt()).isZero();
      assertThat(r.get("leafId").asText()).isEqualTo("d");
      assertThat(r.get("leaf").toString()).isEqualTo("{\"role\":\"user\",\"content\":\"other\"}");
      // the entry exactly as its line
      assertThat(r.get("entry")).isEqualTo(ScriptFixture.json(view.lines.get(1)));
      assertThat(r.get("missing").asBoolean()).isTrue();
      assertThat(r.get("label").asText()).isEqualTo("start");
      assertThat(r.get("noLabel").asBoolean()).isTrue();
      assertThat(r.get("tree"))
          .isEqualTo(
              ScriptFixture.json(
                  """
                  [{"entry":"a","children":[{"entry":"b","children":[{"entry":"c","children":[]},{"entry":"d","children":[]}]}],
                    "label":"start","labelTimestamp":"T"}]\
                  """));
      assertThat(r.get("header").get("id").asText()).isEqualTo("s1");
      assertThat(r.get("file").asText()).isEqualTo("/w/s1.jsonl");
      assertThat(r.get("id").asText()).isEqualTo("s1");
      assertThat(r.get("name").asBoolean()).isTrue();
      assertThat(r.get("cwd").asText()).isEqualTo("/w");
      assertThat(r.get("dir").asText()).isEqualTo("/w");
      // one full read, then nothing new to fetch
      assertThat(view.reads.getFirst()).isEqualTo("All 0->0");
      assertThat(view.reads.subList(1, view.reads.size()))
          .allMatch(line -> line.endsWith(" 4->4") || line.startsWith("  "));
    }
  }

  @Test
  void laterReadsFetchOnlyTheAppendedEntriesAndKeepTheObjects() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("read.js", SCRIPT);
      f.load();
      FakeSessionView view = branched();
      assertThat(run(f, view, "keep").asInt()).isEqualTo(3);
      view.append("e", "message", "\"message\":{\"role\":\"assistant\",\"content\":[]}");
      JsonNode r = run(f, view, "same");
      assertThat(r.get("length").asInt()).isEqualTo(4);
      assertThat(r.get("same").asBoolean()).isTrue();
      assertThat(r.get("last").asText()).isEqualTo("e");
      // the second read walks only from the new leaf up to the end of the branch read before
      assertThat(view.reads)
          .containsExactly("Branch 0->0", "  branch after none", "Branch 4->4", "  branch after 3");

      // the leaf moved to another branch: the whole path is walked again
      view.leaf = "c";
      assertThat(run(f, view, "ids").asText()).isEqualTo("a b c");
      assertThat(view.reads.getLast()).isEqualTo("  branch after none");
      view.leaf = "e";
      assertThat(run(f, view, "ids").asText()).isEqualTo("a b d e");
      assertThat(run(f, view, "clear").asInt()).as("the script's array is its own").isEqualTo(4);

      view.replace("g2");
      view.append("x", "message", "\"message\":{\"role\":\"user\",\"content\":\"new\"}");
      r = run(f, view, "same");
      assertThat(r.get("length").asInt()).isEqualTo(1);
      assertThat(r.get("same").asBoolean()).isFalse();
      assertThat(r.get("last").asText()).isEqualTo("x");
      assertThat(view.reads.subList(view.reads.size() - 2, view.reads.size()))
          .containsExactly("Branch 5->0", "  branch after none");
    }
  }

  @Test
  void entriesAreReadOnlyAndBadArgumentsAreTypeErrors() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("read.js", SCRIPT);
      f.load();
      FakeSessionView view = branched();
      assertThatThrownBy(() -> run(f, view, "mutate"))
          .isInstanceOf(ExecutionException.class)
          .hasMessageContaining("TypeError")
          .hasMessageContaining("id");
      assertThatThrownBy(() -> run(f, view, "bad"))
          .isInstanceOf(ExecutionException.class)
          .hasMessageContaining(
              "TypeError: ctx.sessionManager.getEntry: the entry id must be a non-empty string, not a number");
      assertThat(run(f, view, "keep").asInt()).isEqualTo(3);
    }
  }

  @Test
  void entriesReadAsTheirLinesWhetherTheirMessagesAreReadOrNot() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("read.js", SCRIPT);
      f.load();
      FakeSessionView view = branched();
      // values long enough to be read when first used (Split.SMALLEST), one with spaces
      String pad = "x".repeat(SessionViewCalls.Split.SMALLEST);
      view.lines.set(
          2,
          view.lines
              .get(2)
              .replace("\"data\":{\"n\":1}", "\"data\":{\"n\":1,\"pad\":\"" + pad + "\"}"));
      view.lines.set(
          3,
          "{\"type\":\"message\", \"id\":\"d\",\"message\" : {\"role\":\"user\",\"content\":\"a \\\"}"
              + pad
              + "\"},"
              + "\"parentId\":\"b\",\"timestamp\":\"T\"}");
      // a script that changed Object.prototype first reads the same
      assertThat(run(f, view, "polluted").asText()).isEqualTo("user");
      JsonNode r = run(f, view, "same-entries");
      assertThat(r.get("keys").toString())
          .isEqualTo(
              "[\"type,id,parentId,timestamp,message\",\"type,id,parentId,timestamp,message\","
                  + "\"type,id,message,parentId,timestamp\"]");
      for (int i = 0; i < 3; i++) {
        String line = view.lines.get(i == 2 ? 3 : i);
        assertThat(r.get("text").get(i).asText()).isEqualTo(ScriptFixture.json(line).toString());
      }
      assertThat(r.get("spread").asText()).isEqualTo(r.get("text").get(2).asText());
      assertThat(r.get("has").asBoolean()).isTrue();
      assertThat(r.get("same").asBoolean()).isTrue();
      assertThat(r.get("frozen").asBoolean()).isTrue();
      assertThat(r.get("threw").asText()).isEqualTo("TypeError");
      assertThat(r.get("threwEntry").asText()).isEqualTo("TypeError");
      assertThat(r.get("lazy").asBoolean()).isTrue();
    }
  }

  /**
   * Reading a long session is the bridge's work, not the handler's: the first read of 60,000
   * entries takes longer than a spin limit of 150 ms, and the handler is not interrupted for it (it
   * was, and a pruning script on a long session was stopped on its first model call). The command
   * runs once on a short session first, so that what is left of its run is warm and short.
   */
  @Test
  void theFirstReadOfALongSessionDoesNotCountAgainstTheSpinLimit() throws Exception {
    ScriptSettings settings =
        ScriptFixture.quick()
            .withSpinLimit(Duration.ofMillis(150))
            .withHandlerTimeout(Duration.ofSeconds(120));
    try (ScriptFixture f = new ScriptFixture(temp, settings)) {
      f.write(
          "read.js",
          """
          export default function (pi) {
            pi.registerCommand("read", { handler: (args, ctx) => ctx.sessionManager.getEntries().length });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      EventContext shortRun = new EventContext(Json.object(), ScriptUi.NONE, longSession(10));
      assertThat(f.engine.runCommand("read", "", shortRun).get(60, TimeUnit.SECONDS).asInt())
          .isEqualTo(10);
      EventContext longRun = new EventContext(Json.object(), ScriptUi.NONE, longSession(60_000));
      assertThat(f.engine.runCommand("read", "", longRun).get(60, TimeUnit.SECONDS).asInt())
          .isEqualTo(60_000);
    }
  }

  private static FakeSessionView longSession(int entries) {
    FakeSessionView view = new FakeSessionView();
    view.generation = "long-" + entries;
    for (int i = 0; i < entries; i++) {
      view.append(
          "e" + i,
          "message",
          "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"turn "
              + i
              + " of a long session\"}],\"timestamp\":"
              + i
              + "}");
    }
    return view;
  }

  @Test
  void withoutASessionEveryReadIsEmpty() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "read.js",
          """
          export default function (pi) {
            pi.registerCommand("read", { handler: (args, ctx) => {
              const sm = ctx.sessionManager;
              return [sm.getEntries().length, sm.getBranch().length, sm.getLeafId(), sm.getHeader(), sm.getTree().length,
                sm.getLeafEntry() === undefined];
            } });
          }
          """);
      f.load();
      assertThat(
              f.engine
                  .runCommand("read", "", EventContext.EMPTY)
                  .get(10, TimeUnit.SECONDS)
                  .toString())
          .isEqualTo("[0,0,null,null,0,true]");
    }
  }

  @Test
  void aShortEventTimeoutDoesNotCutShortGraftsOwnSlowRead() throws Exception {
    // scripts.eventTimeoutSeconds bounds the scripts' promises. graft's own work in a handler (a
    // session read here; the first script's set-up on a slow machine) keeps the default 30 s.
    FakeSessionView slow =
        new FakeSessionView() {
          @Override
          public synchronized Reply read(String known, int count, Query query) {
            try {
              Thread.sleep(1_500);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return super.read(known, count, query);
          }
        };
    slow.append("a", "message", "\"message\":{\"role\":\"user\",\"content\":\"hi\"}");
    slow.leaf = "a";
    ScriptSettings oneSecond = ScriptSettings.defaults().withHandlerTimeout(Duration.ofSeconds(1));
    try (ScriptFixture f = new ScriptFixture(temp, oneSecond)) {
      f.write("read.js", SCRIPT);
      assertThat(f.load().problems()).isEmpty();
      assertThat(run(f, slow, "ids").asText()).isEqualTo("a");
    }
  }
}
