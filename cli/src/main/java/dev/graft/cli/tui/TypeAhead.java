package dev.graft.cli.tui;

import java.io.IOException;

/**
 * Keys typed while graft started, read as the keys they were. Until raw mode began, the terminal's
 * line mode had them, and it turned Enter into a line feed, which raw mode reads as Ctrl+J (a new
 * line in the editor). So until the input first falls idle, a line feed is read as Enter: a bare
 * Enter typed ahead sends nothing, and {@code text} and Enter sends the text, as in a shell. After
 * that, a line feed is Ctrl+J again.
 */
final class TypeAhead implements KeyDecoder.Source {
  /** A pause this long ends what was typed ahead (it is all there at once when raw mode begins). */
  static final long IDLE_MILLIS = 50;

  private final KeyDecoder.Source source;
  private boolean ahead = true;

  TypeAhead(KeyDecoder.Source source) {
    this.source = source;
  }

  @Override
  public int read(long timeoutMillis) throws IOException {
    if (!ahead) {
      return source.read(timeoutMillis);
    }
    long wait = Math.min(timeoutMillis, IDLE_MILLIS);
    int c = source.read(wait);
    if (c != KeyDecoder.TIMEOUT) {
      return c == '\n' ? '\r' : c;
    }
    ahead = false;
    return timeoutMillis > wait ? source.read(timeoutMillis - wait) : KeyDecoder.TIMEOUT;
  }
}
