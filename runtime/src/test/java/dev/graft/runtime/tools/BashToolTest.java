package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static dev.graft.runtime.tools.Calls.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 20, unit = TimeUnit.SECONDS)
class BashToolTest {
  @TempDir Path dir;
  @TempDir Path temp;
  private BashTool tool;

  @BeforeEach
  void setUp() {
    tool = new BashTool(LocalShell.detect(false), temp);
  }

  @Test
  void returnsStdoutAndStderrTogether() {
    ToolResult result = run(tool, dir, args("command", "echo out; echo err >&2"));
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).isEqualTo("out\nerr\n");
    assertThat(result.details()).isEmpty();
  }

  @Test
  void variablesAddedForAScriptReachTheCommandAndReplaceTheOwnValue() {
    Tool added = BuiltinTools.create().bashWithVariables(Map.of("GRAFT_HOOKED", "1", "HOME", "/h"));
    assertThat(run(added, dir, args("command", "echo $GRAFT_HOOKED $HOME")).text())
        .isEqualTo("1 /h\n");
    assertThat(run(tool, dir, args("command", "echo \"[$GRAFT_HOOKED]\"")).text())
        .isEqualTo("[]\n");
  }

  @Test
  void runsInTheSessionDirectory() {
    assertThat(run(tool, dir, args("command", "pwd")).text()).isEqualTo(dir + "\n");
  }

  @Test
  void saysWhenThereIsNoOutput() {
    assertThat(run(tool, dir, args("command", "true")).text()).isEqualTo("(no output)");
  }

  @Test
  void aNonZeroExitIsAnErrorWithTheOutput() {
    ToolResult result = run(tool, dir, args("command", "echo oops; exit 3"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("oops\n\n\nCommand exited with code 3");
    assertThat(run(tool, dir, args("command", "exit 2")).text())
        .isEqualTo("(no output)\n\nCommand exited with code 2");
  }

  @Test
  void aTimeoutKillsTheCommandAndItsChildren() throws Exception {
    long start = System.nanoTime();
    ToolResult result =
        run(
            tool,
            dir,
            args("command", "echo started; sleep 30 & echo $! > child.pid; wait", "timeout", 0.5));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("started\n\n\nCommand timed out after 0.5 seconds");
    assertGone(pid(dir.resolve("child.pid")));
  }

  @Test
  void abortKillsTheWholeProcessTree() throws Exception {
    AbortSignal signal = new AbortSignal();
    // A grandchild in a subshell, and an orphan whose parent shell has already exited.
    String command =
        "(sleep 30 & echo $! > grandchild.pid; wait) & (sleep 31 & echo $! > orphan.pid) ; wait";
    CompletableFuture<ToolResult> call =
        CompletableFuture.supplyAsync(
            () -> tool.execute("c", args("command", command), new ToolContext(dir, signal, null)));
    long grandchild = awaitPid(dir.resolve("grandchild.pid"));
    long orphan = awaitPid(dir.resolve("orphan.pid"));
    awaitOrphaned(orphan); // so only the kill of the process group can reach it
    assertThat(alive(grandchild)).isTrue();
    signal.abort();
    ToolResult result = call.get(5, TimeUnit.SECONDS);
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("Command aborted");
    assertGone(grandchild);
    assertGone(orphan);
  }

  @Test
  void aBackgroundChildHoldingTheOutputOpenDoesNotHoldUpTheResult() throws Exception {
    long start = System.nanoTime();
    ToolResult result = run(tool, dir, args("command", "sleep 5 & echo $! > bg.pid; echo done"));
    try {
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
      assertThat(result.text()).isEqualTo("done\n");
    } finally {
      ProcessHandle.of(pid(dir.resolve("bg.pid"))).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void withoutAGroupOfItsOwnTheChildrenStillKnownAreKilled() throws Exception {
    LocalShell detected = LocalShell.detect(false);
    BashTool plain =
        new BashTool(new LocalShell(detected.shell(), false, detected.tree(), false), temp);
    ToolResult result =
        run(plain, dir, args("command", "sleep 30 & echo $! > child.pid; wait", "timeout", 0.3));
    assertThat(result.text()).isEqualTo("Command timed out after 0.3 seconds");
    assertGone(pid(dir.resolve("child.pid")));
  }

  @Test
  void keepsTheLastLinesAndSavesTheFullOutput() throws IOException {
    ToolResult result = run(tool, dir, args("command", "seq 1 3000"));
    assertThat(result.isError()).isFalse();
    String text = result.text();
    // seq ends with a newline, so the output has 3,001 lines, the last one empty.
    assertThat(text)
        .startsWith("1002\n1003\n")
        .contains("\n3000\n\n\n[Showing lines 1002-3001 of 3001. Full output: ");
    var details = result.details().orElseThrow();
    Path full = Path.of(details.get("fullOutputPath").asText());
    assertThat(text).endsWith("Full output: " + full + "]");
    assertThat(full.getParent()).isEqualTo(temp);
    assertThat(full.getFileName().toString()).startsWith("graft-bash-").endsWith(".log");
    assertThat(Files.readString(full))
        .startsWith("1\n2\n")
        .endsWith("2999\n3000\n")
        .hasLineCount(3000);
    assertThat(details.at("/truncation/truncatedBy").asText()).isEqualTo("lines");
    assertThat(details.at("/truncation/totalLines").asInt()).isEqualTo(3001);
  }

  @Test
  void keepsTheLastFiftyKilobytes() throws IOException {
    ToolResult result =
        run(tool, dir, args("command", "head -c 100000 /dev/zero | tr '\\0' 'a' | fold -w 99"));
    String text = result.text();
    assertThat(text).contains("(50.0KB limit). Full output: ");
    assertThat(text.substring(0, text.indexOf("\n\n[")).getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(50 * 1024);
    Path full = Path.of(result.details().orElseThrow().get("fullOutputPath").asText());
    assertThat(Files.size(full))
        .isEqualTo(100_000 + 1010); // fold adds a newline after every 99 bytes
    assertThat(result.details().orElseThrow().at("/truncation/truncatedBy").asText())
        .isEqualTo("bytes");
  }

  @Test
  void keepsTheEndOfOneHugeLine() {
    ToolResult result = run(tool, dir, args("command", "head -c 60000 /dev/zero | tr '\\0' 'b'"));
    assertThat(result.text())
        .matches(
            "(?s)b{51200}\n\n\\[Showing last 50\\.0KB of line 1 \\(line is 58\\.6KB\\)\\. Full output: .*\\]");
  }

  @Test
  void streamsPartialOutputWhileRunning() {
    List<ToolResult> updates = new CopyOnWriteArrayList<>();
    ToolResult result =
        tool.execute(
            "c",
            args("command", "echo first; sleep 0.5; echo second"),
            new ToolContext(dir, null, updates::add));
    assertThat(result.text()).isEqualTo("first\nsecond\n");
    assertThat(updates.getFirst().content()).isEmpty();
    assertThat(updates).anySatisfy(u -> assertThat(u.text()).isEqualTo("first\n"));
    assertThat(updates.getLast().text()).isEqualTo("first\nsecond\n");
  }

  @Test
  void aFailingUpdateListenerDoesNotFailTheCommand() {
    ToolResult result =
        tool.execute(
            "c",
            args("command", "echo hi; sleep 0.3"),
            new ToolContext(
                dir,
                null,
                update -> {
                  throw new IllegalStateException("listener bug");
                }));
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).isEqualTo("hi\n");
  }

  @Test
  void aMissingWorkingDirectoryIsAnError() {
    ToolResult result = run(tool, dir.resolve("gone"), args("command", "true"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).startsWith("Working directory does not exist: ");
  }

  @Test
  void aMissingCommandIsAValidationError() {
    assertThat(run(tool, dir, args("timeout", 3)).text()).contains("  - command: is required");
  }

  @Test
  void formatsOutputFromSwappedOperations() {
    BashOperations fake =
        (command, cwd, timeout, signal, output) -> {
          byte[] bytes =
              ("ran " + command + " in " + cwd.getFileName()).getBytes(StandardCharsets.UTF_8);
          output.accept(bytes, 0, bytes.length);
          return new BashOperations.Exit.Exited(0);
        };
    ToolResult result = run(new BashTool(fake, temp), dir, args("command", "make"));
    assertThat(result.text()).isEqualTo("ran make in " + dir.getFileName());
  }

  private static long pid(Path file) throws IOException {
    return Long.parseLong(Files.readString(file).strip());
  }

  private static long awaitPid(Path file) throws Exception {
    for (int i = 0; i < 500; i++) {
      if (Files.exists(file) && !Files.readString(file).isBlank()) {
        return pid(file);
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no pid in " + file);
  }

  /** Waits until the process's parent is no longer a shell of the command (it was re-parented). */
  private static void awaitOrphaned(long pid) throws InterruptedException {
    for (int i = 0; i < 500; i++) {
      boolean shellParent =
          ProcessHandle.of(pid)
              .flatMap(ProcessHandle::parent)
              .flatMap(parent -> parent.info().command())
              .map(command -> command.endsWith("bash"))
              .orElse(false);
      if (!shellParent) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("process " + pid + " was not orphaned");
  }

  /** Alive and not a zombie (a killed child whose parent is gone may wait unreaped). */
  private static boolean alive(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state != 'Z' && state != 'X';
    } catch (IOException gone) {
      return false;
    }
  }

  private static void assertGone(long pid) throws InterruptedException {
    for (int i = 0; i < 200 && alive(pid); i++) {
      Thread.sleep(10);
    }
    assertThat(alive(pid)).as("process %d is still running", pid).isFalse();
  }
}
