package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens exported pages in headless Chromium: runs src/test/browser/export.test.mjs, which drives
 * Debian's chromium through playwright-core (installed by {@code ./graft test} with {@code npm
 * install --prefix cli/src/test/browser}). Screenshots of a desktop and a phone-width view are kept
 * in target/export-screenshots.
 */
class ExportBrowserTest {
  private static final Path BROWSER_DIR = Path.of("src/test/browser").toAbsolutePath();
  private static final Path SCREENSHOTS = Path.of("target/export-screenshots").toAbsolutePath();
  private static final int LONG_PATH = 300;

  @TempDir Path home;
  @TempDir Path work;

  @Test
  void exportedPagesWorkInABrowser() throws Exception {
    Path chromium = Path.of(System.getenv().getOrDefault("GRAFT_CHROMIUM", "/usr/bin/chromium"));
    if (!Files.isExecutable(chromium)) {
      fail(
          "Chromium is needed for this test and "
              + chromium
              + " is missing: install Debian's package with "
              + "'apt-get install -y chromium' (CI's .ci/run does when it is absent), or set GRAFT_CHROMIUM.");
    }
    if (!Files.isDirectory(BROWSER_DIR.resolve("node_modules/playwright-core"))) {
      fail(
          "playwright-core is not installed: run 'npm install --prefix cli/src/test/browser' "
              + "('./graft test' does it before the tests).");
    }

    ExportFixture fixture = ExportFixture.write(work.resolve("sessions"));
    Path page = work.resolve("fixture.html");
    export(fixture.file(), page);
    Path longPage = work.resolve("long.html");
    export(longSession(work.resolve("long")), longPage);

    ObjectNode expect = Json.object();
    expect.put("page", page.toString());
    ArrayNode ids = expect.putArray("ids");
    fixture.ids().forEach(ids::add);
    expect.put("leaf", fixture.leafId());
    expect.put("other", fixture.otherBranchId());
    expect.put("branchPoint", fixture.branchPointId());
    expect.put("leafText", ExportFixture.LEAF_TEXT);
    expect.put("otherText", ExportFixture.OTHER_TEXT);
    expect
        .putArray("scriptTexts")
        .add(ExportFixture.SCRIPT_TEXT)
        .add(ExportFixture.IMG_TEXT)
        .add("<b>final</b>");
    expect.put("longPage", longPage.toString());
    expect.put("longTotal", LONG_PATH);
    Path expectFile = work.resolve("expect.json");
    Files.writeString(expectFile, Json.write(expect));

    Process process =
        new ProcessBuilder(
                "node",
                BROWSER_DIR.resolve("export.test.mjs").toString(),
                expectFile.toString(),
                SCREENSHOTS.toString())
            .directory(BROWSER_DIR.toFile())
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    byte[] output;
    boolean finished;
    try (var in = process.getInputStream()) {
      output = in.readAllBytes(); // the script ends the browser itself; its own timeouts bound this
      finished = process.waitFor(180, TimeUnit.SECONDS);
    } finally {
      process.destroyForcibly();
    }
    String log = new String(output, StandardCharsets.UTF_8);
    System.out.print(log); // kept in the surefire report
    assertThat(finished).as("the browser test did not finish in 180 s:\n" + log).isTrue();
    assertThat(process.exitValue()).as(log).isZero();
    assertThat(log).contains(" passed, 0 failed");
    for (String shot :
        new String[] {
          "desktop-leaf.png", "desktop-branch.png", "phone-leaf.png", "phone-tree.png"
        }) {
      assertThat(SCREENSHOTS.resolve(shot)).isNotEmptyFile();
    }
  }

  private void export(Path session, Path page) {
    CliRun run =
        CliRun.run(home, work, "session", "export", session.toString(), "-o", page.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  /** A linear session whose leaf path is longer than the page renders at once. */
  private static Path longSession(Path dir) {
    try (Session s = Session.create(dir, "/tmp", Clock.systemUTC())) {
      for (int i = 0; i < LONG_PATH; i++) {
        s.appendMessage(new AgentMessage.User("message " + i, i));
      }
      return s.file().orElseThrow();
    }
  }
}
