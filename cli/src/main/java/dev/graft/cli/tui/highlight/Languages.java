package dev.graft.cli.tui.highlight;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Language names as a code fence gives them ({@code ```py}) or a file's extension, to the lexer
 * that colours them (RSyntaxTextArea's syntax styles).
 */
final class Languages {
  private Languages() {}

  private static final Map<String, String> STYLES =
      Map.ofEntries(
          Map.entry("python", "text/python"),
          Map.entry("py", "text/python"),
          Map.entry("pyw", "text/python"),
          Map.entry("javascript", "text/javascript"),
          Map.entry("js", "text/javascript"),
          Map.entry("jsx", "text/javascript"),
          Map.entry("mjs", "text/javascript"),
          Map.entry("cjs", "text/javascript"),
          Map.entry("node", "text/javascript"),
          Map.entry("typescript", "text/typescript"),
          Map.entry("ts", "text/typescript"),
          Map.entry("tsx", "text/typescript"),
          Map.entry("mts", "text/typescript"),
          Map.entry("cts", "text/typescript"),
          Map.entry("java", "text/java"),
          Map.entry("c", "text/c"),
          Map.entry("h", "text/c"),
          Map.entry("cpp", "text/cpp"),
          Map.entry("c++", "text/cpp"),
          Map.entry("cc", "text/cpp"),
          Map.entry("cxx", "text/cpp"),
          Map.entry("hpp", "text/cpp"),
          Map.entry("hh", "text/cpp"),
          Map.entry("hxx", "text/cpp"),
          Map.entry("csharp", "text/cs"),
          Map.entry("cs", "text/cs"),
          Map.entry("c#", "text/cs"),
          Map.entry("go", "text/golang"),
          Map.entry("golang", "text/golang"),
          Map.entry("rust", "text/rust"),
          Map.entry("rs", "text/rust"),
          Map.entry("ruby", "text/ruby"),
          Map.entry("rb", "text/ruby"),
          Map.entry("php", "text/php"),
          Map.entry("bash", "text/unix"),
          Map.entry("sh", "text/unix"),
          Map.entry("shell", "text/unix"),
          Map.entry("zsh", "text/unix"),
          Map.entry("console", "text/unix"),
          Map.entry("shellscript", "text/unix"),
          Map.entry("ksh", "text/unix"),
          Map.entry("sql", "text/sql"),
          Map.entry("html", "text/html"),
          Map.entry("htm", "text/html"),
          Map.entry("xhtml", "text/html"),
          Map.entry("xml", "text/xml"),
          Map.entry("svg", "text/xml"),
          Map.entry("xsd", "text/xml"),
          Map.entry("pom", "text/xml"),
          Map.entry("css", "text/css"),
          Map.entry("scss", "text/css"),
          Map.entry("less", "text/less"),
          Map.entry("json", "text/json"),
          Map.entry("jsonc", "text/jshintrc"),
          Map.entry("json5", "text/jshintrc"),
          Map.entry("yaml", "text/yaml"),
          Map.entry("yml", "text/yaml"),
          Map.entry("kotlin", "text/kotlin"),
          Map.entry("kt", "text/kotlin"),
          Map.entry("kts", "text/kotlin"),
          Map.entry("scala", "text/scala"),
          Map.entry("sc", "text/scala"),
          Map.entry("lua", "text/lua"),
          Map.entry("perl", "text/perl"),
          Map.entry("pl", "text/perl"),
          Map.entry("pm", "text/perl"),
          Map.entry("dockerfile", "text/dockerfile"),
          Map.entry("docker", "text/dockerfile"),
          Map.entry("makefile", "text/makefile"),
          Map.entry("make", "text/makefile"),
          Map.entry("mk", "text/makefile"),
          Map.entry("groovy", "text/groovy"),
          Map.entry("gradle", "text/groovy"),
          Map.entry("dart", "text/dart"),
          Map.entry("markdown", "text/markdown"),
          Map.entry("md", "text/markdown"),
          Map.entry("ini", "text/ini"),
          Map.entry("toml", "text/ini"),
          Map.entry("cfg", "text/ini"),
          Map.entry("conf", "text/ini"),
          Map.entry("properties", "text/properties"),
          Map.entry("bat", "text/bat"),
          Map.entry("cmd", "text/bat"),
          Map.entry("batch", "text/bat"),
          Map.entry("latex", "text/latex"),
          Map.entry("tex", "text/latex"),
          Map.entry("clojure", "text/clojure"),
          Map.entry("clj", "text/clojure"),
          Map.entry("lisp", "text/lisp"),
          Map.entry("elisp", "text/lisp"),
          Map.entry("scheme", "text/lisp"),
          Map.entry("d", "text/d"),
          Map.entry("fortran", "text/fortran"),
          Map.entry("f90", "text/fortran"),
          Map.entry("tcl", "text/tcl"),
          Map.entry("vb", "text/vb"),
          Map.entry("vbnet", "text/vb"),
          Map.entry("proto", "text/proto"),
          Map.entry("protobuf", "text/proto"),
          Map.entry("csv", "text/csv"),
          Map.entry("asm", "text/asm"),
          Map.entry("nasm", "text/asm"),
          Map.entry("delphi", "text/delphi"),
          Map.entry("pascal", "text/delphi"),
          Map.entry("hbs", "text/handlebars"),
          Map.entry("jsp", "text/jsp"),
          Map.entry("vhdl", "text/vhdl"));

  /** The lexer's style for a fence's language or a file extension; empty when none is known. */
  static Optional<String> style(String name) {
    if (name == null) {
      return Optional.empty();
    }
    String n = name.strip().toLowerCase(Locale.ROOT);
    int space = n.indexOf(' ');
    if (space > 0) {
      n = n.substring(0, space); // ```python title="x.py"
    }
    if (n.startsWith("{") && n.endsWith("}")) {
      n = n.substring(1, n.length() - 1).replaceFirst("^\\.", "");
    }
    return Optional.ofNullable(STYLES.get(n));
  }

  /** The language of a file, by its extension or name ({@code Makefile}, {@code Dockerfile}). */
  static Optional<String> ofFile(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.equals("makefile") || lower.equals("gnumakefile")) {
      return Optional.of("makefile");
    }
    if (lower.equals("dockerfile") || lower.startsWith("dockerfile.")) {
      return Optional.of("dockerfile");
    }
    int dot = name.lastIndexOf('.');
    if (dot < 0 || dot == name.length() - 1) {
      return Optional.empty();
    }
    String ext = lower.substring(dot + 1);
    return style(ext).isPresent() || ext.equals("diff") || ext.equals("patch")
        ? Optional.of(ext)
        : Optional.empty();
  }
}
