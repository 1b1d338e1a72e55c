package dev.graft.scripting;

import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.modules.NodeModules;
import dev.graft.scripting.modules.PackageModules;
import dev.graft.scripting.modules.TypeScriptStripper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.ResourceLimits;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

/**
 * The shared polyglot engine and how each script's context is configured: the CONSTRAINED sandbox
 * policy (no {@code Java} global, no host class lookup, no host objects but our proxies), no
 * threads, processes, native access or environment, no IO but the read-only module file system
 * ({@link NodeModules}), output to the log, the statement limit if one is set, and none of
 * GraalJS's shell globals ({@code load}, {@code print}, {@code Graal}); the prelude installs {@code
 * console}.
 */
final class Sandbox implements AutoCloseable {
  private static final String MODULE_MIME = "application/javascript+module";

  private final Engine engine;
  private final Optional<ResourceLimits> limits;
  private final Source prelude;
  private final TypeScriptStripper typeScript;

  Sandbox(ScriptSettings settings, OutputStream engineOutput) {
    Engine.Builder builder =
        Engine.newBuilder("js")
            .sandbox(SandboxPolicy.CONSTRAINED)
            .out(engineOutput)
            .err(engineOutput);
    // On a JVM without the Graal compiler GraalJS interprets and says so on every start; graft
    // knows and reports it once at debug level. Setting the system property turns it back on.
    if (System.getProperty("polyglot.engine.WarnInterpreterOnly") == null) {
      builder.option("engine.WarnInterpreterOnly", "false");
    }
    this.engine = builder.build();
    this.typeScript = new TypeScriptStripper();
    // Statements are counted only when a limit is set: counting puts a probe on every statement
    // of script code, and the watchdog bounds every run in time anyway. Then scripts' statements
    // are counted; graft's own internal sources (the prelude, web.js) are not, so its bounded
    // bridge code runs without a probe. Script code it calls (a getter, a toJSON) is counted still.
    this.limits =
        settings.statementLimit() == ScriptSettings.NO_STATEMENT_LIMIT
            ? Optional.empty()
            : Optional.of(
                ResourceLimits.newBuilder()
                    .statementLimit(settings.statementLimit(), source -> !source.isInternal())
                    .build());
    this.prelude =
        Source.newBuilder("js", resource("prelude.js"), "graft-prelude.js")
            .internal(true)
            .buildLiteral();
  }

  /** Whether scripts' statements are counted (a statement limit is set). */
  boolean countsStatements() {
    return limits.isPresent();
  }

  /** True when no optimizing compiler is available (the community jars on a stock JDK). */
  boolean interpreted() {
    return "Interpreted".equals(engine.getImplementationName());
  }

  /**
   * What {@code file} may import: its folder, the library, the packages and graft's built-in
   * modules.
   */
  NodeModules modules(ScriptFile file, Optional<Path> lib, PackageModules packages) {
    return NodeModules.forScript(file.root(), lib, packages, typeScript);
  }

  Context newContext(ScriptFile file, NodeModules modules, LogLimiter log) {
    return newContext(file, modules, log, log::line);
  }

  /** {@code errors}: where the context's stderr lines go (GraalJS's warnings). */
  Context newContext(ScriptFile file, NodeModules modules, LogLimiter log, LogStream.Sink errors) {
    Context.Builder builder =
        Context.newBuilder("js")
            .engine(engine)
            .sandbox(SandboxPolicy.CONSTRAINED)
            .out(new LogStream(log::line, ScriptLog.Level.INFO))
            .err(new LogStream(errors, ScriptLog.Level.WARN))
            .in(InputStream.nullInputStream())
            .allowHostAccess(HostAccess.CONSTRAINED)
            .allowPolyglotAccess(PolyglotAccess.NONE)
            .allowCreateThread(false)
            .allowCreateProcess(false)
            .allowNativeAccess(false)
            .allowEnvironmentAccess(EnvironmentAccess.NONE)
            .allowIO(IOAccess.newBuilder().fileSystem(modules.fileSystem()).build())
            .option("js.esm-eval-returns-exports", "true")
            .option("js.load", "false")
            .option("js.print", "false")
            .option("js.graal-builtin", "false")
            .option("js.console", "false")
            .option("js.unhandled-rejections", "warn");
    limits.ifPresent(builder::resourceLimits);
    return builder.build();
  }

  /** {@link TypeScriptStripper#asWritten}, for the modules this sandbox erased. */
  String asWritten(String text) {
    return typeScript.asWritten(text);
  }

  Source prelude() {
    return prelude;
  }

  /** The script as a module; a TypeScript file turned into JavaScript (same lines). */
  Source module(ScriptFile file) throws IOException, TypeScriptStripper.TypeScriptError {
    Source.Builder source = Source.newBuilder("js", file.path().toFile()).mimeType(MODULE_MIME);
    String name = file.path().getFileName().toString();
    if (TypeScriptStripper.handles(name)) {
      source.content(typeScript.strip(name, TypeScriptStripper.read(file.path())));
    }
    return source.build();
  }

  private static String resource(String name) {
    try (InputStream in = Sandbox.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    engine.close(true);
  }
}
