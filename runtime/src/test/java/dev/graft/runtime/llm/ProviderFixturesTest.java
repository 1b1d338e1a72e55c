package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.tools.BuiltinTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays every recorded provider fixture in {@code ../shared/provider-fixtures/} (read there at
 * test time, never copied into this repository) through graft's real path: models.json naming the
 * fixture's endpoint, the model registry's HTTP provider, the agent loop with its real tools in a
 * temporary project, and a loopback server sending the recorded bytes. Each fixture checks the
 * parsed message (text, thinking, signatures, tool calls), the stop reason, the usage, the error,
 * the retries (requests made and the auto-retry events) and the follow-up request.
 *
 * <p>Where graft's answer differs from the fixture's {@code expect} (which describes the first
 * recorded response as a strict parser reads it), the difference is an explicit expectation below
 * with the reason; docs/providers.md lists them too.
 */
class ProviderFixturesTest {
  static final String KEY = "sk-fixture-0123456789abcdef";
  static final String PROMPT = "What is the weather in Paris?";

  @TempDir Path temp;

  /** ../shared/provider-fixtures beside the checkout (found from the working directory upwards). */
  static Path fixtures() {
    String override = System.getenv("GRAFT_PROVIDER_FIXTURES");
    if (override != null && !override.isBlank()) {
      return Path.of(override);
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("provider-fixtures");
      if (p.getParent() != null && Files.isRegularFile(candidate.resolve("manifest.json"))) {
        return candidate;
      }
    }
    throw new AssertionError(
        "../shared/provider-fixtures was not found beside the checkout (from "
            + Path.of("").toAbsolutePath()
            + "); set GRAFT_PROVIDER_FIXTURES to its path");
  }

  static List<JsonNode> manifest() throws IOException {
    List<JsonNode> out = new ArrayList<>();
    Json.parse(Files.readString(fixtures().resolve("manifest.json"))).forEach(out::add);
    return out;
  }

  @Test
  void theManifestListsEveryFixtureFolderAndEachHasAnOutcomeHere() throws IOException {
    Set<String> folders = new TreeSet<>();
    try (Stream<Path> list = Files.list(fixtures())) {
      list.filter(p -> Files.isRegularFile(p.resolve("fixture.json")))
          .forEach(p -> folders.add(p.getFileName().toString()));
    }
    Set<String> listed = new TreeSet<>();
    manifest().forEach(f -> listed.add(f.get("id").asText()));
    assertThat(listed).isEqualTo(folders);
    assertThat(folders).hasSizeGreaterThanOrEqualTo(87);
  }

  @TestFactory
  Stream<DynamicTest> everyFixture() throws IOException {
    return manifest().stream()
        .map(f -> f.get("id").asText())
        .map(id -> DynamicTest.dynamicTest(id, () -> replay(id)));
  }

  // ------------------------------------------------------------------ running one fixture

  /** What a replay produced. */
  record Outcome(
      JsonNode fixture,
      AgentSession.RunResult result,
      List<AgentMessage> messages,
      List<FixtureServer.Received> requests,
      List<AgentEvent> events,
      Path cwd) {
    JsonNode expect() {
      return fixture.get("expect");
    }

    List<AgentMessage.Assistant> replies() {
      return messages.stream()
          .filter(AgentMessage.Assistant.class::isInstance)
          .map(AgentMessage.Assistant.class::cast)
          .toList();
    }

    AgentMessage.Assistant first() {
      assertThat(replies()).as("assistant messages in the session").isNotEmpty();
      return replies().getFirst();
    }

    AgentMessage.Assistant last() {
      return result.last().orElseThrow();
    }

    <T extends AgentEvent> List<T> events(Class<T> type) {
      return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
  }

  private void replay(String id) throws Exception {
    Path dir = fixtures().resolve(id);
    JsonNode fixture = Json.parse(Files.readString(dir.resolve("fixture.json")));
    Outcome outcome = run(dir, fixture);
    try {
      FixtureExpectations.check(id, outcome);
    } catch (AssertionError e) {
      throw new AssertionError(
          id
              + " ("
              + fixture.get("desc").asText()
              + "): "
              + e.getMessage()
              + "\nrequests: "
              + outcome.requests().stream().map(FixtureServer.Received::path).toList()
              + "\nreplies: "
              + outcome.replies(),
          e);
    }
  }

  private Outcome run(Path dir, JsonNode fixture) throws Exception {
    Path run = Files.createDirectories(temp.resolve(fixture.get("id").asText()));
    Path home = Files.createDirectories(run.resolve("home"));
    Path cwd = Files.createDirectories(run.resolve("project"));
    Path sessions = Files.createDirectories(run.resolve("sessions"));
    JsonNode expect = fixture.get("expect");
    for (var file : expect.path("workfiles").properties()) {
      Files.write(cwd.resolve(file.getKey()), Base64.getDecoder().decode(file.getValue().asText()));
    }
    try (FixtureServer server = new FixtureServer(dir, fixture)) {
      JsonNode profile = fixture.get("profile");
      Map<String, String> env = new HashMap<>();
      ObjectNode providers = Json.object();
      String baseUrl = server.baseUrl() + profile.path("path").asText("");
      if (profile.path("builtin").asBoolean(false)) {
        env.put(profile.get("env").asText(), KEY);
        providers.putObject(profile.get("provider").asText()).put("baseUrl", baseUrl);
      } else {
        env.put("FIXTURE_KEY", KEY);
        ObjectNode p = providers.putObject(profile.get("provider").asText());
        p.put("baseUrl", baseUrl)
            .put("api", profile.get("api").asText())
            .put("apiKey", "FIXTURE_KEY");
        ObjectNode model = profile.get("model").deepCopy();
        if (profile.has("compat")) {
          model.set("compat", profile.get("compat"));
        }
        p.putArray("models").add(model);
      }
      Files.writeString(
          home.resolve("models.json"), Json.write(Json.object().set("providers", providers)));
      HttpSettings settings =
          HttpSettings.DEFAULTS
              .withIdleTimeout(Duration.ofSeconds(10))
              .withBackoff(Duration.ofMillis(20), Duration.ofMillis(80));
      ModelRegistry registry = ModelRegistry.load(home, env, settings, System::currentTimeMillis);
      assertThat(registry.problems()).isEmpty();
      Model model =
          registry
              .find(profile.get("provider").asText(), profile.at("/model/id").asText())
              .orElseThrow();
      ThinkingLevel thinking =
          profile.path("thinking").isTextual()
              ? ThinkingLevel.parse(profile.get("thinking").asText()).orElseThrow()
              : ThinkingLevel.OFF;
      List<AgentEvent> events = new CopyOnWriteArrayList<>();
      try (Session session = Session.create(sessions, cwd.toString(), Clock.systemUTC());
          AgentSession agent =
              new AgentSession(
                  session,
                  cwd,
                  model,
                  registry.provider(model),
                  thinking,
                  "You are a test.",
                  BuiltinTools.create().select(List.of("read", "bash", "edit", "write")),
                  AgentHooks.NONE,
                  Clock.systemUTC())) {
        agent.subscribe(events::add);
        AgentSession.RunResult result = agent.prompt(PROMPT);
        List<AgentMessage> messages = session.buildContext().messages();
        return new Outcome(fixture, result, messages, server.received(), List.copyOf(events), cwd);
      }
    }
  }

  // ------------------------------------------------------------------ reading messages

  static String text(AgentMessage.Assistant a) {
    StringBuilder out = new StringBuilder();
    a.content().stream()
        .filter(ContentBlock.Text.class::isInstance)
        .map(ContentBlock.Text.class::cast)
        .forEach(t -> out.append(t.text()));
    return out.toString();
  }

  static List<String> thinking(AgentMessage.Assistant a) {
    return a.content().stream()
        .filter(ContentBlock.Thinking.class::isInstance)
        .map(ContentBlock.Thinking.class::cast)
        .filter(t -> !t.extra().path("redacted").asBoolean(false))
        .map(ContentBlock.Thinking::thinking)
        .toList();
  }

  static List<String> signatures(AgentMessage.Assistant a) {
    return a.content().stream()
        .filter(ContentBlock.Thinking.class::isInstance)
        .map(ContentBlock.Thinking.class::cast)
        .filter(t -> !t.extra().path("redacted").asBoolean(false))
        .flatMap(t -> t.signature().stream())
        .toList();
  }

  static List<String> redacted(AgentMessage.Assistant a) {
    return a.content().stream()
        .filter(ContentBlock.Thinking.class::isInstance)
        .map(ContentBlock.Thinking.class::cast)
        .filter(t -> t.extra().path("redacted").asBoolean(false))
        .flatMap(t -> t.signature().stream())
        .toList();
  }

  static ArrayNode tools(AgentMessage.Assistant a) {
    ArrayNode out = Json.array();
    a.content().stream()
        .filter(ContentBlock.ToolCall.class::isInstance)
        .map(ContentBlock.ToolCall.class::cast)
        .forEach(c ->
            out.addObject()
                .put("id", c.id())
                .put("name", c.name())
                .set("arguments", c.arguments()));
    return out;
  }

  static String pngBase64(JsonNode expect) {
    return expect.path("workfiles").path("pic.png").asText();
  }

  static String utf8(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
