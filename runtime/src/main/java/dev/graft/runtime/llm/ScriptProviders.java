package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The providers a run's scripts registered ({@code pi.registerProvider}), which every registry the
 * run loads lays over the built-in models and models.json ({@link
 * ModelRegistry#withScriptProviders}). A later registration of the same name replaces the earlier;
 * unregistering restores what was there. Thread-safe: scripts register on their own thread while
 * the modes read.
 */
public final class ScriptProviders {
  private volatile boolean asked;

  /**
   * One registration.
   *
   * @param name the provider's name
   * @param script the script that registered it, for messages
   * @param path that script's file, which {@link #unregisterAll} names
   * @param config the provider in models.json's form ({@code baseUrl}, {@code api}, {@code
   *     headers}, {@code authHeader}, {@code models}), its values as sent: no variable is read here
   * @param apiKey the key the script gave (its literal, or a variable granted to it); empty for
   *     none
   * @param keyProblem why the provider has no key though the script named one (a variable it was
   *     not granted): its models then say so instead of being called
   * @param userKeys whether the user granted the script this provider's own keys (auth.json, its
   *     variables): only then may it take a provider that holds them
   * @param apiName the {@code api} the script named (its own, with a stream of its own)
   * @param stream the stream the script wrote, if any ({@code streamSimple})
   */
  public record Registration(
      String name,
      String script,
      String path,
      ObjectNode config,
      Optional<String> apiKey,
      Optional<String> keyProblem,
      boolean userKeys,
      String apiName,
      Optional<ScriptStream> stream) {
    public Registration {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(script, "script");
      Objects.requireNonNull(path, "path");
      config = config.deepCopy();
      Objects.requireNonNull(apiKey, "apiKey");
      Objects.requireNonNull(keyProblem, "keyProblem");
      Objects.requireNonNull(apiName, "apiName");
      Objects.requireNonNull(stream, "stream");
    }

    @Override
    public ObjectNode config() {
      return config.deepCopy();
    }

    /** Names the key's source, never the key. */
    @Override
    public String toString() {
      return "Registration[" + name + " by " + script + (apiKey.isPresent() ? ", key ***]" : "]");
    }
  }

  private final Map<String, Registration> byName = new LinkedHashMap<>();
  private long version;

  /** Adds {@code r}, replacing a registration of the same name: that one, if any. */
  public synchronized Optional<Registration> register(Registration r) {
    Registration before = byName.remove(r.name());
    byName.put(r.name(), r);
    version++;
    return Optional.ofNullable(before);
  }

  /**
   * Takes back {@code added} (found wrong once in place), putting back {@code before}, the
   * registration it replaced, if any: another script's valid registration of the name stays.
   */
  public synchronized void takeBack(Registration added, Optional<Registration> before) {
    if (byName.get(added.name()) != added) {
      return;
    }
    byName.remove(added.name());
    before.ifPresent(b -> byName.put(b.name(), b));
    version++;
  }

  /** Removes the registration of {@code name}; false when there was none. */
  public synchronized boolean unregister(String name) {
    boolean removed = byName.remove(name) != null;
    if (removed) {
      version++;
    }
    return removed;
  }

  /**
   * Removes every registration of the script whose file is {@code path} (it was unloaded or
   * reloaded).
   */
  public synchronized void unregisterAll(String path) {
    if (byName.values().removeIf(r -> r.path().equals(path))) {
      version++;
    }
  }

  /** Whether {@code r} itself is still in place (not unregistered, ended or replaced). */
  public synchronized boolean holds(Registration r) {
    return byName.get(r.name()) == r;
  }

  public synchronized List<Registration> all() {
    return new ArrayList<>(byName.values());
  }

  /** A script asked to register a provider, whether or not it was allowed to. */
  public void asked() {
    asked = true;
  }

  /** Whether a script asked to register a provider since graft started. */
  public boolean wasAsked() {
    return asked;
  }

  /** Counts changes: a registry built at another version is out of date. */
  public synchronized long version() {
    return version;
  }
}
