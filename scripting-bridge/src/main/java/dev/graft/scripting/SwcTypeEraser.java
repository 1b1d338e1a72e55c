package dev.graft.scripting;

import com.caoccao.javet.swc4j.Swc4j;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstClass;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstClassMethod;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstClassProp;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstConstructor;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstFunction;
import com.caoccao.javet.swc4j.ast.clazz.Swc4jAstParam;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstIdent;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsAsExpr;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsConstAssertion;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsInstantiation;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsNonNullExpr;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsSatisfiesExpr;
import com.caoccao.javet.swc4j.ast.expr.Swc4jAstTsTypeAssertion;
import com.caoccao.javet.swc4j.ast.interfaces.ISwc4jAst;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstExportDecl;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstExportNamedSpecifier;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstImportDecl;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstImportNamedSpecifier;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstNamedExport;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstTsExportAssignment;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstTsImportEqualsDecl;
import com.caoccao.javet.swc4j.ast.module.Swc4jAstTsNamespaceExportDecl;
import com.caoccao.javet.swc4j.ast.pat.Swc4jAstBindingIdent;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstClassDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstFnDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstTsEnumDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstTsInterfaceDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstTsModuleDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstTsTypeAliasDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstVarDecl;
import com.caoccao.javet.swc4j.ast.stmt.Swc4jAstVarDeclarator;
import com.caoccao.javet.swc4j.ast.ts.Swc4jAstTsExprWithTypeArgs;
import com.caoccao.javet.swc4j.ast.ts.Swc4jAstTsParamProp;
import com.caoccao.javet.swc4j.ast.ts.Swc4jAstTsTypeAnn;
import com.caoccao.javet.swc4j.ast.ts.Swc4jAstTsTypeParamDecl;
import com.caoccao.javet.swc4j.ast.ts.Swc4jAstTsTypeParamInstantiation;
import com.caoccao.javet.swc4j.enums.Swc4jMediaType;
import com.caoccao.javet.swc4j.enums.Swc4jParseMode;
import com.caoccao.javet.swc4j.exceptions.Swc4jCoreException;
import com.caoccao.javet.swc4j.options.Swc4jParseOptions;
import com.caoccao.javet.swc4j.span.Swc4jSpan;
import dev.graft.scripting.TypeScriptStripper.TypeScriptError;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of {@link TypeScriptStripper} that uses swc (through swc4j): it parses a module and
 * overwrites every type-only part of the tree with spaces. A class of its own so that swc4j's
 * classes and native library load only when a file is not in the stripper's caches.
 */
final class SwcTypeEraser implements TypeScriptStripper.Erasure {
  private static final Set<String> ERASED_MODIFIERS =
      Set.of("public", "private", "protected", "readonly", "abstract", "override", "declare");
  /** Where swc's message says the error is: "at file:///x.ts:LINE:COLUMN". */
  private static final Pattern SWC_AT = Pattern.compile("\\bat \\S+:(\\d+):(\\d+)");

  private Swc4j swc;

  @Override
  public String erase(String fileName, String source) throws TypeScriptError {
    ISwc4jAst program;
    try {
      program = parse(fileName, source);
    } catch (Swc4jCoreException e) {
      String message = String.valueOf(e.getMessage());
      Matcher at = SWC_AT.matcher(message);
      int line = 1;
      while (at.find()) {
        line = Integer.parseInt(at.group(1));
      }
      String first = message.lines().findFirst().orElse("").strip();
      String text = SWC_AT.matcher(first).replaceFirst("").strip().replaceFirst("^SyntaxError: ", "");
      throw new TypeScriptError("SyntaxError: " + text, line);
    }
    Eraser eraser = new Eraser(source);
    eraser.walk(program);
    if (!eraser.refusals.isEmpty()) {
      Refusal r = eraser.refusals.getFirst();
      throw new TypeScriptError(r.what() + " needs code generated, which graft does not do: write it as plain JavaScript"
          + " (graft only erases types)", r.line());
    }
    return new String(eraser.text);
  }

  private ISwc4jAst parse(String fileName, String source) throws Swc4jCoreException {
    Swc4jParseOptions options = new Swc4jParseOptions()
        .setMediaType(fileName.endsWith(".mts") ? Swc4jMediaType.Mts : Swc4jMediaType.TypeScript)
        .setParseMode(Swc4jParseMode.Module)
        .setCaptureAst(true);
    synchronized (this) {
      if (swc == null) {
        swc = new Swc4j();
      }
    }
    // swc4j reports a parse error by printing a Rust panic note on the process's stderr besides
    // throwing; QuietStderr keeps that note off the terminal.
    return QuietStderr.during(() -> swc.parse(source, options)).getProgram();
  }

  private record Refusal(String what, int line) {}

  /** Walks the tree and blanks what is only types. */
  private static final class Eraser {
    final String source;
    final char[] text;
    final List<Refusal> refusals = new ArrayList<>();

    Eraser(String source) {
      this.source = source;
      this.text = source.toCharArray();
    }

    void walk(ISwc4jAst node) {
      switch (node) {
        case Swc4jAstTsTypeAnn n -> blank(n.getSpan());
        case Swc4jAstTsTypeParamDecl n -> blank(n.getSpan());
        case Swc4jAstTsTypeParamInstantiation n -> blank(n.getSpan());
        case Swc4jAstTsInterfaceDecl n -> blank(n.getSpan());
        case Swc4jAstTsTypeAliasDecl n -> blank(n.getSpan());
        case Swc4jAstTsModuleDecl n when n.isDeclare() -> blank(n.getSpan());
        case Swc4jAstTsModuleDecl n -> refuse("a namespace", n.getSpan());
        case Swc4jAstTsEnumDecl n when n.isDeclare() -> blank(n.getSpan());
        case Swc4jAstTsEnumDecl n -> refuse("an enum", n.getSpan());
        case Swc4jAstTsParamProp n -> refuse("a parameter property (constructor(private x))", n.getSpan());
        case Swc4jAstTsImportEqualsDecl n when n.isTypeOnly() -> blank(n.getSpan());
        case Swc4jAstTsImportEqualsDecl n -> refuse("import x = require(...)", n.getSpan());
        case Swc4jAstTsExportAssignment n -> refuse("export = ...", n.getSpan());
        case Swc4jAstTsNamespaceExportDecl n -> blank(n.getSpan());
        case Swc4jAstVarDecl n when n.isDeclare() -> blank(n.getSpan());
        case Swc4jAstFnDecl n when n.isDeclare() || n.getFunction().getBody().isEmpty() -> blank(n.getSpan());
        case Swc4jAstClassDecl n when n.isDeclare() -> blank(n.getSpan());
        case Swc4jAstExportDecl n when erasedEntirely(n) -> blank(n.getSpan());
        case Swc4jAstImportDecl n when n.isTypeOnly() -> blank(n.getSpan());
        case Swc4jAstNamedExport n when n.isTypeOnly() -> blank(n.getSpan());
        case Swc4jAstImportNamedSpecifier n when n.isTypeOnly() -> blankWithComma(n.getSpan());
        case Swc4jAstExportNamedSpecifier n when n.isTypeOnly() -> blankWithComma(n.getSpan());
        case Swc4jAstTsAsExpr n -> tail(n.getExpr(), n);
        case Swc4jAstTsSatisfiesExpr n -> tail(n.getExpr(), n);
        case Swc4jAstTsConstAssertion n -> tail(n.getExpr(), n);
        case Swc4jAstTsNonNullExpr n -> tail(n.getExpr(), n);
        case Swc4jAstTsInstantiation n -> tail(n.getExpr(), n);
        case Swc4jAstTsTypeAssertion n -> {
          blank(n.getSpan().getStart(), n.getExpr().getSpan().getStart());
          walk(n.getExpr());
        }
        case Swc4jAstClassMethod n when n.isAbstract() || n.getFunction().getBody().isEmpty() -> blank(n.getSpan());
        case Swc4jAstClassProp n when n.isAbstract() || n.isDeclare() -> blank(n.getSpan());
        case Swc4jAstClassMethod n -> {
          modifiers(n.getSpan().getStart());
          if (n.isOptional()) {
            marker(n.getKey().getSpan().getEnd(), '?');
          }
          children(n);
        }
        case Swc4jAstClassProp n -> {
          modifiers(n.getSpan().getStart());
          if (n.isOptional()) {
            marker(n.getKey().getSpan().getEnd(), '?');
          }
          if (n.isDefinite()) {
            marker(n.getKey().getSpan().getEnd(), '!');
          }
          children(n);
        }
        case Swc4jAstConstructor n -> {
          modifiers(n.getSpan().getStart());
          children(n);
        }
        case Swc4jAstClass n -> {
          if (n.isAbstract()) {
            abstractKeyword(n.getSpan().getStart());
          }
          List<Swc4jAstTsExprWithTypeArgs> impl = n.getImplements();
          if (!impl.isEmpty()) {
            int from = source.lastIndexOf("implements", impl.getFirst().getSpan().getStart());
            blank(from, impl.getLast().getSpan().getEnd());
          }
          children(n);
        }
        case Swc4jAstFunction n -> {
          thisParameter(n.getParams());
          children(n);
        }
        case Swc4jAstBindingIdent n -> {
          Swc4jAstIdent id = n.getId();
          if (id.isOptional()) {
            marker(id.getSpan().getStart() + id.getSym().length(), '?');
          }
          children(n);
        }
        case Swc4jAstVarDeclarator n -> {
          if (n.isDefinite() && n.getName() instanceof Swc4jAstBindingIdent b) {
            marker(b.getId().getSpan().getStart() + b.getId().getSym().length(), '!');
          }
          children(n);
        }
        default -> children(node);
      }
    }

    private static boolean erasedEntirely(Swc4jAstExportDecl n) {
      return switch (n.getDecl()) {
        case Swc4jAstTsInterfaceDecl d -> true;
        case Swc4jAstTsTypeAliasDecl d -> true;
        case Swc4jAstVarDecl d -> d.isDeclare();
        case Swc4jAstFnDecl d -> d.isDeclare() || d.getFunction().getBody().isEmpty();
        case Swc4jAstClassDecl d -> d.isDeclare();
        case Swc4jAstTsModuleDecl d -> d.isDeclare();
        case Swc4jAstTsEnumDecl d -> d.isDeclare();
        default -> false;
      };
    }

    private void children(ISwc4jAst node) {
      for (ISwc4jAst child : node.getChildNodes()) {
        if (child != null) {
          walk(child);
        }
      }
    }

    /** Keeps {@code expr}, erases what follows it in {@code whole} ({@code as T}, {@code !}, {@code <T>}). */
    private void tail(ISwc4jAst expr, ISwc4jAst whole) {
      blank(expr.getSpan().getEnd(), whole.getSpan().getEnd());
      walk(expr);
    }

    /** {@code function f(this: Window, x)}: the {@code this} parameter is a type only. */
    private void thisParameter(List<Swc4jAstParam> params) {
      if (!params.isEmpty() && params.getFirst().getPat() instanceof Swc4jAstBindingIdent b
          && b.getId().getSym().equals("this")) {
        blankWithComma(params.getFirst().getSpan());
      }
    }

    /** Erases TypeScript's member modifiers at {@code from}, keeping {@code static}, {@code async} and the like. */
    private void modifiers(int from) {
      int p = from;
      while (true) {
        p = skipSpace(p);
        int end = p;
        while (end < text.length && Character.isJavaIdentifierPart(text[end])) {
          end++;
        }
        if (end == p) {
          return;
        }
        String word = source.substring(p, end);
        int next = skipSpace(end);
        boolean keyword = next > end && next < text.length
            && (Character.isJavaIdentifierStart(text[next]) || "[#*\"'".indexOf(text[next]) >= 0);
        if (!keyword) {
          return;
        }
        if (ERASED_MODIFIERS.contains(word)) {
          blank(p, end);
        } else if (!Set.of("static", "async", "get", "set", "accessor").contains(word)) {
          return;
        }
        p = end;
      }
    }

    private void abstractKeyword(int classStart) {
      int p = skipSpace(classStart);
      if (source.startsWith("abstract", p)) {
        blank(p, p + "abstract".length());
        return;
      }
      int before = source.lastIndexOf("abstract", classStart);
      if (before >= 0 && source.substring(before + "abstract".length(), classStart).isBlank()) {
        blank(before, before + "abstract".length());
      }
    }

    /** Erases the {@code ?} or {@code !} that follows {@code at} (after spaces). */
    private void marker(int at, char c) {
      int p = skipSpace(at);
      if (p < text.length && text[p] == c) {
        text[p] = ' ';
      }
    }

    private void blankWithComma(Swc4jSpan span) {
      int end = span.getEnd();
      int p = skipSpace(end);
      if (p < text.length && text[p] == ',') {
        end = p + 1;
      }
      blank(span.getStart(), end);
    }

    private int skipSpace(int p) {
      while (p < text.length && Character.isWhitespace(text[p])) {
        p++;
      }
      return p;
    }

    private void blank(Swc4jSpan span) {
      blank(span.getStart(), span.getEnd());
    }

    private void blank(int from, int to) {
      for (int i = Math.max(0, from); i < Math.min(to, text.length); i++) {
        if (text[i] != '\n' && text[i] != '\r') {
          text[i] = ' ';
        }
      }
    }

    private void refuse(String what, Swc4jSpan span) {
      refusals.add(new Refusal(what, span.getLine()));
    }
  }
}
