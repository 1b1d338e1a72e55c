package dev.graft.scripting.modules.typescript;

import java.util.Set;

/**
 * TypeScript's type grammar, read only to find where each type ends: the caller blanks what it
 * spans. Also type parameters, type arguments (in types, and the speculative ones of calls such as
 * {@code f<T>(x)}, which tsc accepts only when a {@code (}, a template or no expression follows),
 * and the erasing forms every part of the parser uses ({@link #eraseTypeAnnotation}...).
 */
abstract class TypeSyntax extends ParserBase {
  /** Words that may be a class or parameter modifier (when a name follows on the same line). */
  static final Set<String> MODIFIERS =
      Set.of(
          "public",
          "private",
          "protected",
          "readonly",
          "override",
          "static",
          "abstract",
          "declare",
          "async",
          "const",
          "export",
          "default",
          "in",
          "out",
          "accessor");

  TypeSyntax(String src) {
    super(src);
  }

  /**
   * An expression that cannot contain a comma operator (a computed property name inside a type).
   */
  abstract void assignmentExpression() throws ParseFailure;

  /** An identifier or a destructuring pattern, as in a parameter. */
  abstract void bindingName() throws ParseFailure;

  // ---------------------------------------------------------------- erasing forms

  /** {@code : T}, blanked, if there is one. */
  void eraseTypeAnnotation() throws ParseFailure {
    if (at(Token.COLON)) {
      int from = start();
      next();
      type();
      edits.blank(from, prevEnd);
    }
  }

  /** A function's {@code : T} (or type predicate), blanked, if there is one. */
  void eraseReturnType() throws ParseFailure {
    if (at(Token.COLON)) {
      int from = start();
      next();
      returnType();
      edits.blank(from, prevEnd);
    }
  }

  /** {@code <T, U extends X = Y>}, blanked, if there is one. */
  void eraseTypeParameters() throws ParseFailure {
    if (at(Token.LT)) {
      int from = start();
      typeParameters();
      edits.blank(from, prevEnd);
    }
  }

  /**
   * {@code <T>} after an expression, blanked, when tsc reads it as type arguments: a list of types
   * closed by a lone {@code >} and followed by {@code (}, a template, a line break, a binary
   * operator or anything that cannot start an expression. Otherwise nothing is read: it is a
   * comparison.
   */
  boolean eraseTypeArgumentsInExpression() throws ParseFailure {
    if (!at(Token.LT)) {
      return false;
    }
    int from = start();
    return attempt(() -> {
      next();
      typeDepth++;
      do {
        type();
      } while (eat(Token.COMMA));
      typeDepth--;
      scanner.rescanGreater();
      if (!at(Token.GT)) {
        throw expected("'>'");
      }
      next();
      if (!canFollowTypeArguments()) {
        throw unexpected();
      }
      edits.blank(from, prevEnd);
    });
  }

  private boolean canFollowTypeArguments() {
    switch (tok()) {
      case LPAREN, TEMPLATE, TEMPLATE_HEAD -> {
        return true;
      }
      case LT, GT, PLUS, MINUS -> {
        return false;
      }
      default -> {
        return scanner.newlineBefore() || isBinaryOperator() || !isStartOfExpression();
      }
    }
  }

  boolean isBinaryOperator() {
    if (at(Token.NAME)) {
      return atWord("instanceof")
          || atWord("as")
          || atWord("satisfies")
          || (atWord("in") && !disallowIn);
    }
    return tok().precedence() > 0;
  }

  boolean isStartOfExpression() {
    return switch (tok()) {
      case NAME ->
          !reserved(scanner.name())
              || scanner.escaped()
              || Set.of(
                      "this",
                      "super",
                      "null",
                      "true",
                      "false",
                      "function",
                      "class",
                      "new",
                      "import",
                      "delete",
                      "typeof",
                      "void")
                  .contains(scanner.name());
      case NUMBER,
          STRING,
          TEMPLATE,
          TEMPLATE_HEAD,
          LPAREN,
          LBRACKET,
          LBRACE,
          SLASH,
          SLASH_EQ,
          PLUS,
          MINUS,
          TILDE,
          BANG,
          INC,
          DEC,
          LT,
          PRIVATE_NAME,
          AT ->
          true;
      default -> false;
    };
  }

  // ---------------------------------------------------------------- types

  /** A type, including function, constructor and conditional types. */
  void type() throws ParseFailure {
    enter();
    typeDepth++;
    if (startsFunctionType()) {
      functionType();
    } else {
      unionType();
      if (!noConditionalTypes && !scanner.newlineBefore() && atWord("extends")) {
        next();
        noConditionalTypes = true;
        type();
        noConditionalTypes = false;
        expect(Token.QUESTION);
        type();
        expect(Token.COLON);
        type();
      }
    }
    typeDepth--;
    leave();
  }

  /**
   * A return type: a type, or a predicate {@code x is T}, {@code asserts x}, {@code asserts this is
   * T}. Conditional types are allowed again here, as inside any bracket.
   */
  void returnType() throws ParseFailure {
    boolean outer = noConditionalTypes;
    noConditionalTypes = false;
    predicateOrType();
    noConditionalTypes = outer;
  }

  private void predicateOrType() throws ParseFailure {
    if (atWord("asserts")
        && nextIs(() -> !scanner.newlineBefore() && (atIdentifier() || atWord("this")))) {
      next();
      next();
      if (atWord("is") && !scanner.newlineBefore()) {
        next();
        type();
      }
      return;
    }
    if ((atIdentifier() || atWord("this"))
        && nextIs(() -> atWord("is") && !scanner.newlineBefore())) {
      next();
      next();
    }
    type();
  }

  private boolean startsFunctionType() throws ParseFailure {
    if (at(Token.LT) || atWord("new")) {
      return true;
    }
    if (at(Token.LPAREN)) {
      return lookahead(this::unambiguouslyFunctionType);
    }
    return atWord("abstract") && nextIs(() -> atWord("new"));
  }

  private boolean unambiguouslyFunctionType() throws ParseFailure {
    next();
    if (at(Token.RPAREN) || at(Token.DOTS)) {
      return true;
    }
    if (skipParameterStart()) {
      if (at(Token.COLON) || at(Token.COMMA) || at(Token.QUESTION) || at(Token.ASSIGN)) {
        return true;
      }
      if (eat(Token.RPAREN)) {
        return at(Token.ARROW);
      }
    }
    return false;
  }

  private boolean skipParameterStart() throws ParseFailure {
    while (at(Token.NAME)
        && MODIFIERS.contains(scanner.name())
        && nextIs(() -> atIdentifier() || at(Token.LBRACKET) || at(Token.LBRACE))) {
      next();
    }
    if (atIdentifier() || atWord("this")) {
      next();
      return true;
    }
    if (at(Token.LBRACKET) || at(Token.LBRACE)) {
      bindingName();
      return true;
    }
    return false;
  }

  private void functionType() throws ParseFailure {
    eatWord("abstract");
    eatWord("new");
    if (at(Token.LT)) {
      typeParameters();
    }
    parameterTypes();
    expect(Token.ARROW);
    returnType();
  }

  /** {@code (a: T, b?: U, ...c: V[])} of a function type or signature. */
  void parameterTypes() throws ParseFailure {
    expect(Token.LPAREN);
    while (!at(Token.RPAREN)) {
      while (at(Token.AT)) {
        next();
        assignmentExpression();
      }
      skipParameterModifiers();
      eat(Token.DOTS);
      if (atWord("this")) {
        next();
      } else {
        bindingName();
      }
      eat(Token.QUESTION);
      if (eat(Token.COLON)) {
        type();
      }
      if (eat(Token.ASSIGN)) {
        assignmentExpression();
      }
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    expect(Token.RPAREN);
  }

  private void skipParameterModifiers() throws ParseFailure {
    while (at(Token.NAME)
        && MODIFIERS.contains(scanner.name())
        && nextIs(() ->
            !scanner.newlineBefore()
                && (atIdentifier() || at(Token.LBRACKET) || at(Token.LBRACE) || at(Token.DOTS)))) {
      next();
    }
  }

  /** {@code <T, const U extends X = Y>}. */
  void typeParameters() throws ParseFailure {
    expect(Token.LT);
    typeDepth++;
    while (!at(Token.GT)) {
      while ((atWord("const") || atWord("in") || atWord("out")) && nextIs(this::atIdentifier)) {
        next();
      }
      expectIdentifier();
      if (eatWord("extends")) {
        type();
      }
      if (eat(Token.ASSIGN)) {
        type();
      }
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    typeDepth--;
    expect(Token.GT);
  }

  /** {@code <A, B>} after a type name. */
  void typeArguments() throws ParseFailure {
    expect(Token.LT);
    do {
      type();
    } while (eat(Token.COMMA));
    expect(Token.GT);
  }

  private void unionType() throws ParseFailure {
    eat(Token.BAR);
    intersectionType();
    while (eat(Token.BAR)) {
      intersectionType();
    }
  }

  private void intersectionType() throws ParseFailure {
    eat(Token.AMP);
    operatorType();
    while (eat(Token.AMP)) {
      operatorType();
    }
  }

  private void operatorType() throws ParseFailure {
    if (atWord("keyof") || atWord("unique") || atWord("readonly")) {
      next();
      enter();
      operatorType();
      leave();
      return;
    }
    if (atWord("infer")) {
      next();
      expectIdentifier();
      if (atWord("extends")) {
        attempt(() -> {
          next();
          boolean outer = noConditionalTypes;
          noConditionalTypes = true;
          type();
          noConditionalTypes = outer;
          if (!outer && at(Token.QUESTION)) {
            throw unexpected();
          }
        });
      }
      return;
    }
    boolean outer = noConditionalTypes;
    noConditionalTypes = false;
    postfixType();
    noConditionalTypes = outer;
  }

  private void postfixType() throws ParseFailure {
    primaryType();
    while (!scanner.newlineBefore()) {
      if (at(Token.BANG)) {
        next();
      } else if (at(Token.QUESTION) && !nextIs(this::isStartOfType)) {
        next();
      } else if (eat(Token.LBRACKET)) {
        if (!eat(Token.RBRACKET)) {
          type();
          expect(Token.RBRACKET);
        }
      } else {
        return;
      }
    }
  }

  private boolean isStartOfType() {
    return switch (tok()) {
      case NAME ->
          !reserved(scanner.name())
              || Set.of("typeof", "void", "null", "this", "true", "false", "new", "import")
                  .contains(scanner.name());
      case STRING,
          NUMBER,
          TEMPLATE,
          TEMPLATE_HEAD,
          LBRACE,
          LBRACKET,
          LPAREN,
          LT,
          BAR,
          AMP,
          MINUS,
          STAR,
          QUESTION,
          BANG,
          DOTS ->
          true;
      default -> false;
    };
  }

  private void primaryType() throws ParseFailure {
    switch (tok()) {
      case NAME -> {
        String word = scanner.escaped() ? "" : scanner.name();
        switch (word) {
          case "typeof" -> {
            next();
            if (atWord("import")) {
              importType();
            } else {
              expectName(); // an identifier or this
              qualifiedNameRest();
              if (at(Token.LT) && !scanner.newlineBefore()) {
                typeArguments();
              }
            }
          }
          case "import" -> importType();
          case "this", "void", "null", "true", "false" -> next();
          default -> {
            if (reserved(word)) {
              throw expected("Type");
            }
            next();
            qualifiedNameRest();
            if (at(Token.LT) && !scanner.newlineBefore()) {
              typeArguments();
            }
          }
        }
      }
      case STRING, NUMBER, TEMPLATE, STAR, QUESTION -> next();
      case TEMPLATE_HEAD -> templateType();
      case MINUS -> {
        next();
        expect(Token.NUMBER);
      }
      case LBRACE -> {
        if (lookahead(this::startsMappedType)) {
          mappedType();
        } else {
          next();
          typeMembers();
          expect(Token.RBRACE);
        }
      }
      case LBRACKET -> tupleType();
      case LPAREN -> {
        next();
        type();
        expect(Token.RPAREN);
      }
      default -> throw expected("Type");
    }
  }

  private void qualifiedNameRest() throws ParseFailure {
    while (at(Token.DOT)) {
      next();
      if (!eat(Token.PRIVATE_NAME)) {
        expectName();
      }
    }
  }

  /** {@code import("m").A.B<T>}, also after {@code typeof}. */
  private void importType() throws ParseFailure {
    expectWord("import");
    expect(Token.LPAREN);
    type();
    if (eat(Token.COMMA) && !at(Token.RPAREN)) {
      assignmentExpression();
      eat(Token.COMMA);
    }
    expect(Token.RPAREN);
    qualifiedNameRest();
    if (at(Token.LT) && !scanner.newlineBefore()) {
      typeArguments();
    }
  }

  private void templateType() throws ParseFailure {
    next();
    while (true) {
      type();
      if (!at(Token.RBRACE)) {
        throw expected("'}'");
      }
      scanner.rescanTemplateContinuation();
      boolean tail = at(Token.TEMPLATE_TAIL);
      next();
      if (tail) {
        return;
      }
    }
  }

  private void tupleType() throws ParseFailure {
    expect(Token.LBRACKET);
    while (!at(Token.RBRACKET)) {
      eat(Token.DOTS);
      if (at(Token.NAME)
          && nextIs(
              () -> at(Token.COLON) || (at(Token.QUESTION) && nextIs(() -> at(Token.COLON))))) {
        next();
        eat(Token.QUESTION);
        expect(Token.COLON);
      }
      type();
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    expect(Token.RBRACKET);
  }

  private boolean startsMappedType() throws ParseFailure {
    next();
    if (at(Token.PLUS) || at(Token.MINUS)) {
      next();
      return atWord("readonly");
    }
    eatWord("readonly");
    if (!eat(Token.LBRACKET) || !atIdentifier()) {
      return false;
    }
    next();
    return atWord("in");
  }

  private void mappedType() throws ParseFailure {
    expect(Token.LBRACE);
    if (at(Token.PLUS) || at(Token.MINUS)) {
      next();
      expectWord("readonly");
    } else {
      eatWord("readonly");
    }
    expect(Token.LBRACKET);
    expectIdentifier();
    expectWord("in");
    type();
    if (eatWord("as")) {
      type();
    }
    expect(Token.RBRACKET);
    if (at(Token.PLUS) || at(Token.MINUS)) {
      next();
      expect(Token.QUESTION);
    } else {
      eat(Token.QUESTION);
    }
    if (eat(Token.COLON)) {
      type();
    }
    if (!eat(Token.SEMI)) {
      eat(Token.COMMA);
    }
    expect(Token.RBRACE);
  }

  /** The members of an object type or interface, up to its {@code }} (not read). */
  void typeMembers() throws ParseFailure {
    typeDepth++;
    while (!at(Token.RBRACE) && !at(Token.EOF)) {
      typeMember();
      if (!eat(Token.SEMI) && !eat(Token.COMMA) && !at(Token.RBRACE) && !scanner.newlineBefore()) {
        throw expected("';'");
      }
    }
    typeDepth--;
  }

  private void typeMember() throws ParseFailure {
    enter();
    if (at(Token.LPAREN) || at(Token.LT)) {
      signatureRest();
      leave();
      return;
    }
    if (atWord("new") && nextIs(() -> at(Token.LPAREN) || at(Token.LT))) {
      next();
      signatureRest();
      leave();
      return;
    }
    while (at(Token.NAME)
        && MODIFIERS.contains(scanner.name())
        && nextIs(() -> !scanner.newlineBefore() && isPropertyNameStart())) {
      next();
    }
    if ((atWord("get") || atWord("set"))
        && nextIs(() -> !scanner.newlineBefore() && isPropertyNameStart())) {
      next();
    }
    if (at(Token.LBRACKET) && lookahead(this::unambiguouslyIndexSignature)) {
      indexSignature();
      leave();
      return;
    }
    propertyName();
    eat(Token.QUESTION);
    if (at(Token.LPAREN) || at(Token.LT)) {
      signatureRest();
    } else if (eat(Token.COLON)) {
      type();
    }
    leave();
  }

  /** {@code <T>(params): R} of a call, construct or method signature. */
  private void signatureRest() throws ParseFailure {
    if (at(Token.LT)) {
      typeParameters();
    }
    parameterTypes();
    if (eat(Token.COLON)) {
      returnType();
    }
  }

  boolean isPropertyNameStart() {
    return at(Token.NAME)
        || at(Token.STRING)
        || at(Token.NUMBER)
        || at(Token.LBRACKET)
        || at(Token.PRIVATE_NAME);
  }

  /** A property name: a word, a string, a number, a private name or {@code [expression]}. */
  void propertyName() throws ParseFailure {
    switch (tok()) {
      case NAME, STRING, NUMBER, PRIVATE_NAME -> next();
      case LBRACKET -> {
        next();
        boolean outer = disallowIn;
        disallowIn = false;
        assignmentExpression();
        disallowIn = outer;
        expect(Token.RBRACKET);
      }
      default -> throw expected("Property or signature");
    }
  }

  /** tsc's test for {@code [} starting an index signature rather than a computed name. */
  boolean unambiguouslyIndexSignature() throws ParseFailure {
    next();
    if (at(Token.DOTS) || at(Token.RBRACKET)) {
      return true;
    }
    if (at(Token.NAME) && MODIFIERS.contains(scanner.name())) {
      next();
      if (atIdentifier()) {
        return true;
      }
    } else if (!atIdentifier()) {
      return false;
    } else {
      next();
    }
    if (at(Token.COLON) || at(Token.COMMA)) {
      return true;
    }
    if (!at(Token.QUESTION)) {
      return false;
    }
    next();
    return at(Token.COLON) || at(Token.COMMA) || at(Token.RBRACKET);
  }

  /** {@code [key: string]: T} (the modifiers before it already read). */
  void indexSignature() throws ParseFailure {
    expect(Token.LBRACKET);
    typeDepth++;
    while (!at(Token.RBRACKET)) {
      skipParameterModifiers();
      eat(Token.DOTS);
      bindingName();
      eat(Token.QUESTION);
      if (eat(Token.COLON)) {
        type();
      }
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    expect(Token.RBRACKET);
    eat(Token.QUESTION);
    if (eat(Token.COLON)) {
      type();
    }
    typeDepth--;
  }
}
