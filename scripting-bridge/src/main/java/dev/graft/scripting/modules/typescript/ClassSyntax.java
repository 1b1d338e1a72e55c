package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Classes: type parameters, {@code implements}, type arguments of {@code extends}, TypeScript's
 * member modifiers ({@code public}, {@code readonly}...: only when a name follows on the same line,
 * as tsc decides, so a field named {@code readonly} stays), optional and definite markers and
 * annotations are erased; index signatures, overloads, {@code abstract} and {@code declare} members
 * are erased whole. Parameter properties become what tsc makes of them: a field declaration at the
 * top of the class body and an assignment at the start of the constructor (after its {@code
 * super(...)} call in a derived class).
 */
abstract class ClassSyntax extends ExpressionSyntax {
  /** Member modifiers tsc reads only when a name follows on the same line. */
  private static final Set<String> SAME_LINE_MODIFIERS =
      Set.of(
          "public",
          "private",
          "protected",
          "readonly",
          "override",
          "abstract",
          "declare",
          "async",
          "accessor");

  private static final Set<String> ERASED_MODIFIERS =
      Set.of("public", "private", "protected", "readonly", "override", "abstract", "declare");

  ClassSyntax(String src) {
    super(src);
  }

  /** A statement; returns whether it was erased whole. */
  abstract boolean statement() throws ParseFailure;

  @Override
  void classExpression() throws ParseFailure {
    // A class expression's name is bound in the class only.
    enums.enterScope();
    classRest();
    enums.leaveScope();
  }

  /**
   * From {@code class} to the class's {@code }} (modifiers before {@code class} are the caller's).
   */
  void classRest() throws ParseFailure {
    expectWord("class");
    if (atIdentifier() && !atWord("implements")) {
      enums.bind(scanner.name(), start(), EnumFacts.Kind.OTHER);
      next();
    }
    eraseTypeParameters();
    boolean derived = eatWord("extends");
    if (derived) {
      leftHandSide();
      if (at(Token.LT)) {
        int from = start();
        typeArguments();
        edits.blank(from, prevEnd);
      }
    }
    if (atWord("implements")) {
      int from = start();
      next();
      do {
        type();
      } while (eat(Token.COMMA));
      edits.blank(from, prevEnd);
    }
    if (!at(Token.LBRACE)) {
      throw expected("'{'");
    }
    int body = scanner.end();
    next();
    boolean outer = inGenerator;
    inGenerator = false;
    List<String> properties = new ArrayList<>();
    while (!at(Token.RBRACE)) {
      if (at(Token.EOF)) {
        throw expected("'}'");
      }
      // Each member is a scope of its own: a method's parameters and arguments are bound there.
      enums.enterFunction();
      enums.bind("arguments", start(), EnumFacts.Kind.OTHER);
      member(derived, properties);
      enums.leaveFunction();
    }
    inGenerator = outer;
    next();
    if (!properties.isEmpty() && typeDepth == 0) {
      StringBuilder fields = new StringBuilder();
      properties.forEach(p -> fields.append(p).append(';'));
      edits.insert(body, fields.toString());
    }
  }

  private void member(boolean derived, List<String> properties) throws ParseFailure {
    enter();
    int from = start();
    if (eat(Token.SEMI)) {
      leave();
      return;
    }
    if (at(Token.AT)) {
      throw decoratorsRefused();
    }
    boolean erased = false;
    while (at(Token.NAME) && !scanner.escaped() && modifierFollows()) {
      String word = scanner.name();
      if (ERASED_MODIFIERS.contains(word)) {
        edits.blank(start(), scanner.end());
        if (start() == from) {
          // The member no longer starts with a word: without a ; here, a "[" or "(" after the
          // modifiers would continue the previous member's initializer.
          edits.put(from, ';');
        }
        erased |= word.equals("abstract") || word.equals("declare");
      }
      next();
    }
    if (atWord("static") && nextIs(() -> at(Token.LBRACE))) {
      next();
      functionBody();
      leave();
      return;
    }
    if ((atWord("get") || atWord("set"))
        && nextIs(() -> at(Token.LBRACKET) || isPropertyNameStart())) {
      next();
    }
    if ((atWord("constructor")
            || (at(Token.STRING)
                && src.substring(start() + 1, scanner.end() - 1).equals("constructor")))
        && nextIs(() -> at(Token.LPAREN) || at(Token.LT))) {
      next();
      erased |= constructor(derived, properties);
    } else if (at(Token.LBRACKET) && lookahead(this::unambiguouslyIndexSignature)) {
      indexSignature();
      if (!eat(Token.COMMA)) {
        semicolon();
      }
      erased = true;
    } else {
      erased |= propertyOrMethod();
    }
    if (erased) {
      eraseStatement(from, prevEnd);
    }
    leave();
  }

  /**
   * tsc's test for a modifier: {@code static} before any name, the others only before one on the
   * same line.
   */
  private boolean modifierFollows() throws ParseFailure {
    String word = scanner.name();
    if (word.equals("static")) {
      return nextIs(() -> !at(Token.LBRACE) && canFollowModifier());
    }
    if (!SAME_LINE_MODIFIERS.contains(word)) {
      return false;
    }
    return nextIs(() -> !scanner.newlineBefore() && canFollowModifier());
  }

  private boolean canFollowModifier() {
    return switch (tok()) {
      case LBRACKET, LBRACE, STAR, DOTS, NAME, STRING, NUMBER, PRIVATE_NAME -> true;
      default -> false;
    };
  }

  /** Returns whether the member is to be erased (a declaration without a body). */
  private boolean propertyOrMethod() throws ParseFailure {
    boolean generator = eat(Token.STAR);
    propertyName();
    boolean optional = at(Token.QUESTION);
    if (optional) {
      edits.blank(start(), scanner.end());
      next();
    }
    if (generator || at(Token.LPAREN) || at(Token.LT)) {
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
      inGenerator = outer;
      return !body;
    }
    if (!optional && at(Token.BANG) && !scanner.newlineBefore()) {
      edits.blank(start(), scanner.end());
      next();
    }
    eraseTypeAnnotation();
    if (eat(Token.ASSIGN)) {
      boolean outer = disallowIn;
      disallowIn = false;
      assignment(true);
      disallowIn = outer;
    }
    semicolon();
    return false;
  }

  /** After {@code constructor}; returns whether it is to be erased (an overload). */
  private boolean constructor(boolean derived, List<String> classProperties) throws ParseFailure {
    int at = prevEnd;
    eraseTypeParameters();
    List<String> properties = parameters(true, true);
    eraseReturnType();
    if (!at(Token.LBRACE)) {
      semicolon();
      return true;
    }
    if (properties.isEmpty()) {
      functionBody();
      return false;
    }
    int open = scanner.end();
    next();
    int insertAt = derived ? -1 : open;
    while (!at(Token.RBRACE)) {
      if (at(Token.EOF)) {
        throw expected("'}'");
      }
      boolean superCall = insertAt < 0 && atWord("super") && nextIs(() -> at(Token.LPAREN));
      statement();
      if (superCall) {
        insertAt = prevEnd;
      }
    }
    next();
    if (insertAt < 0) {
      throw refusal(
          at,
          "parameter properties in a class that extends another need a super(...) call as a"
              + " statement of the constructor, where graft assigns them");
    }
    StringBuilder assign = new StringBuilder(derived ? ";" : "");
    properties.forEach(p -> assign.append("this.").append(p).append('=').append(p).append(';'));
    edits.insert(insertAt, assign.toString());
    classProperties.addAll(properties);
    return false;
  }

  /** TypeScript that graft will not turn into JavaScript, at {@code offset}. */
  ParseFailure refusal(int offset, String why) {
    return ParseFailure.refusal(offset, why);
  }
}
