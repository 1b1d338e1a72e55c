package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the parser notes for writing enums once the whole file is read ({@link EnumEmitter}): the
 * enum declarations and the scope each is in (declarations of one name in one scope are one enum,
 * as tsc merges them), every name the file binds, and inside enum initialisers the identifiers read
 * and where each unary expression ends. Kept as logs with marks, like {@link Edits}, so that a
 * reading the parser abandons leaves nothing behind.
 */
final class EnumFacts {
  /**
   * An identifier read as a value ({@code A} in {@code A + 1}; not a property name, not a binding),
   * and the scopes it is in.
   */
  record Ref(String name, int start, int end, List<Integer> scopes) {}

  /**
   * What kind of declaration binds a name: tsc evaluates {@code const}s, and looks up namespaces
   * and enums by name.
   */
  enum Kind {
    CONST,
    NAMESPACE,
    ENUM,
    OTHER
  }

  /**
   * A name bound, the scope it is bound in (a {@code var} in its function's) and the scopes around
   * it; a constant's value ({@code const NAME = value}), which tsc may evaluate, or null.
   */
  record Binding(String name, int at, Kind kind, int scope, List<Integer> scopes, Span value) {}

  /** An expression's place: where it starts and ends, and the scanner there. */
  record Span(int start, int end, Scanner.State state) {}

  /**
   * A member: its span, its key as a JavaScript string literal, its name (cooked), its
   * initialiser's span (or -1).
   */
  record Member(
      int start,
      int end,
      int commaEnd,
      String key,
      String name,
      int valueStart,
      int valueEnd,
      Scanner.State valueState) {}

  /** One {@code enum} declaration; {@code from} is where its statement starts ({@code export}). */
  static final class Declaration {
    final String name;
    final int from;
    final int keyword;
    final boolean ambient;

    /** The scopes it is in, innermost last; the first is the module's. */
    final List<Integer> scopes;

    final List<Member> members = new ArrayList<>();
    int open;
    int close;

    Declaration(String name, int from, int keyword, boolean ambient, List<Integer> scopes) {
      this.name = name;
      this.from = from;
      this.keyword = keyword;
      this.ambient = ambient;
      this.scopes = List.copyOf(scopes);
    }

    int scope() {
      return scopes.getLast();
    }
  }

  record Mark(
      int refs,
      int bindings,
      int spans,
      int declarations,
      int scopes,
      int functionScopes,
      int recording,
      boolean declaringConst,
      boolean declaringVar) {}

  final List<Ref> refs = new ArrayList<>();
  final List<Binding> bindings = new ArrayList<>();

  /** Unary expressions inside enum initialisers: {start, end}. */
  final List<int[]> spans = new ArrayList<>();

  final List<Declaration> declarations = new ArrayList<>();

  /**
   * The scopes the parser is in (functions, blocks, case blocks, catch clauses, for heads), the
   * module's first.
   */
  final List<Integer> scopes = new ArrayList<>(List.of(0));

  /** The function scopes among them: where a {@code var} binds. */
  final List<Integer> functionScopes = new ArrayList<>(List.of(0));

  /**
   * Every function scope of the file: what runs only when called, later than the code around it.
   */
  final Set<Integer> allFunctionScopes = new HashSet<>();

  private int nextScope = 1;

  /** Inside an enum initialiser: identifiers and unary spans are noted. */
  int recording;

  /** While a {@code const} declaration's names are read. */
  boolean declaringConst;

  /** While a {@code var} declaration's names are read. */
  boolean declaringVar;

  void enterScope() {
    scopes.add(nextScope++);
  }

  void leaveScope() {
    scopes.removeLast();
  }

  /** A function's own scope: its parameters, {@code arguments}, its {@code var}s. */
  void enterFunction() {
    enterScope();
    functionScopes.add(scopes.getLast());
    allFunctionScopes.add(scopes.getLast());
  }

  void leaveFunction() {
    functionScopes.removeLast();
    leaveScope();
  }

  void bind(String name, int at, Kind kind) {
    int scope = declaringVar ? functionScopes.getLast() : scopes.getLast();
    bindings.add(
        new Binding(
            name,
            at,
            declaringConst && kind == Kind.OTHER ? Kind.CONST : kind,
            scope,
            List.copyOf(scopes),
            null));
  }

  /**
   * The bindings from {@code from} on are not constants tsc evaluates (a pattern, a type, no
   * value).
   */
  void notConstant(int from) {
    for (int i = from; i < bindings.size(); i++) {
      Binding b = bindings.get(i);
      if (b.kind() == Kind.CONST) {
        bindings.set(i, new Binding(b.name(), b.at(), Kind.OTHER, b.scope(), b.scopes(), null));
      }
    }
  }

  /** The value of the constant bound at index {@code at}. */
  void constantValue(int at, Span value) {
    if (at < bindings.size() && bindings.get(at).kind() == Kind.CONST) {
      Binding b = bindings.get(at);
      bindings.set(at, new Binding(b.name(), b.at(), b.kind(), b.scope(), b.scopes(), value));
    }
  }

  void read(String name, int start, int end) {
    if (recording > 0) {
      refs.add(new Ref(name, start, end, List.copyOf(scopes)));
    }
  }

  void unary(int start, int end) {
    if (recording > 0) {
      spans.add(new int[] {start, end});
    }
  }

  Mark mark() {
    return new Mark(
        refs.size(),
        bindings.size(),
        spans.size(),
        declarations.size(),
        scopes.size(),
        functionScopes.size(),
        recording,
        declaringConst,
        declaringVar);
  }

  void rollback(Mark m) {
    refs.subList(m.refs(), refs.size()).clear();
    bindings.subList(m.bindings(), bindings.size()).clear();
    spans.subList(m.spans(), spans.size()).clear();
    declarations.subList(m.declarations(), declarations.size()).clear();
    while (scopes.size() > m.scopes()) {
      scopes.removeLast();
    }
    while (functionScopes.size() > m.functionScopes()) {
      functionScopes.removeLast();
    }
    recording = m.recording();
    declaringConst = m.declaringConst();
    declaringVar = m.declaringVar();
  }
}
