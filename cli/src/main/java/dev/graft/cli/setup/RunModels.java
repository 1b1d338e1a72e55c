package dev.graft.cli.setup;

import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.RetrySettings;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.llm.HttpSettings;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ScriptProviders;
import dev.graft.scripting.ScriptEngine;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The model registry a run calls models through: models.json and auth.json, the providers the run's
 * scripts registered ({@link ScriptProviders}), with settings.json's wait for a silent server
 * ({@code retry.provider.timeoutMs}) and its retries ({@code retry.maxRetries}, {@code
 * retry.baseDelayMs}). Every mode loads it here, so a model switched to later waits as long as the
 * first.
 */
public final class RunModels {
  private RunModels() {}

  static ModelRegistry load(CliContext context, Settings settings, ScriptProviders providers) {
    HttpSettings http =
        settings
            .providerTimeout()
            .map(HttpSettings.DEFAULTS::withIdleTimeout)
            .orElse(HttpSettings.DEFAULTS);
    return ModelRegistry.load(
            context.home().root(),
            context.env(),
            retries(http, settings.retry()),
            System::currentTimeMillis)
        .withScriptProviders(providers);
  }

  /**
   * {@code http} with settings.json's {@code retry.maxRetries} and {@code retry.baseDelayMs}: a
   * first wait that is set doubles per retry without graft's cap, as the reference's does.
   */
  static HttpSettings retries(HttpSettings http, RetrySettings retry) {
    HttpSettings out = http;
    if (retry.maxRetries().isPresent()) {
      out = out.withMaxAttempts(retry.maxRetries().getAsInt() + 1);
    }
    if (retry.baseDelay().isPresent()) {
      Duration base = retry.baseDelay().get();
      int doublings = Math.min(Math.max(out.maxAttempts() - 2, 0), 20);
      Duration last = base.multipliedBy(1L << doublings);
      out = out.withBackoff(base, last.compareTo(out.maxBackoff()) > 0 ? last : out.maxBackoff());
    }
    return out;
  }

  /** As {@link #load(CliContext, Settings)}, reading settings.json (and the project's) again. */
  public static ModelRegistry load(CliContext context, AgentOptions o) {
    Path cwd = AgentSetup.cwd(context, o);
    return load(context, Settings.load(context.home(), cwd), o.scriptProviders);
  }

  /**
   * The registry {@code graft models} lists: with the providers that the scripts a run here would
   * load register while they load (yours, and a trusted project's), as the reference's {@code
   * --list-models} has its extensions' providers. Without scripts ({@code scripts} false), the
   * files alone.
   */
  public static ModelRegistry listed(CliContext context, boolean scripts) {
    AgentOptions o = new AgentOptions();
    o.noScripts = !scripts;
    Path cwd = AgentSetup.cwd(context, o);
    Settings settings = Settings.load(context.home(), cwd);
    if (!scripts) {
      return load(context, settings, o.scriptProviders);
    }
    ScriptSetup.Scripts loaded = ScriptSetup.start(context, context.err(), o, cwd, settings);
    try {
      return load(context, settings, o.scriptProviders);
    } finally {
      loaded.engine().ifPresent(ScriptEngine::close);
      loaded.tried().close();
    }
  }
}
