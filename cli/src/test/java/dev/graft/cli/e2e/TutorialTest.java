package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs docs/tutorial.md as a reader would, in an empty folder: a fenced block whose info string is
 * "LANG PATH" is saved as that file; in a {@code console} block, each "$ " line is a command and
 * the lines after it are its expected output ("..." in a line matches any text). Commands are run
 * by bash in the folder, except {@code cd} (followed here) and {@code graft}, which runs in-process
 * with {@code NAME=value} prefixes as its environment.
 */
class TutorialTest {
  static final Path TUTORIAL = Path.of("").toAbsolutePath().getParent().resolve("docs/tutorial.md");

  @TempDir Path home;
  @TempDir Path folder;

  record Command(String line, List<String> expected) {}

  @Test
  void everyCommandOfTheTutorialRunsWithTheOutputItShows() throws Exception {
    List<String> lines = Files.readAllLines(TUTORIAL);
    Path cwd = folder;
    int commands = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("```") || lines.get(i).equals("```")) {
        continue;
      }
      String[] info = lines.get(i).substring(3).strip().split("\\s+");
      List<String> body = new ArrayList<>();
      for (i++; !lines.get(i).equals("```"); i++) {
        body.add(lines.get(i));
      }
      if (info.length == 2) {
        Path file = cwd.resolve(info[1]);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", body) + "\n");
      } else if (info[0].equals("console")) {
        for (Command c : commands(body)) {
          cwd = run(cwd, c);
          commands++;
        }
      }
    }
    assertThat(commands).as("commands run").isGreaterThanOrEqualTo(10);
  }

  private static List<Command> commands(List<String> body) {
    List<Command> out = new ArrayList<>();
    for (String line : body) {
      if (line.startsWith("$ ")) {
        out.add(new Command(line.substring(2), new ArrayList<>()));
      } else {
        out.getLast().expected().add(line);
      }
    }
    return out;
  }

  private Path run(Path cwd, Command c) throws Exception {
    if (c.line().startsWith("cd ")) {
      Path next = cwd.resolve(c.line().substring(3).strip()).normalize();
      assertThat(next).as(c.line()).isDirectory();
      return next;
    }
    List<String> words = words(cwd, c.line());
    int g = 0;
    Map<String, String> env = new HashMap<>();
    while (g < words.size() && words.get(g).matches("[A-Z_]+=.*")) {
      String[] kv = words.get(g).split("=", 2);
      env.put(kv[0], kv[1]);
      g++;
    }
    String out;
    String err;
    if (g < words.size() && words.get(g).equals("graft")) {
      Path graftHome =
          env.containsKey("GRAFT_HOME") ? cwd.resolve(env.get("GRAFT_HOME")).normalize() : home;
      StringWriter o = new StringWriter();
      StringWriter e = new StringWriter();
      CliContext context =
          new CliContext(
              Map.of("GRAFT_HOME", graftHome.toString()),
              new GraftHome(graftHome),
              cwd,
              new PrintWriter(o, true),
              new PrintWriter(e, true),
              Clock.systemUTC());
      Graft.run(context, words.subList(g + 1, words.size()).toArray(String[]::new));
      out = o.toString();
      err = e.toString();
    } else {
      Process p = new ProcessBuilder("bash", "-c", c.line()).directory(cwd.toFile()).start();
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor()).as(c.line() + "\n" + err).isZero();
    }
    assertThat(err).as("stderr of " + c.line()).isEmpty();
    List<String> actual = out.lines().toList();
    assertThat(actual).as("output of " + c.line()).hasSameSizeAs(c.expected());
    for (int k = 0; k < actual.size(); k++) {
      String pattern =
          Arrays.stream(c.expected().get(k).split("\\.\\.\\.", -1))
              .map(Pattern::quote)
              .collect(Collectors.joining(".*"));
      assertThat(actual.get(k))
          .as("line " + (k + 1) + " of the output of " + c.line())
          .matches(Pattern.compile(pattern));
    }
    return cwd;
  }

  /** The command's words as bash splits and expands them in {@code cwd} (globs included). */
  private static List<String> words(Path cwd, String line) throws Exception {
    Process p =
        new ProcessBuilder("bash", "-c", "printf '%s\\0' " + line).directory(cwd.toFile()).start();
    String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    return Arrays.asList(all.split("\0"));
  }
}
