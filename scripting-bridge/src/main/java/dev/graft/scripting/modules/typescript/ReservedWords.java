package dev.graft.scripting.modules.typescript;

import java.util.Set;

/** JavaScript's reserved words, shared by the TypeScript parser and the CommonJS export scan. */
public final class ReservedWords {
  /** ES reserved words: never an identifier, never a type name. */
  public static final Set<String> ES =
      Set.of(
          "break",
          "case",
          "catch",
          "class",
          "const",
          "continue",
          "debugger",
          "default",
          "delete",
          "do",
          "else",
          "enum",
          "export",
          "extends",
          "false",
          "finally",
          "for",
          "function",
          "if",
          "import",
          "in",
          "instanceof",
          "new",
          "null",
          "return",
          "super",
          "switch",
          "this",
          "throw",
          "true",
          "try",
          "typeof",
          "var",
          "void",
          "while",
          "with");

  private ReservedWords() {}
}
