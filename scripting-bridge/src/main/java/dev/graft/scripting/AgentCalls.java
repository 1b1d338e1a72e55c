package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.arg;
import static dev.graft.scripting.ArgumentChecks.json;
import static dev.graft.scripting.ArgumentChecks.optionalText;
import static dev.graft.scripting.ArgumentChecks.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.ModelDescription;
import dev.graft.scripting.api.ScriptAgentControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The host function behind ctx's agent methods ({@link ScriptAgentControl}); answers with a {@link
 * HostReply}.
 */
final class AgentCalls {
  private static final Set<String> COMPLETE_FIELDS =
      Set.of("messages", "systemPrompt", "maxTokens");

  private AgentCalls() {}

  /** {@code modelCalls}: the budget of {@code s}'s script file, which {@code complete} draws on. */
  static ProxyExecutable of(
      LoadedScript s,
      ScriptAgentControl agent,
      GuestCalls calls,
      Marshal marshal,
      ModelCallQuota modelCalls) {
    return args -> {
      String op = args[0].asString();
      String name =
          switch (op) {
            case "findModel" -> "ctx.modelRegistry.find";
            case "availableModels" -> "ctx.modelRegistry.available";
            default -> "ctx." + op;
          };
      Value a = arg(args, 1);
      Value resolve = arg(args, 4);
      Value reject = arg(args, 5);
      return HostReply.serve(
          s,
          name,
          () -> {
            switch (op) {
              case "isIdle" -> {
                return HostReply.bool(agent.isIdle());
              }
              case "abort" -> agent.abort();
              case "hasPendingMessages" -> {
                return HostReply.bool(agent.hasPendingMessages());
              }
              case "getContextUsage" -> {
                return agent
                    .contextUsage()
                    .map(u -> HostReply.json(usage(u)))
                    .orElse(HostReply.NOTHING);
              }
              case "getSystemPrompt" -> {
                return HostReply.string(agent.systemPrompt());
              }
              case "compact" ->
                  calls.await(
                      s,
                      name,
                      agent.compact(Optional.ofNullable(optionalText(a, "customInstructions"))),
                      resolve,
                      reject,
                      Json::write);
              case "findModel" -> {
                return agent
                    .findModel(text(a, "the provider"), text(arg(args, 2), "the model id"))
                    .map(m -> HostReply.json(ModelDescription.of(m)))
                    .orElse(HostReply.NOTHING);
              }
              case "availableModels" -> {
                var list = Json.MAPPER.createArrayNode();
                agent.availableModels().forEach(m -> list.add(ModelDescription.of(m)));
                return HostReply.json(list);
              }
              case "rebuildContext" ->
                  calls.await(s, name, agent.rebuildContext(), resolve, reject, Json::write);
              case "complete" -> {
                ScriptAgentControl.Completion request =
                    completion(marshal.parse(json(a, "the request"), "the request"));
                calls.await(
                    s,
                    name,
                    modelCalls.call(s, agent.runs(), () -> agent.complete(request)),
                    resolve,
                    reject,
                    Json::write);
              }
              default -> throw new BadArgument("unknown method");
            }
            return HostReply.NOTHING;
          });
    };
  }

  private static ObjectNode usage(ScriptAgentControl.ContextUsage u) {
    ObjectNode o = Json.object();
    if (u.tokens().isPresent()) {
      o.put("tokens", u.tokens().getAsLong());
    } else {
      o.putNull("tokens");
    }
    o.put("contextWindow", u.contextWindow());
    if (u.percent().isPresent()) {
      o.put("percent", u.percent().getAsDouble());
    } else {
      o.putNull("percent");
    }
    return o;
  }

  /** {messages, systemPrompt?, maxTokens?}, each checked, unknown fields refused. */
  static ScriptAgentControl.Completion completion(JsonNode request) throws BadArgument {
    if (!(request instanceof ObjectNode o)) {
      throw new BadArgument("the request must be an object {messages, systemPrompt?, maxTokens?}");
    }
    for (String field : (Iterable<String>) o::fieldNames) {
      if (!COMPLETE_FIELDS.contains(field)) {
        throw new BadArgument(
            "unknown field \""
                + field
                + "\"; the request has messages, systemPrompt and maxTokens");
      }
    }
    JsonNode messages = o.path("messages");
    if (!messages.isArray() || messages.isEmpty()) {
      throw new BadArgument(
          "messages must be a non-empty array of messages ({role: \"user\", content: ...})");
    }
    List<ObjectNode> list = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (!(messages.get(i) instanceof ObjectNode m) || !m.path("role").isTextual()) {
        throw new BadArgument("messages[" + i + "] must be a message object with a string role");
      }
      list.add(m);
    }
    JsonNode system = o.path("systemPrompt");
    if (!system.isMissingNode() && !system.isNull() && !system.isTextual()) {
      throw new BadArgument("systemPrompt must be a string");
    }
    JsonNode max = o.path("maxTokens");
    if (!max.isMissingNode()
        && !max.isNull()
        && !(max.canConvertToInt() && max.isIntegralNumber() && max.asInt() > 0)) {
      throw new BadArgument("maxTokens must be a positive whole number");
    }
    return new ScriptAgentControl.Completion(
        list,
        system.isTextual() ? Optional.of(system.asText()) : Optional.empty(),
        max.isIntegralNumber() ? OptionalInt.of(max.asInt()) : OptionalInt.empty());
  }
}
