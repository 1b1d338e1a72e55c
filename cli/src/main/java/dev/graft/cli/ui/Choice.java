package dev.graft.cli.ui;

import java.util.Objects;

/**
 * One option of a picker: what is shown, and a dimmed detail after it (may be empty). A detail that
 * is an id ({@link #withId}) matches a filter word only as its start, of 4 characters or more: the
 * id's other digits are no word a user types. A filter searches {@code searched}: the label, or the
 * part of it that is the option's own text (not a marker drawn around it).
 */
public record Choice(String label, String detail, boolean detailIsId, String searched) {
  public Choice {
    Objects.requireNonNull(label, "label");
    detail = detail == null ? "" : detail;
    searched = searched == null ? label : searched;
  }

  public Choice(String label, String detail, boolean detailIsId) {
    this(label, detail, detailIsId, label);
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

  /** As {@link #withId}, found by typing a word of {@code searched} rather than of the label. */
  public static Choice withId(String label, String id, String searched) {
    return new Choice(label, id, true, searched);
  }
}
