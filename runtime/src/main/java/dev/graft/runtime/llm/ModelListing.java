package dev.graft.runtime.llm;

import java.util.Objects;

/**
 * A model and whether graft has what it needs to call it. Never holds the key itself.
 *
 * @param model the model
 * @param key whether a key was found, is not needed, or is missing
 * @param keySource where the key was found ({@code ANTHROPIC_API_KEY}, {@code auth.json}, {@code
 *     models.json}); empty when there is none
 */
public record ModelListing(Model model, KeyStatus key, String keySource) {

  public enum KeyStatus {
    /** A key was found. */
    PRESENT,
    /** A local server: no key needed, none found. */
    NOT_NEEDED,
    /** A key is needed and none was found. */
    MISSING
  }

  public ModelListing {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(keySource, "keySource");
  }

  public boolean keyPresent() {
    return key == KeyStatus.PRESENT;
  }

  /** Whether calling the model can work as far as credentials go. */
  public boolean usable() {
    return key != KeyStatus.MISSING;
  }
}
