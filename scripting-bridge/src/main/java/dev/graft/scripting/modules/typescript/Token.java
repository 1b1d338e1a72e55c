package dev.graft.scripting.modules.typescript;

/**
 * The kinds of token the scanner produces. Every identifier and keyword is a {@link #NAME} (most of
 * TypeScript's keywords are contextual, so the parser asks for the word); {@code >} is always
 * scanned alone and joined into {@code >=}, {@code >>}... only where an operator may follow ({@link
 * Scanner#rescanGreater}), as tsc does, so that {@code Map<string, Set<number>>} closes two lists.
 */
enum Token {
  EOF("end of file"),
  NAME("identifier"),
  PRIVATE_NAME("private name"),
  NUMBER("number"),
  STRING("string"),
  /** A template without substitutions, {@code `x`}. */
  TEMPLATE("template"),
  /** {@code `x${}, up to and including the {@code ${}. */
  TEMPLATE_HEAD("template"),
  /** {@code }x${}, after a substitution; only from {@link Scanner#rescanTemplateContinuation}. */
  TEMPLATE_MIDDLE("template"),
  /** {@code }x`}, the end of a template; only from {@link Scanner#rescanTemplateContinuation}. */
  TEMPLATE_TAIL("template"),
  /** Only from {@link Scanner#rescanRegex}. */
  REGEX("regular expression"),
  LBRACE("{"),
  RBRACE("}"),
  LPAREN("("),
  RPAREN(")"),
  LBRACKET("["),
  RBRACKET("]"),
  DOT("."),
  DOTS("..."),
  SEMI(";"),
  COMMA(","),
  LT("<"),
  GT(">"),
  LE("<="),
  GE(">="),
  EQ("=="),
  NE("!="),
  EQ3("==="),
  NE3("!=="),
  PLUS("+"),
  MINUS("-"),
  STAR("*"),
  SLASH("/"),
  PERCENT("%"),
  STAR2("**"),
  INC("++"),
  DEC("--"),
  SHL("<<"),
  SHR(">>"),
  USHR(">>>"),
  AMP("&"),
  BAR("|"),
  CARET("^"),
  BANG("!"),
  TILDE("~"),
  AND("&&"),
  OR("||"),
  NULLISH("??"),
  QUESTION("?"),
  QUESTION_DOT("?."),
  COLON(":"),
  ASSIGN("="),
  PLUS_EQ("+="),
  MINUS_EQ("-="),
  STAR_EQ("*="),
  SLASH_EQ("/="),
  PERCENT_EQ("%="),
  STAR2_EQ("**="),
  SHL_EQ("<<="),
  SHR_EQ(">>="),
  USHR_EQ(">>>="),
  AMP_EQ("&="),
  BAR_EQ("|="),
  CARET_EQ("^="),
  AND_EQ("&&="),
  OR_EQ("||="),
  NULLISH_EQ("??="),
  ARROW("=>"),
  AT("@");

  final String text;

  Token(String text) {
    this.text = text;
  }

  boolean isAssignment() {
    return switch (this) {
      case ASSIGN,
          PLUS_EQ,
          MINUS_EQ,
          STAR_EQ,
          SLASH_EQ,
          PERCENT_EQ,
          STAR2_EQ,
          SHL_EQ,
          SHR_EQ,
          USHR_EQ,
          AMP_EQ,
          BAR_EQ,
          CARET_EQ,
          AND_EQ,
          OR_EQ,
          NULLISH_EQ ->
          true;
      default -> false;
    };
  }

  /** The binding power of a binary operator (higher binds tighter), 0 for anything else. */
  int precedence() {
    return switch (this) {
      case NULLISH -> 1;
      case OR -> 2;
      case AND -> 3;
      case BAR -> 4;
      case CARET -> 5;
      case AMP -> 6;
      case EQ, NE, EQ3, NE3 -> 7;
      case LT, GT, LE, GE -> 8;
      case SHL, SHR, USHR -> 9;
      case PLUS, MINUS -> 10;
      case STAR, SLASH, PERCENT -> 11;
      case STAR2 -> 12;
      default -> 0;
    };
  }

  /** The precedence of {@code instanceof}, {@code in}, {@code as} and {@code satisfies}. */
  static final int RELATIONAL = 8;
}
