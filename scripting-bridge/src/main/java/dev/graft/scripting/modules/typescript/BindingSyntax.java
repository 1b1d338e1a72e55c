package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parameters and destructuring patterns: the types, {@code ?} markers, {@code this} parameters and
 * parameter-property modifiers of parameters are erased, and the names of parameter properties are
 * handed to the constructor that writes their fields.
 */
abstract class BindingSyntax extends TypeSyntax {
  BindingSyntax(String src) {
    super(src);
  }

  /** A default value: an assignment expression. */
  abstract void initializer() throws ParseFailure;

  /** Decorators are refused where they are met (a class, a member, a parameter). */
  abstract ParseFailure decoratorsRefused();

  /**
   * {@code (params)}, erasing types, {@code ?}, a {@code this} parameter and the TypeScript
   * modifiers of parameter properties. {@code sure} is false while trying whether a {@code (}
   * starts an arrow function: then anything that cannot start a parameter fails. Returns the names
   * of the parameter properties ({@code constructor(private x)}), which only a constructor has.
   */
  List<String> parameters(boolean sure, boolean constructor) throws ParseFailure {
    expect(Token.LPAREN);
    List<String> properties = new ArrayList<>();
    boolean outer = disallowIn;
    disallowIn = false;
    while (!at(Token.RPAREN)) {
      int from = start();
      if (at(Token.AT)) {
        throw decoratorsRefused();
      }
      boolean modified = false;
      while (at(Token.NAME)
          && Set.of("public", "private", "protected", "readonly", "override")
              .contains(scanner.name())
          && nextIs(() ->
              !scanner.newlineBefore()
                  && (atIdentifier()
                      || at(Token.LBRACKET)
                      || at(Token.LBRACE)
                      || at(Token.DOTS)))) {
        edits.blank(start(), scanner.end());
        next();
        modified = true;
      }
      if (atWord("this") && nextIs(() -> at(Token.COLON) || at(Token.COMMA) || at(Token.RPAREN))) {
        next();
        eraseTypeAnnotation();
        eat(Token.COMMA);
        edits.blank(from, prevEnd);
        continue;
      }
      eat(Token.DOTS);
      if (!sure && !(atIdentifier() || at(Token.LBRACKET) || at(Token.LBRACE))) {
        throw expected("Parameter");
      }
      String name = at(Token.NAME) ? scanner.name() : null;
      bindingName();
      if (at(Token.QUESTION)) {
        edits.blank(start(), scanner.end());
        next();
      }
      eraseTypeAnnotation();
      if (eat(Token.ASSIGN)) {
        initializer();
      }
      if (modified && constructor && name != null) {
        properties.add(name);
      }
      if (!eat(Token.COMMA)) {
        break;
      }
    }
    disallowIn = outer;
    expect(Token.RPAREN);
    return properties;
  }

  @Override
  void bindingName() throws ParseFailure {
    enter();
    switch (tok()) {
      case LBRACKET -> {
        next();
        while (!at(Token.RBRACKET)) {
          if (eat(Token.COMMA)) {
            continue;
          }
          eat(Token.DOTS);
          bindingElement();
          if (!at(Token.RBRACKET)) {
            expect(Token.COMMA);
          }
        }
        expect(Token.RBRACKET);
      }
      case LBRACE -> {
        next();
        while (!at(Token.RBRACE)) {
          if (eat(Token.DOTS)) {
            bindingName();
          } else {
            boolean shorthand = at(Token.NAME);
            propertyName();
            if (eat(Token.COLON)) {
              bindingElement();
            } else if (!shorthand) {
              throw expected("':'");
            } else if (eat(Token.ASSIGN)) {
              initializer();
            }
          }
          if (!eat(Token.COMMA)) {
            break;
          }
        }
        expect(Token.RBRACE);
      }
      case NAME -> {
        enums.bind(scanner.name(), start(), EnumFacts.Kind.OTHER);
        next();
      }
      default -> throw expected("Identifier");
    }
    leave();
  }

  private void bindingElement() throws ParseFailure {
    bindingName();
    if (eat(Token.ASSIGN)) {
      boolean outer = disallowIn;
      disallowIn = false;
      initializer();
      disallowIn = outer;
    }
  }
}
