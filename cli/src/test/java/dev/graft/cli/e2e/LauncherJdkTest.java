package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's choice of JDK (`./graft java-home` prints it): JAVA_HOME first when it is a JDK
 * 25, an older one passed over, and the version asked of a JDK that has no release file.
 */
class LauncherJdkTest {
  private static final Path LAUNCHER = Path.of("../graft").toAbsolutePath().normalize();
  private static final String RUNNING_JDK = System.getProperty("java.home");

  @TempDir Path fake;

  @Test
  void aJdk25InJavaHomeIsTaken() throws Exception {
    assertThat(javaHome(RUNNING_JDK)).isEqualTo(RUNNING_JDK);
  }

  @Test
  void anOlderJdkInJavaHomeIsPassedOver() throws Exception {
    fakeJdk("exit 1");
    Files.writeString(fake.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"17.0.2\"\n");
    String chosen = javaHome(fake.toString());
    assertThat(chosen).isNotEqualTo(fake.toString());
    assertThat(Files.readString(Path.of(chosen, "release")))
        .containsPattern("JAVA_VERSION=\"2[5-9]");
  }

  @Test
  void aReleaseFileWhoseVersionLineHasNoLineBreakIsRead() throws Exception {
    fakeJdk("exit 1");
    Files.writeString(fake.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"25.0.1\"");
    assertThat(javaHome(fake.toString())).isEqualTo(fake.toString());
  }

  @Test
  void aJdkWithoutAReleaseFileIsAskedForItsVersion() throws Exception {
    fakeJdk("echo '    java.specification.version = 25' >&2");
    assertThat(javaHome(fake.toString())).isEqualTo(fake.toString());
  }

  /** A folder with bin/java (running {@code javaBody}) and bin/javac. */
  private void fakeJdk(String javaBody) throws IOException {
    Path bin = Files.createDirectories(fake.resolve("bin"));
    for (String name : new String[] {"java", "javac"}) {
      Path file = bin.resolve(name);
      Files.writeString(file, "#!/bin/sh\n" + (name.equals("java") ? javaBody : "exit 1") + "\n");
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  private static String javaHome(String javaHome) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("bash", LAUNCHER.toString(), "java-home").redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", javaHome);
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as(out).isZero();
    return out.strip();
  }
}
