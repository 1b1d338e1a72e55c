package dev.graft.cli.ui;

import java.util.Objects;

/**
 * One option of a picker: what is shown, and a dimmed detail after it (may be empty). A detail that
 * is an id ({@link #withId}) matches a filter word only as its start, of 4 characters or more: the
 * id's other digits are no word a user types.
 */
public record Choice(String label, String detail, boolean detailIsId) {
  public Choice {
    Objects.requireNonNull(label, "label");
    detail = detail == null ? "" : detail;
  }

  public Choice(String label, String detail) {
    this(label, detail, false);
  }

  public static Choice of(String label) {
    return new Choice(label, "");
  }

  /** An option shown with an id (a session entry's), found by typing the id's start. */
  public static Choice withId(String label, String id) {
    return new Choice(label, id, true);
  }
}
