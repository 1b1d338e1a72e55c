package dev.graft.cli.chat;

import java.util.List;
import java.util.Optional;

/**
 * What the footer shows: where graft runs and the session's name, the tokens and cost of the
 * session so far, how full the context is, the model and its thinking level (empty for a model that
 * does not reason), and the status texts of scripts.
 */
public record FooterData(
    String cwd,
    Optional<String> sessionName,
    long input,
    long output,
    long cacheRead,
    long cacheWrite,
    double cost,
    long contextTokens,
    long contextWindow,
    boolean autoCompact,
    String model,
    Optional<String> thinking,
    List<String> statuses) {
  public FooterData {
    statuses = List.copyOf(statuses);
  }
}
