package dev.graft.cli.ui;

import java.util.Objects;

/** One option of a picker: what is shown, and a dimmed detail after it (may be empty). */
public record Choice(String label, String detail) {
  public Choice {
    Objects.requireNonNull(label, "label");
    detail = detail == null ? "" : detail;
  }

  public static Choice of(String label) {
    return new Choice(label, "");
  }
}
