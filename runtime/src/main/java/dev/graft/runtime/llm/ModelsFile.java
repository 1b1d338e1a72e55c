package dev.graft.runtime.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@code $GRAFT_HOME/models.json}, in the reference's format:
 *
 * <pre>{@code
 * { "providers": {
 *     "ollama": { "baseUrl": "http://localhost:11434/v1", "api": "openai-completions",
 *                 "models": [ { "id": "qwen3:8b", "contextWindow": 32768 } ] },
 *     "anthropic": { "modelOverrides": { "claude-sonnet-4-5": { "maxTokens": 32000 } } } } }
 * }</pre>
 *
 * A provider entry may define models, override built-in models ({@code baseUrl}, {@code headers},
 * {@code compat} for all of them, {@code modelOverrides} per model) and name an {@code apiKey} (an
 * environment variable's name, or the key itself). Comments and trailing commas are allowed. Fields
 * graft does not use are ignored, so a file written for the reference works. Every problem is
 * reported as one line naming the file and the field; a file with problems is ignored as a whole,
 * so that half a configuration never takes effect.
 */
final class ModelsFile {
  static final long DEFAULT_CONTEXT_WINDOW = 128_000;
  static final long DEFAULT_MAX_TOKENS = 16_384;

  /** The protocols a provider or model may name, for messages. */
  static final String API_NAMES =
      "anthropic-messages, openai-completions, openai-responses, google-generative-ai";

  /** What a provider entry sets besides its own models. */
  record ProviderSettings(
      String name,
      Optional<String> baseUrl,
      Optional<String> apiKey,
      Map<String, String> headers,
      ObjectNode compat,
      Map<String, ObjectNode> modelOverrides) {}

  record Contents(
      List<Model> models, Map<String, ProviderSettings> providers, List<String> problems) {
    static final Contents EMPTY = new Contents(List.of(), Map.of(), List.of());
  }

  private final String file;
  private final Map<String, String> env;
  private final List<String> problems = new ArrayList<>();

  private ModelsFile(String file, Map<String, String> env) {
    this.file = file;
    this.env = env;
  }

  static Contents read(Path path, Map<String, String> env) {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Contents.EMPTY;
    } catch (IOException e) {
      return new Contents(
          List.of(), Map.of(), List.of(path + ": cannot read: " + Durations.describeCause(e)));
    }
    return parse(text, path.toString(), env);
  }

  static Contents parse(String text, String file, Map<String, String> env) {
    return new ModelsFile(file, env).parse(text);
  }

  private Contents parse(String text) {
    JsonNode root;
    try {
      root =
          Json.MAPPER
              .reader()
              .with(JsonReadFeature.ALLOW_JAVA_COMMENTS)
              .with(JsonReadFeature.ALLOW_TRAILING_COMMA)
              .readTree(text);
    } catch (JsonProcessingException e) {
      var loc = e.getLocation();
      String where =
          loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
      return failed(file + ": invalid JSON" + where + ": " + Json.problem(e));
    } catch (IOException e) {
      return failed(file + ": cannot read: " + e.getMessage());
    }
    if (root == null || root.isMissingNode()) {
      return failed(file + ": the file is empty; expected {\"providers\": {...}}");
    }
    if (!(root instanceof ObjectNode object)
        || !(object.get("providers") instanceof ObjectNode providers)) {
      return failed(file + ": expected a JSON object with a \"providers\" object");
    }
    List<Model> models = new ArrayList<>();
    Map<String, ProviderSettings> settings = new LinkedHashMap<>();
    for (var entry : providers.properties()) {
      provider(entry.getKey(), entry.getValue(), models, settings);
    }
    if (!problems.isEmpty()) {
      return new Contents(List.of(), Map.of(), List.copyOf(problems));
    }
    return new Contents(List.copyOf(models), settings, List.of());
  }

  private static Contents failed(String problem) {
    return new Contents(List.of(), Map.of(), List.of(problem));
  }

  private void problem(String path, String message) {
    problems.add(file + ": " + path + ": " + message);
  }

  private void provider(
      String name, JsonNode node, List<Model> models, Map<String, ProviderSettings> settings) {
    String path = "providers." + name;
    if (!(node instanceof ObjectNode cfg)) {
      problem(path, "must be an object");
      return;
    }
    if (name.isBlank()) {
      problem(path, "provider name must not be empty");
      return;
    }
    Optional<String> baseUrl = url(cfg, path, "baseUrl");
    Optional<Api> api = api(cfg, path);
    Optional<String> apiKey = string(cfg, path, "apiKey");
    apiKey
        .filter(k -> k.startsWith("!"))
        .ifPresent(k ->
            problem(
                path + ".apiKey",
                "shell commands (\"!...\") are not supported by graft; name an environment variable or give the key"));
    Map<String, String> headers = headers(cfg, path);
    ObjectNode compat = compat(cfg, path);
    Map<String, ObjectNode> overrides = new LinkedHashMap<>();
    JsonNode overridesNode = cfg.get("modelOverrides");
    if (overridesNode != null) {
      if (overridesNode instanceof ObjectNode o) {
        for (var e : o.properties()) {
          String p = path + ".modelOverrides." + e.getKey();
          if (e.getValue() instanceof ObjectNode override) {
            checkModelFields(override, p, true);
            overrides.put(e.getKey(), override);
          } else {
            problem(p, "must be an object");
          }
        }
      } else {
        problem(path + ".modelOverrides", "must be an object mapping model ids to overrides");
      }
    }
    JsonNode modelsNode = cfg.get("models");
    if (modelsNode != null && !modelsNode.isArray()) {
      problem(path + ".models", "must be an array");
      modelsNode = null;
    }
    boolean hasModels = modelsNode != null && !modelsNode.isEmpty();
    if (!hasModels
        && baseUrl.isEmpty()
        && headers.isEmpty()
        && compat.isEmpty()
        && overrides.isEmpty()
        && apiKey.isEmpty()) {
      problem(
          path,
          "must set \"models\", \"baseUrl\", \"apiKey\", \"headers\", \"compat\" or \"modelOverrides\"");
    }
    Optional<KnownProvider> known = KnownProvider.named(name);
    if (hasModels) {
      for (int i = 0; i < modelsNode.size(); i++) {
        String p = path + ".models[" + i + "]";
        if (!(modelsNode.get(i) instanceof ObjectNode def)) {
          problem(p, "must be an object");
          continue;
        }
        Model model = model(name, def, p, cfg, api, baseUrl, headers, compat, known);
        if (model != null) {
          models.add(model);
        }
      }
    }
    settings.put(name, new ProviderSettings(name, baseUrl, apiKey, headers, compat, overrides));
  }

  private Model model(
      String provider,
      ObjectNode def,
      String path,
      ObjectNode providerConfig,
      Optional<Api> providerApi,
      Optional<String> providerUrl,
      Map<String, String> providerHeaders,
      ObjectNode providerCompat,
      Optional<KnownProvider> known) {
    int before = problems.size();
    Optional<String> id = string(def, path, "id");
    if (id.isEmpty() && def.get("id") == null) {
      problem(path + ".id", "is required");
    }
    Optional<Api> api =
        api(def, path).or(() -> providerApi).or(() -> known.map(KnownProvider::api));
    // A field present but invalid was reported already; do not report it missing too.
    if (api.isEmpty() && def.get("api") == null && providerConfig.get("api") == null) {
      problem(path, "no \"api\": set it on the provider or the model (" + API_NAMES + ")");
    }
    Optional<String> url =
        url(def, path, "baseUrl").or(() -> providerUrl).or(() -> known.map(KnownProvider::baseUrl));
    if (url.isEmpty() && def.get("baseUrl") == null && providerConfig.get("baseUrl") == null) {
      problem(
          path,
          "no \"baseUrl\": \""
              + provider
              + "\" is not a provider graft knows, so set it on the provider or the model");
    }
    checkModelFields(def, path, false);
    if (problems.size() > before || id.isEmpty() || api.isEmpty() || url.isEmpty()) {
      return null;
    }
    // The model's own headers and compat are laid over the provider's by applyOverride.
    Model base =
        new Model(
            id.get(),
            id.get(),
            api.get(),
            provider,
            url.get(),
            false,
            false,
            ModelCost.FREE,
            DEFAULT_CONTEXT_WINDOW,
            DEFAULT_MAX_TOKENS,
            providerHeaders,
            providerCompat,
            ThinkingMap.DEFAULT);
    return applyOverride(base, def, env);
  }

  /** Type-checks the fields a model definition or override may set. */
  private void checkModelFields(ObjectNode def, String path, boolean override) {
    string(def, path, "name");
    JsonNode reasoning = def.get("reasoning");
    if (reasoning != null && !reasoning.isBoolean()) {
      problem(path + ".reasoning", "must be true or false");
    }
    JsonNode input = def.get("input");
    if (input != null) {
      boolean ok = input.isArray();
      if (ok) {
        for (JsonNode v : input) {
          ok &= v.isTextual() && Set.of("text", "image").contains(v.textValue());
        }
      }
      if (!ok) {
        problem(path + ".input", "must be an array of \"text\" and \"image\"");
      }
    }
    JsonNode cost = def.get("cost");
    if (cost != null) {
      if (!(cost instanceof ObjectNode c)) {
        problem(path + ".cost", "must be an object with input, output, cacheRead and cacheWrite");
      } else {
        for (String f : List.of("input", "output", "cacheRead", "cacheWrite")) {
          JsonNode v = c.get(f);
          if (v == null) {
            if (!override) {
              problem(path + ".cost." + f, "is required (US dollars per million tokens)");
            }
          } else if (!v.isNumber() || v.doubleValue() < 0 || Double.isInfinite(v.doubleValue())) {
            problem(path + ".cost." + f, "must be a number >= 0 (US dollars per million tokens)");
          }
        }
      }
    }
    for (String f : List.of("contextWindow", "maxTokens")) {
      JsonNode v = def.get(f);
      if (v != null
          && (!v.isNumber()
              || v.doubleValue() < 1
              || v.doubleValue() != Math.floor(v.doubleValue()))) {
        problem(path + "." + f, "must be a positive whole number of tokens");
      }
    }
    JsonNode map = def.get("thinkingLevelMap");
    if (map != null) {
      if (!(map instanceof ObjectNode m)) {
        problem(path + ".thinkingLevelMap", "must be an object");
      } else {
        for (var e : m.properties()) {
          if (ThinkingLevel.parse(e.getKey()).isEmpty()
              || !e.getKey().equals(ThinkingLevel.parse(e.getKey()).get().wire())) {
            problem(
                path + ".thinkingLevelMap." + e.getKey(),
                "is not a thinking level (off, minimal, low, medium, high, xhigh)");
          } else if (!e.getValue().isTextual() && !e.getValue().isNull()) {
            problem(
                path + ".thinkingLevelMap." + e.getKey(), "must be a string or null (unsupported)");
          }
        }
      }
    }
    JsonNode style = def.get(ThinkingStyle.FIELD);
    if (style != null && (!style.isTextual() || ThinkingStyle.parse(style.textValue()).isEmpty())) {
      problem(
          path + "." + ThinkingStyle.FIELD,
          "must be \"budget\" (a token budget) or \"effort\" (an effort or level)");
    }
    headers(def, path);
    compat(def, path);
  }

  /** A model with the fields {@code def} sets replacing its own (cost and compat merge). */
  static Model applyOverride(Model model, ObjectNode def, Map<String, String> env) {
    String name = def.path("name").isTextual() ? def.get("name").textValue() : model.name();
    boolean reasoning =
        def.path("reasoning").isBoolean() ? def.get("reasoning").booleanValue() : model.reasoning();
    boolean images = model.images();
    if (def.path("input").isArray()) {
      images = false;
      for (JsonNode v : def.get("input")) {
        images |= v.asText().equals("image");
      }
    }
    ModelCost cost = model.cost();
    if (def.get("cost") instanceof ObjectNode c) {
      cost =
          new ModelCost(
              c.path("input").asDouble(cost.input()),
              c.path("output").asDouble(cost.output()),
              c.path("cacheRead").asDouble(cost.cacheRead()),
              c.path("cacheWrite").asDouble(cost.cacheWrite()));
    }
    long context =
        def.path("contextWindow").isNumber()
            ? def.get("contextWindow").asLong()
            : model.contextWindow();
    long maxTokens =
        def.path("maxTokens").isNumber() ? def.get("maxTokens").asLong() : model.maxTokens();
    Map<String, String> headers = new LinkedHashMap<>(model.headers());
    if (def.get("headers") instanceof ObjectNode h) {
      for (var e : h.properties()) {
        headers.put(e.getKey(), resolve(e.getValue().asText(), env));
      }
    }
    ObjectNode compat = model.compat();
    if (def.get("compat") instanceof ObjectNode c) {
      compat.setAll(c.deepCopy());
    }
    if (def.path(ThinkingStyle.FIELD).isTextual()) {
      // Kept with the model's protocol settings, where the protocols read it.
      compat.put(ThinkingStyle.FIELD, def.get(ThinkingStyle.FIELD).textValue());
    }
    ThinkingMap thinking = model.thinking();
    if (def.get("thinkingLevelMap") instanceof ObjectNode m) {
      Map<ThinkingLevel, Optional<String>> entries = new EnumMap<>(ThinkingLevel.class);
      entries.putAll(model.thinking().entries());
      for (var e : m.properties()) {
        ThinkingLevel.parse(e.getKey())
            .ifPresent(level ->
                entries.put(
                    level,
                    e.getValue().isTextual()
                        ? Optional.of(e.getValue().textValue())
                        : Optional.empty()));
      }
      thinking = new ThinkingMap(entries);
    }
    return new Model(
        model.id(),
        name,
        model.api(),
        model.provider(),
        model.baseUrl(),
        reasoning,
        images,
        cost,
        context,
        maxTokens,
        headers,
        compat,
        thinking);
  }

  /** The reference's config values: the value of the environment variable so named, if set. */
  static String resolve(String value, Map<String, String> env) {
    String fromEnv = env.get(value);
    return fromEnv != null && !fromEnv.isEmpty() ? fromEnv : value;
  }

  private Optional<String> string(ObjectNode node, String path, String field) {
    JsonNode v = node.get(field);
    if (v == null) {
      return Optional.empty();
    }
    if (!v.isTextual() || v.textValue().isBlank()) {
      problem(path + "." + field, "must be a non-empty string");
      return Optional.empty();
    }
    return Optional.of(v.textValue());
  }

  private Optional<String> url(ObjectNode node, String path, String field) {
    Optional<String> url = string(node, path, field);
    if (url.isPresent()) {
      try {
        URI uri = new URI(url.get());
        String scheme = uri.getScheme();
        if (scheme == null
            || !(scheme.equals("http") || scheme.equals("https"))
            || uri.getHost() == null) {
          throw new IllegalArgumentException();
        }
      } catch (Exception e) {
        problem(
            path + "." + field, "must be an http:// or https:// URL, was \"" + url.get() + "\"");
        return Optional.empty();
      }
    }
    return url;
  }

  private Optional<Api> api(ObjectNode node, String path) {
    Optional<String> wire = string(node, path, "api");
    if (wire.isEmpty()) {
      return Optional.empty();
    }
    Optional<Api> api = Api.parse(wire.get()).filter(a -> a != Api.SCRIPTED);
    if (api.isEmpty()) {
      problem(
          path + ".api",
          "\"" + wire.get() + "\" is not supported by graft; use one of " + API_NAMES);
    }
    return api;
  }

  private Map<String, String> headers(ObjectNode node, String path) {
    JsonNode h = node.get("headers");
    if (h == null) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    if (!(h instanceof ObjectNode o)) {
      problem(path + ".headers", "must be an object of header names to strings");
      return out;
    }
    for (var e : o.properties()) {
      if (!e.getValue().isTextual()) {
        problem(path + ".headers." + e.getKey(), "must be a string");
      } else {
        out.put(e.getKey(), resolve(e.getValue().textValue(), env));
      }
    }
    return out;
  }

  private ObjectNode compat(ObjectNode node, String path) {
    JsonNode c = node.get("compat");
    if (c == null) {
      return Json.object();
    }
    if (!(c instanceof ObjectNode o)) {
      problem(path + ".compat", "must be an object");
      return Json.object();
    }
    for (var e : o.properties()) {
      String key = e.getKey();
      JsonNode v = e.getValue();
      String p = path + ".compat." + key;
      if ((OpenAiCompat.BOOLEAN_FIELDS.contains(key)
              || key.equals("supportsEagerToolInputStreaming"))
          && !v.isBoolean()) {
        problem(p, "must be true or false");
      } else if (key.equals("maxTokensField")
          && !(v.isTextual() && OpenAiCompat.MAX_TOKENS_FIELDS.contains(v.textValue()))) {
        problem(p, "must be \"max_completion_tokens\" or \"max_tokens\"");
      } else if (key.equals("thinkingFormat")
          && !(v.isTextual() && OpenAiCompat.THINKING_FORMATS.contains(v.textValue()))) {
        problem(
            p, "must be one of " + String.join(", ", new TreeSet<>(OpenAiCompat.THINKING_FORMATS)));
      } else if (key.equals("cacheControlFormat")
          && !(v.isTextual() && v.textValue().equals("anthropic"))) {
        problem(p, "must be \"anthropic\"");
      }
    }
    return o.deepCopy();
  }
}
