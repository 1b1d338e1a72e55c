package dev.graft.runtime.tools;

import dev.graft.runtime.concurrent.AbortSignal;

/**
 * Text that a regular expression can be run over and still be aborted. Java's regex engine
 * backtracks, so a pattern like {@code (a+)+b} can run for hours on one short line; checking the
 * signal every few thousand character reads lets the user stop it. For one thread at a time.
 */
final class AbortableText implements CharSequence {
  private static final int CHECK_EVERY = 4096;

  private final CharSequence text;
  private final AbortSignal signal;
  private int reads;

  /** Thrown out of the regex engine when the signal fires. */
  static final class Aborted extends RuntimeException {
    Aborted() {
      super("Operation aborted", null, false, false);
    }
  }

  AbortableText(CharSequence text, AbortSignal signal) {
    this.text = text;
    this.signal = signal;
  }

  @Override
  public char charAt(int index) {
    if (++reads >= CHECK_EVERY) {
      reads = 0;
      if (signal.aborted()) {
        throw new Aborted();
      }
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new AbortableText(text.subSequence(start, end), signal);
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
