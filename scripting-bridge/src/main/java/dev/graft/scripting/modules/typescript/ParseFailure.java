package dev.graft.scripting.modules.typescript;

/**
 * Why the parser stopped, and where. Thrown often while the parser tries one reading of ambiguous
 * syntax and falls back to another, so it has no stack trace. A {@linkplain #fatal() fatal} one
 * ends the parse even inside such a try: a limit (nesting too deep, too much work) or a {@linkplain
 * #refusal() refusal} (TypeScript graft does not turn into JavaScript, such as decorators), which
 * is not a syntax error.
 */
final class ParseFailure extends Exception {
  private final int offset;
  private final boolean fatal;
  private final boolean refusal;

  private ParseFailure(int offset, String message, boolean fatal, boolean refusal) {
    super(message, null, false, false);
    this.offset = offset;
    this.fatal = fatal;
    this.refusal = refusal;
  }

  static ParseFailure at(int offset, String message) {
    return new ParseFailure(offset, message, false, false);
  }

  static ParseFailure fatal(int offset, String message) {
    return new ParseFailure(offset, message, true, false);
  }

  static ParseFailure refusal(int offset, String message) {
    return new ParseFailure(offset, message, true, true);
  }

  int offset() {
    return offset;
  }

  boolean fatal() {
    return fatal;
  }

  boolean refusal() {
    return refusal;
  }
}
