package dev.graft.scripting.modules.typescript;

/**
 * Statements, and the declarations TypeScript adds to them: interfaces, type aliases, overload
 * signatures and {@code declare} are erased whole (a {@code ;} left in their place so that the
 * statements around them stay apart); {@code abstract} before {@code class} is blanked; enums are
 * written as tsc writes them ({@link EnumEmitter}). A word such as {@code type}, {@code declare} or
 * {@code namespace} starts a declaration only where tsc says it does (a name follows on the same
 * line); anywhere else it is an identifier.
 */
abstract class StatementSyntax extends ClassSyntax {
  StatementSyntax(String src) {
    super(src);
  }

  /** From {@code import}; returns whether the declaration was erased. */
  abstract boolean importDeclaration(int from) throws ParseFailure;

  /** From {@code export}; returns whether the declaration was erased. */
  abstract boolean exportDeclaration(int from) throws ParseFailure;

  /**
   * From {@code namespace}, {@code module} or {@code global}; returns whether it was erased
   * (always, or refused).
   */
  abstract boolean moduleDeclaration(int from) throws ParseFailure;

  @Override
  boolean statement() throws ParseFailure {
    enter();
    int from = start();
    boolean erased =
        switch (tok()) {
          case SEMI -> {
            next();
            yield false;
          }
          case LBRACE -> {
            block();
            yield false;
          }
          case AT -> throw decoratorsRefused();
          default -> {
            Parsed parsed =
                at(Token.NAME) && !scanner.escaped() ? keywordStatement(from) : Parsed.NOTHING;
            if (parsed == Parsed.NOTHING) {
              expressionStatement();
            }
            yield parsed == Parsed.ERASED;
          }
        };
    leave();
    return erased;
  }

  /** What a word at the start of a statement turned out to start. */
  enum Parsed {
    /** A statement or declaration, with code left. */
    KEPT,
    /** A declaration erased whole. */
    ERASED,
    /** No statement: the word is an identifier in an expression. */
    NOTHING;

    static Parsed erasedIf(boolean erased) {
      return erased ? ERASED : KEPT;
    }
  }

  /**
   * The statement or declaration the current word starts, from {@code from} (where an {@code
   * export} before it starts).
   */
  Parsed keywordStatement(int from) throws ParseFailure {
    switch (scanner.name()) {
      case "var" -> variableStatement();
      case "let" -> {
        if (!nextIs(() -> atIdentifier() || at(Token.LBRACKET) || at(Token.LBRACE))) {
          return Parsed.NOTHING;
        }
        variableStatement();
      }
      case "const" -> {
        if (nextIs(() -> atWord("enum"))) {
          int keyword = start();
          next();
          enumDeclaration(from, keyword);
          return ambient > 0 ? Parsed.ERASED : Parsed.KEPT;
        }
        variableStatement();
      }
      case "function" -> {
        return Parsed.erasedIf(functionDeclaration(from));
      }
      case "async" -> {
        if (!nextIs(() -> atWord("function") && !scanner.newlineBefore())) {
          return Parsed.NOTHING;
        }
        next();
        return Parsed.erasedIf(functionDeclaration(from));
      }
      case "class" -> classRest();
      case "abstract" -> {
        if (!nextIs(() -> atWord("class") && !scanner.newlineBefore())) {
          return Parsed.NOTHING;
        }
        edits.blank(start(), scanner.end());
        next();
        classRest();
      }
      case "if" -> ifStatement();
      case "do" -> {
        next();
        statement();
        expectWord("while");
        parenthesized();
        eat(Token.SEMI);
      }
      case "while" -> {
        next();
        parenthesized();
        statement();
      }
      case "for" -> forStatement();
      case "continue", "break" -> {
        next();
        if (!canEndStatement() && atIdentifier()) {
          next();
        }
        semicolon();
      }
      case "return" -> {
        next();
        if (!canEndStatement()) {
          expression();
        }
        semicolon();
      }
      case "throw" -> {
        next();
        expression();
        semicolon();
      }
      case "with" -> {
        next();
        parenthesized();
        statement();
      }
      case "switch" -> switchStatement();
      case "try" -> tryStatement();
      case "debugger" -> {
        next();
        semicolon();
      }
      case "interface" -> {
        if (!nextIs(() -> atIdentifier() && !scanner.newlineBefore())) {
          return Parsed.NOTHING;
        }
        interfaceDeclaration();
        eraseStatement(from, prevEnd);
        return Parsed.ERASED;
      }
      case "type" -> {
        if (!nextIs(() -> atIdentifier() && !scanner.newlineBefore())) {
          return Parsed.NOTHING;
        }
        typeAlias();
        eraseStatement(from, prevEnd);
        return Parsed.ERASED;
      }
      case "enum" -> {
        enumDeclaration(from, start());
        return ambient > 0 ? Parsed.ERASED : Parsed.KEPT;
      }
      case "namespace", "module" -> {
        if (!nextIs(() -> !scanner.newlineBefore() && (atIdentifier() || at(Token.STRING)))) {
          return Parsed.NOTHING;
        }
        return Parsed.erasedIf(moduleDeclaration(from));
      }
      case "global" -> {
        if (!nextIs(() -> at(Token.LBRACE))) {
          return Parsed.NOTHING;
        }
        return Parsed.erasedIf(moduleDeclaration(from));
      }
      case "declare" -> {
        if (!nextIs(() -> !scanner.newlineBefore() && at(Token.NAME))) {
          return Parsed.NOTHING;
        }
        next();
        ambient++;
        Parsed declared =
            at(Token.NAME) && !scanner.escaped() ? keywordStatement(start()) : Parsed.NOTHING;
        ambient--;
        if (declared == Parsed.NOTHING) {
          throw expected("Declaration");
        }
        eraseStatement(from, prevEnd);
        return Parsed.ERASED;
      }
      case "import" -> {
        if (nextIs(() -> at(Token.LPAREN) || at(Token.DOT))) {
          return Parsed.NOTHING;
        }
        return Parsed.erasedIf(importDeclaration(from));
      }
      case "export" -> {
        return Parsed.erasedIf(exportDeclaration(from));
      }
      case "using", "await" -> {
        if (startsUsingDeclaration()) {
          throw usingRefused();
        }
        return Parsed.NOTHING;
      }
      default -> {
        return Parsed.NOTHING;
      }
    }
    return Parsed.KEPT;
  }

  /**
   * {@code using x = ...} or {@code await using x = ...}: tsc's test (a name follows on the same
   * line).
   */
  private boolean startsUsingDeclaration() throws ParseFailure {
    Probe usingThenName =
        () ->
            atWord("using")
                && nextIs(() ->
                    !scanner.newlineBefore() && atIdentifier() && !atWord("of") && !atWord("in"));
    return usingThenName.test()
        || (atWord("await") && nextIs(() -> !scanner.newlineBefore() && usingThenName.test()));
  }

  private ParseFailure usingRefused() {
    return ParseFailure.refusal(
        start(),
        "using declarations are not supported: graft's JavaScript engine runs none;"
            + " call the disposing function yourself, in a finally block");
  }

  private void expressionStatement() throws ParseFailure {
    if (atIdentifier() && nextIs(() -> at(Token.COLON))) {
      next();
      next();
      statement();
      return;
    }
    expression();
    semicolon();
  }

  void block() throws ParseFailure {
    expect(Token.LBRACE);
    enums.enterScope();
    while (!at(Token.RBRACE)) {
      if (at(Token.EOF)) {
        throw expected("'}'");
      }
      statement();
    }
    enums.leaveScope();
    next();
  }

  @Override
  void functionBody() throws ParseFailure {
    block();
  }

  private void parenthesized() throws ParseFailure {
    expect(Token.LPAREN);
    boolean outer = disallowIn;
    disallowIn = false;
    expression();
    disallowIn = outer;
    expect(Token.RPAREN);
  }

  private void variableStatement() throws ParseFailure {
    enums.declaringConst = atWord("const");
    enums.declaringVar = atWord("var");
    next();
    declarations();
    enums.declaringConst = false;
    enums.declaringVar = false;
    semicolon();
  }

  /** {@code a: T = x, b!: U}: the bindings of a {@code var}, {@code let} or {@code const}. */
  private void declarations() throws ParseFailure {
    do {
      int bound = enums.bindings.size();
      // tsc evaluates a const only as "const NAME = value", without a type.
      boolean plain = at(Token.NAME) && nextIs(() -> at(Token.ASSIGN));
      bindingName();
      if (!plain) {
        enums.notConstant(bound);
      }
      if (at(Token.BANG) && !scanner.newlineBefore()) {
        edits.blank(start(), scanner.end());
        next();
      }
      eraseTypeAnnotation();
      if (eat(Token.ASSIGN)) {
        boolean constant = plain && enums.declaringConst;
        Scanner.State value = scanner.save();
        int valueStart = start();
        // An enum initialiser may read this constant: tsc evaluates it there, so its value is noted
        // too.
        enums.recording += constant ? 1 : 0;
        assignment(true);
        enums.recording -= constant ? 1 : 0;
        if (constant) {
          enums.constantValue(bound, new EnumFacts.Span(valueStart, prevEnd, value));
        }
      }
    } while (eat(Token.COMMA));
  }

  /**
   * From {@code function}: an overload or ambient signature (no body) is erased from {@code from}.
   */
  boolean functionDeclaration(int from) throws ParseFailure {
    expectWord("function");
    boolean generator = eat(Token.STAR);
    if (at(Token.NAME)) {
      enums.bind(scanner.name(), start(), EnumFacts.Kind.OTHER);
      next();
    }
    enums.enterFunction();
    enums.bind("arguments", start(), EnumFacts.Kind.OTHER);
    eraseTypeParameters();
    boolean outer = inGenerator;
    inGenerator = generator;
    parameters(true, false);
    eraseReturnType();
    boolean body = at(Token.LBRACE);
    if (body) {
      functionBody();
    } else {
      semicolon();
    }
    enums.leaveFunction();
    inGenerator = outer;
    if (!body) {
      eraseStatement(from, prevEnd);
    }
    return !body;
  }

  /** {@code if ... else if ... else}: a chain of any length nests no deeper than one. */
  private void ifStatement() throws ParseFailure {
    while (true) {
      expectWord("if");
      parenthesized();
      statement();
      if (!eatWord("else")) {
        return;
      }
      if (!atWord("if")) {
        statement();
        return;
      }
    }
  }

  private void forStatement() throws ParseFailure {
    enums.enterScope();
    next();
    eatWord("await");
    expect(Token.LPAREN);
    if (!at(Token.SEMI)) {
      boolean outer = disallowIn;
      disallowIn = true;
      if (startsUsingDeclaration()) {
        throw usingRefused();
      }
      if (atWord("var")
          || atWord("const")
          || (atWord("let")
              && nextIs(() -> atIdentifier() || at(Token.LBRACKET) || at(Token.LBRACE)))) {
        enums.declaringVar = atWord("var");
        enums.declaringConst = atWord("const");
        next();
        declarations();
        enums.declaringVar = false;
        enums.declaringConst = false;
      } else {
        expression();
      }
      disallowIn = outer;
    }
    if (eatWord("of")) {
      assignment(true);
    } else if (eatWord("in")) {
      expression();
    } else {
      expect(Token.SEMI);
      if (!at(Token.SEMI)) {
        expression();
      }
      expect(Token.SEMI);
      if (!at(Token.RPAREN)) {
        expression();
      }
    }
    expect(Token.RPAREN);
    statement();
    enums.leaveScope();
  }

  private void switchStatement() throws ParseFailure {
    next();
    parenthesized();
    expect(Token.LBRACE);
    enums.enterScope();
    while (!at(Token.RBRACE)) {
      if (eatWord("case")) {
        expression();
      } else if (!eatWord("default")) {
        throw expected("'case' or 'default'");
      }
      expect(Token.COLON);
      while (!atWord("case") && !atWord("default") && !at(Token.RBRACE)) {
        if (at(Token.EOF)) {
          throw expected("'}'");
        }
        statement();
      }
    }
    enums.leaveScope();
    next();
  }

  private void tryStatement() throws ParseFailure {
    next();
    block();
    if (eatWord("catch")) {
      enums.enterScope();
      if (eat(Token.LPAREN)) {
        bindingName();
        eraseTypeAnnotation();
        expect(Token.RPAREN);
      }
      block();
      enums.leaveScope();
    }
    if (eatWord("finally")) {
      block();
    }
  }

  /** From {@code interface}; the caller erases it. */
  void interfaceDeclaration() throws ParseFailure {
    next();
    expectIdentifier();
    if (at(Token.LT)) {
      typeParameters();
    }
    if (eatWord("extends")) {
      do {
        type();
      } while (eat(Token.COMMA));
    }
    expect(Token.LBRACE);
    typeMembers();
    expect(Token.RBRACE);
  }

  /** From {@code type}; the caller erases it. */
  private void typeAlias() throws ParseFailure {
    next();
    expectIdentifier();
    if (at(Token.LT)) {
      typeParameters();
    }
    expect(Token.ASSIGN);
    type();
    semicolon();
  }

  /**
   * From {@code enum}: written as tsc writes it ({@link EnumEmitter}), or erased by the caller when
   * declared. {@code keyword} is where {@code const enum} or {@code enum} starts.
   */
  private void enumDeclaration(int from, int keyword) throws ParseFailure {
    expectWord("enum");
    String name = scanner.name();
    enums.bind(name, start(), EnumFacts.Kind.ENUM);
    expectIdentifier();
    EnumFacts.Declaration declaration =
        new EnumFacts.Declaration(name, from, keyword, ambient > 0, enums.scopes);
    declaration.open = scanner.end();
    expect(Token.LBRACE);
    while (!at(Token.RBRACE)) {
      int memberStart = start();
      String key;
      String memberName;
      if (at(Token.NAME)) {
        key = "\"" + scanner.name() + "\"";
        memberName = scanner.name();
        next();
      } else if (at(Token.STRING)) {
        key = src.substring(start(), scanner.end());
        memberName = StringLiterals.cook(key);
        next();
      } else if (at(Token.LBRACKET)
          && nextIs(() -> at(Token.STRING) && nextIs(() -> at(Token.RBRACKET)))) {
        next();
        key = src.substring(start(), scanner.end());
        memberName = StringLiterals.cook(key);
        next();
        next();
      } else if (at(Token.NUMBER)) {
        throw ParseFailure.at(start(), "An enum member cannot have a numeric name.");
      } else {
        throw expected("Enum member");
      }
      int valueStart = -1;
      int valueEnd = -1;
      Scanner.State valueState = null;
      if (eat(Token.ASSIGN)) {
        valueStart = start();
        valueState = scanner.save();
        enums.recording++;
        assignment(true);
        enums.recording--;
        valueEnd = prevEnd;
      }
      int memberEnd = prevEnd;
      int commaEnd = at(Token.COMMA) ? scanner.end() : memberEnd;
      declaration.members.add(
          new EnumFacts.Member(
              memberStart, memberEnd, commaEnd, key, memberName, valueStart, valueEnd, valueState));
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    declaration.close = start();
    expect(Token.RBRACE);
    // Written with every other enum of the file once it is all read: a later declaration of the
    // same enum adds members an earlier one's values may name (EnumEmitter).
    enums.declarations.add(declaration);
  }
}
