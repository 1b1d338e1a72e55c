package dev.graft.cli.interactive;

import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ThinkingLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/** {@code /model} and {@code /thinking}. */
final class ModelCommands {
  private ModelCommands() {}

  /**
   * {@code /model}: a picker over the models with a key; {@code /model provider/id} switches at
   * once.
   */
  static void model(CommandContext ctx, String args) {
    ModelRegistry registry = ctx.models();
    AgentSession agent = ctx.agent();
    Model chosen;
    if (args.isBlank()) {
      List<ModelListing> usable =
          registry.listModels().stream().filter(ModelListing::usable).toList();
      if (usable.isEmpty()) {
        ctx.warn(
            "No model can be used: none has a key (graft models shows where keys are looked for).");
        return;
      }
      List<Choice> choices = new ArrayList<>();
      int initial = 0;
      for (int i = 0; i < usable.size(); i++) {
        Model m = usable.get(i).model();
        if (m.equals(agent.model())) {
          initial = i;
        }
        choices.add(
            new Choice(
                m.qualifiedId(),
                m.name()
                    + " · "
                    + StatusLine.tokens(m.contextWindow())
                    + " context"
                    + (m.reasoning() ? " · reasoning" : "")
                    + (m.equals(agent.model()) ? " · current" : "")));
      }
      OptionalInt picked =
          ctx.ui().pick("Model", choices, initial, DialogOptions.CONFIRMED_BY_CALLER).join();
      if (picked.isEmpty()) {
        return;
      }
      chosen = usable.get(picked.getAsInt()).model();
    } else {
      String spec = args.strip();
      chosen =
          registry
              .resolve(spec)
              .orElseThrow(() ->
                  new IllegalArgumentException(
                      "unknown model '"
                          + spec
                          + "' (/model without an argument lists the ones you can use)"));
      Model m = chosen;
      if (registry.listModels().stream().noneMatch(l -> l.model().equals(m) && l.usable())) {
        throw new IllegalArgumentException(registry.missingKeyMessage(m.provider()));
      }
    }
    agent.setModel(chosen, registry.provider(chosen));
    ctx.info(
        "Model: "
            + chosen.qualifiedId()
            + (chosen.reasoning() ? "" : " (does not reason: the thinking level does not apply)"));
  }

  static List<String> modelCandidates(CommandContext ctx, String typed) {
    return ctx.models().listModels().stream()
        .filter(ModelListing::usable)
        .map(l -> l.model().qualifiedId())
        .toList();
  }

  /** {@code /thinking [level]}: how much the model reasons; a picker without an argument. */
  static void thinking(CommandContext ctx, String args) {
    AgentSession agent = ctx.agent();
    ThinkingLevel level;
    if (args.isBlank()) {
      List<ThinkingLevel> levels = Arrays.asList(ThinkingLevel.values());
      List<Choice> choices =
          levels.stream()
              .map(l -> new Choice(l.wire(), l == agent.thinking() ? "current" : ""))
              .toList();
      OptionalInt picked =
          ctx.ui()
              .pick(
                  "Thinking level",
                  choices,
                  levels.indexOf(agent.thinking()),
                  DialogOptions.CONFIRMED_BY_CALLER)
              .join();
      if (picked.isEmpty()) {
        return;
      }
      level = levels.get(picked.getAsInt());
    } else {
      level =
          ThinkingLevel.parse(args)
              .orElseThrow(() ->
                  new IllegalArgumentException(
                      "unknown thinking level '"
                          + args.strip()
                          + "': use off, minimal, low, medium, high or xhigh"));
    }
    agent.setThinking(level);
    ctx.info(
        "Thinking level: "
            + level.wire()
            + (agent.model().reasoning()
                ? ""
                : " ("
                    + agent.model().qualifiedId()
                    + " does not reason; the level applies to models that do)"));
  }

  static List<String> thinkingCandidates(CommandContext ctx, String typed) {
    return Arrays.stream(ThinkingLevel.values()).map(ThinkingLevel::wire).toList();
  }
}
