package dev.graft.runtime.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The models Ctrl+P cycles through, as {@code --models} or the {@code enabledModels} setting name
 * them: {@code claude-*,openai/gpt-5.4:high}. A pattern with {@code *}, {@code ?} or {@code [...]}
 * is a glob ({@link GlobPattern}: {@code *} within one {@code /} segment, as the reference's
 * minimatch) matched, ignoring case, against {@code provider/id} and against the bare id; any other
 * pattern names one model as {@code --model} does ({@link ModelPatterns}: {@code sonnet} too). A
 * {@code :LEVEL} suffix (a thinking level) sets the thinking level when the cycle reaches that
 * model. Only models with a key count; a pattern that matches none is warned of. Empty: no scope,
 * every model with a key.
 */
public record ModelScope(List<Entry> entries) {
  public static final ModelScope ALL = new ModelScope(List.of());

  /** A model of the scope, and the thinking level its pattern asked for. */
  public record Entry(Model model, Optional<ThinkingLevel> thinking) {}

  public ModelScope {
    entries = List.copyOf(entries);
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * The scope's models as {@code registry} has them now, taken again by provider and id: one it no
   * longer has (the script that registered its provider unregistered it or ended) is left out, and
   * one whose provider changed is called as it is now, never as it was when the scope was resolved.
   */
  public List<Entry> current(ModelRegistry registry) {
    List<Entry> out = new ArrayList<>();
    for (Entry e : entries) {
      registry
          .find(e.model().provider(), e.model().id())
          .ifPresent(m -> out.add(new Entry(m, e.thinking())));
    }
    return out;
  }

  /** Whether {@code model} is in the scope; every model is when it is empty. */
  public boolean contains(Model model) {
    return entries.isEmpty() || entries.stream().anyMatch(e -> e.model().equals(model));
  }

  /**
   * The scope {@code patterns} name among the models of {@code registry} with a key, in pattern
   * order, each model once; {@code warn} hears of each pattern that matches none.
   */
  public static ModelScope resolve(
      List<String> patterns, ModelRegistry registry, Consumer<String> warn) {
    List<Model> usable =
        registry.listModels().stream()
            .filter(ModelListing::usable)
            .map(ModelListing::model)
            .toList();
    List<Entry> entries = new ArrayList<>();
    for (String raw : patterns) {
      String pattern = raw.strip();
      if (pattern.isEmpty()) {
        continue;
      }
      Optional<ThinkingLevel> thinking = Optional.empty();
      List<Model> matched;
      if (ModelPatterns.isGlob(pattern)) {
        int colon = pattern.lastIndexOf(':');
        if (colon > 0) {
          Optional<ThinkingLevel> level = ThinkingLevel.parse(pattern.substring(colon + 1));
          if (level.isPresent()) {
            thinking = level;
            pattern = pattern.substring(0, colon);
          }
        }
        matched = ModelPatterns.globMatches(pattern, usable);
      } else {
        Optional<ModelPatterns.Match> match = ModelPatterns.match(pattern, usable);
        thinking = match.flatMap(ModelPatterns.Match::thinking);
        matched = match.map(ModelPatterns.Match::model).stream().toList();
      }
      if (matched.isEmpty()) {
        warn.accept(
            "no model with a key matches \""
                + raw.strip()
                + "\" of --models or enabledModels (graft models lists them)");
      }
      for (Model m : matched) {
        if (entries.stream().noneMatch(e -> e.model().equals(m))) {
          entries.add(new Entry(m, thinking));
        }
      }
    }
    return new ModelScope(entries);
  }
}
