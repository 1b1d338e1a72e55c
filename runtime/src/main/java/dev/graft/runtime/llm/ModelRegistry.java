package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The models graft can use and the providers that call them: the built-in models, adjusted and
 * extended by {@code $GRAFT_HOME/models.json}, with keys from {@code $GRAFT_HOME/auth.json} or the
 * environment. Everything comes in through {@link #load}; nothing is read from globals, so tests
 * and several sessions in one process each get their own registry.
 *
 * <p>Problems with either file (malformed JSON, a wrong field, auth.json readable by others) do not
 * stop graft: the file is ignored and {@link #problems()} says why, one line each.
 */
public final class ModelRegistry implements AutoCloseable {
  private final List<Model> models;
  private final Map<String, ModelsFile.ProviderSettings> providers;
  private final Credentials credentials;
  private final Map<String, String> env;
  private final List<String> problems;
  private final Optional<Path> ignoredModelsFile;
  private final HttpSettings settings;
  private final LongSupplier clock;
  private final Map<String, ApiKey> runtimeKeys;
  private final Map<String, ScriptProviders.Registration> scripted;
  private final ScriptProviders source;
  private final long sourceVersion;
  private HttpTransport transport;

  private ModelRegistry(
      List<Model> models,
      Map<String, ModelsFile.ProviderSettings> providers,
      Credentials credentials,
      Map<String, String> env,
      List<String> problems,
      Optional<Path> ignoredModelsFile,
      HttpSettings settings,
      LongSupplier clock,
      Map<String, ApiKey> runtimeKeys,
      Map<String, ScriptProviders.Registration> scripted,
      ScriptProviders source,
      long sourceVersion) {
    this.scripted = scripted;
    this.source = source;
    this.sourceVersion = sourceVersion;
    this.models = models;
    this.providers = providers;
    this.credentials = credentials;
    this.env = env;
    this.problems = problems;
    this.ignoredModelsFile = ignoredModelsFile;
    this.settings = settings;
    this.clock = clock;
    this.runtimeKeys = runtimeKeys;
  }

  /** Loads the registry for {@code graftHome} with default HTTP settings. */
  public static ModelRegistry load(Path graftHome, Map<String, String> env) {
    return load(graftHome, env, HttpSettings.DEFAULTS, System::currentTimeMillis);
  }

  /**
   * Loads the registry.
   *
   * @param graftHome the directory holding models.json and auth.json
   * @param env the environment to read API keys from ({@code System.getenv()} in production)
   * @param settings timeouts and retries for the HTTP providers
   * @param clock timestamps for assistant messages, in epoch milliseconds
   */
  public static ModelRegistry load(
      Path graftHome, Map<String, String> env, HttpSettings settings, LongSupplier clock) {
    Objects.requireNonNull(graftHome, "graftHome");
    Map<String, String> environment = Map.copyOf(env);
    Path modelsFile = graftHome.resolve("models.json");
    ModelsFile.Contents file = ModelsFile.read(modelsFile, environment);
    Credentials credentials = Credentials.load(graftHome.resolve("auth.json"), environment);
    List<Model> models = new ArrayList<>();
    for (Model builtin : BuiltinModels.all()) {
      models.add(adjust(builtin, file.providers().get(builtin.provider()), environment));
    }
    for (Model custom : file.models()) {
      models.removeIf(m -> m.provider().equals(custom.provider()) && m.id().equals(custom.id()));
      models.add(custom);
    }
    List<String> problems = new ArrayList<>(file.problems());
    problems.addAll(credentials.problems());
    Set<String> known = new LinkedHashSet<>();
    KnownProvider.ALL.forEach(p -> known.add(p.name()));
    models.forEach(m -> known.add(m.provider()));
    known.addAll(file.providers().keySet());
    problems.addAll(credentials.misspelledProviders(known));
    return new ModelRegistry(
        List.copyOf(models),
        file.providers(),
        credentials,
        environment,
        List.copyOf(problems),
        file.problems().isEmpty() ? Optional.empty() : Optional.of(modelsFile),
        settings,
        clock,
        Map.of(),
        Map.of(),
        null,
        0);
  }

  /**
   * This registry with {@code key} used for {@code provider} ahead of auth.json and the
   * environment, for a key given at run time (no command of graft's offers one yet; the source is
   * shown as "command line"). It is never written anywhere.
   */
  public ModelRegistry withApiKey(String provider, String key) {
    Map<String, ApiKey> keys = new HashMap<>(runtimeKeys);
    keys.put(provider, new ApiKey(key, "command line"));
    return new ModelRegistry(
        models,
        providers,
        credentials,
        env,
        problems,
        ignoredModelsFile,
        settings,
        clock,
        Map.copyOf(keys),
        scripted,
        source,
        sourceVersion);
  }

  /**
   * This registry with the providers scripts registered laid over it: a registration with models
   * replaces the provider's models, one without changes its models' {@code baseUrl} and {@code
   * headers}. A registration of a provider that holds the user's keys ({@link #userKeyHolder}) is
   * left out unless the user granted the script that provider's keys: a script must not send them
   * elsewhere. What is left out, or wrong in a registration, is a {@link #problems()} line. A
   * script's provider gets only the key the script gave, unless granted the user's.
   */
  public ModelRegistry withScriptProviders(ScriptProviders given) {
    long version = given.version();
    List<Model> out = new ArrayList<>(models);
    List<String> found = new ArrayList<>(problems);
    Map<String, ScriptProviders.Registration> used = new LinkedHashMap<>();
    for (ScriptProviders.Registration r : given.all()) {
      Optional<String> holder = userKeyHolder(r.name());
      if (holder.isPresent() && !r.userKeys()) {
        found.add(refusal(r.script(), r.name(), holder.get()));
        continue;
      }
      ObjectNode config = r.config();
      config.remove("apiKey");
      if (config.path("authHeader").asBoolean(false) && r.apiKey().isPresent()) {
        // authHeader: the script's own key as a bearer token on every request
        ObjectNode headers =
            config.get("headers") instanceof ObjectNode h ? h : config.putObject("headers");
        headers.put("Authorization", "Bearer " + r.apiKey().get());
      }
      if (r.stream().isPresent()) {
        placeholderApi(config);
        for (JsonNode m : config.path("models")) {
          if (m instanceof ObjectNode def) {
            placeholderApi(def);
          }
        }
        if (!config.has("baseUrl")) {
          config.put("baseUrl", "http://localhost/");
        }
      }
      ObjectNode file = Json.object();
      file.putObject("providers").set(r.name(), config);
      ModelsFile.Contents contents =
          ModelsFile.parse(Json.write(file), "provider of " + r.script(), Map.of());
      if (!contents.problems().isEmpty()) {
        found.addAll(contents.problems());
        continue;
      }
      if (!contents.models().isEmpty()) {
        out.removeIf(m -> m.provider().equals(r.name()));
        out.addAll(contents.models());
      } else {
        ModelsFile.ProviderSettings p = contents.providers().get(r.name());
        out.replaceAll(m -> m.provider().equals(r.name()) ? adjust(m, p, Map.of()) : m);
      }
      used.put(r.name(), r);
    }
    return new ModelRegistry(
        List.copyOf(out),
        providers,
        credentials,
        env,
        List.copyOf(found),
        ignoredModelsFile,
        settings,
        clock,
        runtimeKeys,
        Map.copyOf(used),
        given,
        version);
  }

  /** A script stream's own api stands in models.json's form as a protocol graft knows. */
  private static void placeholderApi(ObjectNode config) {
    JsonNode api = config.get("api");
    if (api != null && (!api.isTextual() || Api.parse(api.textValue()).isEmpty())) {
      config.put("api", Api.OPENAI_COMPLETIONS.wire());
    } else if (api == null && config.has("models")) {
      config.put("api", Api.OPENAI_COMPLETIONS.wire());
    }
  }

  /**
   * The one line refusing {@code script}'s registration of {@code provider}, which holds the user's
   * keys ({@code holder} says how).
   */
  public static String refusal(String script, String provider, String holder) {
    return script
        + ": registerProvider(\""
        + provider
        + "\") refused: "
        + holder
        + ", and a script may not send its key elsewhere unless you grant it (\"keys\": [\""
        + provider
        + "\"] in its scripts.permissions)";
  }

  /**
   * Why {@code provider} holds the user's keys, if it does: a provider graft knows, one of
   * models.json, or one with a key in auth.json or the environment.
   */
  public Optional<String> userKeyHolder(String provider) {
    if (KnownProvider.named(provider).isPresent()
        || BuiltinModels.all().stream().anyMatch(m -> m.provider().equals(provider))) {
      return Optional.of("\"" + provider + "\" is a provider graft knows");
    }
    if (providers.containsKey(provider)) {
      return Optional.of("\"" + provider + "\" is a provider of your models.json");
    }
    return credentials
        .find(provider)
        .or(() -> Optional.ofNullable(runtimeKeys.get(provider)))
        .map(k -> "\"" + provider + "\" has your key (" + k.source() + ")");
  }

  /** Whether a script's registration serves {@code provider} here. */
  public boolean scripted(String provider) {
    return scripted.containsKey(provider);
  }

  /**
   * What calls {@code model} once the script whose provider served it was unloaded: the provider of
   * this registry when it has the model (the script registered it again, or models.json or graft
   * has it), else one that fails saying the model is gone. Never the unloaded script's server.
   */
  public LlmProvider afterUnload(Model model) {
    if (find(model.provider(), model.id()).isPresent()) {
      return provider(find(model.provider(), model.id()).get());
    }
    return new FailingProvider(
        ErrorKind.INVALID_REQUEST,
        model.provider()
            + "/"
            + model.id()
            + " is no longer available: the script that registered provider \""
            + model.provider()
            + "\" was unloaded; choose another model",
        clock);
  }

  /** Whether scripts registered or removed a provider since this registry was made. */
  public boolean stale() {
    return source != null && source.version() != sourceVersion;
  }

  /** {@code $GRAFT_HOME}, else {@code ~/.graft}. */
  public static Path defaultHome(Map<String, String> env, Path userHome) {
    String home = env.get("GRAFT_HOME");
    return home != null && !home.isBlank() ? Path.of(home) : userHome.resolve(".graft");
  }

  /** A built-in model with the provider-wide and per-model settings of models.json applied. */
  private static Model adjust(Model model, ModelsFile.ProviderSettings p, Map<String, String> env) {
    if (p == null) {
      return model;
    }
    Map<String, String> headers = new LinkedHashMap<>(model.headers());
    headers.putAll(p.headers());
    var compat = model.compat();
    compat.setAll(p.compat());
    Model adjusted =
        new Model(
            model.id(),
            model.name(),
            model.api(),
            model.provider(),
            p.baseUrl().orElse(model.baseUrl()),
            model.reasoning(),
            model.images(),
            model.cost(),
            model.contextWindow(),
            model.maxTokens(),
            headers,
            compat,
            model.thinking());
    var override = p.modelOverrides().get(model.id());
    return override == null ? adjusted : ModelsFile.applyOverride(adjusted, override, env);
  }

  /** All models, built-in first, in a stable order. */
  public List<Model> models() {
    return models;
  }

  /** Problems found in models.json and auth.json, one line each; empty when all is well. */
  public List<String> problems() {
    return problems;
  }

  /**
   * models.json, when it had problems and was ignored as a whole (its providers and models are then
   * unknown, which an error about one of them should say).
   */
  public Optional<Path> ignoredModelsFile() {
    return ignoredModelsFile;
  }

  public Optional<Model> find(String provider, String id) {
    return models.stream()
        .filter(m -> m.provider().equals(provider) && m.id().equals(id))
        .findFirst();
  }

  /**
   * Finds a model by {@code provider/id} or by bare id (the first match in {@link #models()}). Ids
   * may themselves contain slashes ({@code openrouter/anthropic/claude-sonnet-4.5}).
   */
  public Optional<Model> resolve(String spec) {
    int slash = spec.indexOf('/');
    if (slash > 0) {
      Optional<Model> qualified = find(spec.substring(0, slash), spec.substring(slash + 1));
      if (qualified.isPresent()) {
        return qualified;
      }
    }
    return models.stream().filter(m -> m.id().equals(spec)).findFirst();
  }

  /** Every model with whether its key is present (the key itself is never exposed). */
  public List<ModelListing> listModels() {
    List<ModelListing> out = new ArrayList<>(models.size());
    for (Model m : models) {
      Optional<ApiKey> key = key(m.provider());
      if (key.isPresent()) {
        out.add(new ModelListing(m, ModelListing.KeyStatus.PRESENT, key.get().source()));
      } else {
        out.add(
            new ModelListing(
                m,
                keyRequired(m.provider())
                    ? ModelListing.KeyStatus.MISSING
                    : ModelListing.KeyStatus.NOT_NEEDED,
                ""));
      }
    }
    return out;
  }

  /**
   * A provider for {@code model}. A model that cannot be called (its key is missing) still gets a
   * provider: one whose every turn ends in an error event saying what to fix. So does a model this
   * registry does not have as given (a script's, kept from before its provider was unregistered or
   * changed): graft's client would otherwise send the conversation to a {@code baseUrl} no
   * registration names any more.
   */
  public LlmProvider provider(Model model) {
    if (model.api() == Api.SCRIPTED) {
      return new FailingProvider(
          ErrorKind.INVALID_REQUEST,
          "Scripted models are served by ScriptedProvider, not the registry",
          clock);
    }
    Optional<Model> here = find(model.provider(), model.id());
    if (source != null && (here.isEmpty() || !here.get().baseUrl().equals(model.baseUrl()))) {
      return new FailingProvider(
          ErrorKind.INVALID_REQUEST,
          model.qualifiedId()
              + " is no longer available"
              + (here.isEmpty() ? "" : " as it was chosen")
              + ": the provider that served it changed; choose a model again",
          clock);
    }
    Optional<ApiKey> key = key(model.provider());
    if (key.isEmpty() && keyRequired(model.provider())) {
      return new FailingProvider(
          ErrorKind.AUTHENTICATION, missingKeyMessage(model.provider()), clock);
    }
    ScriptProviders.Registration script = scripted.get(model.provider());
    if (script != null && script.stream().isPresent()) {
      return whileRegistered(
          script,
          model,
          new ScriptStreamProvider(
              script.stream().get(),
              key.orElse(ApiKey.NONE),
              script.apiName(),
              settings.idleTimeout(),
              clock));
    }
    WireProtocol protocol =
        switch (model.api()) {
          case ANTHROPIC_MESSAGES -> new AnthropicProtocol();
          case OPENAI_RESPONSES -> new OpenAiResponsesProtocol();
          case GOOGLE_GENERATIVE_AI -> new GeminiProtocol();
          case OPENAI_COMPLETIONS, SCRIPTED -> new OpenAiProtocol();
        };
    HttpProvider http = new HttpProvider(protocol, transport(), key.orElse(ApiKey.NONE), clock);
    return script == null ? http : whileRegistered(script, model, http);
  }

  /**
   * {@code provider}, which a script's registration serves, for as long as that registration is in
   * place: once the script unregistered it, ended (stopped, failed a reload) or was replaced, each
   * call fails saying the model is no longer available. The model in use would otherwise go on
   * sending the conversation, and a key the user granted, to the registration's {@code baseUrl}.
   */
  private LlmProvider whileRegistered(
      ScriptProviders.Registration script, Model model, LlmProvider provider) {
    ScriptProviders from = source;
    FailingProvider gone =
        new FailingProvider(
            ErrorKind.INVALID_REQUEST,
            model.qualifiedId()
                + " is no longer available: the registration of provider \""
                + model.provider()
                + "\" by "
                + script.script()
                + " ended; choose a model again",
            clock);
    return (request, listener) ->
        from.holds(script) ? provider.stream(request, listener) : gone.stream(request, listener);
  }

  /**
   * Closes the HTTP client the providers share, so a process that called a model exits at once (an
   * open client keeps its selector thread alive). A provider asked for afterwards gets a new one.
   */
  @Override
  public synchronized void close() {
    if (transport != null) {
      transport.close();
      transport = null;
    }
  }

  private synchronized HttpTransport transport() {
    if (transport == null) {
      transport = new HttpTransport(settings);
    }
    return transport;
  }

  /**
   * What an environment variable's name looks like (OPENROUTER_API_KEY), where a literal key does
   * not (sk-…, vLLM's "EMPTY"): a models.json apiKey of this form that is not set is said to be.
   */
  private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)+");

  private Optional<ApiKey> key(String provider) {
    ScriptProviders.Registration script = scripted.get(provider);
    if (script != null && !script.userKeys()) {
      return script.apiKey().map(k -> new ApiKey(k, "given by " + script.script()));
    }
    Optional<ApiKey> user = userKey(provider);
    if (user.isPresent() || script == null) {
      return user;
    }
    return script.apiKey().map(k -> new ApiKey(k, "given by " + script.script()));
  }

  private Optional<ApiKey> userKey(String provider) {
    ApiKey runtime = runtimeKeys.get(provider);
    if (runtime != null && runtime.present()) {
      return Optional.of(runtime);
    }
    Optional<ApiKey> key = credentials.find(provider);
    if (key.isPresent()) {
      return key;
    }
    ModelsFile.ProviderSettings p = providers.get(provider);
    if (p != null && p.apiKey().isPresent()) {
      String named = p.apiKey().get();
      String value = ModelsFile.resolve(named, env);
      String source =
          env.containsKey(named)
              ? named
              : VARIABLE_NAME.matcher(named).matches()
                  ? "models.json, whose " + named + " is not set: the name itself is sent"
                  : "models.json";
      return Optional.of(new ApiKey(value, source));
    }
    return Optional.empty();
  }

  /**
   * Cloud providers need a key; local servers and providers only models.json knows do not; nor do a
   * script's, unless it named a variable it may not read.
   */
  private boolean keyRequired(String provider) {
    ScriptProviders.Registration script = scripted.get(provider);
    if (script != null && script.keyProblem().isPresent()) {
      return true;
    }
    if (script != null && !script.userKeys()) {
      return false;
    }
    return KnownProvider.named(provider).map(KnownProvider::keyRequired).orElse(false);
  }

  /** One line saying which environment variable or file would hold the key. */
  public String missingKeyMessage(String provider) {
    ScriptProviders.Registration script = scripted.get(provider);
    if (script != null && script.keyProblem().isPresent()) {
      return script.keyProblem().get();
    }
    StringBuilder m =
        new StringBuilder("No API key for provider \"").append(provider).append("\": set ");
    m.append(String.join(" or ", KnownProvider.envVarsFor(provider)));
    m.append(", or add it to ").append(credentials.authFile());
    for (String problem : credentials.problems()) {
      m.append(" (").append(problem).append(')');
    }
    return m.toString();
  }
}
