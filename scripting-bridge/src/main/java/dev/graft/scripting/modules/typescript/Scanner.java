package dev.graft.scripting.modules.typescript;

/**
 * Splits TypeScript source into tokens, one at a time as the parser asks, with positions in UTF-16
 * units of the Java string (the units GraalJS counts columns in). What a {@code /}, a {@code >} or
 * a {@code }} is depends on where the parser is, so it rescans them ({@link #rescanRegex}, {@link
 * #rescanGreater}, {@link #rescanTemplateContinuation}).
 */
final class Scanner {
  /** Everything the parser may need to go back to, for lookahead and speculative parsing. */
  record State(
      int pos,
      Token token,
      int start,
      int end,
      boolean newlineBefore,
      String name,
      boolean escaped) {}

  private final String src;
  private final int length;
  private int pos;
  private Token token = Token.EOF;
  private int start;
  private int end;
  private boolean newlineBefore;
  private String name = "";
  private boolean escaped;

  /** Tokens scanned so far, rescans and re-reads after a rollback included: the parser's work. */
  private long scanned;

  Scanner(String src) {
    this.src = src;
    this.length = src.length();
    if (src.startsWith("#!")) {
      while (pos < length && !isLineTerminator(src.charAt(pos))) {
        pos++;
      }
    }
  }

  Token token() {
    return token;
  }

  int start() {
    return start;
  }

  int end() {
    return end;
  }

  boolean newlineBefore() {
    return newlineBefore;
  }

  /** For {@link Token#NAME}: the identifier with escapes decoded. */
  String name() {
    return name;
  }

  /** True when the name had a {@code \}u escape (and so is never a keyword). */
  boolean escaped() {
    return escaped;
  }

  long scanned() {
    return scanned;
  }

  String source() {
    return src;
  }

  State save() {
    return new State(pos, token, start, end, newlineBefore, name, escaped);
  }

  void restore(State s) {
    pos = s.pos();
    token = s.token();
    start = s.start();
    end = s.end();
    newlineBefore = s.newlineBefore();
    name = s.name();
    escaped = s.escaped();
  }

  /** Moves to the next token. */
  void next() throws ParseFailure {
    scanned++;
    newlineBefore = false;
    skipTrivia();
    start = pos;
    name = "";
    escaped = false;
    if (pos >= length) {
      token = Token.EOF;
      end = pos;
      return;
    }
    token = scan();
    end = pos;
  }

  /**
   * Turns the current {@code >} into {@code >=}, {@code >>}, {@code >>=}, {@code >>>} or {@code
   * >>>=} if it is one.
   */
  void rescanGreater() {
    if (token != Token.GT) {
      return;
    }
    int p = start + 1;
    if (at(p, '>')) {
      if (at(p + 1, '>')) {
        token = at(p + 2, '=') ? Token.USHR_EQ : Token.USHR;
        p += at(p + 2, '=') ? 3 : 2;
      } else {
        token = at(p + 1, '=') ? Token.SHR_EQ : Token.SHR;
        p += at(p + 1, '=') ? 2 : 1;
      }
    } else if (at(p, '=')) {
      token = Token.GE;
      p++;
    }
    pos = end = p;
  }

  /** Scans the current {@code /} or {@code /=} again as the start of a regular expression. */
  void rescanRegex() throws ParseFailure {
    if (token != Token.SLASH && token != Token.SLASH_EQ) {
      return;
    }
    int p = start + 1;
    boolean inClass = false;
    while (true) {
      if (p >= length || isLineTerminator(src.charAt(p))) {
        throw ParseFailure.at(start, "Unterminated regular expression literal.");
      }
      char c = src.charAt(p);
      if (c == '\\') {
        p += 2;
        continue;
      }
      if (c == '[') {
        inClass = true;
      } else if (c == ']') {
        inClass = false;
      } else if (c == '/' && !inClass) {
        p++;
        break;
      }
      p++;
    }
    while (p < length && isIdentifierPart(src.codePointAt(p))) {
      p += Character.charCount(src.codePointAt(p));
    }
    token = Token.REGEX;
    pos = end = p;
  }

  /** Scans the current {@code }} again as the continuation of a template after a substitution. */
  void rescanTemplateContinuation() throws ParseFailure {
    if (token != Token.RBRACE) {
      return;
    }
    pos = start + 1;
    token = templateRest(Token.TEMPLATE_MIDDLE, Token.TEMPLATE_TAIL);
    end = pos;
  }

  /** The 1-based line of {@code offset}. */
  int lineOf(int offset) {
    int line = 1;
    for (int i = 0; i < offset && i < length; i++) {
      char c = src.charAt(i);
      if (c == '\n' || c == '\u2028' || c == '\u2029' || (c == '\r' && !at(i + 1, '\n'))) {
        line++;
      }
    }
    return line;
  }

  private boolean at(int p, char c) {
    return p < length && src.charAt(p) == c;
  }

  private void skipTrivia() throws ParseFailure {
    while (pos < length) {
      char c = src.charAt(pos);
      if (isLineTerminator(c)) {
        newlineBefore = true;
        pos++;
      } else if (c == ' '
          || c == '\t'
          || c == '\u000B'
          || c == '\f'
          || c == '\u00A0'
          || c == '\uFEFF'
          || (c > 127 && Character.getType(c) == Character.SPACE_SEPARATOR)) {
        pos++;
      } else if (c == '/' && at(pos + 1, '/')) {
        while (pos < length && !isLineTerminator(src.charAt(pos))) {
          pos++;
        }
      } else if (c == '/' && at(pos + 1, '*')) {
        int close = src.indexOf("*/", pos + 2);
        if (close < 0) {
          throw ParseFailure.at(pos, "'*/' expected.");
        }
        for (int i = pos + 2; i < close; i++) {
          if (isLineTerminator(src.charAt(i))) {
            newlineBefore = true;
            break;
          }
        }
        pos = close + 2;
      } else {
        return;
      }
    }
  }

  private Token scan() throws ParseFailure {
    char c = src.charAt(pos);
    int cp = src.codePointAt(pos);
    if (isIdentifierStart(cp) || c == '\\') {
      identifier();
      return Token.NAME;
    }
    if (c >= '0' && c <= '9' || (c == '.' && pos + 1 < length && isDigit(src.charAt(pos + 1)))) {
      number();
      return Token.NUMBER;
    }
    pos++;
    return switch (c) {
      case '"', '\'' -> string(c);
      case '`' -> templateRest(Token.TEMPLATE_HEAD, Token.TEMPLATE);
      case '{' -> Token.LBRACE;
      case '}' -> Token.RBRACE;
      case '(' -> Token.LPAREN;
      case ')' -> Token.RPAREN;
      case '[' -> Token.LBRACKET;
      case ']' -> Token.RBRACKET;
      case ';' -> Token.SEMI;
      case ',' -> Token.COMMA;
      case ':' -> Token.COLON;
      case '~' -> Token.TILDE;
      case '@' -> Token.AT;
      case '>' -> Token.GT;
      case '.' -> eat("..") ? Token.DOTS : Token.DOT;
      case '#' -> privateName();
      case '?' -> {
        if (at(pos, '.') && !(pos + 1 < length && isDigit(src.charAt(pos + 1)))) {
          pos++;
          yield Token.QUESTION_DOT;
        }
        yield eat("?=") ? Token.NULLISH_EQ : eat("?") ? Token.NULLISH : Token.QUESTION;
      }
      case '=' ->
          eat("==") ? Token.EQ3 : eat("=") ? Token.EQ : eat(">") ? Token.ARROW : Token.ASSIGN;
      case '!' -> eat("==") ? Token.NE3 : eat("=") ? Token.NE : Token.BANG;
      case '<' -> eat("<=") ? Token.SHL_EQ : eat("<") ? Token.SHL : eat("=") ? Token.LE : Token.LT;
      case '+' -> eat("+") ? Token.INC : eat("=") ? Token.PLUS_EQ : Token.PLUS;
      case '-' -> eat("-") ? Token.DEC : eat("=") ? Token.MINUS_EQ : Token.MINUS;
      case '*' ->
          eat("*=")
              ? Token.STAR2_EQ
              : eat("*") ? Token.STAR2 : eat("=") ? Token.STAR_EQ : Token.STAR;
      case '/' -> eat("=") ? Token.SLASH_EQ : Token.SLASH;
      case '%' -> eat("=") ? Token.PERCENT_EQ : Token.PERCENT;
      case '&' ->
          eat("&=") ? Token.AND_EQ : eat("&") ? Token.AND : eat("=") ? Token.AMP_EQ : Token.AMP;
      case '|' ->
          eat("|=") ? Token.OR_EQ : eat("|") ? Token.OR : eat("=") ? Token.BAR_EQ : Token.BAR;
      case '^' -> eat("=") ? Token.CARET_EQ : Token.CARET;
      default -> throw ParseFailure.at(pos - 1, "Invalid character.");
    };
  }

  private boolean eat(String text) {
    if (src.startsWith(text, pos)) {
      pos += text.length();
      return true;
    }
    return false;
  }

  private void identifier() throws ParseFailure {
    StringBuilder b = new StringBuilder();
    boolean first = true;
    while (pos < length) {
      int cp = src.codePointAt(pos);
      if (cp == '\\') {
        if (!at(pos + 1, 'u')) {
          throw ParseFailure.at(pos, "Invalid character.");
        }
        int[] decoded = unicodeEscape(pos + 2);
        cp = decoded[0];
        pos = decoded[1];
        escaped = true;
      } else if (first ? isIdentifierStart(cp) : isIdentifierPart(cp)) {
        pos += Character.charCount(cp);
      } else {
        break;
      }
      b.appendCodePoint(cp);
      first = false;
    }
    name = b.toString();
  }

  /** {@code XXXX} or {@code {X...}} at {@code p}: the code point and the position after it. */
  private int[] unicodeEscape(int p) throws ParseFailure {
    int close;
    int from;
    if (at(p, '{')) {
      from = p + 1;
      close = src.indexOf('}', from);
      if (close < 0 || close - from > 6 || close == from) {
        throw ParseFailure.at(p, "Invalid Unicode escape sequence.");
      }
    } else {
      from = p;
      close = p + 4;
      if (close > length) {
        throw ParseFailure.at(p, "Invalid Unicode escape sequence.");
      }
    }
    try {
      int cp = Integer.parseInt(src.substring(from, close), 16);
      return new int[] {cp, at(p, '{') ? close + 1 : close};
    } catch (NumberFormatException e) {
      throw ParseFailure.at(p, "Invalid Unicode escape sequence.");
    }
  }

  private void number() {
    if (src.charAt(pos) == '0' && pos + 1 < length && "xXoObB".indexOf(src.charAt(pos + 1)) >= 0) {
      pos += 2;
      while (pos < length
          && (Character.digit(src.charAt(pos), 16) >= 0 || src.charAt(pos) == '_')) {
        pos++;
      }
    } else {
      digits();
      if (at(pos, '.')) {
        pos++;
        digits();
      }
      if (pos < length && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
        int p = pos + 1;
        if (at(p, '+') || at(p, '-')) {
          p++;
        }
        if (p < length && isDigit(src.charAt(p))) {
          pos = p;
          digits();
        }
      }
    }
    if (at(pos, 'n')) {
      pos++;
    }
  }

  private void digits() {
    while (pos < length && (isDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
      pos++;
    }
  }

  private Token string(char quote) throws ParseFailure {
    while (true) {
      if (pos >= length) {
        throw ParseFailure.at(start, "Unterminated string literal.");
      }
      char c = src.charAt(pos);
      if (c == quote) {
        pos++;
        return Token.STRING;
      }
      if (c == '\\') {
        pos += at(pos + 1, '\r') && at(pos + 2, '\n') ? 3 : 2;
      } else if (c == '\n' || c == '\r') {
        throw ParseFailure.at(start, "Unterminated string literal.");
      } else {
        pos++;
      }
    }
  }

  /** The rest of a template from {@code pos}: up to a {@code ${} ({@code open}) or the closing backquote ({@code close}). */
  private Token templateRest(Token open, Token close) throws ParseFailure {
    while (true) {
      if (pos >= length) {
        throw ParseFailure.at(start, "Unterminated template literal.");
      }
      char c = src.charAt(pos);
      if (c == '`') {
        pos++;
        return close;
      }
      if (c == '$' && at(pos + 1, '{')) {
        pos += 2;
        return open;
      }
      pos += c == '\\' ? 2 : 1;
    }
  }

  private Token privateName() throws ParseFailure {
    if (pos < length && (isIdentifierStart(src.codePointAt(pos)) || src.charAt(pos) == '\\')) {
      identifier();
      return Token.PRIVATE_NAME;
    }
    throw ParseFailure.at(pos - 1, "Invalid character.");
  }

  static boolean isLineTerminator(char c) {
    return c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isIdentifierStart(int cp) {
    if (cp < 128) {
      return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '$' || cp == '_';
    }
    return Character.isUnicodeIdentifierStart(cp) && !Character.isIdentifierIgnorable(cp);
  }

  static boolean isIdentifierPart(int cp) {
    if (cp < 128) {
      return isIdentifierStart(cp) || (cp >= '0' && cp <= '9');
    }
    return cp == 0x200C
        || cp == 0x200D
        || (Character.isUnicodeIdentifierPart(cp) && !Character.isIdentifierIgnorable(cp));
  }
}
