package dev.graft.runtime.llm;

import dev.graft.runtime.config.EditDistance;
import dev.graft.runtime.tools.GlobPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How {@code --model} (and each pattern of {@code --models} that is not a glob) names one model, by
 * the reference's rule:
 *
 * <ol>
 *   <li>{@code provider/id} or a bare id, ignoring case; a bare id two providers share is the first
 *       one's ({@link ModelRegistry#models()} order: built-in before models.json);
 *   <li>else a part of an id or of a name, ignoring case ({@code sonnet}); of several, an id
 *       without a date ({@code -20250929}) or ending in {@code -latest} before the dated ones, then
 *       the id that sorts last ({@code claude-sonnet-4-6} before {@code claude-sonnet-4-5});
 *   <li>else, when it ends in {@code :LEVEL} (a thinking level), the rest by these rules, with that
 *       level ({@code sonnet:high}); an id may itself hold colons ({@code qwen3:8b}).
 * </ol>
 *
 * <p>A first part before a slash that is a provider keeps the search to that provider's models
 * ({@code openai/mini}); when they hold none, the whole text is tried as an id of any provider
 * (OpenRouter's {@code openai/gpt-oss-120b}). A glob names no single model.
 */
public final class ModelPatterns {
  private ModelPatterns() {}

  /** A model, and the thinking level a {@code :LEVEL} suffix asked for. */
  public record Match(Model model, Optional<ThinkingLevel> thinking) {}

  /**
   * The model {@code spec} names among {@code models}: {@code --model}, with {@code provider} the
   * {@code --provider} given or null.
   */
  public static Optional<Match> forCli(String spec, String provider, List<Model> models) {
    String text = spec.strip();
    if (text.isEmpty()) {
      return Optional.empty();
    }
    if (provider != null) {
      List<Model> own = models.stream().filter(m -> m.provider().equals(provider)).toList();
      Optional<Match> whole = match(text, own);
      if (whole.isEmpty() && startsWithIgnoringCase(text, provider + "/")) {
        return match(text.substring(provider.length() + 1), own);
      }
      return whole;
    }
    int slash = text.indexOf('/');
    Optional<String> named =
        slash > 0 ? providerNamed(text.substring(0, slash), models) : Optional.empty();
    if (named.isEmpty()) {
      return match(text, models);
    }
    String inferred = named.get();
    Optional<Match> within =
        match(
            text.substring(slash + 1),
            models.stream().filter(m -> m.provider().equals(inferred)).toList());
    return within.isPresent() ? within : match(text, models);
  }

  /**
   * The model {@code reference} names exactly among {@code candidates}, ignoring case, as the
   * reference's {@code /model TEXT} takes it: {@code provider/id}, else a bare id that only one
   * candidate has; no part of an id, no {@code :LEVEL}. Empty when none does, or when two do.
   */
  public static Optional<Model> exact(String reference, List<Model> candidates) {
    String text = reference.strip();
    if (text.isEmpty()) {
      return Optional.empty();
    }
    List<Model> qualified =
        candidates.stream().filter(m -> m.qualifiedId().equalsIgnoreCase(text)).toList();
    if (!qualified.isEmpty()) {
      return only(qualified);
    }
    int slash = text.indexOf('/');
    if (slash >= 0) {
      String provider = text.substring(0, slash).strip();
      String id = text.substring(slash + 1).strip();
      if (!provider.isEmpty() && !id.isEmpty()) {
        List<Model> split =
            candidates.stream()
                .filter(m -> m.provider().equalsIgnoreCase(provider) && m.id().equalsIgnoreCase(id))
                .toList();
        if (!split.isEmpty()) {
          return only(split);
        }
      }
    }
    return only(candidates.stream().filter(m -> m.id().equalsIgnoreCase(text)).toList());
  }

  private static Optional<Model> only(List<Model> models) {
    return models.size() == 1 ? Optional.of(models.getFirst()) : Optional.empty();
  }

  /** The model {@code pattern} names among {@code candidates}, by the rules above. */
  public static Optional<Match> match(String pattern, List<Model> candidates) {
    Optional<Model> model = matchModel(pattern, candidates);
    if (model.isPresent()) {
      return Optional.of(new Match(model.get(), Optional.empty()));
    }
    int colon = pattern.lastIndexOf(':');
    if (colon < 0) {
      return Optional.empty();
    }
    Optional<ThinkingLevel> level = ThinkingLevel.parse(pattern.substring(colon + 1));
    if (level.isEmpty()) {
      return Optional.empty();
    }
    return match(pattern.substring(0, colon), candidates).map(m -> new Match(m.model(), level));
  }

  private static Optional<Model> matchModel(String pattern, List<Model> candidates) {
    String lower = pattern.strip().toLowerCase(Locale.ROOT);
    if (lower.isEmpty()) {
      return Optional.empty();
    }
    for (Model m : candidates) {
      if (m.qualifiedId().toLowerCase(Locale.ROOT).equals(lower)) {
        return Optional.of(m);
      }
    }
    for (Model m : candidates) {
      if (m.id().toLowerCase(Locale.ROOT).equals(lower)) {
        return Optional.of(m);
      }
    }
    Model best = null;
    for (Model m : candidates) {
      if (m.id().toLowerCase(Locale.ROOT).contains(lower)
          || m.name().toLowerCase(Locale.ROOT).contains(lower)) {
        if (best == null || before(m, best)) {
          best = m;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** Whether {@code a} is chosen over {@code b}: undated first, then the id that sorts last. */
  private static boolean before(Model a, Model b) {
    boolean aliasA = isAlias(a.id());
    if (aliasA != isAlias(b.id())) {
      return aliasA;
    }
    return compareIds(a.id(), b.id()) > 0;
  }

  private static final Pattern DATED = Pattern.compile(".*-\\d{8}");

  private static boolean isAlias(String id) {
    return id.endsWith("-latest") || !DATED.matcher(id).matches();
  }

  /**
   * Orders ids as the reference's {@code String.localeCompare} does for them: letters ignoring
   * case, punctuation before digits before letters, and of ids that differ only in case, lower case
   * first.
   */
  public static int compareIds(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      int d = Integer.compare(rank(a.charAt(i)), rank(b.charAt(i)));
      if (d != 0) {
        return d;
      }
    }
    if (a.length() != b.length()) {
      return Integer.compare(a.length(), b.length());
    }
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        return Character.isLowerCase(x)
            ? -1
            : Character.isLowerCase(y) ? 1 : Character.compare(x, y);
      }
    }
    return 0;
  }

  /** ASCII punctuation in the order of the Unicode collation the reference's runtime uses. */
  private static final String PUNCTUATION = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$";

  private static int rank(char c) {
    int p = PUNCTUATION.indexOf(c);
    return p >= 0 ? p : PUNCTUATION.length() + Character.toLowerCase(c);
  }

  /** Whether {@code pattern} is a glob ({@code *}, {@code ?} or {@code [...]}), as --models has. */
  public static boolean isGlob(String pattern) {
    return pattern.contains("*") || pattern.contains("?") || pattern.contains("[");
  }

  /**
   * Matches a glob, ignoring case, against {@code provider/id} and the bare id; {@code *} stays
   * within one {@code /} part.
   */
  public static List<Model> globMatches(String glob, List<Model> models) {
    Pattern p = GlobPattern.compile(glob, true, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    return models.stream()
        .filter(m -> p.matcher(m.qualifiedId()).matches() || p.matcher(m.id()).matches())
        .toList();
  }

  /**
   * Up to three {@code provider/id}s to suggest for {@code spec}, which names none: those a glob
   * fits; else the ids (with a slash in {@code spec}, the {@code provider/id}s) fewest edits away,
   * at most three edits and fewer for a short name, a {@code :SUFFIX} disregarded.
   */
  public static List<String> nearest(String spec, List<Model> models) {
    String text = spec.strip();
    if (isGlob(text)) {
      return globMatches(text, models).stream().map(Model::qualifiedId).limit(3).toList();
    }
    String lower = text.toLowerCase(Locale.ROOT);
    int colon = lower.lastIndexOf(':');
    String bare = colon > 0 ? lower.substring(0, colon) : lower;
    boolean qualified = lower.indexOf('/') > 0;
    int allowed = Math.max(1, Math.min(3, bare.length() / 4));
    int best = Integer.MAX_VALUE;
    List<String> out = new ArrayList<>();
    for (Model m : models) {
      String name = (qualified ? m.qualifiedId() : m.id()).toLowerCase(Locale.ROOT);
      int d = Math.min(EditDistance.between(lower, name), EditDistance.between(bare, name));
      if (d > allowed || d > best) {
        continue;
      }
      if (d < best) {
        best = d;
        out.clear();
      }
      if (out.size() < 3) {
        out.add(m.qualifiedId());
      }
    }
    return List.copyOf(out);
  }

  private static Optional<String> providerNamed(String name, List<Model> models) {
    return models.stream().map(Model::provider).filter(p -> p.equalsIgnoreCase(name)).findFirst();
  }

  private static boolean startsWithIgnoringCase(String text, String prefix) {
    return text.regionMatches(true, 0, prefix, 0, prefix.length());
  }
}
