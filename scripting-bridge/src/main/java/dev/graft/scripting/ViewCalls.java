package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.MAX_NAME;
import static dev.graft.scripting.ArgumentChecks.capped;
import static dev.graft.scripting.ArgumentChecks.optionalText;
import static dev.graft.scripting.ArgumentChecks.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.CustomOptions;
import dev.graft.scripting.api.FooterFacts;
import dev.graft.scripting.api.ScriptUi;
import java.util.List;
import java.util.Optional;
import org.graalvm.polyglot.Value;

/**
 * The {@code ctx.ui} members that hand graft a component views.js made ({@code custom}, a widget,
 * footer, header or editor given as a factory) and the footer's data. Called by {@link
 * HostCalls#ui}; the component's id names it in views.js, and becomes a {@link LiveView} here.
 */
final class ViewCalls {
  private static final List<String> PLACEMENTS = List.of("aboveEditor", "belowEditor");

  private ViewCalls() {}

  /** Whether {@code op} is one of these. */
  static boolean serves(String op) {
    return switch (op) {
      case "custom", "setWidgetView", "setFooter", "setHeader", "setEditor", "footerData" -> true;
      default -> false;
    };
  }

  static HostReply call(
      LoadedScript s,
      ScriptViews views,
      ScriptUi ui,
      String op,
      Value a,
      Value b,
      Value c,
      Marshal marshal)
      throws BadArgument, Marshal.NotJson {
    switch (op) {
      case "custom" ->
          ui.custom(views.open(s, id(a), "the ctx.ui.custom component"), options(b, marshal));
      case "setWidgetView" -> {
        String key = capped(text(a, "the key"), MAX_NAME, "the key");
        String placement =
            Optional.ofNullable(optionalText(c, "the placement")).orElse("aboveEditor");
        if (!PLACEMENTS.contains(placement)) {
          throw new BadArgument(
              "the placement must be \"aboveEditor\" or \"belowEditor\", not \""
                  + placement
                  + "\"");
        }
        ui.setWidget(
            key, views.open(s, id(b), "widget " + ArgumentChecks.jsonString(key)), placement);
      }
      case "setFooter" ->
          ui.setFooter(
              a == null || a.isNull()
                  ? Optional.empty()
                  : Optional.of(views.open(s, id(a), "the footer (ctx.ui.setFooter)")));
      case "setHeader" ->
          ui.setHeader(
              a == null || a.isNull()
                  ? Optional.empty()
                  : Optional.of(views.open(s, id(a), "the header (ctx.ui.setHeader)")));
      case "setEditor" ->
          ui.setEditor(
              a == null || a.isNull()
                  ? Optional.empty()
                  : Optional.of(views.open(s, id(a), "the editor (ctx.ui.setEditorComponent)")));
      case "footerData" -> {
        FooterFacts facts = ui.footerFacts();
        ObjectNode out = Json.object();
        facts.branch().ifPresent(branch -> out.put("branch", branch));
        ObjectNode statuses = out.putObject("statuses");
        facts.statuses().forEach(statuses::put);
        out.put("providers", facts.providers());
        return HostReply.json(out);
      }
      default -> throw new BadArgument("unknown method");
    }
    return HostReply.NOTHING;
  }

  private static int id(Value v) throws BadArgument {
    if (v == null || !v.fitsInInt()) {
      throw new BadArgument("no component");
    }
    return v.asInt();
  }

  private static CustomOptions options(Value json, Marshal marshal) throws Marshal.NotJson {
    if (json == null || json.isNull() || !json.isString()) {
      return CustomOptions.NONE;
    }
    JsonNode o = marshal.parse(json.asString(), "the options");
    return new CustomOptions(
        o.path("overlay").asBoolean(false),
        o.path("width").isTextual() ? Optional.of(o.path("width").asText()) : Optional.empty(),
        o.path("anchor").isTextual() ? Optional.of(o.path("anchor").asText()) : Optional.empty());
  }
}
