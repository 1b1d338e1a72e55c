package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What tsc's constant evaluator makes of one enum initialiser: a number, a string or nothing it can
 * evaluate ({@link Kind#NONE}), and whether the value is "syntactically a string" (a string or
 * template, or {@code +} with one), which decides whether tsc maps the value back to the name. It
 * reads the initialiser's tokens again, as tsc's evaluator walks its tree: parentheses, unary
 * {@code + - ~}, the binary operators tsc folds, literals, templates, identifiers and {@code A.B} /
 * {@code A["B"]}. Anything else is one operand it does not evaluate; where that operand ends the
 * parser noted when it read the file ({@code spans}).
 */
final class EnumEvaluator {
  enum Kind {
    NUMBER,
    STRING,
    NONE
  }

  record Value(Kind kind, boolean syntacticallyString) {
    static final Value NONE = new Value(Kind.NONE, false);
    static final Value NUMBER = new Value(Kind.NUMBER, false);
    static final Value STRING = new Value(Kind.STRING, true);

    boolean known() {
      return kind != Kind.NONE;
    }
  }

  /** How names resolve, as tsc's checker resolves them where the initialiser is. */
  interface Names {
    /** An identifier read as a value, from {@code start} to {@code end}. */
    Value identifier(String name, int start, int end);

    /** {@code A.B.C}: {@code names} from the root, the root at {@code start}. */
    Value entity(List<String> names, int start);

    /** {@code A.B["key"]}. */
    Value element(List<String> names, String key, int start);
  }

  /** The initialiser could not be read again: graft refuses rather than guess. */
  static final class Unreadable extends Exception {
    Unreadable() {
      super(null, null, false, false);
    }
  }

  private final String src;
  private final Scanner scanner;
  private final int end;
  private final Map<Integer, Integer> spans;
  private final Names names;

  private EnumEvaluator(
      String src, Scanner.State at, int end, Map<Integer, Integer> spans, Names names) {
    this.src = src;
    this.scanner = new Scanner(src);
    scanner.restore(at);
    this.end = end;
    this.spans = spans;
    this.names = names;
  }

  /** The initialiser that starts at {@code at} (its first token) and ends at {@code end}. */
  static Value evaluate(
      String src, Scanner.State at, int end, Map<Integer, Integer> spans, Names names)
      throws Unreadable {
    EnumEvaluator e = new EnumEvaluator(src, at, end, spans, names);
    try {
      Value v = e.binary(0);
      // An operator tsc does not fold (?:, ==, &&, as, =>...) at the top: nothing it evaluates.
      return e.atEnd() ? v : Value.NONE;
    } catch (ParseFailure f) {
      throw new Unreadable();
    }
  }

  private boolean atEnd() {
    return scanner.token() == Token.EOF || scanner.start() >= end;
  }

  private Token tok() {
    return scanner.token();
  }

  private void next() throws ParseFailure {
    scanner.next();
  }

  private static int precedence(Token t) {
    return switch (t) {
      case BAR -> 4;
      case CARET -> 5;
      case AMP -> 6;
      case SHL, SHR, USHR -> 9;
      case PLUS, MINUS -> 10;
      case STAR, SLASH, PERCENT -> 11;
      case STAR2 -> 12;
      default -> 0;
    };
  }

  /**
   * Binary operators tsc folds, by precedence climbing; any other operator ends the expression
   * here.
   */
  private Value binary(int min) throws ParseFailure {
    Value left = unary();
    while (!atEnd()) {
      scanner.rescanGreater();
      Token op = tok();
      int precedence = precedence(op);
      if (precedence == 0 || (op == Token.STAR2 ? precedence < min : precedence <= min)) {
        return left;
      }
      next();
      Value right = binary(op == Token.STAR2 ? precedence - 1 : precedence);
      left = combine(op, left, right);
    }
    return left;
  }

  private static Value combine(Token op, Value l, Value r) {
    boolean ss = (l.syntacticallyString() || r.syntacticallyString()) && op == Token.PLUS;
    if (l.kind() == Kind.NUMBER && r.kind() == Kind.NUMBER) {
      return new Value(Kind.NUMBER, ss);
    }
    if (op == Token.PLUS && l.known() && r.known()) {
      return new Value(Kind.STRING, ss);
    }
    return new Value(Kind.NONE, ss);
  }

  /**
   * A unary expression; one graft cannot follow inside (an arrow function, a mis-read token) is
   * skipped whole.
   */
  private Value unary() throws ParseFailure {
    int at = scanner.start();
    try {
      return unaryExpression(at);
    } catch (ParseFailure f) {
      if (!spans.containsKey(at)) {
        throw f;
      }
      return skip(at, src.charAt(at) == '`' ? new Value(Kind.NONE, true) : Value.NONE);
    }
  }

  private Value unaryExpression(int at) throws ParseFailure {
    switch (tok()) {
      case PLUS, MINUS, TILDE -> {
        next();
        return unary().kind() == Kind.NUMBER ? Value.NUMBER : Value.NONE;
      }
      case BANG -> {
        next();
        unary();
        return Value.NONE;
      }
      case NAME -> {
        if (!scanner.escaped()
            && List.of("typeof", "void", "delete", "await").contains(scanner.name())) {
          next();
          unary();
          return Value.NONE;
        }
      }
      default -> {}
    }
    return operand(at);
  }

  /** A primary and what follows it; anything tsc does not evaluate is skipped whole. */
  private Value operand(int at) throws ParseFailure {
    Value v;
    switch (tok()) {
      case NUMBER -> {
        boolean bigint = src.charAt(scanner.end() - 1) == 'n';
        next();
        v = bigint ? Value.NONE : Value.NUMBER;
      }
      case STRING, TEMPLATE -> {
        next();
        v = Value.STRING;
      }
      case TEMPLATE_HEAD -> v = template(at);
      case LPAREN -> {
        next();
        Value inner = binary(0);
        if (tok() != Token.RPAREN) {
          return skip(at, Value.NONE);
        }
        next();
        v = inner;
      }
      case NAME -> {
        if (!scanner.escaped()
            && (ParserBase.reserved(scanner.name())
                || List.of("this", "null", "true", "false", "async", "yield")
                    .contains(scanner.name()))) {
          return skip(at, Value.NONE);
        }
        v = reference(at);
      }
      default -> {
        return skip(at, Value.NONE);
      }
    }
    return followed() ? skip(at, Value.NONE) : v;
  }

  /**
   * Whether a call, an access, a tagged template, {@code !} or {@code ++} follows: then tsc does
   * not evaluate it.
   */
  private boolean followed() {
    return !atEnd()
        && switch (tok()) {
          case DOT, LBRACKET, LPAREN, TEMPLATE, TEMPLATE_HEAD, QUESTION_DOT -> true;
          case BANG, INC, DEC -> !scanner.newlineBefore();
          default -> false;
        };
  }

  /** {@code A}, {@code A.B.C} or {@code A.B["C"]}. */
  private Value reference(int at) throws ParseFailure {
    List<String> chain = new ArrayList<>(List.of(scanner.name()));
    int nameEnd = scanner.end();
    next();
    while (!atEnd() && tok() == Token.DOT) {
      next();
      if (tok() != Token.NAME) {
        return skip(at, Value.NONE);
      }
      chain.add(scanner.name());
      next();
    }
    if (!atEnd() && tok() == Token.LBRACKET) {
      next();
      if ((tok() == Token.STRING || tok() == Token.TEMPLATE) && scanner.end() < end) {
        String key = StringLiterals.cook(src.substring(scanner.start(), scanner.end()));
        next();
        if (tok() == Token.RBRACKET && key != null) {
          next();
          return followed() ? skip(at, Value.NONE) : names.element(chain, key, at);
        }
      }
      return skip(at, Value.NONE);
    }
    if (followed()) {
      return skip(at, Value.NONE);
    }
    return chain.size() == 1
        ? names.identifier(chain.getFirst(), at, nameEnd)
        : names.entity(chain, at);
  }

  /**
   * A template with substitutions: a string when each substitution is known, else nothing; always
   * syntactically one.
   */
  private Value template(int at) throws ParseFailure {
    next();
    boolean known = true;
    while (true) {
      Value span = binary(0);
      if (tok() != Token.RBRACE) {
        return skip(at, new Value(Kind.NONE, true));
      }
      known &= span.known();
      scanner.rescanTemplateContinuation();
      boolean tail = tok() == Token.TEMPLATE_TAIL;
      next();
      if (tail) {
        return new Value(known ? Kind.STRING : Kind.NONE, true);
      }
    }
  }

  /**
   * Moves past the operand that starts at {@code at}, as the parser read it, and returns {@code
   * value}.
   */
  private Value skip(int at, Value value) throws ParseFailure {
    Integer to = spans.get(at);
    if (to == null) {
      throw ParseFailure.at(at, "no operand here");
    }
    scanner.restore(new Scanner.State(to, Token.EOF, to, to, false, "", false));
    next();
    return value;
  }
}
