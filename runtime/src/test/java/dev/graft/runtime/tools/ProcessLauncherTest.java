package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two ways graft starts a program in a group of its own (posix_spawn here, the JDK and {@code
 * setsid} elsewhere) give the program the same world: its arguments, directory, exact environment,
 * standard streams, a session and group it leads, no signal blocked or ignored, and none of graft's
 * open files.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class ProcessLauncherTest {
  @TempDir Path dir;

  private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin", "ONLY", "this");

  private static ProcessLauncher.Started start(
      String how, List<String> argv, Path cwd, boolean pipeInput, boolean merge)
      throws IOException {
    if (how.equals("posix_spawn")) {
      assumeTrue(PosixSpawn.AVAILABLE, "posix_spawn is not used on this machine");
      return new ProcessLauncher.Started(PosixSpawn.start(argv, cwd, ENV, pipeInput, merge), true);
    }
    var setsid = ProcessTree.onPath("setsid");
    assumeTrue(setsid.isPresent(), "no setsid on the PATH");
    return ProcessLauncher.startWithJdk(argv, cwd, ENV, pipeInput, merge, setsid);
  }

  private static String sh(String how, Path cwd, String script) throws Exception {
    return run(how, cwd, "/bin/sh", "-c", script);
  }

  private static String run(String how, Path cwd, String... argv) throws Exception {
    Process p = start(how, List.of(argv), cwd, false, false).process();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(err).isZero();
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void theProgramGetsItsArgumentsDirectoryAndExactlyItsEnvironment(String how) throws Exception {
    String out = sh(how, dir, "pwd; printf '%s|' \"$0\" a; env | sort");
    assertThat(out)
        .isEqualTo(
            dir.toRealPath()
                + "\n/bin/sh|a|ONLY=this\nPATH=/usr/bin:/bin\nPWD="
                + dir.toRealPath()
                + "\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void itLeadsASessionAndGroupOfItsOwnWithNoSignalBlockedOrIgnored(String how) throws Exception {
    // /proc/self/stat: pid (comm) state ppid pgrp session ...; status: the signal masks. Read by
    // the program started itself (a shell blocks signals while it waits for a command).
    String[] ids =
        run(how, dir, "/usr/bin/cut", "-d ", "-f1,5,6", "/proc/self/stat").trim().split(" ");
    assertThat(ids[1]).as("group").isEqualTo(ids[0]);
    assertThat(ids[2]).as("session").isEqualTo(ids[0]);
    String masks = run(how, dir, "/bin/grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status");
    assertThat(masks).startsWith("SigBlk:\t0000000000000000\nSigIgn:\t");
    // Signals 1 to 31 at their defaults; 32 and 33 are the C library's own (a JVM's children have
    // them ignored whichever way they start).
    long ignored = Long.parseLong(masks.substring(masks.lastIndexOf('\t') + 1).trim(), 16);
    assertThat(ignored & 0x7fffffffL).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void noneOfGraftsOpenFilesReachesIt(String how) throws Exception {
    Path file = Files.writeString(dir.resolve("held.txt"), "x");
    try (InputStream held = new FileInputStream(file.toFile())) {
      String out = sh(how, dir, "ls -l /proc/$$/fd");
      assertThat(out).doesNotContain("held.txt");
      assertThat(out.lines().filter(l -> l.contains(" -> ")).count()).isEqualTo(3);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void standardInputIsEmptyOrAPipeAndErrorsMayJoinTheOutput(String how) throws Exception {
    Process empty = start(how, List.of("/bin/cat"), dir, false, false).process();
    assertThat(empty.getInputStream().readAllBytes()).isEmpty();
    assertThat(empty.waitFor()).isZero();

    Process piped = start(how, List.of("/bin/cat"), dir, true, false).process();
    piped.getOutputStream().write("hello".getBytes(StandardCharsets.UTF_8));
    piped.getOutputStream().close();
    assertThat(new String(piped.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isEqualTo("hello");
    assertThat(piped.waitFor()).isZero();

    Process merged =
        start(how, List.of("/bin/sh", "-c", "echo out; echo err >&2"), dir, false, true).process();
    assertThat(new String(merged.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isEqualTo("out\nerr\n");
    assertThat(merged.getErrorStream().readAllBytes()).isEmpty();
    assertThat(merged.waitFor()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void exitCodesAndSignalsAreReportedAsTheJdkDoes(String how) throws Exception {
    Process exits = start(how, List.of("/bin/sh", "-c", "exit 3"), dir, false, false).process();
    assertThat(exits.waitFor()).isEqualTo(3);
    assertThat(exits.exitValue()).isEqualTo(3);
    assertThat(exits.isAlive()).isFalse();

    Process sleeps = start(how, List.of("/bin/sleep", "30"), dir, false, false).process();
    assertThat(sleeps.waitFor(50, TimeUnit.MILLISECONDS)).isFalse();
    assertThat(sleeps.isAlive()).isTrue();
    assertThatThrownBy(sleeps::exitValue).isInstanceOf(IllegalThreadStateException.class);
    ProcessTree.detect().kill(sleeps, true);
    assertThat(sleeps.waitFor()).isEqualTo(128 + 9);
    assertThat(sleeps.onExit().get().exitValue()).isEqualTo(137);
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void virtualThreadsWaitingOnPipesLeaveTheOthersRunning(String how) throws Exception {
    // More readers than there are carriers, each waiting on a program that writes nothing yet.
    List<Process> quiet = new ArrayList<>();
    List<Thread> readers = new ArrayList<>();
    try {
      for (int i = 0; i < Runtime.getRuntime().availableProcessors() + 1; i++) {
        Process p = start(how, List.of("/bin/sleep", "30"), dir, false, false).process();
        quiet.add(p);
        readers.add(
            Thread.ofVirtual()
                .start(() -> {
                  try {
                    p.getInputStream().read(new byte[64]);
                  } catch (IOException e) {
                    // ended below
                  }
                }));
      }
      Thread.sleep(100);
      var ran = new CountDownLatch(1);
      Thread.ofVirtual().start(ran::countDown);
      assertThat(ran.await(5, TimeUnit.SECONDS)).as("another virtual thread ran").isTrue();
    } finally {
      quiet.forEach(p -> ProcessTree.detect().kill(p, true));
    }
    for (Thread reader : readers) {
      assertThat(reader.join(Duration.ofSeconds(5))).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void anArgumentWithANulCharacterIsRefused(String how) {
    assertThatThrownBy(() -> start(how, List.of("/bin/echo", "a\0b"), dir, false, false))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("invalid null character");
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void aScriptWithoutAShebangLineRunsWithSh(String how) throws Exception {
    Path script = Files.writeString(dir.resolve("plain.sh"), "echo \"ran by sh: $1\"\n");
    script.toFile().setExecutable(true);
    assertThat(run(how, dir, script.toString(), "x")).isEqualTo("ran by sh: x\n");
  }

  /**
   * Run in a JVM of its own: starts printenv FOO with graft's environment as Java reads it, the way
   * its argument names.
   */
  public static final class PassesItsEnvironment {
    public static void main(String[] args) throws Exception {
      List<String> argv = List.of("/usr/bin/printenv", "FOO");
      Map<String, String> env = System.getenv();
      Process p =
          args[0].equals("posix_spawn")
              ? PosixSpawn.start(argv, Path.of("/"), env, false, false)
              : ProcessLauncher.startWithJdk(
                      argv, Path.of("/"), env, false, false, ProcessTree.onPath("setsid"))
                  .process();
      System.out.write(p.getInputStream().readAllBytes());
      System.out.flush();
      System.exit(p.waitFor());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"posix_spawn", "jdk"})
  void anInheritedVariableReachesTheProgramAsItsOwnBytes(String how) throws Exception {
    assumeTrue(!how.equals("posix_spawn") || PosixSpawn.AVAILABLE);
    // Under the C locale Java reads a UTF-8 value as another string; the program gets the bytes.
    ProcessBuilder child =
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                PassesItsEnvironment.class.getName(),
                how)
            .redirectErrorStream(true);
    child.environment().put("LC_ALL", "C");
    child.environment().put("FOO", "Jos\u00e9");
    Process p = child.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor()).as(new String(out, StandardCharsets.UTF_8)).isZero();
    assertThat(out).isEqualTo("Jos\u00e9\n".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theFirstProgramsStartThroughTheJdkTheRestThroughPosixSpawn() throws Exception {
    assumeTrue(PosixSpawn.AVAILABLE, "posix_spawn is not used on this machine");
    for (int i = 0; i < ProcessLauncher.JDK_STARTS; i++) {
      ProcessLauncher.start(List.of("/bin/true"), dir, ENV, false, false).process().waitFor();
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!ProcessLauncher.spawnsDirectly() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    ProcessLauncher.Started next =
        ProcessLauncher.start(List.of("/bin/true"), dir, ENV, false, false);
    assertThat(next.process()).isInstanceOf(PosixSpawn.Spawned.class);
    assertThat(next.ownGroup()).isTrue();
    assertThat(next.process().waitFor()).isZero();
  }

  @Test
  void aProgramThatCannotStartIsAOneLineError() {
    assumeTrue(PosixSpawn.AVAILABLE);
    assertThatThrownBy(
            () -> start("posix_spawn", List.of(dir.resolve("nope").toString()), dir, false, false))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Cannot run program \""
                + dir.resolve("nope")
                + "\" (in directory \""
                + dir
                + "\"): error=2, No such file or directory");
    assertThatThrownBy(
            () -> start("posix_spawn", List.of("/bin/true"), dir.resolve("gone"), false, false))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("No such file or directory");
  }
}
