package dev.graft.scripting.modules;

import dev.graft.scripting.modules.typescript.ReservedWords;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The names a CommonJS module exports, found in its text the way Node finds them for an ES module
 * that imports it (so that {@code import {x} from "cjs"} works besides the default): {@code
 * exports.x =}, {@code module.exports.x =}, {@code exports["x"] =}, {@code
 * Object.defineProperty(exports, "x", ...)}, {@code module.exports = {x, y: ...}}, the names
 * esbuild and TypeScript write ({@code __export(target, {x: ...})}, {@code 0 && (module.exports =
 * {x, y})}), and re-exports ({@code module.exports = require("./y")}, {@code
 * __exportStar(require("./y"), exports)}), which the caller follows.
 */
public final class CommonJsExports {
  private static final Pattern ASSIGN =
      Pattern.compile(
          "(?<![\\w$.])(?:module\\s*\\.\\s*)?exports\\s*(?:\\.\\s*([A-Za-z_$][\\w$]*)|\\[\\s*(['\"])([^'\"\\\\\\n]+)\\2\\s*\\])\\s*=(?!=)");
  private static final Pattern DEFINE =
      Pattern.compile(
          "Object\\s*\\.\\s*defineProperty\\s*\\(\\s*(?:module\\s*\\.\\s*)?exports\\s*,\\s*(['\"])([^'\"\\\\\\n]+)\\1");
  private static final Pattern LITERAL =
      Pattern.compile("(?<![\\w$.])module\\s*\\.\\s*exports\\s*=\\s*\\{");
  private static final Pattern ESBUILD =
      Pattern.compile("(?<![\\w$])__export\\s*\\(\\s*[\\w$]+\\s*,\\s*\\{");
  private static final Pattern REEXPORT =
      Pattern.compile(
          "(?<![\\w$.])module\\s*\\.\\s*exports\\s*=\\s*require\\s*\\(\\s*(['\"])([^'\"\\\\\\n]+)\\1\\s*\\)");
  private static final Pattern STAR =
      Pattern.compile(
          "(?:__exportStar|__export)\\s*\\(\\s*require\\s*\\(\\s*(['\"])([^'\"\\\\\\n]+)\\1\\s*\\)");

  /**
   * Words a module.exports name cannot be bound as: the ES reserved words, those of strict mode,
   * and the names strict mode forbids as bindings.
   */
  private static final Set<String> RESERVED =
      Stream.concat(
              ReservedWords.ES.stream(),
              Stream.of(
                  "yield",
                  "let",
                  "static",
                  "implements",
                  "interface",
                  "package",
                  "private",
                  "protected",
                  "public",
                  "await",
                  "arguments",
                  "eval"))
          .collect(Collectors.toUnmodifiableSet());

  /** What a module's text exports: names, and the modules it re-exports whole. */
  public record Found(Set<String> names, List<String> reexports) {}

  private CommonJsExports() {}

  public static Found of(String source) {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = ASSIGN.matcher(source);
    while (m.find()) {
      names.add(m.group(1) != null ? m.group(1) : m.group(3));
    }
    m = DEFINE.matcher(source);
    while (m.find()) {
      names.add(m.group(2));
    }
    for (Pattern p : List.of(LITERAL, ESBUILD)) {
      m = p.matcher(source);
      while (m.find()) {
        names.addAll(objectKeys(source, m.end()));
      }
    }
    List<String> reexports = new ArrayList<>();
    for (Pattern p : List.of(REEXPORT, STAR)) {
      m = p.matcher(source);
      while (m.find()) {
        reexports.add(m.group(2));
      }
    }
    names.remove("__esModule");
    return new Found(names, reexports);
  }

  /** Whether {@code name} can be an exported binding of the ES module graft writes for the file. */
  public static boolean bindable(String name) {
    return name.matches("[A-Za-z_$][\\w$]*") && !RESERVED.contains(name);
  }

  /**
   * The keys of the object literal whose body starts at {@code at} (just after its "{"), at its own
   * level.
   */
  private static Set<String> objectKeys(String s, int at) {
    Set<String> keys = new LinkedHashSet<>();
    int depth = 0;
    boolean expectKey = true;
    int i = at;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'' || c == '`') {
        int end = skipString(s, i);
        if (depth == 0 && expectKey && c != '`') {
          String key = s.substring(i + 1, end - 1);
          int j = skipSpace(s, end);
          if (j < s.length() && (s.charAt(j) == ':' || s.charAt(j) == '(')) {
            keys.add(key);
          }
          expectKey = false;
        }
        i = end;
        continue;
      }
      if (c == '/' && i + 1 < s.length() && (s.charAt(i + 1) == '/' || s.charAt(i + 1) == '*')) {
        i = skipComment(s, i);
        continue;
      }
      if (c == '{' || c == '(' || c == '[') {
        depth++;
      } else if (c == '}' || c == ')' || c == ']') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (depth == 0 && c == ',') {
        expectKey = true;
      } else if (depth == 0 && expectKey && (Character.isJavaIdentifierStart(c))) {
        int j = i;
        while (j < s.length() && Character.isJavaIdentifierPart(s.charAt(j))) {
          j++;
        }
        String word = s.substring(i, j);
        int k = skipSpace(s, j);
        char next = k < s.length() ? s.charAt(k) : '}';
        if (word.equals("get") || word.equals("set") || word.equals("async")) {
          if (next != ':' && next != ',' && next != '}' && next != '(') {
            i = k;
            continue;
          }
        }
        if (next == ':' || next == ',' || next == '}' || next == '(') {
          keys.add(word);
        }
        expectKey = false;
        i = j;
        continue;
      } else if (depth == 0 && c == '.' && s.startsWith("...", i)) {
        expectKey = false;
      }
      i++;
    }
    return keys;
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int skipString(String s, int i) {
    char q = s.charAt(i);
    int j = i + 1;
    while (j < s.length() && s.charAt(j) != q) {
      if (s.charAt(j) == '\\') {
        j++;
      }
      j++;
    }
    return Math.min(s.length(), j + 1);
  }

  private static int skipComment(String s, int i) {
    if (s.charAt(i + 1) == '/') {
      int end = s.indexOf('\n', i);
      return end < 0 ? s.length() : end + 1;
    }
    int end = s.indexOf("*/", i + 2);
    return end < 0 ? s.length() : end + 2;
  }
}
