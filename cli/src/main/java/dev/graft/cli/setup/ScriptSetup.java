package dev.graft.cli.setup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.base.CliContext;
import dev.graft.cli.base.ScriptSurface;
import dev.graft.cli.base.UserError;
import dev.graft.cli.host.AgentControl;
import dev.graft.cli.host.ScriptAccess;
import dev.graft.cli.host.ScriptExec;
import dev.graft.cli.host.SessionView;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.agent.Delivery;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.config.Settings;
import dev.graft.runtime.hooks.AgentHooks;
import dev.graft.runtime.hooks.HookRunner;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ScriptProviders;
import dev.graft.runtime.llm.ScriptStream;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.runtime.tools.Tool;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.ScriptHookSource;
import dev.graft.scripting.ScriptHosts;
import dev.graft.scripting.api.BuiltinToolRun;
import dev.graft.scripting.api.LiveEventContext;
import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptChild;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFlag;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSpawn;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Loads the hook scripts an agent run uses (--scripts DIR, -s FILE, $GRAFT_HOME/scripts and a
 * trusted project's .graft/scripts, see {@link ScriptLocations}) into the sandboxed engine and
 * turns them into the agent's hooks. GraalJS is started only when there is at least one script.
 */
final class ScriptSetup {
  private ScriptSetup() {}

  /**
   * The hooks for the agent, a way to bind the agent once it exists ({@link #bind}), every tool it
   * may be given (the built-ins and the scripts' tools), the scripts for /scripts and /reload, and
   * where the scripts meet the user (set by the mode).
   */
  record Scripts(
      AgentHooks hooks,
      AtomicReference<AgentSession> agent,
      Optional<ScriptEngine> engine,
      AgentTools tools,
      LoadedScripts loaded,
      ScriptSurface surface,
      Consumer<AgentSession> binding,
      TriedPackages tried) {
    /** The agent exists: the scripts' API calls and their handlers' ctx reach it from now on. */
    void bind(AgentSession session) {
      agent.set(session);
      binding.accept(session);
    }
  }

  /**
   * Begins loading the scripts of a run while the caller opens its session and picks its model:
   * both take a few hundred milliseconds of CPU at start, and a machine has two cores or more.
   * {@link HeldTask#join} comes where the scripts were loaded before, so the run prints what it
   * printed, in the same order, and a failure of the session or the model is still said first. The
   * interactive mode (whose trust question reads the terminal) and runs with {@code -e} (which
   * fetch packages) load at the join, on the caller's thread.
   */
  static HeldTask<Scripts> begin(CliContext context, AgentOptions o, Path cwd, Settings settings) {
    if (o.interactive || !o.extensions.isEmpty()) {
      return HeldTask.atJoin(() -> start(context, context.err(), o, cwd, settings));
    }
    return HeldTask.beside(
        "graft-script-setup",
        context.err(),
        err -> start(context, err, o, cwd, settings),
        scripts -> {
          scripts.engine().ifPresent(ScriptEngine::close);
          scripts.tried().close();
        });
  }

  /**
   * {@code err}: where the scripts' problems and output go; {@code settings}: for the scripts'
   * limits (its problems are AgentSetup's to report).
   */
  static Scripts start(
      CliContext context, PrintWriter err, AgentOptions o, Path cwd, Settings settings) {
    AtomicReference<AgentSession> agent = new AtomicReference<>();
    LiveEventContext contexts = new LiveEventContext(cwd);
    ScriptSurface surface = new ScriptSurface(err, contexts);
    AgentTools tools =
        new AgentTools(
            BuiltinTools.create(settings.bashPassesApiKeys()),
            problem -> {
              err.println("graft: " + problem);
              err.flush();
            });
    TriedPackages tried =
        TriedPackages.fetch(context.home(), context.cwd(), o.extensions, o.offline(context.env()));
    List<Path> files = new ArrayList<>(o.scriptFiles);
    files.addAll(tried.files());
    ScriptLocations.Request request =
        new ScriptLocations.Request(
            context.home(), context.cwd(), cwd, o.scriptDirs, files, o.noScripts, tried.plans());
    try {
      return start(context, o, settings, request, tried, agent, err, contexts, surface, tools);
    } catch (RuntimeException e) {
      tried.close();
      throw e;
    }
  }

  private static Scripts start(
      CliContext context,
      AgentOptions o,
      Settings settings,
      ScriptLocations.Request request,
      TriedPackages tried,
      AtomicReference<AgentSession> agent,
      PrintWriter err,
      LiveEventContext contexts,
      ScriptSurface surface,
      AgentTools tools) {
    ScriptLocations.Plan plan =
        ScriptLocations.plan(
            request,
            o.interactive
                ? TrustDecisions.prompt(context.in(), context.out())
                : TrustDecisions.notice(err));
    plan.warnings().forEach(p -> err.println("graft: warning: " + p));
    tried.warnings().forEach(p -> err.println("graft: warning: " + p));
    List<Path> locations = plan.paths();
    ScriptExec exec = new ScriptExec(context.home(), plan);
    o.withoutGrants.ifPresent(exec::withoutGrants);
    if (locations.isEmpty()) {
      checkFlags(o.scriptFlags, List.of());
      return new Scripts(
          AgentHooks.NONE,
          agent,
          Optional.empty(),
          tools,
          new LoadedScripts(
              request, plan, Optional.empty(), new LoadReport(List.of(), List.of()), exec, surface),
          surface,
          a -> {},
          tried);
    }
    // What the load warns of is kept for the interactive mode too, which clears stderr's lines.
    List<String> loadWarnings = new CopyOnWriteArrayList<>();
    AtomicBoolean loading = new AtomicBoolean(true);
    ScriptLog log =
        (script, level, text) -> {
          boolean warning = level == ScriptLog.Level.WARN || level == ScriptLog.Level.ERROR;
          if (o.verbose || warning) {
            String line =
                "[" + ScriptText.safeLine(script.name()) + "] " + ScriptText.safeLine(text);
            err.println(line);
            err.flush();
            if (warning && loading.get()) {
              loadWarnings.add(line);
            }
          }
        };
    Supplier<ModelRegistry> models = () -> RunModels.load(context, settings, o.scriptProviders);
    ScriptSettings limits =
        ScriptSettings.defaults()
            .withHandlerTimeout(settings.scriptEventTimeout())
            .withModelCalls(settings.scriptModelCalls());
    Map<String, Optional<String>> flags = new ConcurrentHashMap<>(o.scriptFlags);
    ScriptAccess granted = ScriptAccess.forThisUser(context.home());
    ScriptAccess access = o.withoutGrants.map(granted::withoutGrants).orElse(granted);
    ScriptEngine engine =
        ScriptEngine.start(
            limits,
            new Port(
                agent,
                tools,
                models,
                exec,
                access,
                request.projectDir(),
                context.home().root(),
                flags,
                log,
                ConcurrentHashMap.newKeySet(),
                o.scriptProviders,
                o.withoutGrants.isEmpty()),
            log);
    LoadReport report = engine.load(plan.sources());
    loading.set(false);
    try {
      checkFlags(o.scriptFlags, engine.flags());
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    // --name ARG: a string flag takes ARG (no longer a prompt); a boolean one leaves it a prompt
    List<String> taken = new ArrayList<>();
    for (ScriptFlag f : engine.flags()) {
      if (o.flagsWithNextArgument.contains(f.name()) && flags.containsKey(f.name())) {
        if (f.type().equals("string")) {
          taken.add(flags.get(f.name()).orElseThrow());
        } else {
          flags.put(f.name(), Optional.empty());
        }
      }
    }
    o.argumentsTakenByFlags = List.copyOf(taken);
    for (LoadReport.Problem problem : report.problems()) {
      err.println("graft: " + LoadedScripts.notLoaded(problem));
    }
    err.flush();
    // Handlers' ctx is the bridge's, made without calling back here: the agent's parts are handed
    // over once, when it exists (bind).
    HookRunner runner =
        HookRunner.reporting(
            ScriptHookSource.of(engine, contexts),
            problem ->
                surface.report(
                    new ScriptSurface.Problem(
                        engine.scripts().stream()
                            .filter(f -> f.name().equals(problem.source()))
                            .map(ScriptFile::path)
                            .findFirst(),
                        problem.event(),
                        problem.text())));
    tools.useScripts(engine, contexts);
    return new Scripts(
        runner,
        agent,
        Optional.of(engine),
        tools,
        new LoadedScripts(request, plan, Optional.of(engine), report, exec, surface)
            .withLoadWarnings(loadWarnings),
        surface,
        a -> contexts.bind(a, new SessionView(a.session()), new AgentControl(a, models)),
        tried);
  }

  /**
   * The reference's options that graft offers another way: a user coming from the reference is told
   * which.
   */
  private static final Map<String, String> REFERENCE_OPTIONS =
      Map.of(
          "--list-models", "graft models [SEARCH]",
          "--export", "graft session export FILE",
          "--no-extensions", "--no-scripts",
          "--api-key", "the provider's variable or auth.json (docs/providers.md)");

  /**
   * Every option graft does not know must be a flag a loaded script registered, and a string flag
   * needs a value, as in the reference: else a usage error naming it.
   */
  static void checkFlags(Map<String, Optional<String>> given, List<ScriptFlag> registered) {
    Map<String, ScriptFlag> byName = new LinkedHashMap<>();
    registered.forEach(f -> byName.putIfAbsent(f.name(), f));
    List<String> unknown =
        given.keySet().stream().filter(n -> !byName.containsKey(n)).map(n -> "--" + n).toList();
    if (!unknown.isEmpty()) {
      String known =
          byName.isEmpty()
              ? " (no script registers a flag; graft --help lists graft's options)"
              : " (graft --help lists graft's options; the scripts' flags: "
                  + String.join(", ", byName.keySet().stream().map(n -> "--" + n).toList())
                  + ")";
      String instead =
          unknown.stream()
              .filter(REFERENCE_OPTIONS::containsKey)
              .map(n -> "; " + n + " is " + REFERENCE_OPTIONS.get(n) + " in graft")
              .collect(Collectors.joining());
      throw UserError.usage(
          "unknown option"
              + (unknown.size() == 1 ? " " : "s ")
              + String.join(", ", unknown)
              + known
              + instead);
    }
    given.forEach((name, value) -> {
      if (byName.get(name).type().equals("string") && value.isEmpty()) {
        throw UserError.usage(
            "--" + name + " needs a value (a flag of " + byName.get(name).script().name() + ")");
      }
    });
  }

  /** What scripts may ask of graft, against the agent they run in. */
  private record Port(
      AtomicReference<AgentSession> ready,
      AgentTools tools,
      Supplier<ModelRegistry> models,
      ScriptExec exec,
      ScriptAccess access,
      Path cwd,
      Path home,
      Map<String, Optional<String>> flags,
      ScriptLog log,
      Set<String> unknownToolsWarned,
      ScriptProviders providers,
      boolean grants)
      implements ScriptHostPort {
    /**
     * A script's provider: refused when it would take a provider that holds the user's keys without
     * the {@code keys} grant; its {@code apiKey} and headers are its literals, or the values of
     * variables granted to it ({@code env}): a variable it was not granted is never read.
     */
    @Override
    public void registerProvider(
        ScriptFile script, String name, ObjectNode config, Optional<ScriptStream> stream) {
      providers.asked();
      NodeAccess node = access.of(exec.plan(), script, cwd);
      ScriptGrants.Grant grant =
          grants ? ScriptAccess.grantee(exec.plan(), script).grant() : ScriptGrants.Grant.NONE;
      var advice = node.permissions().advice();
      boolean userKeys = grant.keys().contains(name);
      ModelRegistry registry = models.get();
      Optional<String> holder = registry.userKeyHolder(name);
      if (holder.isPresent() && !userKeys) {
        throw new SecurityException(
            ModelRegistry.refusal(script.name(), name, holder.get())
                + ": "
                + advice.add("keys", name));
      }
      Map<String, String> env = node.environment();
      Optional<String> key = Optional.empty();
      Optional<String> keyProblem = Optional.empty();
      JsonNode given = config.get("apiKey");
      if (given != null && given.isTextual() && !given.textValue().isEmpty()) {
        String named = given.textValue();
        String value = env.get(named);
        if (value == null || value.isEmpty()) {
          key = Optional.of(named);
        } else if (grant.env().contains(named)) {
          key = Optional.of(value);
        } else {
          keyProblem =
              Optional.of(
                  script.name()
                      + ": registerProvider(\""
                      + name
                      + "\"): its apiKey names the variable "
                      + named
                      + ", which the script may not read, so the provider has no key: "
                      + advice.add("env", named));
          log.line(script, ScriptLog.Level.WARN, keyProblem.get());
        }
      }
      List<ObjectNode> withHeaders = new ArrayList<>();
      withHeaders.add(config);
      for (JsonNode m : config.path("models")) {
        if (m instanceof ObjectNode def) {
          withHeaders.add(def);
        }
      }
      for (ObjectNode part : withHeaders) {
        if (part.get("headers") instanceof ObjectNode headers) {
          for (var e : headers.properties()) {
            String named = e.getValue().asText("");
            String value = env.get(named);
            if (value != null && !value.isEmpty()) {
              if (!grant.env().contains(named)) {
                throw new SecurityException(
                    script.name()
                        + ": registerProvider(\""
                        + name
                        + "\") refused: its header "
                        + e.getKey()
                        + " names the variable "
                        + named
                        + ", which the script may not read: "
                        + advice.add("env", named));
              }
              headers.put(e.getKey(), value);
            }
          }
        }
      }
      if (stream.isEmpty()) {
        reachable(script, name, node, config);
      }
      ScriptProviders.Registration registration =
          new ScriptProviders.Registration(
              name,
              script.name(),
              script.toString(),
              config,
              key,
              keyProblem,
              userKeys,
              config.path("api").asText(""),
              stream);
      Optional<ScriptProviders.Registration> before = providers.register(registration);
      List<String> wrong =
          models.get().problems().stream()
              .filter(p -> p.contains("provider of " + script.name() + ": providers." + name))
              .toList();
      if (!wrong.isEmpty()) {
        providers.takeBack(registration, before);
        throw new IllegalArgumentException(String.join("; ", wrong));
      }
    }

    /**
     * Refuses a provider whose requests graft's own client would send to a host the script may not
     * fetch: the conversation, and the files the tools read, would reach it without a {@code net}
     * grant. A provider with a stream of its own reaches servers only through {@code fetch}.
     */
    private static void reachable(
        ScriptFile script, String name, NodeAccess node, ObjectNode config) {
      Map<String, JsonNode> urls = new LinkedHashMap<>();
      urls.put("baseUrl", config.get("baseUrl"));
      for (int i = 0; i < config.path("models").size(); i++) {
        urls.put("models[" + i + "].baseUrl", config.path("models").get(i).get("baseUrl"));
      }
      for (var e : urls.entrySet()) {
        String field = e.getKey();
        JsonNode url = e.getValue();
        if (url == null || !url.isTextual()) {
          continue;
        }
        URI uri;
        try {
          uri = new URI(url.textValue());
        } catch (URISyntaxException notUrl) {
          continue; // not a URL: models.json's check refuses it
        }
        try {
          ScriptHosts.check(node, "its " + field + " " + url.textValue(), uri);
        } catch (SecurityException refused) {
          throw new SecurityException(
              script.name()
                  + ": registerProvider(\""
                  + name
                  + "\") refused: "
                  + refused.getMessage());
        }
      }
    }

    @Override
    public void unregisterProvider(ScriptFile script, String name) {
      providers.unregister(name);
    }

    /** A script a reload unloaded takes its providers with it. */
    @Override
    public void unloaded(ScriptFile script) {
      providers.unregisterAll(script.toString());
    }

    @Override
    public String agentDir() {
      return home.toString();
    }

    @Override
    public Optional<String> flagValue(String name) {
      Optional<String> given = flags.get(name);
      return given == null ? Optional.empty() : Optional.of(given.orElse("true"));
    }

    private AgentSession agent() {
      AgentSession a = ready.get();
      if (a == null) {
        throw new IllegalStateException(
            "the agent is not ready yet (call this from an event handler or a command)");
      }
      return a;
    }

    @Override
    public void appendEntry(ScriptFile script, String customType, Optional<JsonNode> data) {
      agent().appendCustomEntry(customType, data);
    }

    @Override
    public void sendMessage(ScriptFile script, ObjectNode message, ObjectNode options) {
      AgentHooks.InjectedMessage m =
          HookRunner.injected(message)
              .orElseThrow(() ->
                  new IllegalArgumentException(
                      "sendMessage needs {customType: string, content: string or text/image blocks}"));
      AgentSession agent = agent();
      agent.sendCustomMessage(
          new AgentMessage.Custom(
              m.customType(),
              m.content(),
              m.display(),
              m.details(),
              System.currentTimeMillis(),
              null),
          Delivery.parse(options.path("deliverAs").asText("")),
          options.path("triggerTurn").asBoolean(false));
    }

    @Override
    public void sendUserMessage(ScriptFile script, JsonNode content, ObjectNode options) {
      UserContent user = UserContent.of(content);
      agent()
          .sendUserMessage(
              user.text(), user.images(), Delivery.parse(options.path("deliverAs").asText("")));
    }

    @Override
    public void setLabel(ScriptFile script, String entryId, Optional<String> label) {
      agent().setLabel(entryId, label);
    }

    @Override
    public void setSessionName(ScriptFile script, String name) {
      agent().setSessionName(name);
    }

    @Override
    public CompletableFuture<JsonNode> exec(
        ScriptFile script, String command, List<String> args, ObjectNode options) {
      AgentSession a = agent();
      if (exec.firstUse()) {
        a.closeWith(exec);
      }
      return exec.exec(script, command, args, options, Path.of(a.session().cwd()));
    }

    @Override
    public NodeAccess nodeAccess(ScriptFile script) {
      return access.of(exec.plan(), script, cwd);
    }

    @Override
    public ScriptChild spawn(ScriptFile script, ScriptSpawn spawn, ScriptChild.Events events)
        throws IOException {
      AgentSession a = ready.get();
      if (a != null && exec.firstUse()) {
        a.closeWith(exec);
      }
      return exec.spawn(script, spawn, events);
    }

    @Override
    public CompletableFuture<JsonNode> runBuiltinTool(ScriptFile script, BuiltinToolRun run) {
      return tools.runBuiltin(run);
    }

    @Override
    public List<String> activeTools(ScriptFile script) {
      return agent().activeTools();
    }

    @Override
    public void setActiveTools(ScriptFile script, List<String> names) {
      // As the reference: an unknown name is left out (a tool of a script that is not loaded, say),
      // with one warning per script and name.
      Map<String, Tool> known = tools.all();
      List<String> kept = new ArrayList<>();
      for (String name : names) {
        if (known.containsKey(name.strip())) {
          kept.add(name);
        } else if (unknownToolsWarned.add(script.path() + "\0" + name)) {
          log.line(
              script,
              ScriptLog.Level.WARN,
              "setActiveTools: unknown tool '"
                  + name
                  + "' left out (known: "
                  + String.join(", ", known.keySet())
                  + ")");
        }
      }
      agent().setTools(tools.select(kept));
    }

    @Override
    public List<ObjectNode> allTools(ScriptFile script) {
      Map<String, String> scriptPaths = tools.scriptToolFiles();
      return tools.all().values().stream()
          .map(t -> {
            ObjectNode o = Json.object().put("name", t.name()).put("description", t.description());
            o.set("parameters", t.parameters());
            o.putObject("sourceInfo")
                .put("path", scriptPaths.getOrDefault(t.name(), "<builtin:" + t.name() + ">"));
            return o;
          })
          .toList();
    }

    @Override
    public Optional<String> sessionName(ScriptFile script) {
      return agent().session().name();
    }

    @Override
    public void toolRegistered(ScriptFile script, String name) {
      AgentSession a = ready.get();
      if (a == null) {
        return; // still starting: the agent is made with every script tool
      }
      if (a.activeTools().contains(name)) {
        // A built-in tool the script replaces now: the agent uses the script's tool in its place.
        Map<String, Tool> known = tools.all();
        a.setTools(a.activeTools().stream().map(known::get).filter(Objects::nonNull).toList());
        return;
      }
      tools
          .lateTool(name)
          .ifPresent(tool -> {
            Map<String, Tool> known = tools.all();
            List<Tool> active =
                new ArrayList<>(
                    a.activeTools().stream().map(known::get).filter(Objects::nonNull).toList());
            active.add(tool);
            a.setTools(active);
          });
    }

    @Override
    public CompletableFuture<Boolean> setModel(ScriptFile script, ObjectNode model) {
      AgentSession agent = agent();
      // Reading models.json and the keys is file work: off the script thread.
      return CompletableFuture.supplyAsync(
          () -> {
            ModelRegistry registry = models.get();
            Optional<Model> found =
                registry.find(model.path("provider").asText(), model.path("id").asText());
            if (found.isEmpty()
                || registry.listModels().stream()
                    .noneMatch(l -> l.model().equals(found.get()) && l.usable())) {
              return false;
            }
            agent.setModel(found.get(), registry.provider(found.get()));
            return true;
          },
          r -> Thread.ofVirtual().name("graft-set-model").start(r));
    }

    @Override
    public ThinkingLevel thinkingLevel(ScriptFile script) {
      return agent().effectiveThinking();
    }

    @Override
    public void setThinkingLevel(ScriptFile script, ThinkingLevel level) {
      agent().setThinking(level);
    }
  }
}
