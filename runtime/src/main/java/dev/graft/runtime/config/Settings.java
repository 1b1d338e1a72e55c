package dev.graft.runtime.config;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code settings.json}: graft's home first, then the project's {@code .graft/settings.json}, whose
 * values win, but for those only the user may set ({@code sessionDir}, {@code
 * tools.bash.passApiKeys}): a project's are named in a problem and ignored. Comments and trailing
 * commas are allowed; fields graft does not know are left alone (a file written for the reference
 * agent works). A wrong value is reported as one line naming the file and the field, and the
 * default (or the global value) is used instead.
 */
public record Settings(
    CompactionSettings compaction,
    Duration scriptEventTimeout,
    boolean bashPassesApiKeys,
    ModelCallBudget scriptModelCalls,
    Optional<Duration> providerTimeout,
    Optional<SessionDir> sessionDir,
    RetrySettings retry,
    QueueMode steeringMode,
    QueueMode followUpMode,
    List<String> problems) {
  /** The {@code sessionDir} setting as written (a {@code ~} not yet expanded) and its file. */
  public record SessionDir(String value, Path file) {}

  /** How long a script's event handler may take to settle unless settings say otherwise. */
  public static final Duration DEFAULT_SCRIPT_EVENT_TIMEOUT = Duration.ofSeconds(30);

  /** The shortest and longest {@code retry.provider.timeoutMs}, in milliseconds. */
  static final long MIN_PROVIDER_TIMEOUT_MS = 1000;

  static final long MAX_PROVIDER_TIMEOUT_MS = 3_600_000;

  /** The largest settings file graft reads. */
  public static final int MAX_BYTES = 1 << 20;

  private static final ObjectMapper LENIENT =
      JsonMapper.builder()
          .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
          .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
          .build();

  public Settings {
    Objects.requireNonNull(providerTimeout, "providerTimeout");
    Objects.requireNonNull(sessionDir, "sessionDir");
    Objects.requireNonNull(retry, "retry");
    Objects.requireNonNull(steeringMode, "steeringMode");
    Objects.requireNonNull(followUpMode, "followUpMode");
    problems = List.copyOf(problems);
  }

  public static Settings load(GraftHome home, Path projectDir) {
    List<String> problems = new ArrayList<>();
    CompactionSettings compaction = CompactionSettings.DEFAULTS;
    Duration eventTimeout = DEFAULT_SCRIPT_EVENT_TIMEOUT;
    boolean passApiKeys = false;
    ModelCallBudget modelCalls = ModelCallBudget.DEFAULTS;
    Optional<Duration> providerTimeout = Optional.empty();
    Optional<SessionDir> sessionDir = Optional.empty();
    RetrySettings retry = RetrySettings.DEFAULTS;
    QueueMode steering = QueueMode.ONE_AT_A_TIME;
    QueueMode followUp = QueueMode.ONE_AT_A_TIME;
    for (Path file : List.of(home.settings(), projectFile(projectDir))) {
      JsonNode root = read(file, problems);
      if (root != null) {
        interactiveFields(root, file, problems);
        compaction = compaction(root.path("compaction"), compaction, file, problems);
        eventTimeout =
            eventTimeout(
                root.path("scripts").path("eventTimeoutSeconds"), eventTimeout, file, problems);
        providerTimeout =
            providerTimeout(
                root.path("retry").path("provider").path("timeoutMs"),
                providerTimeout,
                file,
                problems);
        boolean project = !file.equals(home.settings());
        JsonNode dir = root.get("sessionDir");
        if (dir != null && project) {
          problems.add(
              file
                  + ": sessionDir is honoured only in "
                  + home.settings()
                  + " (a project cannot choose where your sessions are written); ignored");
        } else if (dir != null && dir.isTextual() && !dir.asText().isBlank()) {
          sessionDir = Optional.of(new SessionDir(dir.asText(), file));
        } else if (dir != null && !dir.isNull()) {
          problems.add(file + ": sessionDir must be a folder's path; ignored");
        }
        retry = retry(root.path("retry"), retry, file, problems);
        steering = queueMode(root, "steeringMode", steering, file, problems);
        followUp = queueMode(root, "followUpMode", followUp, file, problems);
        modelCalls =
            new ModelCallBudget(
                modelCalls(
                    root.path("scripts"),
                    "modelCallsPerRun",
                    0,
                    ModelCallBudget.MAX_PER_RUN,
                    modelCalls.perRun(),
                    project,
                    file,
                    problems),
                modelCalls(
                    root.path("scripts"),
                    "modelCallsInFlight",
                    1,
                    ModelCallBudget.MAX_IN_FLIGHT,
                    modelCalls.inFlight(),
                    project,
                    file,
                    problems));
        JsonNode pass = root.path("tools").path("bash").path("passApiKeys");
        if (file.equals(home.settings())) {
          passApiKeys = passApiKeys(pass, file, problems);
        } else if (!pass.isMissingNode()) {
          problems.add(
              file
                  + ": tools.bash.passApiKeys is honoured only in "
                  + home.settings()
                  + " (a project cannot hand its commands your keys); ignored");
        }
      }
    }
    return new Settings(
        compaction,
        eventTimeout,
        passApiKeys,
        modelCalls,
        providerTimeout,
        sessionDir,
        retry,
        steering,
        followUp,
        problems);
  }

  /**
   * The fields the interactive mode reads and {@code /settings} writes (the cli's UserSettings,
   * which skips a value of a wrong type): such a value is named here, so that a typo is not
   * silently another setting.
   */
  private static void interactiveFields(JsonNode root, Path file, List<String> problems) {
    for (String field :
        List.of("defaultProvider", "defaultModel", "defaultThinkingLevel", "theme")) {
      JsonNode v = root.get(field);
      if (v != null && !v.isTextual()) {
        problems.add(file + ": " + field + " must be a string; ignored");
      }
    }
    JsonNode hide = root.get("hideThinkingBlock");
    if (hide != null && !hide.isBoolean()) {
      problems.add(file + ": hideThinkingBlock must be true or false; ignored");
    }
    JsonNode enabled = root.get("enabledModels");
    if (enabled != null
        && !(enabled.isArray() && enabled.valueStream().allMatch(JsonNode::isTextual))) {
      problems.add(
          file + ": enabledModels must be a list of model patterns ([\"claude-*\", ...]); ignored");
    }
  }

  /**
   * {@code file} as a JSON object, or null when it is absent or wrong (then a problem says why).
   */
  static JsonNode read(Path file, List<String> problems) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(file)) {
      // A project's settings are read before anything of it is trusted: never more than the cap.
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        problems.add(
            file
                + ": larger than "
                + (MAX_BYTES >> 20)
                + " MiB (the cap on a settings file); ignored");
        return null;
      }
      JsonNode root = LENIENT.readTree(new String(bytes, StandardCharsets.UTF_8));
      if (root == null || !root.isObject()) {
        problems.add(file + ": not a JSON object; ignored");
        return null;
      }
      return root;
    } catch (IOException e) {
      problems.add(file + ": " + Json.problem(e) + "; ignored");
      return null;
    }
  }

  /** The project's settings file: {@code .graft/settings.json} under {@code projectDir}. */
  public static Path projectFile(Path projectDir) {
    return projectDir.resolve(".graft").resolve("settings.json");
  }

  private static CompactionSettings compaction(
      JsonNode c, CompactionSettings base, Path file, List<String> problems) {
    if (c.isMissingNode()) {
      return base;
    }
    if (!c.isObject()) {
      problems.add(file + ": compaction must be an object; ignored");
      return base;
    }
    boolean enabled = base.enabled();
    long reserve = base.reserveTokens();
    long keep = base.keepRecentTokens();
    if (c.has("enabled")) {
      if (c.get("enabled").isBoolean()) {
        enabled = c.get("enabled").booleanValue();
      } else {
        problems.add(file + ": compaction.enabled must be true or false; ignored");
      }
    }
    reserve = tokens(c, "reserveTokens", reserve, file, problems);
    keep = tokens(c, "keepRecentTokens", keep, file, problems);
    return new CompactionSettings(enabled, reserve, keep);
  }

  /** {@code scripts.eventTimeoutSeconds}: from 1 to 3600 seconds. */
  private static Duration eventTimeout(
      JsonNode v, Duration base, Path file, List<String> problems) {
    if (v.isMissingNode()) {
      return base;
    }
    if (v.isNumber() && v.doubleValue() >= 1 && v.doubleValue() <= 3600) {
      return Duration.ofMillis(Math.round(v.doubleValue() * 1000));
    }
    problems.add(
        file + ": scripts.eventTimeoutSeconds must be a number of seconds from 1 to 3600; ignored");
    return base;
  }

  /**
   * {@code retry.provider.timeoutMs}, the reference's name: how long a model server may stay silent
   * before graft gives up. Empty: the providers' own default.
   */
  private static Optional<Duration> providerTimeout(
      JsonNode v, Optional<Duration> base, Path file, List<String> problems) {
    if (v.isMissingNode()) {
      return base;
    }
    if (v.isIntegralNumber()
        && v.canConvertToLong()
        && v.longValue() >= MIN_PROVIDER_TIMEOUT_MS
        && v.longValue() <= MAX_PROVIDER_TIMEOUT_MS) {
      return Optional.of(Duration.ofMillis(v.longValue()));
    }
    problems.add(
        file
            + ": retry.provider.timeoutMs must be a whole number of milliseconds from "
            + MIN_PROVIDER_TIMEOUT_MS
            + " to "
            + MAX_PROVIDER_TIMEOUT_MS
            + "; ignored");
    return base;
  }

  /** {@code steeringMode} or {@code followUpMode}: {@code all} or {@code one-at-a-time}. */
  private static QueueMode queueMode(
      JsonNode root, String field, QueueMode base, Path file, List<String> problems) {
    JsonNode v = root.get(field);
    if (v == null) {
      return base;
    }
    Optional<QueueMode> mode = v.isTextual() ? QueueMode.parse(v.textValue()) : Optional.empty();
    if (mode.isEmpty()) {
      problems.add(file + ": " + field + " must be \"all\" or \"one-at-a-time\"; ignored");
    }
    return mode.orElse(base);
  }

  /**
   * {@code retry.enabled}, {@code retry.maxRetries} (0 to 100) and {@code retry.baseDelayMs} (0 to
   * an hour), the reference's names; a wrong value is named and the one before it kept.
   */
  private static RetrySettings retry(
      JsonNode r, RetrySettings base, Path file, List<String> problems) {
    if (r.isMissingNode()) {
      return base;
    }
    if (!r.isObject()) {
      problems.add(file + ": retry must be an object; ignored");
      return base;
    }
    boolean enabled = base.enabled();
    OptionalInt maxRetries = base.maxRetries();
    Optional<Duration> baseDelay = base.baseDelay();
    JsonNode v = r.get("enabled");
    if (v != null) {
      if (v.isBoolean()) {
        enabled = v.booleanValue();
      } else {
        problems.add(file + ": retry.enabled must be true or false; ignored");
      }
    }
    v = r.get("maxRetries");
    if (v != null) {
      if (v.isIntegralNumber()
          && v.canConvertToInt()
          && v.intValue() >= 0
          && v.intValue() <= RetrySettings.MAX_RETRIES) {
        maxRetries = OptionalInt.of(v.intValue());
      } else {
        problems.add(
            file
                + ": retry.maxRetries must be a whole number from 0 to "
                + RetrySettings.MAX_RETRIES
                + "; ignored");
      }
    }
    v = r.get("baseDelayMs");
    if (v != null) {
      if (v.isIntegralNumber()
          && v.canConvertToLong()
          && v.longValue() >= 0
          && v.longValue() <= RetrySettings.MAX_BASE_DELAY_MS) {
        baseDelay = Optional.of(Duration.ofMillis(v.longValue()));
      } else {
        problems.add(
            file
                + ": retry.baseDelayMs must be a whole number of milliseconds from 0 to "
                + RetrySettings.MAX_BASE_DELAY_MS
                + "; ignored");
      }
    }
    return new RetrySettings(enabled, maxRetries, baseDelay);
  }

  /**
   * {@code scripts.<field>}: a whole number from {@code min} to {@code max}. A project's file may
   * only lower it: the budget guards your money against scripts, a project's among them.
   */
  private static int modelCalls(
      JsonNode scripts,
      String field,
      int min,
      int max,
      int base,
      boolean project,
      Path file,
      List<String> problems) {
    JsonNode v = scripts.path(field);
    if (v.isMissingNode()) {
      return base;
    }
    if (!(v.isIntegralNumber()
        && v.canConvertToInt()
        && v.intValue() >= min
        && v.intValue() <= max)) {
      problems.add(
          file
              + ": scripts."
              + field
              + " must be a whole number from "
              + min
              + " to "
              + max
              + "; ignored");
      return base;
    }
    if (project && v.intValue() > base) {
      problems.add(
          file
              + ": scripts."
              + field
              + " may only lower the limit in a project ("
              + v.intValue()
              + " > "
              + base
              + "); ignored");
      return base;
    }
    return v.intValue();
  }

  /**
   * {@code tools.bash.passApiKeys}: whether the bash tool's commands get the API keys (default
   * false).
   */
  private static boolean passApiKeys(JsonNode v, Path file, List<String> problems) {
    if (v.isMissingNode()) {
      return false;
    }
    if (v.isBoolean()) {
      return v.booleanValue();
    }
    problems.add(file + ": tools.bash.passApiKeys must be true or false; ignored");
    return false;
  }

  private static long tokens(
      JsonNode c, String field, long fallback, Path file, List<String> problems) {
    if (!c.has(field)) {
      return fallback;
    }
    JsonNode v = c.get(field);
    if (v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= 0) {
      return v.longValue();
    }
    problems.add(
        file + ": compaction." + field + " must be a whole number of tokens, 0 or more; ignored");
    return fallback;
  }
}
