package dev.graft.cli.scripts;

import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * A {@link ScriptHostPort} that does nothing: every call a script makes is told to {@code
 * attempted} (script, method) and refused, so that a dry run shows what a script would have done
 * without doing it. A proxy, so that it refuses the port's future methods too.
 */
final class InertPort {
  private InertPort() {}

  /** {@code cwd}: the working directory scripts see, with no grants (their own folder aside). */
  static ScriptHostPort create(Path cwd, BiConsumer<ScriptFile, String> attempted) {
    return (ScriptHostPort)
        Proxy.newProxyInstance(
            ScriptHostPort.class.getClassLoader(),
            new Class<?>[] {ScriptHostPort.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "toString" -> {
                  return "InertPort";
                }
                case "hashCode" -> {
                  return System.identityHashCode(proxy);
                }
                case "equals" -> {
                  return proxy == args[0];
                }
                case "nodeAccess" -> {
                  return NodeAccess.withoutGrants(
                      (ScriptFile) args[0], cwd, "a dry run gives scripts no grants");
                }
                case "unloaded" -> {
                  return null; // the engine's, not the script's: nothing it attempted
                }
                default -> {}
              }
              if (args != null && args.length > 0 && args[0] instanceof ScriptFile script) {
                attempted.accept(script, method.getName());
              }
              String refusal = method.getName() + " does nothing in a dry run";
              Class<?> type = method.getReturnType();
              if (type == CompletableFuture.class) {
                return CompletableFuture.failedFuture(new IllegalStateException(refusal));
              }
              if (type == List.class) {
                return List.of();
              }
              if (type == Optional.class) {
                return Optional.empty();
              }
              if (type == void.class) {
                return null;
              }
              throw new IllegalStateException(refusal);
            });
  }
}
