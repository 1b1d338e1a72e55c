package dev.graft.scripting.modules.typescript;

/**
 * What every part of the parser uses: the current token, the edits, the nesting guard, the work
 * budget, lookahead and speculative parsing. The grammar is split over a chain of subclasses
 * (types, expressions, classes, statements), each a part of one recursive-descent parser that
 * follows tsc's own decisions (which {@code <} starts type arguments, which {@code (} an arrow
 * function, which word a modifier) so that the JavaScript left has the meaning tsc gives the file.
 */
abstract class ParserBase {
  /**
   * Deeper nesting than this is refused: real code stays far below, and the Java stack is finite.
   */
  static final int MAX_DEPTH = 1_000;

  final String src;
  final Scanner scanner;
  final Edits edits = new Edits();

  /**
   * What enums need once the file is read: their declarations, the file's bindings, their
   * initialisers' names.
   */
  final EnumFacts enums = new EnumFacts();

  /** Where the token before the current one ends. */
  int prevEnd;

  private int depth;
  private final long budget;

  /** Inside a generator's body: {@code yield} is an operator there. */
  boolean inGenerator;

  /** While parsing a {@code for} head's first part: {@code in} ends the expression. */
  boolean disallowIn;

  /**
   * In the {@code extends} part of a conditional type, where {@code infer X extends Y} stops before
   * {@code ?}.
   */
  boolean noConditionalTypes;

  /**
   * How many types enclose the current token: code is never generated inside one (it is all
   * erased).
   */
  int typeDepth;

  /** Inside {@code declare}: everything is erased, so nothing is generated or refused. */
  int ambient;

  ParserBase(String src) {
    this.src = src;
    this.scanner = new Scanner(src);
    // Plain parsing reads a token once or twice; ambiguous syntax is read again when a guess
    // fails. Input made to make such guesses fail again and again stops here instead of running
    // for minutes.
    this.budget = 10L * src.length() + 100_000;
  }

  // ---------------------------------------------------------------- tokens

  Token tok() {
    return scanner.token();
  }

  boolean at(Token t) {
    return scanner.token() == t;
  }

  /** The current token is the unescaped word {@code w} (a keyword, or a name spelled so). */
  boolean atWord(String w) {
    return scanner.token() == Token.NAME && !scanner.escaped() && scanner.name().equals(w);
  }

  /** The current token is a name that may be an identifier (not a reserved word). */
  boolean atIdentifier() {
    return scanner.token() == Token.NAME
        && (scanner.escaped() || !ReservedWords.ES.contains(scanner.name()));
  }

  static boolean reserved(String name) {
    return ReservedWords.ES.contains(name);
  }

  int start() {
    return scanner.start();
  }

  void next() throws ParseFailure {
    prevEnd = scanner.end();
    scanner.next();
    if (scanner.scanned() > budget) {
      throw ParseFailure.fatal(
          scanner.start(),
          "this file is too ambiguous to parse in reasonable time"
              + " (graft stopped after reading its tokens "
              + (budget / Math.max(1, src.length()))
              + " times over)");
    }
  }

  boolean eat(Token t) throws ParseFailure {
    if (at(t)) {
      next();
      return true;
    }
    return false;
  }

  boolean eatWord(String w) throws ParseFailure {
    if (atWord(w)) {
      next();
      return true;
    }
    return false;
  }

  void expect(Token t) throws ParseFailure {
    if (!eat(t)) {
      throw expected("'" + t.text + "'");
    }
  }

  void expectWord(String w) throws ParseFailure {
    if (!eatWord(w)) {
      throw expected("'" + w + "'");
    }
  }

  ParseFailure expected(String what) {
    return ParseFailure.at(scanner.start(), what + " expected.");
  }

  ParseFailure unexpected() {
    return ParseFailure.at(
        scanner.start(), at(Token.EOF) ? "Unexpected end of file." : "Unexpected token.");
  }

  /** Expects a name (any word, keywords included, as after a dot). */
  void expectName() throws ParseFailure {
    if (!eat(Token.NAME)) {
      throw expected("Identifier");
    }
  }

  void expectIdentifier() throws ParseFailure {
    if (!atIdentifier()) {
      throw expected("Identifier");
    }
    next();
  }

  /** True when a statement may end here without a {@code ;}. */
  boolean canEndStatement() {
    return at(Token.SEMI) || at(Token.RBRACE) || at(Token.EOF) || scanner.newlineBefore();
  }

  /**
   * Ends a statement: its {@code ;}, or the end of the line where JavaScript inserts one. When the
   * statement's last part was erased ({@code x as T}, {@code x!}, {@code f<T>}), the next line
   * could continue what is left ({@code (}, {@code [}, a template...), where tsc has ended the
   * statement: a {@code ;} is written into the erased space, as Node's type stripping does.
   */
  void semicolon() throws ParseFailure {
    if (eat(Token.SEMI)) {
      return;
    }
    if (!canEndStatement()) {
      throw expected("';'");
    }
    guardStatementEnd();
  }

  /**
   * Writes a {@code ;} into the erased tail of what just ended, if it has one and a line follows.
   */
  private void guardStatementEnd() {
    if (!scanner.newlineBefore() || at(Token.EOF)) {
      return;
    }
    int from = edits.erasedTail(prevEnd);
    if (from < 0) {
      return;
    }
    for (int p = from; p < prevEnd; p++) {
      if (!Scanner.isLineTerminator(src.charAt(p))) {
        edits.put(p, ';');
        return;
      }
    }
  }

  /**
   * Erases a whole statement or class member, leaving a {@code ;} so that no two statements join.
   */
  void eraseStatement(int from, int to) {
    edits.blank(from, to);
    edits.put(from, ';');
  }

  // ---------------------------------------------------------------- nesting

  void enter() throws ParseFailure {
    if (++depth > MAX_DEPTH) {
      throw ParseFailure.fatal(
          scanner.start(),
          "nested more than "
              + String.format("%,d", MAX_DEPTH)
              + " levels deep here: graft refuses such files rather than risk its stack");
    }
  }

  void leave() {
    depth--;
  }

  // ---------------------------------------------------------------- lookahead and speculation

  @FunctionalInterface
  interface Probe {
    boolean test() throws ParseFailure;
  }

  @FunctionalInterface
  interface Attempt {
    void run() throws ParseFailure;
  }

  /** Runs {@code probe} and goes back to where it started; a failure is a "no". */
  boolean lookahead(Probe probe) throws ParseFailure {
    Scanner.State saved = scanner.save();
    int savedPrev = prevEnd;
    int savedDepth = depth;
    int savedTypeDepth = typeDepth;
    boolean savedNoConditional = noConditionalTypes;
    Edits.Mark mark = edits.mark();
    EnumFacts.Mark enumMark = enums.mark();
    try {
      return probe.test();
    } catch (ParseFailure f) {
      if (f.fatal()) {
        throw f;
      }
      return false;
    } finally {
      scanner.restore(saved);
      prevEnd = savedPrev;
      depth = savedDepth;
      typeDepth = savedTypeDepth;
      noConditionalTypes = savedNoConditional;
      edits.rollback(mark);
      enums.rollback(enumMark);
    }
  }

  /** Parses with {@code attempt}; if it fails, undoes everything it did and returns false. */
  boolean attempt(Attempt attempt) throws ParseFailure {
    Scanner.State saved = scanner.save();
    int savedPrev = prevEnd;
    int savedDepth = depth;
    boolean savedGenerator = inGenerator;
    boolean savedDisallowIn = disallowIn;
    boolean savedNoConditional = noConditionalTypes;
    int savedTypeDepth = typeDepth;
    int savedAmbient = ambient;
    Edits.Mark mark = edits.mark();
    EnumFacts.Mark enumMark = enums.mark();
    try {
      attempt.run();
      return true;
    } catch (ParseFailure f) {
      if (f.fatal()) {
        throw f;
      }
      scanner.restore(saved);
      prevEnd = savedPrev;
      depth = savedDepth;
      inGenerator = savedGenerator;
      disallowIn = savedDisallowIn;
      noConditionalTypes = savedNoConditional;
      typeDepth = savedTypeDepth;
      ambient = savedAmbient;
      edits.rollback(mark);
      enums.rollback(enumMark);
      return false;
    }
  }

  /** The token after the current one, by a lookahead. */
  boolean nextIs(Probe probe) throws ParseFailure {
    return lookahead(() -> {
      next();
      return probe.test();
    });
  }
}
