package dev.graft.cli.interactive;

import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.cli.ui.FuzzyFilter;
import dev.graft.cli.ui.SelectState;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ModelListing;
import dev.graft.runtime.llm.ModelPatterns;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ModelScope;
import dev.graft.runtime.llm.ThinkingLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** {@code /model} and {@code /thinking}. */
final class ModelCommands {
  private ModelCommands() {}

  /**
   * {@code /model}: a picker over the models with a key. {@code /model TEXT} switches at once to
   * the model TEXT names exactly ({@code provider/id} or an id only one has, in any case) among
   * those of {@code --models} (all with a key without it); else the picker opens with TEXT as its
   * filter, as the reference's does. Where the picker would be empty, one line says why: the
   * model's key is missing, or no model with a key matches.
   */
  static void model(CommandContext ctx, String args) {
    ModelRegistry registry = ctx.models();
    AgentSession agent = ctx.agent();
    List<Model> usable =
        registry.listModels().stream()
            .filter(ModelListing::usable)
            .map(ModelListing::model)
            .toList();
    String text = args.strip();
    Model chosen = null;
    if (!text.isEmpty()) {
      ModelScope scope = ctx.scope();
      List<Model> candidates =
          scope.isEmpty()
              ? usable
              : scope.current(registry).stream().map(ModelScope.Entry::model).toList();
      chosen = ModelPatterns.exact(text, candidates).orElse(null);
      Optional<Model> known = ModelPatterns.exact(text, registry.models());
      if (chosen == null && known.isPresent() && !usable.contains(known.get())) {
        // a picker with nothing in it would not say why: say where the key goes
        throw new IllegalArgumentException(registry.missingKeyMessage(known.get().provider()));
      }
    }
    if (chosen == null) {
      List<Choice> choices = new ArrayList<>();
      int initial = 0;
      for (int i = 0; i < usable.size(); i++) {
        Model m = usable.get(i);
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
      if (!text.isEmpty()) {
        SelectState filtered = new SelectState(choices, initial);
        filtered.setFilter(text);
        if (filtered.visible().isEmpty()) {
          // a picker with nothing in it: said in one line instead
          throw new IllegalArgumentException(
              "unknown model '"
                  + text
                  + "' (/model without an argument lists the ones you can use)");
        }
      }
      if (usable.isEmpty()) {
        ctx.warn(
            "No model can be used: none has a key (graft models shows where keys are looked for).");
        return;
      }
      OptionalInt picked =
          ctx.ui().pick("Model", choices, initial, text, DialogOptions.CONFIRMED_BY_CALLER).join();
      if (picked.isEmpty()) {
        return;
      }
      chosen = usable.get(picked.getAsInt());
    }
    agent.setModel(chosen, registry.provider(chosen));
    ctx.info(
        "Model: "
            + chosen.qualifiedId()
            + (chosen.reasoning() ? "" : " (does not reason: the thinking level does not apply)"));
  }

  /**
   * The models with a key whose {@code id provider} matches the typed text fuzzily, best first, as
   * the reference's completion filters them: {@code sonnet}, {@code 4o} or {@code opus anthropic}
   * find the models containing them, not only those whose name starts with the text. Those that
   * match only as {@code provider/id} follow, so that a name typed whole ({@code ollama/qw}) still
   * finds its model, which the reference's does not.
   */
  static List<String> modelCandidates(CommandContext ctx, String typed) {
    List<Model> usable =
        ctx.models().listModels().stream()
            .filter(ModelListing::usable)
            .map(ModelListing::model)
            .toList();
    List<Model> found =
        new ArrayList<>(FuzzyFilter.filter(usable, typed, m -> m.id() + " " + m.provider()));
    for (Model m : FuzzyFilter.filter(usable, typed, Model::qualifiedId)) {
      if (!found.contains(m)) {
        found.add(m);
      }
    }
    return found.stream().map(Model::qualifiedId).toList();
  }

  /** {@code /thinking [level]}: how much the model reasons; a picker without an argument. */
  static void thinking(CommandContext ctx, String args) {
    AgentSession agent = ctx.agent();
    ThinkingLevel level;
    if (args.isBlank()) {
      // the levels the model offers (only off for one that does not reason), as the reference
      List<ThinkingLevel> levels = agent.availableThinkingLevels();
      ThinkingLevel current = agent.effectiveThinking();
      List<Choice> choices =
          levels.stream().map(l -> new Choice(l.wire(), l == current ? "current" : "")).toList();
      OptionalInt picked =
          ctx.ui()
              .pick(
                  "Thinking level",
                  choices,
                  Math.max(0, levels.indexOf(current)),
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
    ThinkingLevel now = agent.effectiveThinking();
    String why =
        agent.model().reasoning()
            ? " (" + agent.model().qualifiedId() + " does not offer " + level.wire() + ")"
            : " (" + agent.model().qualifiedId() + " does not reason)";
    ctx.info("Thinking level: " + now.wire() + (now == level ? "" : why));
  }

  static List<String> thinkingCandidates(CommandContext ctx, String typed) {
    String start = typed.toLowerCase(Locale.ROOT);
    return Arrays.stream(ThinkingLevel.values())
        .map(ThinkingLevel::wire)
        .filter(w -> w.startsWith(start))
        .toList();
  }
}
