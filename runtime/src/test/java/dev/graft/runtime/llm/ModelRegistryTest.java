package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelRegistryTest {
  @TempDir Path home;

  private static final Map<String, String> NO_ENV = Map.of();

  private void write(String name, String text) throws IOException {
    Files.writeString(home.resolve(name), text);
  }

  private void writeAuth(String text, String mode) throws IOException {
    Path auth = home.resolve("auth.json");
    Files.writeString(auth, text);
    Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString(mode));
  }

  @Test
  void builtInModelsNeedNoConfiguration() {
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    assertThat(registry.problems()).isEmpty();
    Model sonnet = registry.find("anthropic", "claude-sonnet-4-5").orElseThrow();
    assertThat(sonnet.api()).isEqualTo(Api.ANTHROPIC_MESSAGES);
    assertThat(sonnet.baseUrl()).isEqualTo("https://api.anthropic.com");
    assertThat(sonnet.contextWindow()).isEqualTo(200_000);
    assertThat(sonnet.maxTokens()).isEqualTo(64_000);
    assertThat(sonnet.cost()).isEqualTo(new ModelCost(3, 15, 0.3, 3.75));
    assertThat(sonnet.reasoning()).isTrue();
    Model gpt = registry.find("openai", "gpt-4o-mini").orElseThrow();
    assertThat(gpt.api()).isEqualTo(Api.OPENAI_RESPONSES);
    assertThat(gpt.reasoning()).isFalse();
    assertThat(registry.models())
        .extracting(Model::provider)
        .containsOnly("anthropic", "openai", "google");
    Model gemini = registry.find("google", "gemini-2.5-pro").orElseThrow();
    assertThat(gemini.api()).isEqualTo(Api.GOOGLE_GENERATIVE_AI);
    assertThat(gemini.baseUrl()).isEqualTo("https://generativelanguage.googleapis.com/v1beta");
    assertThat(registry.resolve("anthropic/claude-haiku-4-5")).isPresent();
    assertThat(registry.resolve("gpt-5")).map(Model::provider).contains("openai");
    assertThat(registry.resolve("nope")).isEmpty();
  }

  @Test
  void defaultHomeIsGraftHomeOrDotGraft() {
    assertThat(ModelRegistry.defaultHome(Map.of("GRAFT_HOME", "/opt/g"), Path.of("/home/u")))
        .isEqualTo(Path.of("/opt/g"));
    assertThat(ModelRegistry.defaultHome(Map.of(), Path.of("/home/u")))
        .isEqualTo(Path.of("/home/u/.graft"));
  }

  @Test
  void keysComeFromTheEnvironmentAndAreNeverListed() {
    ModelRegistry registry =
        ModelRegistry.load(
            home, Map.of("ANTHROPIC_API_KEY", "sk-ant-secret", "GROQ_API_KEY", "gsk-secret"));
    List<ModelListing> listing = registry.listModels();
    ModelListing sonnet =
        listing.stream()
            .filter(l -> l.model().id().equals("claude-sonnet-4-5"))
            .findFirst()
            .orElseThrow();
    assertThat(sonnet.keyPresent()).isTrue();
    assertThat(sonnet.keySource()).isEqualTo("ANTHROPIC_API_KEY");
    ModelListing gpt =
        listing.stream().filter(l -> l.model().id().equals("gpt-5")).findFirst().orElseThrow();
    assertThat(gpt.key()).isEqualTo(ModelListing.KeyStatus.MISSING);
    assertThat(gpt.usable()).isFalse();
    assertThat(listing.toString()).doesNotContain("sk-ant-secret").doesNotContain("gsk-secret");
  }

  @Test
  void aKeyFromTheCommandLineComesFirst() {
    ModelRegistry registry =
        ModelRegistry.load(home, Map.of("OPENAI_API_KEY", "sk-env")).withApiKey("openai", "sk-cli");
    assertThat(listing(registry, "gpt-5").keySource()).isEqualTo("command line");
    assertThat(listing(registry, "claude-sonnet-4-5").key())
        .isEqualTo(ModelListing.KeyStatus.MISSING);
  }

  @Test
  void aMissingKeyIsAnErrorEventNamingTheVariable() {
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    Model gpt = registry.find("openai", "gpt-5").orElseThrow();
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            registry.provider(gpt).stream(
                LlmRequest.of(gpt, "", List.of(TestModels.user("hi")), List.of()), log));
    assertThat(log.error().kind()).isEqualTo(ErrorKind.AUTHENTICATION);
    assertThat(reply.errorMessage().orElseThrow())
        .isEqualTo(
            "No API key for provider \"openai\": set OPENAI_API_KEY, or add it to "
                + home.resolve("auth.json"));
  }

  @Test
  void aScriptsModelKeptFromBeforeItsProviderWasUnregisteredIsNotCalled() throws Exception {
    ScriptProviders scripts = new ScriptProviders();
    ScriptProviders.Registration far =
        new ScriptProviders.Registration(
            "far",
            "far.js",
            "/scripts/far.js",
            (ObjectNode)
                Json.parse(
                    "{\"baseUrl\": \"http://127.0.0.1:9/v1\", \"api\": \"openai-completions\","
                        + " \"models\": [{\"id\": \"far-1\"}]}"),
            Optional.of("k"),
            Optional.empty(),
            false,
            "openai-completions",
            Optional.empty());
    scripts.register(far);
    Model kept =
        ModelRegistry.load(home, NO_ENV)
            .withScriptProviders(scripts)
            .find("far", "far-1")
            .orElseThrow();
    scripts.unregister("far");
    ModelRegistry now = ModelRegistry.load(home, NO_ENV).withScriptProviders(scripts);
    EventLog log = new EventLog();
    AgentMessage.Assistant reply =
        log.verify(
            now.provider(kept).stream(
                LlmRequest.of(kept, "", List.of(TestModels.user("hi")), List.of()), log));
    assertThat(reply.errorMessage().orElseThrow()).contains("far/far-1 is no longer available");
  }

  @Test
  void authJsonWithMode600IsUsedBeforeTheEnvironment() throws IOException {
    writeAuth(
        "{\"anthropic\": {\"type\": \"api_key\", \"key\": \"sk-from-file\"},"
            + " \"openai\": {\"type\": \"api_key\", \"key\": \"MY_OPENAI_VAR\"}}",
        "rw-------");
    ModelRegistry registry =
        ModelRegistry.load(
            home, Map.of("ANTHROPIC_API_KEY", "sk-from-env", "MY_OPENAI_VAR", "sk-indirect"));
    assertThat(registry.problems()).isEmpty();
    assertThat(listing(registry, "claude-sonnet-4-5").keySource()).isEqualTo("auth.json");
    assertThat(listing(registry, "gpt-5").keySource()).isEqualTo("auth.json");
    Credentials credentials =
        Credentials.load(home.resolve("auth.json"), Map.of("MY_OPENAI_VAR", "sk-indirect"));
    assertThat(credentials.find("anthropic").orElseThrow().value()).isEqualTo("sk-from-file");
    assertThat(credentials.find("openai").orElseThrow().value()).isEqualTo("sk-indirect");
    assertThat(credentials.find("openai").orElseThrow().toString()).doesNotContain("sk-indirect");
  }

  @Test
  void authJsonReadableByOthersIsRefused() throws IOException {
    writeAuth("{\"anthropic\": {\"type\": \"api_key\", \"key\": \"sk-from-file\"}}", "rw-r--r--");
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    Path auth = home.resolve("auth.json");
    assertThat(registry.problems())
        .containsExactly(
            auth
                + " is readable or writable by group or others (mode 644, rw-r--r--);"
                + " graft ignores it until you run: chmod 600 "
                + auth);
    assertThat(listing(registry, "claude-sonnet-4-5").key())
        .isEqualTo(ModelListing.KeyStatus.MISSING);

    Model sonnet = registry.find("anthropic", "claude-sonnet-4-5").orElseThrow();
    AgentMessage.Assistant reply =
        registry.provider(sonnet).stream(
            LlmRequest.of(sonnet, "", List.of(TestModels.user("hi")), List.of()), e -> {});
    assertThat(reply.errorMessage().orElseThrow()).contains("chmod 600");

    writeAuth("{}", "rw--w----");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .singleElement()
        .asString()
        .contains("mode 620");
  }

  @Test
  void malformedAuthJsonIsReportedOnOneLine() throws IOException {
    writeAuth("{\"anthropic\": ", "rw-------");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .singleElement()
        .asString()
        .startsWith(home.resolve("auth.json") + ": invalid JSON; graft ignores the file (")
        .doesNotContain("\n");
    writeAuth("{\n \"anthropic\": {\"type\": \"api_key\"\n", "rw-------");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .singleElement()
        .asString()
        .contains("(opened at line 2, column 15)")
        .doesNotContain("Source");
    writeAuth("{\"anthropic\": {\"type\": \"oauth\", \"access\": \"x\"}}", "rw-------");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .singleElement()
        .asString()
        .contains("anthropic: OAuth logins are not supported by graft");
  }

  @Test
  void aProviderNameCloseToOneGraftKnowsIsReportedOnceWithTheSuggestion() throws IOException {
    writeAuth(
        """
        {"antropic": {"type": "api_key", "key": "sk-a"},
         "OpenAI": {"type": "api_key", "key": "sk-o"},
         "my-lab": {"type": "api_key", "key": "sk-m"},
         "local-llm": {"type": "api_key", "key": "sk-l"}}
        """,
        "rw-------");
    write(
        "models.json",
        """
        {"providers": {"local-lm": {"baseUrl": "http://localhost:9/v1", "api": "openai-completions",
          "models": [{"id": "m"}]}}}
        """);

    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);

    Path auth = home.resolve("auth.json");
    // my-lab is far from every provider; local-llm is a letter from models.json's local-lm
    assertThat(registry.problems())
        .containsExactly(
            auth + ": no provider \"antropic\"; did you mean \"anthropic\"?",
            auth + ": no provider \"OpenAI\"; did you mean \"openai\"?",
            auth + ": no provider \"local-llm\"; did you mean \"local-lm\"?");
    assertThat(registry.missingKeyMessage("anthropic")).doesNotContain("antropic");
  }

  @Test
  void theReferencesProvidersAreNotReported() throws IOException {
    // pi-ai 0.73.1's KnownProvider names and its OAuth logins: an auth.json shared with the
    // reference holds these, and graft says nothing of those it lacks
    List<String> reference =
        List.of(
            "amazon-bedrock",
            "anthropic",
            "google",
            "google-vertex",
            "openai",
            "azure-openai-responses",
            "openai-codex",
            "deepseek",
            "github-copilot",
            "xai",
            "groq",
            "cerebras",
            "openrouter",
            "vercel-ai-gateway",
            "zai",
            "mistral",
            "minimax",
            "minimax-cn",
            "moonshotai",
            "moonshotai-cn",
            "huggingface",
            "fireworks",
            "opencode",
            "opencode-go",
            "kimi-coding",
            "cloudflare-workers-ai",
            "cloudflare-ai-gateway",
            "xiaomi",
            "xiaomi-token-plan-cn",
            "xiaomi-token-plan-ams",
            "xiaomi-token-plan-sgp",
            "google-gemini-cli",
            "google-antigravity");
    StringBuilder json = new StringBuilder("{");
    for (String name : reference) {
      json.append(json.length() > 1 ? "," : "")
          .append('"')
          .append(name)
          .append("\": {\"type\": \"api_key\", \"key\": \"k\"}");
    }
    writeAuth(json.append('}').toString(), "rw-------");

    assertThat(ModelRegistry.load(home, NO_ENV).problems()).isEmpty();
  }

  @Test
  void shellCommandsInAuthJsonAreRefusedInBothForms() throws IOException {
    // The short form {"provider": "..."} is as documented as the long one.
    writeAuth(
        "{\"anthropic\": \"!pass show anthropic\","
            + " \"openai\": {\"type\": \"api_key\", \"key\": \"!pass show openai\"}}",
        "rw-------");
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    Path auth = home.resolve("auth.json");
    assertThat(registry.problems())
        .containsExactly(
            auth + ": anthropic: shell commands (\"!...\") are not supported by graft",
            auth + ": openai.key: shell commands (\"!...\") are not supported by graft");
    assertThat(listing(registry, "claude-sonnet-4-5").key())
        .isEqualTo(ModelListing.KeyStatus.MISSING);
  }

  private static ModelListing listing(ModelRegistry registry, String id) {
    return registry.listModels().stream()
        .filter(l -> l.model().id().equals(id))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void modelsJsonAddsLocalServersAndKnownProviders() throws IOException {
    write(
        "models.json",
        """
        // Local and hosted models
        {
          "providers": {
            "ollama": {
              "models": [
                {"id": "qwen3:8b", "reasoning": true, "contextWindow": 32768, "maxTokens": 8192,
                 "compat": {"thinkingFormat": "qwen"}},
              ],
            },
            "groq": {"models": [{"id": "openai/gpt-oss-120b", "name": "GPT OSS 120B",
                                 "cost": {"input": 0.15, "output": 0.6, "cacheRead": 0, "cacheWrite": 0}}]},
            "mylab": {"baseUrl": "http://10.0.0.5:8000/v1", "api": "openai-completions", "apiKey": "LAB_TOKEN",
                      "headers": {"X-Team": "graft"},
                      "models": [{"id": "big", "input": ["text", "image"]}]}
          }
        }
        """);
    ModelRegistry registry =
        ModelRegistry.load(home, Map.of("GROQ_API_KEY", "gsk", "LAB_TOKEN", "lab-secret"));
    assertThat(registry.problems()).isEmpty();

    Model qwen = registry.find("ollama", "qwen3:8b").orElseThrow();
    assertThat(qwen.baseUrl()).isEqualTo("http://localhost:11434/v1");
    assertThat(qwen.api()).isEqualTo(Api.OPENAI_COMPLETIONS);
    assertThat(qwen.contextWindow()).isEqualTo(32768);
    assertThat(qwen.maxTokens()).isEqualTo(8192);
    assertThat(qwen.reasoning()).isTrue();
    assertThat(qwen.images()).isFalse();
    assertThat(qwen.cost()).isEqualTo(ModelCost.FREE);
    assertThat(qwen.compat().get("thinkingFormat").asText()).isEqualTo("qwen");
    assertThat(listing(registry, "qwen3:8b").key()).isEqualTo(ModelListing.KeyStatus.NOT_NEEDED);

    Model oss = registry.resolve("groq/openai/gpt-oss-120b").orElseThrow();
    assertThat(oss.name()).isEqualTo("GPT OSS 120B");
    assertThat(oss.baseUrl()).isEqualTo("https://api.groq.com/openai/v1");
    assertThat(oss.contextWindow()).isEqualTo(128_000);
    assertThat(oss.cost().output()).isEqualTo(0.6);
    assertThat(listing(registry, "openai/gpt-oss-120b").keySource()).isEqualTo("GROQ_API_KEY");

    Model big = registry.find("mylab", "big").orElseThrow();
    assertThat(big.images()).isTrue();
    assertThat(big.headers()).containsEntry("X-Team", "graft");
    assertThat(listing(registry, "big").keySource()).isEqualTo("LAB_TOKEN");
  }

  @Test
  void anApiKeyNamingAVariableThatIsNotSetSaysSoWhereTheKeysSourceIsShown() throws IOException {
    write(
        "models.json",
        """
        {"providers": {
          "lab": {"baseUrl": "http://10.0.0.5:8000/v1", "api": "openai-completions",
                  "apiKey": "LAB_TOKEN", "models": [{"id": "big"}]},
          "vllm": {"baseUrl": "http://10.0.0.6:8000/v1", "api": "openai-completions",
                   "apiKey": "EMPTY", "models": [{"id": "small"}]}
        }}
        """);
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    assertThat(listing(registry, "big").keySource())
        .isEqualTo("models.json, whose LAB_TOKEN is not set: the name itself is sent");
    // a literal key (vLLM's customary "EMPTY") is not taken for a variable
    assertThat(listing(registry, "small").keySource()).isEqualTo("models.json");
  }

  @Test
  void modelsJsonOverridesBuiltInModels() throws IOException {
    write(
        "models.json",
        """
        {"providers": {"anthropic": {
           "baseUrl": "https://proxy.example.com",
           "headers": {"X-Proxy": "yes"},
           "modelOverrides": {"claude-sonnet-4-5": {"maxTokens": 8000, "cost": {"input": 2.5},
                                                    "thinkingLevelMap": {"xhigh": "max"}}}}}}
        """);
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    assertThat(registry.problems()).isEmpty();
    Model sonnet = registry.find("anthropic", "claude-sonnet-4-5").orElseThrow();
    assertThat(sonnet.baseUrl()).isEqualTo("https://proxy.example.com");
    assertThat(sonnet.headers()).containsEntry("X-Proxy", "yes");
    assertThat(sonnet.maxTokens()).isEqualTo(8000);
    assertThat(sonnet.cost()).isEqualTo(new ModelCost(2.5, 15, 0.3, 3.75));
    assertThat(sonnet.thinking().mapped(ThinkingLevel.XHIGH)).contains("max");
    assertThat(registry.find("anthropic", "claude-haiku-4-5").orElseThrow().baseUrl())
        .isEqualTo("https://proxy.example.com");
    assertThat(registry.find("anthropic", "claude-haiku-4-5").orElseThrow().maxTokens())
        .isEqualTo(64_000);
  }

  @Test
  void aCustomModelReplacesTheBuiltInWithTheSameId() throws IOException {
    write(
        "models.json",
        "{\"providers\": {\"openai\": {\"models\": [{\"id\": \"gpt-5\", \"contextWindow\": 1000}]}}}");
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    assertThat(registry.models().stream().filter(m -> m.qualifiedId().equals("openai/gpt-5")))
        .hasSize(1);
    assertThat(registry.find("openai", "gpt-5").orElseThrow().contextWindow()).isEqualTo(1000);
  }

  @Test
  void malformedModelsJsonGivesOneLinePerProblemAndIsIgnored() throws IOException {
    Path file = home.resolve("models.json");
    write("models.json", "{\"providers\": {\"ollama\": {\"models\": [{\"id\": \"x\"}]}");
    ModelRegistry registry = ModelRegistry.load(home, NO_ENV);
    assertThat(registry.problems())
        .singleElement()
        .asString()
        .startsWith(file + ": invalid JSON at line 1, column ")
        .endsWith("expected close marker for Object (opened at line 1, column 15)")
        .doesNotContain("\n")
        .doesNotContain("Source:");
    assertThat(registry.find("anthropic", "claude-sonnet-4-5")).isPresent();

    write(
        "models.json",
        """
        {"providers": {
          "ollama": {"models": [{"id": "a", "contextWindow": "big"}, {"name": "no id"}]},
          "mystery": {"models": [{"id": "m"}]},
          "old": {"baseUrl": "http://x:1/v1", "api": "openai-codex-responses", "models": [{"id": "r"}]},
          "bad": {"baseUrl": "localhost:8080", "api": "openai-completions", "models": [{"id": "b", "cost": {"input": -1}}]},
          "anthropic": {"modelOverrides": {"claude-sonnet-4-5": {"thinkingLevelMap": {"ultra": "max"}}}},
          "empty": {}
        }}
        """);
    registry = ModelRegistry.load(home, NO_ENV);
    assertThat(registry.problems())
        .containsExactly(
            file
                + ": providers.ollama.models[0].contextWindow: must be a positive whole number of tokens",
            file + ": providers.ollama.models[1].id: is required",
            file
                + ": providers.mystery.models[0]: no \"api\": set it on the provider or the model (anthropic-messages, openai-completions, openai-responses,"
                + " google-generative-ai)",
            file
                + ": providers.mystery.models[0]: no \"baseUrl\": \"mystery\" is not a provider graft knows, so set it on the provider or the model",
            file
                + ": providers.old.api: \"openai-codex-responses\" is not supported by graft; use one of anthropic-messages,"
                + " openai-completions, openai-responses, google-generative-ai",
            file
                + ": providers.bad.baseUrl: must be an http:// or https:// URL, was \"localhost:8080\"",
            file
                + ": providers.bad.models[0].cost.input: must be a number >= 0 (US dollars per million tokens)",
            file
                + ": providers.bad.models[0].cost.output: is required (US dollars per million tokens)",
            file
                + ": providers.bad.models[0].cost.cacheRead: is required (US dollars per million tokens)",
            file
                + ": providers.bad.models[0].cost.cacheWrite: is required (US dollars per million tokens)",
            file
                + ": providers.anthropic.modelOverrides.claude-sonnet-4-5.thinkingLevelMap.ultra: is not a thinking level (off, minimal, low, medium, high, xhigh)",
            file
                + ": providers.empty: must set \"models\", \"baseUrl\", \"apiKey\", \"headers\", \"compat\" or \"modelOverrides\"");
    assertThat(registry.find("ollama", "a")).isEmpty();

    write("models.json", "[]");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .containsExactly(file + ": expected a JSON object with a \"providers\" object");
    write("models.json", "");
    assertThat(ModelRegistry.load(home, NO_ENV).problems())
        .containsExactly(file + ": the file is empty; expected {\"providers\": {...}}");
  }

  @Test
  void aProviderFromTheRegistryTalksToItsEndpoint() throws IOException {
    try (LoopbackServer server = new LoopbackServer()) {
      write(
          "models.json",
          "{\"providers\": {\"ollama\": {\"baseUrl\": \""
              + server.baseUrl()
              + "/v1\", \"models\": [{\"id\": \"llama3.1\"}]}}}");
      server.enqueue(LoopbackServer.Reply.resource("openai/text.sse"));
      ModelRegistry registry = ModelRegistry.load(home, NO_ENV, TestModels.FAST, () -> 42L);
      Model llama = registry.resolve("ollama/llama3.1").orElseThrow();
      EventLog log = new EventLog();
      AgentMessage.Assistant reply =
          log.verify(
              registry.provider(llama).stream(
                  LlmRequest.of(llama, "", List.of(TestModels.user("hi")), List.of()), log));
      assertThat(reply.stopReason()).isEqualTo("stop");
      assertThat(reply.timestamp()).isEqualTo(42L);
      assertThat(reply.provider()).isEqualTo("ollama");
      assertThat(server.lastRequest().path()).isEqualTo("/v1/chat/completions");
      assertThat(server.lastRequest().headers()).doesNotContainKey("authorization");
    }
  }
}
