package dev.graft.cli.setup;

import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.llm.HttpSettings;
import dev.graft.runtime.llm.ModelRegistry;
import java.nio.file.Path;

/**
 * The model registry a run calls models through: models.json and auth.json, with settings.json's
 * wait for a silent server ({@code retry.provider.timeoutMs}). Every mode loads it here, so a model
 * switched to later waits as long as the first.
 */
public final class RunModels {
  private RunModels() {}

  static ModelRegistry load(CliContext context, Settings settings) {
    HttpSettings http =
        settings
            .providerTimeout()
            .map(HttpSettings.DEFAULTS::withIdleTimeout)
            .orElse(HttpSettings.DEFAULTS);
    return ModelRegistry.load(
        context.home().root(), context.env(), http, System::currentTimeMillis);
  }

  /** As {@link #load(CliContext, Settings)}, reading settings.json (and the project's) again. */
  public static ModelRegistry load(CliContext context, AgentOptions o) {
    Path cwd = AgentSetup.cwd(context, o);
    return load(context, Settings.load(context.home(), cwd));
  }
}
