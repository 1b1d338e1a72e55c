package dev.graft.runtime.config;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * settings.json's {@code retry}, with the reference's names: whether a model call that failed in a
 * way worth retrying is tried again ({@code enabled}, default true), how many times ({@code
 * maxRetries}) and the first wait ({@code baseDelayMs}, doubling per retry). Empty: graft's own
 * (HttpSettings.DEFAULTS).
 */
public record RetrySettings(boolean enabled, OptionalInt maxRetries, Optional<Duration> baseDelay) {
  public static final RetrySettings DEFAULTS =
      new RetrySettings(true, OptionalInt.empty(), Optional.empty());

  /** The most retries and the longest first wait graft takes from settings. */
  static final int MAX_RETRIES = 100;

  static final long MAX_BASE_DELAY_MS = 3_600_000;

  public RetrySettings {
    Objects.requireNonNull(maxRetries, "maxRetries");
    Objects.requireNonNull(baseDelay, "baseDelay");
  }
}
