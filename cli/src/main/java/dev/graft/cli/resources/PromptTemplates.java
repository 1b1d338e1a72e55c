package dev.graft.cli.resources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The prompt templates of a run, and how {@code /name args} expands, exactly as the reference
 * expands it: the arguments split like a shell's (quotes group words), then {@code $1}, {@code
 * $2}... replaced first, then {@code ${@:N}} and {@code ${@:N:L}} (arguments from the Nth, L of
 * them), then {@code $ARGUMENTS} and {@code $@} (all of them). What an argument holds is never
 * expanded again. The first template of a name wins (as in the reference, which keeps the first it
 * finds).
 */
public record PromptTemplates(List<PromptTemplate> all, List<String> problems) {
  public static final PromptTemplates NONE = new PromptTemplates(List.of(), List.of());
  private static final Pattern POSITIONAL = Pattern.compile("\\$(\\d+)");
  private static final Pattern SLICE = Pattern.compile("\\$\\{@:(\\d+)(?::(\\d+))?\\}");

  public PromptTemplates {
    all = List.copyOf(all);
    problems = List.copyOf(problems);
  }

  /** A template file, where it was found, and for a project's file the SHA-256 its trust saw. */
  public record Found(Path file, String source, Optional<String> trusted) {
    public Found(Path file, String source) {
      this(file, source, Optional.empty());
    }
  }

  public static PromptTemplates load(List<Found> files) {
    List<PromptTemplate> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Found f : files) {
      try {
        PromptTemplate t = PromptTemplate.read(f.file(), f.source(), f.trusted());
        if (out.stream().anyMatch(o -> o.name().equals(t.name()))) {
          problems.add(
              f.file() + ": /" + t.name() + " is defined earlier; this template is not used");
        } else {
          out.add(t);
        }
      } catch (IOException | RuntimeException e) {
        problems.add(f.file() + ": " + e.getMessage());
      }
    }
    return new PromptTemplates(out, problems);
  }

  public Optional<PromptTemplate> find(String name) {
    return all.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** {@code text} expanded when it is {@code /name args} of a template; else unchanged. */
  public String expand(String text) {
    if (!text.startsWith("/")) {
      return text;
    }
    int space = text.indexOf(' ');
    String name = space < 0 ? text.substring(1) : text.substring(1, space);
    String args = space < 0 ? "" : text.substring(space + 1);
    return find(name).map(t -> substitute(t.content(), parseArgs(args))).orElse(text);
  }

  /** Arguments as a shell splits them: spaces and tabs separate, single or double quotes group. */
  public static List<String> parseArgs(String text) {
    List<String> args = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          current.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == ' ' || c == '\t') {
        if (!current.isEmpty()) {
          args.add(current.toString());
          current.setLength(0);
        }
      } else {
        current.append(c);
      }
    }
    if (!current.isEmpty()) {
      args.add(current.toString());
    }
    return args;
  }

  /** The template's text with the arguments put in (see the class comment for the order). */
  public static String substitute(String content, List<String> args) {
    String result =
        replace(
            POSITIONAL,
            content,
            m -> {
              int index = parseIndex(m.group(1)) - 1;
              return index >= 0 && index < args.size() ? args.get(index) : "";
            });
    result =
        replace(
            SLICE,
            result,
            m -> {
              int start = Math.max(0, parseIndex(m.group(1)) - 1);
              int from = Math.min(start, args.size());
              if (m.group(2) != null) {
                long end = Math.min((long) start + parseIndex(m.group(2)), args.size());
                return from >= end ? "" : String.join(" ", args.subList(from, (int) end));
              }
              return String.join(" ", args.subList(from, args.size()));
            });
    String all = String.join(" ", args);
    result = result.replace("$ARGUMENTS", all);
    return result.replace("$@", all);
  }

  /** A digit run as a number; one too large for an int is past every argument. */
  private static int parseIndex(String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  private static String replace(Pattern p, String text, Function<Matcher, String> with) {
    Matcher m = p.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
