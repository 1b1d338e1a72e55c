package dev.graft.scripting.api;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a script's footer component may ask its data provider (the reference's footerData): the git
 * branch of the working directory ("detached" for a detached HEAD, empty outside a repository), the
 * status texts scripts set by key, and how many providers have models graft can call.
 */
public record FooterFacts(Optional<String> branch, Map<String, String> statuses, int providers) {
  public static final FooterFacts NONE = new FooterFacts(Optional.empty(), Map.of(), 0);

  public FooterFacts {
    Objects.requireNonNull(branch, "branch");
    statuses = Map.copyOf(statuses);
  }
}
