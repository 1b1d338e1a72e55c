package dev.graft.scripting.modules.typescript;

import java.util.HashSet;
import java.util.Set;

/**
 * Expressions, with what TypeScript adds to them erased: {@code as}/{@code satisfies} and their
 * type, {@code !}, type arguments of calls and instantiations, {@code <T>x} (wrapped in parentheses
 * where erasing the prefix alone would change the meaning), and the types, {@code ?} and {@code
 * this} parameters of arrow functions and methods. Arrow functions are recognised as tsc recognises
 * them: by its lookahead, and where that is unsure, by trying and going back.
 */
abstract class ExpressionSyntax extends BindingSyntax {
  /**
   * Positions of {@code (} or {@code <} already found not to start an arrow function (tsc keeps the
   * same set).
   */
  private final Set<Integer> notArrow = new HashSet<>();

  ExpressionSyntax(String src) {
    super(src);
  }

  /** A function body {@code { ... }}, with {@code inGenerator} as the caller set it. */
  abstract void functionBody() throws ParseFailure;

  /** A class expression, from {@code class}. */
  abstract void classExpression() throws ParseFailure;

  // ---------------------------------------------------------------- expressions

  void expression() throws ParseFailure {
    assignment(true);
    while (eat(Token.COMMA)) {
      assignment(true);
    }
  }

  @Override
  void assignmentExpression() throws ParseFailure {
    assignment(true);
  }

  @Override
  void initializer() throws ParseFailure {
    assignment(true);
  }

  /**
   * An assignment expression. {@code allowReturnType} is false in the first branch of a
   * conditional, where tsc reads {@code (x): T => y} as an arrow function only if a {@code :}
   * follows it ({@code a ? (x): T => y : z}).
   */
  void assignment(boolean allowReturnType) throws ParseFailure {
    enter();
    if (inGenerator && atWord("yield")) {
      next();
      if (!scanner.newlineBefore() && (at(Token.STAR) || isStartOfExpression())) {
        eat(Token.STAR);
        assignment(allowReturnType);
      }
    } else if (!parenthesizedArrow(allowReturnType) && !simpleArrow(allowReturnType)) {
      boolean lhs = binary(0);
      scanner.rescanGreater();
      if (lhs && tok().isAssignment()) {
        next();
        assignment(allowReturnType);
      } else if (eat(Token.QUESTION)) {
        boolean outer = disallowIn;
        disallowIn = false;
        assignment(false);
        disallowIn = outer;
        expect(Token.COLON);
        assignment(allowReturnType);
      }
    }
    leave();
  }

  /** {@code x => ...} and {@code async x => ...}. */
  private boolean simpleArrow(boolean allowReturnType) throws ParseFailure {
    if (atWord("async")
        && nextIs(() ->
            !scanner.newlineBefore()
                && atIdentifier()
                && nextIs(() -> at(Token.ARROW) && !scanner.newlineBefore()))) {
      next();
    } else if (!(at(Token.NAME) && nextIs(() -> at(Token.ARROW)))) {
      return false;
    }
    enums.enterFunction();
    enums.bind(scanner.name(), start(), EnumFacts.Kind.OTHER);
    next();
    expect(Token.ARROW);
    arrowBody(allowReturnType);
    enums.leaveFunction();
    return true;
  }

  private static final int NO = 0;
  private static final int YES = 1;
  private static final int MAYBE = 2;

  /**
   * {@code (params) => ...}, {@code <T>(params) => ...}, with {@code async}: tsc's tri-state test,
   * then a try.
   */
  private boolean parenthesizedArrow(boolean allowReturnType) throws ParseFailure {
    if (!at(Token.LPAREN) && !at(Token.LT) && !atWord("async")) {
      return false;
    }
    int[] verdict = {NO};
    lookahead(() -> {
      verdict[0] = arrowVerdict();
      return true;
    });
    if (verdict[0] == NO) {
      return false;
    }
    if (verdict[0] == YES) {
      arrowFunction(true, true);
      return true;
    }
    int at = start();
    if (notArrow.contains(at)) {
      return false;
    }
    boolean parsed = attempt(() -> arrowFunction(false, allowReturnType));
    if (!parsed) {
      notArrow.add(at);
    }
    return parsed;
  }

  /** tsc's isParenthesizedArrowFunctionExpressionWorker. */
  private int arrowVerdict() throws ParseFailure {
    if (atWord("async")) {
      next();
      if (scanner.newlineBefore() || (!at(Token.LPAREN) && !at(Token.LT))) {
        return NO;
      }
    }
    Token first = tok();
    next();
    if (first == Token.LPAREN) {
      if (at(Token.RPAREN)) {
        next();
        return at(Token.ARROW) || at(Token.COLON) || at(Token.LBRACE) ? YES : NO;
      }
      if (at(Token.LBRACKET) || at(Token.LBRACE)) {
        return MAYBE;
      }
      if (at(Token.DOTS)) {
        return YES;
      }
      if (at(Token.NAME)
          && MODIFIERS.contains(scanner.name())
          && !atWord("async")
          && nextIs(this::atIdentifier)) {
        next();
        return atWord("as") ? NO : YES;
      }
      if (!atIdentifier() && !atWord("this")) {
        return NO;
      }
      next();
      switch (tok()) {
        case COLON -> {
          return YES;
        }
        case QUESTION -> {
          next();
          return at(Token.COLON) || at(Token.COMMA) || at(Token.ASSIGN) || at(Token.RPAREN)
              ? YES
              : NO;
        }
        case COMMA, ASSIGN, RPAREN -> {
          return MAYBE;
        }
        default -> {
          return NO;
        }
      }
    }
    return atIdentifier() || atWord("const") ? MAYBE : NO;
  }

  private void arrowFunction(boolean sure, boolean allowReturnType) throws ParseFailure {
    eatWord("async");
    eraseTypeParameters();
    if (!at(Token.LPAREN)) {
      throw expected("'('");
    }
    boolean outer = inGenerator;
    inGenerator = false;
    enums.enterFunction();
    parameters(sure, false);
    boolean returnColon = at(Token.COLON);
    int returnFrom = start();
    eraseReturnType();
    if (!sure && !at(Token.ARROW)) {
      throw expected("'=>'");
    }
    if (returnColon && at(Token.ARROW) && lineBreakBetween(returnFrom, start())) {
      moveArrowUp(returnFrom, start());
    }
    expect(Token.ARROW);
    arrowBody(allowReturnType);
    enums.leaveFunction();
    if (!allowReturnType && returnColon && !at(Token.COLON)) {
      throw unexpected();
    }
    inGenerator = outer;
  }

  /**
   * A return type over several lines, blanked, would leave a line break before {@code =>}, which
   * JavaScript does not allow: the arrow is written where the type's colon was (over the colon and
   * the character after it, or just before the colon when a line break follows it), and blanked
   * where it was. Lines keep their numbers.
   */
  private void moveArrowUp(int colon, int arrow) {
    edits.blank(arrow, arrow + 2);
    if (Scanner.isLineTerminator(src.charAt(colon + 1))) {
      edits.insert(colon, "=>");
    } else {
      edits.put(colon, '=');
      edits.put(colon + 1, '>');
    }
  }

  private void arrowBody(boolean allowReturnType) throws ParseFailure {
    boolean outer = inGenerator;
    inGenerator = false;
    if (at(Token.LBRACE)) {
      functionBody();
    } else {
      assignment(allowReturnType);
    }
    inGenerator = outer;
  }

  /** Returns whether what was read is a left-hand side expression (no operator). */
  private boolean binary(int minPrecedence) throws ParseFailure {
    boolean lhs = unary();
    while (true) {
      scanner.rescanGreater();
      int precedence = operatorPrecedence();
      boolean consume = at(Token.STAR2) ? precedence >= minPrecedence : precedence > minPrecedence;
      if (precedence == 0 || !consume) {
        return lhs;
      }
      if (atWord("as") || atWord("satisfies")) {
        if (scanner.newlineBefore()) {
          return lhs;
        }
        int from = start();
        next();
        if (atWord("const")) {
          next();
        } else {
          type();
        }
        edits.blank(from, prevEnd);
      } else {
        next();
        enter();
        binary(precedence);
        leave();
      }
      lhs = false;
    }
  }

  private int operatorPrecedence() {
    if (at(Token.NAME)) {
      return isBinaryOperator() ? Token.RELATIONAL : 0;
    }
    return tok().precedence();
  }

  /**
   * Returns whether it is a left-hand side expression; inside an enum initialiser, notes where it
   * ends.
   */
  private boolean unary() throws ParseFailure {
    int from = start();
    boolean lhs = unaryExpression();
    enums.unary(from, prevEnd);
    return lhs;
  }

  private boolean unaryExpression() throws ParseFailure {
    switch (tok()) {
      case PLUS, MINUS, TILDE, BANG, INC, DEC -> {
        next();
        enter();
        unary();
        leave();
        return false;
      }
      case LT -> {
        typeAssertion();
        return false;
      }
      case NAME -> {
        if ((atWord("delete") || atWord("void") || atWord("typeof"))
            || (atWord("await") && nextIs(this::isStartOfExpression))) {
          next();
          enter();
          unary();
          leave();
          return false;
        }
      }
      default -> {}
    }
    boolean lhs = leftHandSide();
    if ((at(Token.INC) || at(Token.DEC)) && !scanner.newlineBefore()) {
      next();
      return false;
    }
    return lhs;
  }

  /**
   * {@code <T>x}: the prefix is blanked. Where that alone would change what the code means, the
   * operand is wrapped in parentheses, as tsc's output has them: an object literal, a function or a
   * class (which would start a block or a declaration), or an operand on a later line (which would
   * end a {@code return} there).
   */
  private void typeAssertion() throws ParseFailure {
    int from = start();
    next();
    if (atWord("const")) {
      next();
    } else {
      type();
    }
    expect(Token.GT);
    int typeEnd = prevEnd;
    boolean wrap =
        typeDepth == 0
            && (at(Token.LBRACE)
                || atWord("function")
                || atWord("class")
                || atWord("async")
                || lineBreakBetween(from, start()));
    edits.blank(from, typeEnd);
    enter();
    unary();
    leave();
    if (wrap) {
      edits.put(from, '(');
      edits.insert(prevEnd, ")");
    }
  }

  boolean lineBreakBetween(int from, int to) {
    for (int i = from; i < to; i++) {
      if (Scanner.isLineTerminator(src.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Returns whether it is a left-hand side expression (it is, unless a parse error stops it). */
  boolean leftHandSide() throws ParseFailure {
    if (atWord("new")) {
      newExpression();
    } else if (atWord("super") || atWord("import")) {
      next();
    } else {
      primary();
    }
    callRest();
    return true;
  }

  private void newExpression() throws ParseFailure {
    expectWord("new");
    if (eat(Token.DOT)) {
      expectName();
      return;
    }
    enter();
    if (atWord("new")) {
      newExpression();
    } else {
      primary();
    }
    memberRest(false);
    if (at(Token.LPAREN)) {
      arguments();
    }
    leave();
  }

  /** Property accesses, element accesses, tagged templates, {@code !} and type arguments. */
  private void memberRest(boolean allowOptionalChain) throws ParseFailure {
    while (true) {
      if (allowOptionalChain
          && at(Token.QUESTION_DOT)
          && nextIs(() -> at(Token.NAME) || at(Token.PRIVATE_NAME) || at(Token.LBRACKET))) {
        next();
        if (eat(Token.LBRACKET)) {
          bracketed();
        } else {
          next();
        }
      } else if (eat(Token.DOT)) {
        if (!eat(Token.PRIVATE_NAME)) {
          expectName();
        }
      } else if (eat(Token.LBRACKET)) {
        bracketed();
      } else if (at(Token.TEMPLATE) || at(Token.TEMPLATE_HEAD)) {
        template();
      } else if (at(Token.BANG) && !scanner.newlineBefore()) {
        edits.blank(start(), scanner.end());
        next();
      } else if (!eraseTypeArgumentsInExpression()) {
        return;
      }
    }
  }

  private void bracketed() throws ParseFailure {
    boolean outer = disallowIn;
    disallowIn = false;
    expression();
    disallowIn = outer;
    expect(Token.RBRACKET);
  }

  private void callRest() throws ParseFailure {
    while (true) {
      memberRest(true);
      boolean questionDot = eat(Token.QUESTION_DOT);
      if (questionDot) {
        eraseTypeArgumentsInExpression();
        if (at(Token.TEMPLATE) || at(Token.TEMPLATE_HEAD)) {
          template();
          continue;
        }
      }
      if (at(Token.LPAREN)) {
        arguments();
      } else if (questionDot) {
        throw expected("Identifier");
      } else {
        return;
      }
    }
  }

  void arguments() throws ParseFailure {
    expect(Token.LPAREN);
    boolean outer = disallowIn;
    disallowIn = false;
    while (!at(Token.RPAREN)) {
      eat(Token.DOTS);
      assignment(true);
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    disallowIn = outer;
    expect(Token.RPAREN);
  }

  private void primary() throws ParseFailure {
    switch (tok()) {
      case NUMBER, STRING, PRIVATE_NAME -> next();
      case TEMPLATE, TEMPLATE_HEAD -> template();
      case SLASH, SLASH_EQ -> {
        scanner.rescanRegex();
        next();
      }
      case LPAREN -> {
        next();
        boolean outer = disallowIn;
        disallowIn = false;
        expression();
        disallowIn = outer;
        expect(Token.RPAREN);
      }
      case LBRACKET -> arrayLiteral();
      case LBRACE -> objectLiteral();
      case AT -> throw decoratorsRefused();
      case NAME -> {
        if (atWord("function")) {
          functionExpression();
        } else if (atWord("async")
            && nextIs(() -> atWord("function") && !scanner.newlineBefore())) {
          next();
          functionExpression();
        } else if (atWord("class")) {
          classExpression();
        } else if (scanner.escaped()
            || !reserved(scanner.name())
            || Set.of("this", "null", "true", "false").contains(scanner.name())) {
          enums.read(scanner.name(), start(), scanner.end());
          next();
        } else {
          throw expected("Expression");
        }
      }
      default -> throw expected("Expression");
    }
  }

  void template() throws ParseFailure {
    if (eat(Token.TEMPLATE)) {
      return;
    }
    expect(Token.TEMPLATE_HEAD);
    boolean outer = disallowIn;
    disallowIn = false;
    while (true) {
      expression();
      if (!at(Token.RBRACE)) {
        throw expected("'}'");
      }
      scanner.rescanTemplateContinuation();
      boolean tail = at(Token.TEMPLATE_TAIL);
      next();
      if (tail) {
        break;
      }
    }
    disallowIn = outer;
  }

  private void arrayLiteral() throws ParseFailure {
    expect(Token.LBRACKET);
    boolean outer = disallowIn;
    disallowIn = false;
    while (!at(Token.RBRACKET)) {
      if (eat(Token.COMMA)) {
        continue;
      }
      eat(Token.DOTS);
      assignment(true);
      if (!at(Token.RBRACKET)) {
        expect(Token.COMMA);
      }
    }
    disallowIn = outer;
    expect(Token.RBRACKET);
  }

  private void objectLiteral() throws ParseFailure {
    expect(Token.LBRACE);
    boolean outer = disallowIn;
    disallowIn = false;
    while (!at(Token.RBRACE)) {
      objectMember();
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    disallowIn = outer;
    expect(Token.RBRACE);
  }

  private void objectMember() throws ParseFailure {
    if (eat(Token.DOTS)) {
      assignment(true);
      return;
    }
    if (at(Token.AT)) {
      throw decoratorsRefused();
    }
    boolean generator = false;
    if (atWord("async")
        && nextIs(() -> !scanner.newlineBefore() && (isPropertyNameStart() || at(Token.STAR)))) {
      next();
    }
    if (eat(Token.STAR)) {
      generator = true;
    }
    if ((atWord("get") || atWord("set")) && nextIs(this::isPropertyNameStart)) {
      next();
    }
    boolean shorthand = at(Token.NAME);
    propertyName();
    if (at(Token.QUESTION) || at(Token.BANG)) {
      edits.blank(start(), scanner.end());
      next();
    }
    if (at(Token.LPAREN) || at(Token.LT)) {
      method(generator);
    } else if (eat(Token.COLON)) {
      assignment(true);
    } else if (shorthand && eat(Token.ASSIGN)) {
      assignment(true);
    }
  }

  /**
   * A method's type parameters, parameters, return type and body (an object literal's, or a class's
   * with a body).
   */
  void method(boolean generator) throws ParseFailure {
    enums.enterFunction();
    enums.bind("arguments", start(), EnumFacts.Kind.OTHER);
    eraseTypeParameters();
    boolean outer = inGenerator;
    inGenerator = generator;
    parameters(true, false);
    eraseReturnType();
    functionBody();
    inGenerator = outer;
    enums.leaveFunction();
  }

  private void functionExpression() throws ParseFailure {
    expectWord("function");
    boolean generator = eat(Token.STAR);
    // A function expression's name is bound in its own scope only.
    enums.enterFunction();
    if (at(Token.NAME) && !at(Token.LPAREN)) {
      enums.bind(scanner.name(), start(), EnumFacts.Kind.OTHER);
      next();
    }
    method(generator);
    enums.leaveFunction();
  }
}
