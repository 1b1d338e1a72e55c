package dev.graft.cli.trust;

import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.hooks.ScriptText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What graft does about project scripts that are not trusted as they are: in -p, json and rpc runs
 * a one-line notice naming the command that trusts them; in the interactive mode a question at
 * start (trust / not this time / never).
 */
public final class TrustDecisions {
  /** The most files a trust question lists. */
  private static final int MAX_LISTED = 40;

  private TrustDecisions() {}

  /** A one-line notice on {@code err}; nothing is loaded. */
  public static ScriptLocations.TrustDecision notice(PrintWriter err) {
    return (project, store) -> {
      err.println("graft: " + notLoaded(project));
      err.flush();
      return false;
    };
  }

  /** Why the project's scripts are not loaded, and how to load them, in one line. */
  public static String notLoaded(ScriptLocations.Project project) {
    String dir = project.dir().toString();
    int at = dir.indexOf("/.graft/packages/");
    // A project's script package (.graft/packages/NAME) is trusted with --package NAME.
    String command =
        at < 0
            ? "graft scripts trust " + dir
            : "graft scripts trust --package "
                + dir.substring(at + "/.graft/packages/".length())
                + " "
                + dir.substring(0, at);
    String what =
        at < 0
            ? "the project's " + kindOf(project.dir()) + " in " + dir
            : "the scripts of the project's package "
                + dir.substring(at + "/.graft/packages/".length())
                + " in "
                + dir;
    String verb = at < 0 && !kindOf(project.dir()).equals("scripts") ? "load" : "run";
    return switch (project.state()) {
      case TrustStore.State.Changed c ->
          what
              + " are not loaded: they changed since you trusted them ("
              + c.change().describe()
              + "); to "
              + verb
              + " them: "
              + command;
      case TrustStore.State.Never n ->
          what
              + " are not loaded: you chose never to "
              + verb
              + " them; to "
              + verb
              + " them: "
              + command;
      default ->
          what + " are not loaded: they are not trusted yet; to " + verb + " them: " + command;
    };
  }

  /** The package a project folder is, when it is one ({@code .graft/packages/NAME}). */
  private static Optional<String> packageName(Path dir) {
    Path parent = dir.getParent();
    Path top = parent == null ? null : parent.getParent();
    boolean isPackage =
        parent != null
            && top != null
            && dir.getFileName() != null
            && String.valueOf(parent.getFileName()).equals("packages")
            && String.valueOf(top.getFileName()).equals(".graft");
    return isPackage ? Optional.of(dir.getFileName().toString()) : Optional.empty();
  }

  /**
   * What a trusted project folder holds, by its name: "skills" ({@code .graft/skills}, {@code
   * .agents/skills}), "prompt templates", "themes", else "scripts".
   */
  public static String kindOf(Path dir) {
    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
    String parent =
        dir.getParent() == null || dir.getParent().getFileName() == null
            ? ""
            : dir.getParent().getFileName().toString();
    if (!parent.equals(".graft") && !parent.equals(".agents")) {
      return "scripts";
    }
    return switch (name) {
      case "skills" -> "skills";
      case "prompts" -> "prompt templates";
      case "themes" -> "themes";
      default -> "scripts";
    };
  }

  /**
   * Asks on {@code out}, reading one line from {@code in} (byte by byte, so that nothing after the
   * answer is taken from the input the mode reads next). "never" is only a notice again.
   */
  public static ScriptLocations.TrustDecision prompt(InputStream in, PrintWriter out) {
    return (project, store) -> {
      if (project.state() instanceof TrustStore.State.Never) {
        out.println(notLoaded(project));
        out.flush();
        return false;
      }
      describe(project).forEach(out::println);
      while (true) {
        out.print("Run them? [y]es, trust them / [n]ot this time / ne[v]er for this directory: ");
        out.flush();
        Optional<String> line = readLine(in);
        String answer = line.orElse("n").strip().toLowerCase(Locale.ROOT);
        switch (answer) {
          case "y", "yes" -> {
            store.trust(project.dir(), project.fingerprint());
            out.println("Trusted; graft runs them until a file changes.");
            out.flush();
            return true;
          }
          case "n", "no", "" -> {
            out.println("Not loaded this time.");
            out.flush();
            return false;
          }
          case "v", "never" -> {
            store.never(project.dir());
            out.println(
                "Not loaded, and not asked again (graft scripts trust "
                    + project.dir()
                    + " runs them).");
            out.flush();
            return false;
          }
          default -> out.println("Answer y, n or v.");
        }
      }
    };
  }

  /**
   * What trusting means here: the directory, its files (marking what changed), the grants, the
   * fingerprint.
   */
  public static List<String> describe(ScriptLocations.Project project) {
    List<String> lines = new ArrayList<>();
    ScriptFingerprint.Change change =
        project.state() instanceof TrustStore.State.Changed c ? c.change() : null;
    String kind = kindOf(project.dir());
    String held = kind.equals("scripts") ? "hook scripts" : kind;
    String whose = packageName(project.dir()).map(n -> "This project's package " + n).orElse("");
    lines.add(
        change == null
            ? (whose.isEmpty() ? "This project has " : whose + " has ")
                + held
                + " that you have not trusted yet, in "
                + project.dir()
                + ":"
            : (whose.isEmpty() ? "This project's " : whose + "'s ")
                + held
                + " changed since you trusted them ("
                + change.describe()
                + "), in "
                + project.dir()
                + ":");
    List<Map.Entry<String, String>> files =
        new ArrayList<>(new TreeMap<>(project.fingerprint().files()).entrySet());
    if (files.size() > MAX_LISTED && change != null) {
      // A package may hold thousands of files: what changed is listed first.
      files.sort(
          Comparator.comparing(
              e -> !change.changed().contains(e.getKey()) && !change.added().contains(e.getKey())));
    }
    for (Map.Entry<String, String> e : files.subList(0, Math.min(files.size(), MAX_LISTED))) {
      String file = e.getKey();
      String mark =
          change == null
              ? ""
              : change.changed().contains(file)
                  ? "  (changed)"
                  : change.added().contains(file) ? "  (new)" : "";
      String link =
          ScriptFingerprint.isLink(e.getValue())
              ? " -> " + ScriptFingerprint.linkTarget(e.getValue()) + " (a link)"
              : "";
      String what = file.equals(ScriptFingerprint.DEPENDENCIES) ? " (its npm dependencies)" : "";
      lines.add("  " + ScriptText.safeLine(file + link) + what + mark);
    }
    if (files.size() > MAX_LISTED) {
      lines.add("  ... and " + (files.size() - MAX_LISTED) + " more files");
    }
    if (project.fingerprint().files().isEmpty()) {
      lines.add(kind.equals("scripts") ? "  (no .js, .mjs, .ts or .mts files)" : "  (no files)");
    }
    if (!project.fingerprint().grants().isEmpty()) {
      lines.add(
          "Grants (the project's .graft/settings.json; \"asks\": the package's manifest), what these scripts may"
              + " reach beyond the API:");
      project
          .fingerprint()
          .grants()
          .lines()
          .forEach(g -> lines.add("  " + ScriptText.safeLine(readableGrant(g))));
    }
    lines.add("Fingerprint: " + project.fingerprint().value());
    lines.add(
        kind.equals("scripts")
            ? "Scripts run sandboxed, but they see your session and can steer the agent and its tools."
            : kind.equals("themes")
                ? "Themes only colour the terminal."
                : "The model reads "
                    + kind
                    + " as instructions: they can steer it and its tools as a prompt can.");
    return lines;
  }

  private static Optional<String> readLine(InputStream in) {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    try {
      int b;
      while ((b = in.read()) >= 0 && b != '\n') {
        line.write(b);
      }
      if (b < 0 && line.size() == 0) {
        return Optional.empty();
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.of(line.toString(StandardCharsets.UTF_8).replace("\r", ""));
  }

  /**
   * A fingerprint's grant line ({@code asks=["git"] read=["."]}) as a person reads it ({@code asks:
   * run git; read .}); a line it cannot read, as it is.
   */
  static String readableGrant(String line) {
    int eq = line.indexOf("=[");
    int any = line.indexOf("=true");
    int at = eq < 0 ? any : any < 0 ? eq : Math.min(eq, any);
    if (at < 0) {
      return line;
    }
    return ScriptGrants.Grant.fromText(line.substring(at + 1))
        .map(g ->
            line.substring(0, at)
                + ": "
                + (g.isEmpty() ? "nothing beyond graft's API" : String.join("; ", g.describe())))
        .orElse(line);
  }
}
