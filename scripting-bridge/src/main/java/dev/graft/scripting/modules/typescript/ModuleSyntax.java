package dev.graft.scripting.modules.typescript;

/**
 * The whole parser: a module's statements, with imports and exports ({@code import type}, {@code
 * export type} and {@code type} specifiers erased, as tsc does with {@code verbatimModuleSyntax},
 * where every other import is kept as written), namespaces (erased when they hold only types,
 * refused otherwise) and what graft refuses: CommonJS forms ({@code import x = require()}, {@code
 * export =}) and decorators.
 */
final class ModuleSyntax extends StatementSyntax {
  ModuleSyntax(String src) {
    super(src);
  }

  /** Parses the whole source and returns it erased. */
  String program() throws ParseFailure {
    next();
    while (!at(Token.EOF)) {
      statement();
    }
    EnumEmitter.emit(src, enums, edits);
    return edits.apply(src);
  }

  @Override
  ParseFailure decoratorsRefused() {
    return ParseFailure.refusal(
        start(),
        "decorators are not supported: graft's JavaScript engine runs none and"
            + " graft does not compile them; call the decorating function yourself");
  }

  @Override
  boolean importDeclaration(int from) throws ParseFailure {
    expectWord("import");
    if (eat(Token.STRING)) {
      attributes();
      semicolon();
      return false;
    }
    boolean typeOnly = false;
    boolean binding = false;
    if (atIdentifier()) {
      boolean type = atWord("type");
      next();
      binding = true;
      if (type
          && (!atWord("from")
              || (atIdentifier() && nextIs(() -> atWord("from") || at(Token.ASSIGN))))
          && (atIdentifier() || at(Token.STAR) || at(Token.LBRACE))) {
        typeOnly = true;
        binding = atIdentifier();
        if (binding) {
          next();
        }
      }
      if (binding && !at(Token.COMMA) && !atWord("from")) {
        return importEquals(from, typeOnly, "import");
      }
    }
    if (!binding || eat(Token.COMMA)) {
      if (eat(Token.STAR)) {
        expectWord("as");
        expectIdentifier();
      } else {
        specifiers();
      }
    }
    expectWord("from");
    expect(Token.STRING);
    attributes();
    semicolon();
    if (typeOnly) {
      eraseStatement(from, prevEnd);
    }
    return typeOnly;
  }

  /**
   * After {@code import x} (or {@code export import x}): {@code = require("m")} or {@code = A.B}.
   */
  private boolean importEquals(int from, boolean typeOnly, String form) throws ParseFailure {
    expect(Token.ASSIGN);
    boolean require = atWord("require") && nextIs(() -> at(Token.LPAREN));
    if (require) {
      next();
      expect(Token.LPAREN);
      expect(Token.STRING);
      expect(Token.RPAREN);
    } else {
      expectName();
      while (eat(Token.DOT)) {
        expectName();
      }
    }
    semicolon();
    if (typeOnly || ambient > 0) {
      eraseStatement(from, prevEnd);
      return true;
    }
    throw require
        ? ParseFailure.refusal(
            from,
            form
                + " x = require() is CommonJS, and graft scripts are ES modules: write"
                + " import x from \"...\"")
        : ParseFailure.refusal(
            from,
            form + " x = A.B needs code generated that graft does not write: write const x = A.B");
  }

  /** {@code with { type: "json" }} after a module name, if there is one. */
  private void attributes() throws ParseFailure {
    if (atWord("with") || (atWord("assert") && !scanner.newlineBefore())) {
      next();
      assignment(true);
    }
  }

  /** {@code { a, type B, c as d }}: each {@code type} specifier is blanked with its comma. */
  private void specifiers() throws ParseFailure {
    expect(Token.LBRACE);
    while (!at(Token.RBRACE)) {
      int from = start();
      boolean typeOnly = specifier();
      boolean comma = eat(Token.COMMA);
      if (typeOnly) {
        edits.blank(from, prevEnd);
      }
      if (!comma) {
        break;
      }
    }
    expect(Token.RBRACE);
  }

  /**
   * One specifier; whether it is type-only, by tsc's reading of the words {@code type} and {@code
   * as}.
   */
  private boolean specifier() throws ParseFailure {
    boolean startsWithType = atWord("type");
    exportName();
    boolean typeOnly = false;
    boolean mayRename = true;
    if (startsWithType) {
      if (atWord("as")) {
        next();
        if (atWord("as")) {
          next();
          if (at(Token.NAME)) {
            typeOnly = true;
            next();
          }
          mayRename = false;
        } else if (at(Token.NAME)) {
          next();
          mayRename = false;
        } else {
          typeOnly = true;
        }
      } else if (at(Token.NAME) || at(Token.STRING)) {
        typeOnly = true;
        exportName();
      }
    }
    if (mayRename && eatWord("as")) {
      exportName();
    }
    return typeOnly;
  }

  private void exportName() throws ParseFailure {
    if (!eat(Token.STRING)) {
      expectName();
    }
  }

  @Override
  boolean exportDeclaration(int from) throws ParseFailure {
    expectWord("export");
    if (eat(Token.ASSIGN)) {
      assignment(true);
      semicolon();
      if (ambient > 0) {
        eraseStatement(from, prevEnd);
        return true;
      }
      throw ParseFailure.refusal(
          from, "export = is CommonJS, and graft scripts are ES modules: write export default");
    }
    if (atWord("as")) {
      next();
      expectWord("namespace");
      expectIdentifier();
      semicolon();
      eraseStatement(from, prevEnd);
      return true;
    }
    if (atWord("import")) {
      next();
      boolean typeOnly = atWord("type") && nextIs(this::atIdentifier);
      if (typeOnly) {
        next();
      }
      expectIdentifier();
      return importEquals(from, typeOnly, "export import");
    }
    boolean typeOnly = atWord("type") && nextIs(() -> at(Token.LBRACE) || at(Token.STAR));
    if (typeOnly) {
      next();
    }
    if (eat(Token.STAR)) {
      if (eatWord("as")) {
        exportName();
      }
      expectWord("from");
      expect(Token.STRING);
      attributes();
      semicolon();
    } else if (at(Token.LBRACE)) {
      specifiers();
      if (eatWord("from")) {
        expect(Token.STRING);
        attributes();
      }
      semicolon();
    } else if (eatWord("default")) {
      return exportDefault(from);
    } else {
      Parsed declaration =
          at(Token.NAME) && !scanner.escaped() ? keywordStatement(from) : Parsed.NOTHING;
      if (declaration == Parsed.NOTHING) {
        throw expected("Declaration");
      }
      return declaration == Parsed.ERASED;
    }
    if (typeOnly) {
      eraseStatement(from, prevEnd);
    }
    return typeOnly;
  }

  private boolean exportDefault(int from) throws ParseFailure {
    if (atWord("interface") && nextIs(() -> atIdentifier() && !scanner.newlineBefore())) {
      interfaceDeclaration();
      eraseStatement(from, prevEnd);
      return true;
    }
    if (atWord("abstract") && nextIs(() -> atWord("class") && !scanner.newlineBefore())) {
      edits.blank(start(), scanner.end());
      next();
      classRest();
      return false;
    }
    if (atWord("class")) {
      classRest();
      return false;
    }
    if (atWord("async") && nextIs(() -> atWord("function") && !scanner.newlineBefore())) {
      next();
      return functionDeclaration(from);
    }
    if (atWord("function")) {
      return functionDeclaration(from);
    }
    assignment(true);
    semicolon();
    return false;
  }

  @Override
  boolean moduleDeclaration(int from) throws ParseFailure {
    boolean global = atWord("global");
    next();
    if (!global && at(Token.NAME)) {
      enums.bind(scanner.name(), start(), EnumFacts.Kind.NAMESPACE);
    }
    if (!global && !eat(Token.STRING)) {
      expectIdentifier();
      while (eat(Token.DOT)) {
        expectIdentifier();
      }
    }
    if (!at(Token.LBRACE)) {
      semicolon();
      eraseStatement(from, prevEnd);
      return true;
    }
    next();
    boolean onlyTypes = true;
    while (!at(Token.RBRACE)) {
      if (at(Token.EOF)) {
        throw expected("'}'");
      }
      onlyTypes &= statement();
    }
    next();
    if (ambient == 0 && !onlyTypes) {
      throw ParseFailure.refusal(
          from,
          "a namespace that holds values needs code generated that graft does not"
              + " write: use a module or an object instead");
    }
    eraseStatement(from, prevEnd);
    return true;
  }
}
