package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.MAX_ENTRY_DATA;
import static dev.graft.scripting.ArgumentChecks.MAX_MESSAGE;
import static dev.graft.scripting.ArgumentChecks.MAX_NAME;
import static dev.graft.scripting.ArgumentChecks.MAX_NOTIFY;
import static dev.graft.scripting.ArgumentChecks.MAX_REMINDER;
import static dev.graft.scripting.ArgumentChecks.MAX_SHORT_TEXT;
import static dev.graft.scripting.ArgumentChecks.MAX_TOOL_DESCRIPTION;
import static dev.graft.scripting.ArgumentChecks.arg;
import static dev.graft.scripting.ArgumentChecks.capped;
import static dev.graft.scripting.ArgumentChecks.describe;
import static dev.graft.scripting.ArgumentChecks.json;
import static dev.graft.scripting.ArgumentChecks.jsonString;
import static dev.graft.scripting.ArgumentChecks.level;
import static dev.graft.scripting.ArgumentChecks.optionalText;
import static dev.graft.scripting.ArgumentChecks.strings;
import static dev.graft.scripting.ArgumentChecks.text;
import static dev.graft.scripting.ArgumentChecks.timeout;
import static dev.graft.scripting.ArgumentChecks.typeOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.hooks.ReminderSink;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.ScriptStream;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.tools.BuiltinTools;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.BuiltinToolRun;
import dev.graft.scripting.api.ScriptAgentControl;
import dev.graft.scripting.api.ScriptCommand;
import dev.graft.scripting.api.ScriptCommandControl;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptFlag;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptLog;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptShortcut;
import dev.graft.scripting.api.ScriptTool;
import dev.graft.scripting.api.ScriptUi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host functions behind a script's API object, {@code ctx.ui} and {@code console}: each call is
 * checked (a bad argument is a TypeError naming the method), refused from an unloaded script, and
 * passed on to the {@link ScriptHostPort} as JSON; the script gets a {@link HostReply}.
 */
final class HostCalls {
  /** What a tool may be called (the providers' own rule for tool names). */
  static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  /** What a command may be called: a word to type after "/" (docs/hooks.md, Commands). */
  static final Pattern COMMAND_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}");

  private static final List<String> LOADING_OK =
      List.of(
          "on",
          "registerCommand",
          "registerTool",
          "registerMessageRenderer",
          "getAgentDir",
          "registerFlag",
          "getFlag",
          "registerShortcut",
          "registerProvider",
          "unregisterProvider",
          "builtinToolDefinitions",
          "builtinTool");

  /** What a flag may be called: a word after "--" (lower case, digits, "-"). */
  static final Pattern FLAG_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

  /**
   * A key as the reference writes one: modifiers and a key joined by "+" ("ctrl+shift+p", "f5",
   * "alt+enter").
   */
  static final Pattern SHORTCUT =
      Pattern.compile(
          "((ctrl|shift|alt|meta|super)\\+)*([a-z0-9]|f([1-9]|1[0-2])|enter|tab|space"
              + "|escape|esc|backspace|delete|up|down|left|right|home|end|pageup|pagedown|insert|[`\\-=\\[\\];',./\\\\])");

  private final ScriptHostPort port;
  private final RunningScripts scripts;
  private final GuestCalls calls;
  private final Marshal marshal;
  private final ScriptSettings settings;
  private final ScriptViews views;
  private final BuiltinDelegates delegates;
  private final BiFunction<LoadedScript, Value, ScriptStream> streams;

  /**
   * Each script file's unknown event names already warned of ("path\0name"), so each is said once.
   */
  private final Set<String> unknownEvents = ConcurrentHashMap.newKeySet();

  /**
   * The warning for a handler of an event graft does not know (the nearest known name suggested).
   */
  static String unknownEvent(String name, Set<String> known) {
    String nearest =
        known.stream()
            .min(Comparator.comparingInt(k -> distance(k, name)))
            .filter(k -> distance(k, name) <= 3)
            .map(k -> " (did you mean \"" + k + "\"?)")
            .orElse("");
    return UNKNOWN_EVENT
        + " \""
        + name
        + "\": graft never emits it, so this handler is never called"
        + nearest;
  }

  /**
   * How the warning of an unknown event starts ({@code graft scripts check} lists these events
   * apart).
   */
  static final String UNKNOWN_EVENT = "pi.on: unknown event";

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int[] cur = new int[b.length() + 1];
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        cur[j] =
            Math.min(
                Math.min(cur[j - 1] + 1, prev[j] + 1),
                prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
      }
      prev = cur;
    }
    return prev[b.length()];
  }

  /** Each script file's model calls, kept across reloads. */
  private final Map<Path, ModelCallQuota> modelCalls = new ConcurrentHashMap<>();

  HostCalls(
      ScriptHostPort port,
      RunningScripts scripts,
      GuestCalls calls,
      Marshal marshal,
      ScriptSettings settings,
      ScriptViews views,
      BuiltinDelegates delegates,
      BiFunction<LoadedScript, Value, ScriptStream> streams) {
    this.streams = streams;
    this.views = views;
    this.delegates = delegates;
    this.port = port;
    this.scripts = scripts;
    this.calls = calls;
    this.marshal = marshal;
    this.settings = settings;
  }

  ProxyExecutable api(LoadedScript s) {
    return args -> {
      String op = args[0].asString();
      String name = "graft." + op;
      if (!s.serving()) {
        return new HostReply.Error(
                name
                    + " was ignored: this script was unloaded ("
                    + s.endReason()
                    + "), and an API"
                    + " object from before that no longer works")
            .encoded();
      }
      if (s.state() == LoadedScript.State.LOADING && !LOADING_OK.contains(op)) {
        return new HostReply.Error(
                name
                    + " cannot be used while the script loads; call it from an event, command or"
                    + " tool handler")
            .encoded();
      }
      return HostReply.guarded(
          name,
          () ->
              switch (op) {
                case "on" -> on(s, arg(args, 1), arg(args, 2));
                case "registerCommand" -> registerCommand(s, arg(args, 1), arg(args, 2));
                case "registerTool" -> registerTool(s, arg(args, 1), arg(args, 2));
                case "registerMessageRenderer" ->
                    registerMessageRenderer(s, arg(args, 1), arg(args, 2));
                case "registerFlag" -> registerFlag(s, arg(args, 1), arg(args, 2));
                case "getFlag" -> getFlag(s, arg(args, 1));
                case "registerShortcut" -> registerShortcut(s, arg(args, 1), arg(args, 2));
                case "registerProvider" ->
                    registerProvider(s, arg(args, 1), arg(args, 2), arg(args, 3));
                case "unregisterProvider" -> unregisterProvider(s, arg(args, 1));
                default ->
                    action(
                        s,
                        op,
                        arg(args, 1),
                        arg(args, 2),
                        arg(args, 3),
                        arg(args, 4),
                        arg(args, 5));
              });
    };
  }

  ProxyExecutable ui(LoadedScript s, ScriptUi ui) {
    return args -> {
      String op = args[0].asString();
      String name = "ctx.ui." + op;
      Value a = arg(args, 1);
      Value b = arg(args, 2);
      Value c = arg(args, 3);
      Value resolve = arg(args, 4);
      Value reject = arg(args, 5);
      return HostReply.serve(
          s,
          name,
          () -> {
            if (ViewCalls.serves(op)) {
              return ViewCalls.call(s, views, ui, op, a, b, c, marshal);
            }
            switch (op) {
              case "select" ->
                  calls.await(
                      s,
                      name,
                      ui.select(
                          capped(text(a, "the title"), MAX_SHORT_TEXT, "the title"),
                          strings(
                              marshal.parse(json(b, "the options"), "the options"), "the options"),
                          timeout(c)),
                      resolve,
                      reject,
                      o -> o.map(ArgumentChecks::jsonString).orElse(null));
              case "confirm" ->
                  calls.await(
                      s,
                      name,
                      ui.confirm(
                          capped(text(a, "the title"), MAX_SHORT_TEXT, "the title"),
                          capped(optionalText(b, "the message"), MAX_NOTIFY, "the message"),
                          timeout(c)),
                      resolve,
                      reject,
                      String::valueOf);
              case "input" ->
                  calls.await(
                      s,
                      name,
                      ui.input(
                          capped(text(a, "the title"), MAX_SHORT_TEXT, "the title"),
                          capped(
                              optionalText(b, "the placeholder"),
                              MAX_SHORT_TEXT,
                              "the placeholder"),
                          timeout(c)),
                      resolve,
                      reject,
                      o -> o.map(ArgumentChecks::jsonString).orElse(null));
              case "notify" ->
                  ui.notify(capped(text(a, "the message"), MAX_NOTIFY, "the message"), level(b));
              case "setStatus" ->
                  ui.setStatus(
                      capped(text(a, "the key"), MAX_NAME, "the key"),
                      Optional.ofNullable(
                              capped(optionalText(b, "the text"), MAX_SHORT_TEXT, "the text"))
                          .filter(t -> !t.isEmpty()));
              default -> {
                return UiCalls.more(s, ui, op, name, a, b, c, resolve, reject, calls, marshal);
              }
            }
            return HostReply.NOTHING;
          });
    };
  }

  /** ctx's agent methods. */
  ProxyExecutable agent(LoadedScript s, ScriptAgentControl agent) {
    return AgentCalls.of(
        s,
        agent,
        calls,
        marshal,
        modelCalls.computeIfAbsent(
            s.file().path(), p -> new ModelCallQuota(settings.modelCalls())));
  }

  /** A command handler's extra ctx methods. */
  ProxyExecutable commands(LoadedScript s, ScriptCommandControl control) {
    return CommandCalls.of(s, control, calls, marshal);
  }

  /** ctx.reminders of a context handler: appends go to this model call's sink. */
  ProxyExecutable reminders(LoadedScript s, ReminderSink sink) {
    return args -> {
      String name = "ctx.reminders.append";
      if (!s.serving()) {
        return new HostReply.Error(
                name + " was ignored: this script was unloaded (" + s.endReason() + ")")
            .encoded();
      }
      HostReply reply;
      try {
        String text = capped(text(arg(args, 1), "the reminder"), MAX_REMINDER, "the reminder");
        String customType =
            Optional.ofNullable(
                    capped(
                        optionalText(arg(args, 2), "the customType"), MAX_NAME, "the customType"))
                .orElse("reminder");
        sink.append(s.file().name(), customType, text);
        reply = HostReply.NOTHING;
      } catch (BadArgument | IllegalArgumentException e) {
        reply = new HostReply.TypeError(name + ": " + e.getMessage());
      } catch (IllegalStateException e) {
        reply = new HostReply.Error(name + ": " + e.getMessage());
      }
      return reply.encoded();
    };
  }

  ProxyExecutable console(LoadedScript s) {
    return args -> {
      ScriptLog.Level level =
          switch (args[0].asString()) {
            case "debug" -> ScriptLog.Level.DEBUG;
            case "warn" -> ScriptLog.Level.WARN;
            case "error" -> ScriptLog.Level.ERROR;
            default -> ScriptLog.Level.INFO;
          };
      s.log().line(level, args.length > 1 && args[1].isString() ? args[1].asString() : "");
      return null;
    };
  }

  // ------------------------------------------------------------------ registration

  private HostReply on(LoadedScript s, Value event, Value handler) throws BadArgument {
    if (event == null || !event.isString()) {
      throw new BadArgument("the event name must be a string, not " + typeOf(event));
    }
    String name = event.asString();
    if (handler == null || !handler.canExecute()) {
      throw new BadArgument(
          "the handler for \"" + name + "\" must be a function, not " + typeOf(handler));
    }
    if (!settings.events().contains(name)) {
      // The reference accepts any name (a newer event, another agent's): so does graft, saying once
      // that it never comes.
      if (unknownEvents.add(s.file().path() + "\0" + name)) {
        s.log().line(ScriptLog.Level.WARN, unknownEvent(name, settings.events()));
      }
    }
    // A tool_call handler may change event.input in place: the wrapper turns that into its answer.
    s.registered()
        .addHandler(
            name,
            name.equals("tool_call") ? s.prelude().watchInput().execute(handler) : handler,
            handler,
            GuestErrors.placeOf(s, handler));
    refreshIfActive(s);
    return HostReply.NOTHING;
  }

  private HostReply registerCommand(LoadedScript s, Value nameValue, Value options)
      throws BadArgument {
    if (nameValue == null || !nameValue.isString() || nameValue.asString().isBlank()) {
      throw new BadArgument(
          "the command name must be a non-empty string, not " + describe(nameValue));
    }
    String name = nameValue.asString();
    if (name.startsWith("/")) {
      throw new BadArgument(
          "write the command name without the leading \"/\" (\"" + name.substring(1) + "\")");
    }
    if (name.chars().anyMatch(Character::isWhitespace)) {
      throw new BadArgument("the command name " + jsonString(name) + " must not contain spaces");
    }
    if (!COMMAND_NAME.matcher(name).matches()) {
      throw new BadArgument(
          "the command name "
              + jsonString(name)
              + " must be 1 to 64 letters, digits, _, -, . or :,"
              + " starting with a letter or digit");
    }
    if (options == null || !options.hasMembers()) {
      throw new BadArgument(
          "the options for /"
              + name
              + " must be an object {description, handler}, not "
              + typeOf(options));
    }
    Value handler = options.getMember("handler");
    if (handler == null || !handler.canExecute()) {
      throw new BadArgument(
          "the handler of /" + name + " must be a function, not " + typeOf(handler));
    }
    String description =
        Optional.ofNullable(
                capped(
                    optionalText(options.getMember("description"), "the description of /" + name),
                    MAX_SHORT_TEXT,
                    "the description of /" + name))
            .orElse("");
    if (s.registered().command(name).isPresent()) {
      throw new BadArgument("/" + name + " is already registered by this script");
    }
    Optional<LoadedScript> other = scripts.commandOwner(name, s);
    if (other.isPresent()) {
      s.log()
          .report(
              ScriptLog.Level.WARN,
              "/"
                  + name
                  + " is already registered by "
                  + other.get().file()
                  + "; this registration is ignored");
      return HostReply.NOTHING;
    }
    s.registered()
        .addCommand(
            new Registrations.Command(new ScriptCommand(name, description, s.file()), handler));
    refreshIfActive(s);
    return HostReply.NOTHING;
  }

  private HostReply registerTool(LoadedScript s, Value tool, Value parametersJson)
      throws BadArgument, Marshal.NotJson {
    if (tool == null || !tool.hasMembers()) {
      throw new BadArgument(
          "the tool must be an object {name, description, parameters, execute}, not "
              + typeOf(tool));
    }
    Value nameValue = tool.getMember("name");
    if (nameValue == null
        || !nameValue.isString()
        || !TOOL_NAME.matcher(nameValue.asString()).matches()) {
      throw new BadArgument(
          "the tool name must be 1 to 64 letters, digits, _ or -, not " + describe(nameValue));
    }
    String name = nameValue.asString();
    Value description = tool.getMember("description");
    if (description == null || !description.isString() || description.asString().isBlank()) {
      throw new BadArgument(
          "tool " + name + " needs a description (a non-empty string) for the model");
    }
    capped(description.asString(), MAX_TOOL_DESCRIPTION, "the description of tool " + name);
    Value execute = tool.getMember("execute");
    if (execute == null || !execute.canExecute()) {
      throw new BadArgument(
          "the execute of tool " + name + " must be a function, not " + typeOf(execute));
    }
    JsonNode parameters =
        parametersJson == null || parametersJson.isNull()
            ? Json.object().put("type", "object").set("properties", Json.object())
            : marshal.parse(parametersJson.asString(), "the parameters of tool " + name);
    if (!(parameters instanceof ObjectNode schema)) {
      throw new BadArgument("the parameters of tool " + name + " must be a JSON Schema object");
    }
    ToolSchemaCheck.check(name, schema);
    if (s.registered().tool(name).isPresent()) {
      throw new BadArgument("tool " + name + " is already registered by this script");
    }
    Optional<LoadedScript> other = scripts.toolOwner(name, s);
    if (other.isPresent()) {
      s.log()
          .report(
              ScriptLog.Level.WARN,
              "tool "
                  + name
                  + " is already registered by "
                  + other.get().file()
                  + "; this registration is ignored");
      return HostReply.NOTHING;
    }
    s.registered()
        .addTool(
            new Registrations.Tool(
                new ScriptTool(name, description.asString(), schema, s.file()),
                execute,
                renderer(tool, "renderCall", name),
                renderer(tool, "renderResult", name)));
    refreshIfActive(s);
    if (s.active()) {
      port.toolRegistered(s.file(), name);
    }
    return HostReply.NOTHING;
  }

  /**
   * {@code createReadTool(cwd).execute(...)} and its kin: built-in {@code tool} for call {@code
   * callId}, with {@code run} = {@code {params, cwd, env}} (env: the variables a bash spawnHook
   * added or changed), when the delegation rule allows it ({@link BuiltinDelegates}).
   */
  private HostReply builtinTool(
      LoadedScript s, Value toolValue, Value callIdValue, Value run, Value resolve, Value reject)
      throws BadArgument, Marshal.NotJson {
    String tool = text(toolValue, "the tool");
    if (!BuiltinTools.NAMES.contains(tool)) {
      throw new BadArgument("there is no built-in tool " + tool);
    }
    Object callId = callIdValue != null && callIdValue.isString() ? callIdValue.asString() : null;
    Optional<String> refused = delegates.check(s, tool, callId);
    if (refused.isPresent()) {
      return new HostReply.Error(refused.get());
    }
    JsonNode given = marshal.parse(json(run, "the run"), "the run");
    JsonNode params = given.path("params");
    if (!(params instanceof ObjectNode arguments)) {
      throw new BadArgument("the params of built-in tool " + tool + " must be an object");
    }
    String cwdText = given.path("cwd").asText("");
    Path cwd = Path.of(cwdText).normalize();
    if (!cwd.isAbsolute()) {
      throw new BadArgument(
          "built-in tool "
              + tool
              + " needs an absolute working directory, not \""
              + cwdText
              + "\"");
    }
    if (!Files.isDirectory(cwd)) {
      return new HostReply.Error(
          "built-in tool " + tool + ": the working directory " + cwd + " is not a directory");
    }
    Map<String, String> variables = new TreeMap<>();
    given.path("env").properties().forEach(e -> variables.put(e.getKey(), e.getValue().asText()));
    String id = (String) callId;
    var answer =
        port.runBuiltinTool(s.file(), new BuiltinToolRun(tool, id, arguments, cwd, variables));
    delegates.tie(id, answer);
    calls.await(s, "built-in tool " + tool, answer, resolve, reject, Json::write);
    return HostReply.NOTHING;
  }

  /** A tool's renderCall or renderResult: a function, or null when it has none. */
  private static Value renderer(Value tool, String member, String name) throws BadArgument {
    Value fn = tool.getMember(member);
    if (fn == null || fn.isNull()) {
      return null;
    }
    if (!fn.canExecute()) {
      throw new BadArgument(
          "the " + member + " of tool " + name + " must be a function, not " + typeOf(fn));
    }
    return fn;
  }

  private HostReply registerMessageRenderer(LoadedScript s, Value typeValue, Value renderer)
      throws BadArgument {
    String customType = capped(text(typeValue, "the customType"), MAX_NAME, "the customType");
    if (renderer == null || !renderer.canExecute()) {
      throw new BadArgument(
          "the renderer for \"" + customType + "\" must be a function, not " + typeOf(renderer));
    }
    if (s.registered().renderer(customType).isPresent()) {
      throw new BadArgument(
          "a renderer for \"" + customType + "\" is already registered by this script");
    }
    Optional<LoadedScript> other = scripts.rendererOwner(customType, s);
    if (other.isPresent()) {
      s.log()
          .report(
              ScriptLog.Level.WARN,
              "a renderer for \""
                  + customType
                  + "\" is already registered by "
                  + other.get().file()
                  + "; this registration is ignored");
      return HostReply.NOTHING;
    }
    s.registered().addRenderer(customType, renderer);
    refreshIfActive(s);
    return HostReply.NOTHING;
  }

  private HostReply registerFlag(LoadedScript s, Value nameValue, Value options)
      throws BadArgument {
    String name = capped(text(nameValue, "the flag name"), MAX_NAME, "the flag name");
    if (name.startsWith("-")) {
      throw new BadArgument(
          "write the flag name without the leading \"--\" (\""
              + name.replaceFirst("^-+", "")
              + "\")");
    }
    if (!FLAG_NAME.matcher(name).matches()) {
      throw new BadArgument(
          "the flag name " + jsonString(name) + " must be 1 to 64 lower-case letters, digits or -");
    }
    String type = "boolean";
    String description = "";
    Value defaultValue = null;
    if (options != null && options.hasMembers()) {
      type =
          Optional.ofNullable(optionalText(options.getMember("type"), "the type of --" + name))
              .orElse("boolean");
      if (!type.equals("boolean") && !type.equals("string")) {
        throw new BadArgument(
            "the type of --"
                + name
                + " must be \"boolean\" or \"string\", not "
                + jsonString(type));
      }
      description =
          Optional.ofNullable(
                  capped(
                      optionalText(
                          options.getMember("description"), "the description of --" + name),
                      MAX_SHORT_TEXT,
                      "the description of --" + name))
              .orElse("");
      Value d = options.getMember("default");
      if (d != null && !d.isNull()) {
        if (type.equals("boolean") ? !d.isBoolean() : !d.isString()) {
          throw new BadArgument(
              "the default of --" + name + " must be a " + type + ", not " + typeOf(d));
        }
        defaultValue = d;
      }
    } else if (options != null && !options.isNull()) {
      throw new BadArgument(
          "the options of --"
              + name
              + " must be an object {type, description, default}, not "
              + typeOf(options));
    }
    if (s.registered().flag(name).isPresent()) {
      throw new BadArgument("--" + name + " is already registered by this script");
    }
    s.registered()
        .addFlag(
            new Registrations.Flag(
                new ScriptFlag(name, type, description, s.file()), defaultValue));
    refreshIfActive(s);
    return HostReply.NOTHING;
  }

  /**
   * {@code pi.getFlag(name)}: the command line's value of a flag this script registered, else its
   * default.
   */
  private HostReply getFlag(LoadedScript s, Value nameValue) throws BadArgument {
    String name = text(nameValue, "the flag name");
    Optional<Registrations.Flag> flag = s.registered().flag(name);
    if (flag.isEmpty()) {
      return HostReply
          .NOTHING; // as the reference: undefined for a flag this script did not register
    }
    Optional<String> given = port.flagValue(name);
    if (given.isPresent()) {
      return flag.get().info().type().equals("boolean")
          ? HostReply.bool(true)
          : HostReply.string(given.get());
    }
    Value d = flag.get().defaultValue();
    if (d == null) {
      return HostReply.NOTHING;
    }
    return d.isBoolean() ? HostReply.bool(d.asBoolean()) : HostReply.string(d.asString());
  }

  private HostReply registerShortcut(LoadedScript s, Value keyValue, Value options)
      throws BadArgument {
    String key =
        capped(text(keyValue, "the key"), MAX_NAME, "the key")
            .toLowerCase(Locale.ROOT)
            .replace(" ", "");
    if (!SHORTCUT.matcher(key).matches()) {
      throw new BadArgument(
          "the key "
              + jsonString(key)
              + " is not a key graft knows: write modifiers and a key joined by"
              + " \"+\" (\"ctrl+shift+p\", \"alt+m\", \"f5\")");
    }
    if (options == null || !options.hasMembers()) {
      throw new BadArgument(
          "the options for "
              + key
              + " must be an object {description, handler}, not "
              + typeOf(options));
    }
    Value handler = options.getMember("handler");
    if (handler == null || !handler.canExecute()) {
      throw new BadArgument(
          "the handler of " + key + " must be a function, not " + typeOf(handler));
    }
    String description =
        Optional.ofNullable(
                capped(
                    optionalText(options.getMember("description"), "the description of " + key),
                    MAX_SHORT_TEXT,
                    "the description of " + key))
            .orElse("");
    if (s.registered().shortcut(key).isPresent()) {
      throw new BadArgument(key + " is already bound by this script");
    }
    s.registered()
        .addShortcut(
            new Registrations.Shortcut(new ScriptShortcut(key, description, s.file()), handler));
    refreshIfActive(s);
    return HostReply.NOTHING;
  }

  /** What a provider may be called: a word, as models.json's names ("gitlab-duo", "my.proxy"). */
  static final Pattern PROVIDER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  /**
   * {@code pi.registerProvider(name, config)}: the config as JSON (its {@code streamSimple} taken
   * apart by the prelude, as {@code runner}); graft decides through the port what it may do. A
   * refusal is one line, thrown as an Error. {@code oauth} (a login flow) is not in graft: it is
   * left out, with one warning.
   */
  private HostReply registerProvider(LoadedScript s, Value nameValue, Value config, Value runner)
      throws BadArgument, Marshal.NotJson {
    String name = capped(text(nameValue, "the provider name"), MAX_NAME, "the provider name");
    if (!PROVIDER_NAME.matcher(name).matches()) {
      throw new BadArgument(
          "the provider name "
              + jsonString(name)
              + " must be 1 to 64 letters, digits, \".\", \"_\" or \"-\"");
    }
    JsonNode parsed =
        config == null || config.isNull()
            ? Json.object()
            : marshal.parse(json(config, "the config"), "the config");
    if (!(parsed instanceof ObjectNode cfg)) {
      throw new BadArgument("the config of \"" + name + "\" must be an object");
    }
    if (cfg.remove("oauth") != null) {
      s.log()
          .report(
              ScriptLog.Level.WARN,
              "registerProvider(\""
                  + name
                  + "\"): oauth (a /login flow) is not in graft and was left out; the provider"
                  + " takes its apiKey");
    }
    Optional<ScriptStream> stream =
        runner != null && runner.canExecute()
            ? Optional.of(streams.apply(s, runner))
            : Optional.empty();
    try {
      port.registerProvider(s.file(), name, cfg, stream);
    } catch (SecurityException | IllegalArgumentException e) {
      return new HostReply.Error(e.getMessage());
    }
    return HostReply.NOTHING;
  }

  /** {@code pi.unregisterProvider(name)}: nothing when no script registered it. */
  private HostReply unregisterProvider(LoadedScript s, Value nameValue) throws BadArgument {
    port.unregisterProvider(s.file(), text(nameValue, "the provider name"));
    return HostReply.NOTHING;
  }

  private void refreshIfActive(LoadedScript s) {
    if (s.active()) {
      scripts.refresh();
    }
  }

  // ------------------------------------------------------------------ actions

  private HostReply action(
      LoadedScript s, String op, Value a, Value b, Value c, Value resolve, Value reject)
      throws BadArgument, Marshal.NotJson {
    ScriptFile f = s.file();
    switch (op) {
      case "appendEntry" ->
          port.appendEntry(
              f,
              capped(text(a, "the customType"), MAX_NAME, "the customType"),
              optionalJson(
                  capped(
                      b == null || b.isNull() ? null : b.asString(),
                      MAX_ENTRY_DATA,
                      "the data (as JSON)"),
                  "the data"));
      case "sendMessage" ->
          port.sendMessage(
              f, message(a), options(b, "the options", "steer", "followUp", "nextTurn"));
      case "sendUserMessage" ->
          port.sendUserMessage(f, userContent(a), options(b, "the options", "steer", "followUp"));
      case "setLabel" ->
          port.setLabel(
              f,
              capped(text(a, "the entry id"), MAX_NAME, "the entry id"),
              Optional.ofNullable(capped(optionalText(b, "the label"), MAX_SHORT_TEXT, "the label"))
                  .filter(l -> !l.isEmpty()));
      case "setSessionName" ->
          port.setSessionName(f, capped(text(a, "the name"), MAX_SHORT_TEXT, "the name"));
      case "getAgentDir" -> {
        return HostReply.string(port.agentDir());
      }
      case "builtinToolDefinitions" -> {
        return HostReply.json(BuiltinDelegates.definitions());
      }
      case "builtinTool" -> {
        return builtinTool(s, a, b, c, resolve, reject);
      }
      case "getAllTools" -> {
        var list = Json.MAPPER.createArrayNode();
        port.allTools(f).forEach(list::add);
        return HostReply.json(list);
      }
      case "getCommands" -> {
        var list = Json.MAPPER.createArrayNode();
        for (ScriptCommand command : scripts.snapshot().commands()) {
          ObjectNode o = list.addObject().put("name", command.name());
          if (!command.description().isEmpty()) {
            o.put("description", command.description());
          }
          o.put("source", "extension")
              .putObject("sourceInfo")
              .put("path", command.script().path().toString());
        }
        return HostReply.json(list);
      }
      case "getSessionName" -> {
        return HostReply.string(port.sessionName(f));
      }
      case "exec" -> {
        String command = text(a, "the command");
        List<String> args =
            b == null || b.isNull()
                ? List.of()
                : strings(marshal.parse(b.asString(), "the args"), "the args");
        ObjectNode options = options(c, "the options");
        calls.await(
            s,
            "graft.exec(" + jsonString(command) + ")",
            port.exec(f, command, args, options),
            resolve,
            reject,
            Json::write);
      }
      case "getActiveTools" -> {
        List<String> tools = port.activeTools(f);
        return HostReply.json(Json.MAPPER.valueToTree(tools));
      }
      case "setActiveTools" ->
          port.setActiveTools(
              f,
              strings(
                  marshal.parse(json(a, "the tool names"), "the tool names"), "the tool names"));
      case "setModel" -> {
        JsonNode model = marshal.parse(json(a, "the model"), "the model");
        if (!(model instanceof ObjectNode m)
            || !m.path("provider").isTextual()
            || !m.path("id").isTextual()) {
          throw new BadArgument("the model must be an object with string fields provider and id");
        }
        calls.await(s, "graft.setModel", port.setModel(f, m), resolve, reject, String::valueOf);
      }
      case "getThinkingLevel" -> {
        return HostReply.string(port.thinkingLevel(f).wire());
      }
      case "setThinkingLevel" -> {
        String level = text(a, "the level");
        port.setThinkingLevel(
            f,
            ThinkingLevel.parse(level)
                .orElseThrow(() ->
                    new BadArgument(
                        "unknown thinking level \""
                            + level
                            + "\"; the levels are "
                            + Arrays.stream(ThinkingLevel.values())
                                .map(ThinkingLevel::wire)
                                .toList())));
      }
      default -> throw new BadArgument("unknown method");
    }
    return HostReply.NOTHING;
  }

  private ObjectNode message(Value json) throws BadArgument, Marshal.NotJson {
    JsonNode m =
        marshal.parse(
            capped(json(json, "the message"), MAX_MESSAGE, "the message (as JSON)"), "the message");
    if (!(m instanceof ObjectNode o)
        || !o.path("customType").isTextual()
        || o.path("customType").asText().isEmpty()) {
      throw new BadArgument("the message must be an object with a non-empty string customType");
    }
    capped(o.path("customType").asText(), MAX_NAME, "the customType");
    if (!o.path("content").isTextual() && !o.path("content").isArray()) {
      throw new BadArgument("the message content must be a string or an array of content blocks");
    }
    return o;
  }

  private JsonNode userContent(Value json) throws BadArgument, Marshal.NotJson {
    JsonNode content =
        marshal.parse(
            capped(json(json, "the content"), MAX_MESSAGE, "the content (as JSON)"), "the content");
    if (!content.isTextual() && !content.isArray()) {
      throw new BadArgument("the content must be a string or an array of text and image blocks");
    }
    return content;
  }

  /**
   * An options object (or none); {@code deliverAs}, when given, must be one of {@code delivery}.
   */
  private ObjectNode options(Value json, String what, String... delivery)
      throws BadArgument, Marshal.NotJson {
    if (json == null || json.isNull()) {
      return Json.object();
    }
    JsonNode o = marshal.parse(json.asString(), what);
    if (!(o instanceof ObjectNode options)) {
      throw new BadArgument(what + " must be an object");
    }
    if (delivery.length > 0
        && options.has("deliverAs")
        && !Arrays.asList(delivery).contains(options.get("deliverAs").asText())) {
      throw new BadArgument("deliverAs must be one of " + String.join(", ", delivery));
    }
    return options;
  }

  private Optional<JsonNode> optionalJson(String json, String what) throws Marshal.NotJson {
    return json == null ? Optional.empty() : Optional.of(marshal.parse(json, what));
  }
}
