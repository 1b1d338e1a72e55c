package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a cloned repository holds under .graft is untrusted: whatever it is (link loops, links out
 * of it, a broken lock file, a package folder that is a link), graft says why it loads none of it
 * and the run goes on.
 */
class UntrustedProjectCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private CliRun ask() throws Exception {
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
  }

  @Test
  void aLinkLoopInTheProjectsScriptsIsANoticeAndTheRunGoesOn() throws Exception {
    Path scripts = Files.createDirectories(work.resolve("proj/.graft/scripts"));
    Files.writeString(scripts.resolve("gate.js"), "export default function (g) {}\n");
    Files.createSymbolicLink(scripts.resolve("up"), Path.of(".."));
    CliRun run = ask();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered");
    assertThat(run.err())
        .contains(
            "graft: the project's scripts in "
                + scripts
                + " are not loaded: they are not trusted yet");

    // Trusted, the scripts load; the link is part of what was trusted.
    CliRun trust = CliRun.run(home, work.resolve("proj"), "scripts", "trust", "--yes");
    assertThat(trust.exitCode()).as(trust.err()).isZero();
    assertThat(trust.out()).contains("  up -> .. (a link)");
    CliRun trusted = ask();
    assertThat(trusted.exitCode()).as(trusted.err()).isZero();
    assertThat(trusted.err()).doesNotContain("not loaded");
  }

  @Test
  void aLinkToTheWholeMachineIsANoticeAndTheRunGoesOn() throws Exception {
    Path scripts = Files.createDirectories(work.resolve("proj/.graft/scripts"));
    Files.createSymbolicLink(scripts.resolve("all"), Path.of("/"));
    CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(60), this::ask);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().strip()).isEqualTo("answered");
    assertThat(run.err())
        .contains(
            "graft: the project's scripts in "
                + scripts
                + " are not loaded: they are not trusted yet");
    CliRun trust = CliRun.run(home, work.resolve("proj"), "scripts", "trust", "--yes");
    assertThat(trust.out()).contains("  all -> / (a link)");
  }

  @Test
  void aBrokenLockFileOrALinkedPackageIsANoticeAndTheRunGoesOn() throws Exception {
    Path graft = Files.createDirectories(work.resolve("proj/.graft"));
    Files.writeString(graft.resolve("packages.lock.json"), "{not json");
    CliRun broken = ask();
    assertThat(broken.exitCode()).as(broken.err()).isZero();
    assertThat(broken.out().strip()).isEqualTo("answered");
    assertThat(broken.err())
        .contains(
            "graft: warning: "
                + graft.resolve("packages.lock.json")
                + ":1: cannot read the package lock file");

    Files.writeString(
        graft.resolve("packages.lock.json"),
        "{\"packages\": {\"team-lib\": {\"source\": \"./x\", \"resolved\":"
            + " \"local\", \"hash\": \"sha256:x\"}}}");
    Files.createDirectories(graft.resolve("packages"));
    Files.createSymbolicLink(graft.resolve("packages/team-lib"), Path.of("/"));
    CliRun linked = ask();
    assertThat(linked.exitCode()).as(linked.err()).isZero();
    assertThat(linked.out().strip()).isEqualTo("answered");
    assertThat(linked.err())
        .contains(
            "graft: warning: "
                + graft.resolve("packages/team-lib")
                + " is a link, not an installed package; run graft scripts install --project");
  }
}
