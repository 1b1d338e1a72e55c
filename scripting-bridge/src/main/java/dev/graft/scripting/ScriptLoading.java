package dev.graft.scripting;

import dev.graft.scripting.api.Failure;
import dev.graft.scripting.api.ScriptFailure;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.modules.NodeModules;
import dev.graft.scripting.modules.PackageModules;
import dev.graft.scripting.modules.TypeScriptStripper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * Loads one script file on the owner thread: its context, the prelude, the module, and the call of
 * its default export with the API object (awaited when it returns a promise). A script whose load
 * fails is closed and reported; it never becomes active.
 */
final class ScriptLoading {
  private final ScriptSettings settings;
  private final ScriptLog log;
  private final OwnerThread owner;
  private final Watchdog watchdog;
  private final Sandbox sandbox;
  private final RunningScripts scripts;
  private final GuestErrors errors;
  private final GuestCalls calls;
  private final HostCalls host;
  private final WebGlobals web;
  private final NodeCalls node;
  private final ScriptViews views;

  ScriptLoading(
      ScriptSettings settings,
      ScriptLog log,
      OwnerThread owner,
      Watchdog watchdog,
      Sandbox sandbox,
      RunningScripts scripts,
      GuestErrors errors,
      GuestCalls calls,
      HostCalls host,
      WebGlobals web,
      NodeCalls node,
      ScriptViews views) {
    this.web = web;
    this.node = node;
    this.views = views;
    this.settings = settings;
    this.log = log;
    this.owner = owner;
    this.watchdog = watchdog;
    this.sandbox = sandbox;
    this.scripts = scripts;
    this.errors = errors;
    this.calls = calls;
    this.host = host;
  }

  /** On the owner thread: creates the context, evaluates the module, calls its default export. */
  CompletableFuture<LoadedScript> start(
      ScriptFile file, Optional<Path> lib, PackageModules packages) {
    Source module;
    try {
      module = sandbox.module(file);
    } catch (IOException e) {
      return failed(file + ": cannot read it: " + e.getMessage());
    } catch (TypeScriptStripper.TypeScriptError e) {
      return failed(
          file
              + ": loading failed: "
              + e.getMessage()
              + " (at "
              + file.name()
              + ":"
              + e.line()
              + ")");
    }
    if (!Files.isReadable(file.path())) {
      return failed(file + ": cannot read it");
    }
    LogLimiter scriptLog = new LogLimiter(file, log);
    Context context;
    LoadedScript[] script = new LoadedScript[1];
    RejectionWarnings warnings =
        new RejectionWarnings(
            scriptLog::line, () -> script[0] == null ? "loading" : script[0].doing());
    NodeModules modules = sandbox.modules(file, lib, packages);
    modules.onRead(watchdog::moduleLoaded);
    try {
      context = sandbox.newContext(file, modules, scriptLog, warnings);
    } catch (RuntimeException e) {
      return failed(file + ": cannot create its context: " + e.getMessage());
    }
    LoadedScript s = new LoadedScript(file, context, watchdog, scriptLog, warnings);
    script[0] = s;
    s.nowDoing("loading");
    Value factory;
    Value api;
    try {
      // The prelude, parsing and the API object are the bridge's work (outside the spin budget);
      // evaluating the module's top level is the script's.
      Value parsed =
          s.run(() ->
              watchdog.bridgeWork(() -> {
                ProxyExecutable loadWeb =
                    web.install(s, context); // timers, AbortController... (web.js), when first used
                ProxyExecutable loadNode =
                    node.install(
                        s, context, modules,
                        web); // process, Buffer, node:fs... (node/), when first used
                ProxyExecutable loadViews =
                    views.install(
                        s, context, watchdog); // components, the theme (views.js), when first used
                s.usePrelude(
                    PreludeExports.of(
                        context
                            .eval(sandbox.prelude())
                            .execute(
                                host.api(s),
                                host.console(s),
                                settings.maxBridgeChars(),
                                loadWeb,
                                loadNode,
                                loadViews)));
                return context.parse(module);
              }));
      factory = s.run(() -> parsed.execute().getMember("default"));
      api = s.run(() -> watchdog.bridgeWork(() -> s.prelude().makeApi().execute()));
    } catch (LoadedScript.GuestException ge) {
      Failure f =
          s.preludeReady()
              ? errors.of(s, "loading", ge)
              : ge.stop == Watchdog.Stop.BRIDGE
                  ? new Failure(
                      Failure.Kind.INTERRUPTED,
                      file
                          + ": loading took more than "
                          + GuestErrors.seconds(settings.bridgeLimit())
                          + " in graft's own set-up of the script (GraalJS starting on a slow or"
                          + " busy machine?) and was interrupted")
                  : new Failure(Failure.Kind.THREW, file + ": loading failed: " + ge.getMessage());
      s.close();
      String message = f.message();
      // A module that cannot be imported has no frame: name the line that imports it (in the
      // script, or in a module it imports).
      return failed(
          message.contains(" (at ")
              ? ImportLines.exportLine(file.root(), message)
              : message + ImportLines.of(file.path(), file.root(), message));
    }
    if (factory == null || !factory.canExecute()) {
      String found = ArgumentChecks.typeOf(factory);
      // A file without a default export is most likely a module the scripts import, in the wrong
      // place.
      boolean none = factory == null || factory.isNull();
      s.close();
      return failed(
          file
              + ": its default export must be a function that receives the API object"
              + " (export default function (graft) { ... }), not "
              + found
              + (none
                  ? "; a module that only other scripts import belongs in lib/, which is not loaded as scripts"
                  : ""));
    }
    CompletableFuture<LoadedScript> result = new CompletableFuture<>();
    calls
        .call(
            s,
            factory,
            "loading",
            false,
            Optional.of(settings.handlerTimeout()),
            x -> new Object[] {api})
        .whenComplete((value, error) ->
            owner.post(() -> {
              if (error == null && s.state() == LoadedScript.State.LOADING) {
                scripts.activate(s);
                result.complete(s);
              } else {
                if (s.state() != LoadedScript.State.STOPPED) {
                  scripts.failedToLoad(s);
                  s.close();
                }
                result.completeExceptionally(
                    error != null
                        ? error
                        : new ScriptFailure(
                            new Failure(Failure.Kind.UNLOADED, file + ": unloaded while loading")));
              }
            }));
    return result;
  }

  /** Initializes GraalJS with a throwaway context, so that the first real load is quick. */
  void warmUp() {
    ScriptFile none =
        new ScriptFile(Path.of("/").resolve("graft-warm-up.js"), Path.of("/"), "warm-up");
    LogLimiter quiet = new LogLimiter(none, (script, level, text) -> {});
    try (Context context =
        sandbox.newContext(
            none, sandbox.modules(none, Optional.empty(), new PackageModules(Map.of())), quiet)) {
      PreludeExports.of(
              context
                  .eval(sandbox.prelude())
                  .execute(
                      (ProxyExecutable) a -> null,
                      (ProxyExecutable) a -> null,
                      settings.maxBridgeChars()))
          .makeApi()
          .execute();
    } catch (RuntimeException e) {
      log.engine(ScriptLog.Level.DEBUG, "warm-up failed: " + e);
    }
  }

  private static <T> CompletableFuture<T> failed(String message) {
    return CompletableFuture.failedFuture(
        new ScriptFailure(new Failure(Failure.Kind.THREW, message)));
  }
}
