package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files a repository controls are read before anything of it is trusted, so their size is not
 * trusted either (review of issue 22, defect 5): a 3 GB script, a 2.1 GB lock file or a 1.2 GB
 * settings file is a notice naming the cap, and the run goes on, at once. The files are sparse:
 * they take no disk.
 */
class HugeProjectFilesCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static void sparse(Path file, long size) throws IOException {
    Files.createDirectories(file.getParent());
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }

  private CliRun ask() {
    return assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"answered\"}\n");
          return CliRun.run(
              home,
              work,
              "-p",
              "--provider",
              "scripted",
              "--model",
              "turns.jsonl",
              "--cwd",
              "proj",
              "hi");
        });
  }

  @Test
  void aHugeScriptIsANoticeAndTheRunGoesOn() throws Exception {
    Path scripts = Files.createDirectories(work.resolve("proj/.graft/scripts"));
    Files.writeString(scripts.resolve("gate.js"), "export default function (g) {}\n");
    sparse(scripts.resolve("big.js"), 3L << 30);
    CliRun run = ask();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered");
    assertThat(run.err())
        .contains(
            "graft: warning: the project's scripts in "
                + scripts
                + " are not loaded: "
                + scripts.resolve("big.js")
                + " is larger than 64 MiB (the cap on a file graft reads before you trust it)");
  }

  @Test
  void aHugeLockFileOrSettingsFileIsANoticeAndTheRunGoesOn() throws Exception {
    Path graft = Files.createDirectories(work.resolve("proj/.graft"));
    sparse(graft.resolve("packages.lock.json"), (21L << 30) / 10);
    sparse(graft.resolve("settings.json"), (12L << 30) / 10);
    CliRun run = ask();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered");
    assertThat(run.err())
        .contains(
            "graft: warning: "
                + graft.resolve("packages.lock.json")
                + " is larger than 16 MiB"
                + " (the cap on a lock file graft reads); its packages are not loaded")
        .contains(
            "graft: warning: "
                + graft.resolve("settings.json")
                + ": larger than 1 MiB (the cap on a settings"
                + " file); ignored");
  }

  @Test
  void aHugeCommittedPackageIsANoticeAndTheRunGoesOn() throws Exception {
    Path graft = Files.createDirectories(work.resolve("proj/.graft"));
    Files.writeString(
        graft.resolve("packages.lock.json"),
        "{\"packages\": {\"big\": {\"source\": \"./big\","
            + " \"resolved\": \"local\", \"hash\": \"sha256:00\"}}}");
    Files.createDirectories(graft.resolve("packages/big"));
    Files.writeString(graft.resolve("packages/big/index.js"), "export default function (g) {}\n");
    sparse(graft.resolve("packages/big/blob.js"), 600L << 20);
    CliRun run = ask();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered");
    assertThat(run.err())
        .contains(
            "graft: warning: the project's script package big in "
                + graft.resolve("packages/big")
                + " is not loaded: the package is larger than 512 MiB (the cap on a package's size)");
  }
}
