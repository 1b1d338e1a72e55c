package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ScriptedProvider;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.MessageRendering;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * registerMessageRenderer, ctx.reminders (a context handler's) and ctx.modelRegistry, through the
 * engine.
 */
class RenderersRemindersModelsTest {
  @TempDir Path temp;

  private static final Duration WAIT = Duration.ofMillis(500);

  private static JsonNode custom(String type, String text) {
    return Json.object()
        .put("role", "custom")
        .put("customType", type)
        .put("content", text)
        .put("display", true)
        .put("timestamp", 1);
  }

  @Test
  void aRendererGivesTextAndEveryFailureFallsBackWithANote() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "render.js",
          """
          export default function (pi) {
            pi.registerMessageRenderer("todo", (message, options, theme) =>
              theme.bold("TODO") + " " + message.content + (options.expanded ? "\\n  (expanded)" : ""));
            pi.registerMessageRenderer("boom", () => { throw new Error("no luck"); });
            pi.registerMessageRenderer("number", () => 42);
            pi.registerMessageRenderer("plain", () => undefined);
            pi.registerMessageRenderer("never", () => new Promise(() => {}));
          }
          """);
      f.write(
          "second.js",
          """
          export default function (pi) { pi.registerMessageRenderer("todo", () => "second"); }
          """);
      assertThat(f.load().problems()).isEmpty();
      assertThat(f.engine.renderMessage(custom("todo", "write tests"), false, WAIT))
          .contains(new MessageRendering.Text("TODO write tests"));
      assertThat(f.engine.renderMessage(custom("todo", "write tests"), true, WAIT))
          .contains(new MessageRendering.Text("TODO write tests\n  (expanded)"));
      assertThat(f.engine.renderMessage(custom("boom", "x"), false, WAIT))
          .hasValueSatisfying(r ->
              assertThat(((MessageRendering.Failed) r).problem())
                  .contains("render.js")
                  .contains("no luck"));
      assertThat(f.engine.renderMessage(custom("number", "x"), false, WAIT))
          .hasValueSatisfying(r ->
              assertThat(((MessageRendering.Failed) r).problem())
                  .endsWith(
                      "render.js: message renderer for \"number\" failed:"
                          + " TypeError: the message renderer's result must be a component (an object with render(width)), not the"
                          + " number 42"));
      assertThat(f.engine.renderMessage(custom("plain", "x"), false, WAIT)).isEmpty();
      assertThat(f.engine.renderMessage(custom("unknown", "x"), false, WAIT)).isEmpty();
      assertThat(f.engine.renderMessage(custom("never", "x"), false, Duration.ofMillis(200)))
          .hasValueSatisfying(r -> assertThat(r).isInstanceOf(MessageRendering.Failed.class));
      assertThat(f.log.all())
          .containsPattern(
              "second.js WARN a renderer for \"todo\" is already registered by \\S*render.js; this registration is ignored");
    }
  }

  /** An agent that knows two models, one of them with credentials in its headers and URL. */
  static final class ModelAgent extends AgentControlTest.FakeAgent {
    final Model secret =
        new Model(
            "m1",
            "Model One",
            ScriptedProvider.MODEL.api(),
            "acme",
            "https://user:pw@acme.test/v1",
            true,
            false,
            ScriptedProvider.MODEL.cost(),
            100_000,
            8_000,
            Map.of("Authorization", "Bearer sk-123"),
            null,
            null);

    @Override
    public Optional<Model> findModel(String provider, String id) {
      return provider.equals("acme") && id.equals("m1") ? Optional.of(secret) : Optional.empty();
    }

    @Override
    public List<Model> availableModels() {
      return List.of(secret, ScriptedProvider.MODEL);
    }
  }

  @Test
  void theModelRegistryDescribesModelsWithoutCredentials() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "models.js",
          """
          import { getModel } from "@mariozechner/pi-ai";
          export default function (pi) {
            pi.registerCommand("models", { handler: async (args, ctx) => ({
              found: ctx.modelRegistry.find("acme", "m1"),
              missing: ctx.modelRegistry.find("acme", "nope") === undefined,
              available: ctx.modelRegistry.available().map((m) => m.provider + "/" + m.id),
              getModel: getModel("acme", "m1").name + ", " + getModel("acme", "nope"),
            }) });
            pi.registerCommand("bad", { handler: async (args, ctx) => ctx.modelRegistry.find(1, "m1") });
          }
          """);
      f.load();
      EventContext ctx = new EventContext(Json.object(), ScriptUi.NONE).withAgent(new ModelAgent());
      JsonNode r = f.engine.runCommand("models", "", ctx).get(10, TimeUnit.SECONDS);
      assertThat(r)
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"found":{"provider":"acme","id":"m1","name":"Model One","api":"scripted","reasoning":true,"input":["text"],
                   "cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0},"contextWindow":100000,"maxTokens":8000},
                   "missing":true,"available":["acme/m1","scripted/scripted"],"getModel":"Model One, undefined"}\
                  """));
      assertThat(r.toString())
          .doesNotContain("pw@")
          .doesNotContain("sk-123")
          .doesNotContain("baseUrl");
      Assertions.assertThatThrownBy(
              () -> f.engine.runCommand("bad", "", ctx).get(10, TimeUnit.SECONDS))
          .hasMessageContaining(
              "TypeError: ctx.modelRegistry.find: the provider must be a non-empty string");
    }
  }

  private static final String REMINDER =
      """
      export default function (pi) {
        pi.on("context", (event, ctx) => {
          ctx.reminders.append("Remember the todo list (" + event.messages.length + " messages).");
          ctx.reminders.append("It is late.", { customType: "clock" });
        });
        pi.registerCommand("has", { handler: async (args, ctx) => typeof ctx.reminders });
      }
      """;

  @Test
  void aContextHandlersRemindersAreCommittedOnlyWhenEveryHookContinues() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a-remind.js", REMINDER);
      f.load();
      List<String> problems = new ArrayList<>();
      HookRunner runner =
          new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
      AgentHooks.RequestContext prepared =
          runner.requestContext(List.of(new AgentMessage.User("hi", 1)));
      assertThat(prepared.reminders())
          .extracting(m -> m.customType() + ": " + m.content().text(""))
          .containsExactly("reminder: Remember the todo list (1 messages).", "clock: It is late.");
      assertThat(prepared.reminders().getFirst().details().orElseThrow().path("source").asText())
          .isEqualTo("a-remind.js");
      assertThat(problems).isEmpty();
      assertThat(
              f.engine.runCommand("has", "", EventContext.EMPTY).get(10, TimeUnit.SECONDS).asText())
          .isEqualTo("undefined");

      f.write(
          "b-broken.js",
          """
          export default function (pi) { pi.on("context", () => { throw new Error("broken"); }); }
          """);
      f.load();
      runner =
          new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
      prepared = runner.requestContext(List.of(new AgentMessage.User("hi", 1)));
      assertThat(prepared.reminders()).isEmpty();
      assertThat(problems)
          .last()
          .asString()
          .isEqualTo("2 reminders not added: the context hook of b-broken.js did not continue");
    }
  }

  @Test
  void aBadReminderIsATypeErrorInTheHandler() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          """
          export default function (pi) {
            pi.on("context", (event, ctx) => { ctx.reminders.append(""); });
          }
          """);
      f.load();
      List<String> problems = new ArrayList<>();
      HookRunner runner =
          new HookRunner(ScriptHookSource.of(f.engine, () -> EventContext.EMPTY), problems::add);
      assertThat(runner.requestContext(List.of(new AgentMessage.User("hi", 1))).reminders())
          .isEmpty();
      assertThat(problems)
          .singleElement()
          .asString()
          .contains("TypeError: ctx.reminders.append: the reminder must be a non-empty string");
    }
  }
}
