package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * graft's interactive mode in a real pseudo-terminal, for tests: graft (this test run's classes)
 * runs inside a detached tmux session (120×40, on a socket of its own), keys are sent with
 * send-keys and the screen is read with capture-pane, polled until what is expected shows up.
 */
public final class TmuxTerminal implements AutoCloseable {
  public static final Duration WAIT =
      Duration.ofSeconds(45); // generous: CI machines are slow and shared

  private final Path socket;
  private final Path exitCode;

  private TmuxTerminal(Path socket, Path exitCode) {
    this.socket = socket;
    this.exitCode = exitCode;
  }

  /**
   * Starts {@code graft ARGS} in {@code work} with {@code env} (GRAFT_HOME and the like); {@code
   * dir} holds the tmux socket, the start script and the exit code.
   */
  public static TmuxTerminal start(Path dir, Path work, Map<String, String> env, List<String> args)
      throws Exception {
    return start(dir, work, env, args, Optional.empty());
  }

  /** As {@link #start}, graft's stdout going to {@code stdout} when given (its stdin the pane). */
  public static TmuxTerminal start(
      Path dir, Path work, Map<String, String> env, List<String> args, Optional<Path> stdout)
      throws Exception {
    requireTmux();
    Path exit = dir.resolve("exit-code");
    Path script = dir.resolve("graft.sh");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    StringBuilder command = new StringBuilder("cd " + quote(work.toString()) + "\n");
    env.forEach((name, value) -> command.append(name).append('=').append(quote(value)).append(' '));
    command
        .append(quote(java))
        .append(" --enable-native-access=ALL-UNNAMED -cp ")
        .append(quote(System.getProperty("java.class.path")))
        .append(" dev.graft.cli.Main");
    args.forEach(a -> command.append(' ').append(quote(a)));
    stdout.ifPresent(out -> command.append(" > ").append(quote(out.toString())));
    // The pane stays after graft ends, so that a test that waits in vain still sees its last
    // screen.
    command.append("\necho $? > ").append(quote(exit.toString())).append("\nsleep 600\n");
    Files.writeString(script, command);
    TmuxTerminal terminal = new TmuxTerminal(dir.resolve("tmux.sock"), exit);
    terminal.tmux(
        "new-session",
        "-d",
        "-s",
        "graft",
        "-x",
        "120",
        "-y",
        "40",
        "sh " + quote(script.toString()));
    return terminal;
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static void requireTmux() throws Exception {
    try {
      Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
      if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
        return;
      }
    } catch (IOException e) {
      // not installed
    }
    fail(
        "tmux is needed to test the interactive mode in a pseudo-terminal: install it (apt-get install tmux;"
            + " ./graft test does as root) and run the test again");
  }

  public void tmux(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
    command.addAll(List.of(args));
    if (run(command) == null) {
      fail("tmux " + String.join(" ", args) + " failed");
    }
  }

  /** Types {@code text} literally. */
  public void type(String text) throws Exception {
    tmux("send-keys", "-t", "graft", "-l", text);
  }

  /** Presses a key by its tmux name: Enter, Escape, Up, Down, C-c… */
  public void keys(String key) throws Exception {
    tmux("send-keys", "-t", "graft", key);
  }

  /**
   * Waits until graft is idle with an empty editor, then types {@code text} and Enter. (What is
   * sent while the agent works steers it instead.)
   */
  public void submit(String text) throws Exception {
    awaitPrompt();
    type(text);
    keys("Enter");
  }

  /**
   * Waits until the editor is empty and graft idle: its line is a lone {@code >} (while the agent
   * works it shows a hint; a dialog takes its place).
   */
  public void awaitPrompt() throws Exception {
    awaitScreen(TmuxTerminal::idle, "the empty prompt");
  }

  /** Whether the screen shows graft idle with an empty editor. */
  public static boolean idle(String screen) {
    return screen.lines().anyMatch(l -> l.strip().equals(">"))
        && !screen.contains(" to interrupt)");
  }

  /**
   * The screen and its scrollback (500 lines), lines the terminal wrapped joined, each without
   * trailing spaces (a coloured background pads lines to the width).
   */
  public String screen() throws Exception {
    String out =
        run(
            List.of(
                "tmux",
                "-S",
                socket.toString(),
                "capture-pane",
                "-p",
                "-J",
                "-t",
                "graft",
                "-S",
                "-500"));
    return out == null
        ? ""
        : out.lines().map(String::stripTrailing).collect(Collectors.joining("\n", "", "\n"));
  }

  /**
   * {@code screen} with every run of white space (line ends included) as one space: text graft
   * wrapped reads as one line.
   */
  public static String flat(String screen) {
    return screen.replaceAll("\\s+", " ");
  }

  /** The visible screen only, with colours (capture-pane -e), trailing spaces kept. */
  public String screenWithColours() throws Exception {
    String out =
        run(
            List.of(
                "tmux", "-S", socket.toString(), "capture-pane", "-p", "-e", "-N", "-t", "graft"));
    return out == null ? "" : out;
  }

  public void awaitScreen(Predicate<String> condition, String what) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      boolean ended = Files.exists(exitCode);
      last = screen();
      if (condition.test(last)) {
        return;
      }
      if (ended) {
        fail(
            "graft ended (exit code "
                + Files.readString(exitCode).strip()
                + ") before "
                + what
                + "; the screen shows:\n"
                + last);
      }
      Thread.sleep(100);
    }
    fail("waited " + WAIT.toSeconds() + " s for " + what + "; the screen shows:\n" + last);
  }

  /** Waits for graft to end; its exit code. */
  public String awaitExit() throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      String code = Files.exists(exitCode) ? Files.readString(exitCode).strip() : "";
      if (!code.isEmpty()) {
        return code;
      }
      Thread.sleep(50);
    }
    return fail(
        "graft did not exit within " + WAIT.toSeconds() + " s; the screen shows:\n" + screen());
  }

  @Override
  public void close() throws Exception {
    run(List.of("tmux", "-S", socket.toString(), "kill-server"));
  }

  /** Runs a command; its output, or null when it failed. */
  private static String run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
  }
}
