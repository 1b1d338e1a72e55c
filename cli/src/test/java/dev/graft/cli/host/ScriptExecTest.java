package dev.graft.cli.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.cli.packages.PackageFiles;
import dev.graft.cli.trust.ScriptLocations;
import dev.graft.cli.trust.TrustDecisions;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.config.GraftLauncher;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graft.exec: granted per script in settings, refused with the setting to add, killed on timeout,
 * bounded.
 */
class ScriptExecTest {
  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path mine;
  Path projectScripts;
  ScriptFile myScript;
  ScriptFile projectScript;

  @BeforeEach
  void scripts() throws Exception {
    projectScripts = project.resolve(".graft/scripts");
    Files.createDirectories(projectScripts);
    Files.writeString(mine.resolve("tool.js"), "export default function (g) {}\n");
    Files.writeString(projectScripts.resolve("tool.js"), "export default function (g) {}\n");
    myScript = new ScriptFile(mine.resolve("tool.js").toRealPath(), mine.toRealPath(), "tool.js");
    projectScript =
        new ScriptFile(
            projectScripts.resolve("tool.js").toRealPath(), projectScripts.toRealPath(), "tool.js");
  }

  private void settings(Path file, String json) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, json);
  }

  /**
   * The plan of a run with --scripts MINE in PROJECT, the project's scripts trusted as they are
   * now.
   */
  private ScriptExec exec(int maxOutput) {
    return new ScriptExec(new GraftHome(home), plan(), maxOutput);
  }

  /** The plan {@link #exec} runs with: the grants the settings hold now. */
  private ScriptLocations.Plan plan() {
    return ScriptLocations.plan(
        new ScriptLocations.Request(
            new GraftHome(home), project, project, List.of(mine), List.of(), false),
        (p, store) -> {
          store.trust(p.dir(), p.fingerprint());
          return true;
        });
  }

  private static ObjectNode options(String json) throws Exception {
    return (ObjectNode) Json.parse(json);
  }

  private JsonNode run(
      ScriptExec exec, ScriptFile script, String command, List<String> args, String options)
      throws Exception {
    try {
      return exec.exec(script, command, args, options(options), project).get();
    } catch (ExecutionException e) {
      throw (Exception) e.getCause();
    }
  }

  @Test
  void withoutAGrantTheCallFailsNamingTheSettingToAdd() throws Exception {
    try (ScriptExec exec = exec(4096)) {
      assertThatThrownBy(() -> run(exec, myScript, "echo", List.of("hi"), "{}"))
          .isInstanceOf(SecurityException.class)
          .hasMessage(
              "exec is not granted to tool.js; to let it run echo, add \"scripts\": {\"exec\": {\"tool.js\": [\"echo\"]}} to "
                  + home.resolve("settings.json"));
    }
  }

  @Test
  void aPackagesScriptsShareTheGrantOfTheirPackage() throws Exception {
    Path pkg = project.resolve(".graft/packages/team-lib");
    Files.createDirectories(pkg.resolve("scripts"));
    Files.writeString(pkg.resolve("scripts/tool.js"), "export default function (g) {}\n");
    Files.writeString(
        project.resolve(".graft/packages.lock.json"),
        "{\"packages\": {\"team-lib\": {\"source\":"
            + " \"./team-lib\", \"resolved\": \"local\", \"version\": \"1.0.0\", \"hash\": \""
            + PackageFiles.hash(pkg)
            + "\"}}}");
    ScriptFile packaged =
        new ScriptFile(
            pkg.resolve("scripts/tool.js").toRealPath(),
            pkg.resolve("scripts").toRealPath(),
            "tool.js");
    // The project scripts' grant for their tool.js is not the package's.
    settings(
        project.resolve(".graft/settings.json"),
        "{\"scripts\": {\"exec\": {\"tool.js\": [\"echo\"]}}}");
    try (ScriptExec exec = exec(4096)) {
      assertThatThrownBy(() -> run(exec, packaged, "echo", List.of("hi"), "{}"))
          .isInstanceOf(SecurityException.class)
          .hasMessage(
              "exec is not granted to package team-lib; to let it run echo, add \"scripts\": {\"exec\":"
                  + " {\"package:team-lib\": [\"echo\"]}} to "
                  + project.resolve(".graft/settings.json")
                  + " (then trust the package again: graft scripts trust --package team-lib)");
    }
    settings(
        project.resolve(".graft/settings.json"),
        "{\"scripts\": {\"exec\": {\"package:team-lib\": [\"echo\"]}}}");
    try (ScriptExec exec = exec(4096)) {
      assertThat(
              run(exec, packaged, "echo", List.of("from", "package"), "{}").path("stdout").asText())
          .isEqualTo("from package\n");
    }
  }

  @Test
  void graftsOwnLauncherIsGrantedAsGraftWhereverItIsInstalled() throws Exception {
    Path launcher = Files.writeString(mine.resolve("graft"), "#!/bin/sh\necho launched \"$@\"\n");
    launcher.toFile().setExecutable(true);
    String self = launcher.toRealPath().toString();
    Map<String, String> env = Map.of("PATH", System.getenv("PATH"), GraftLauncher.VARIABLE, self);
    try (ScriptExec exec = new ScriptExec(new GraftHome(home), plan(), 4096, env)) {
      assertThatThrownBy(() -> run(exec, myScript, self, List.of("-p", "x"), "{}"))
          .as("process.execPath is granted by the name graft, not by where graft is installed")
          .hasMessage(
              "exec is not granted to tool.js; to let it run "
                  + self
                  + ", add \"scripts\": {\"exec\": {\"tool.js\": [\"graft\"]}} to "
                  + home.resolve("settings.json"));
    }
    settings(
        home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"tool.js\": [\"graft\"]}}}");
    try (ScriptExec exec = new ScriptExec(new GraftHome(home), plan(), 4096, env)) {
      assertThat(run(exec, myScript, self, List.of("-p", "x"), "{}").path("stdout").asText())
          .isEqualTo("launched -p x\n");
      assertThatThrownBy(() -> run(exec, myScript, "/bin/echo", List.of(), "{}"))
          .as("another path is another program")
          .hasMessageContaining("not /bin/echo");
    }
    Map<String, String> noLauncher = Map.of("PATH", System.getenv("PATH"));
    try (ScriptExec exec = new ScriptExec(new GraftHome(home), plan(), 4096, noLauncher)) {
      assertThatThrownBy(() -> run(exec, myScript, self, List.of(), "{}"))
          .as("a file that is not the launcher graft runs from is not graft")
          .hasMessageContaining("not " + self);
    }
  }

  @Test
  void aGrantedProgramRunsWithoutAShellInTheSessionDirectory() throws Exception {
    settings(
        home.resolve("settings.json"),
        "{\"scripts\": {\"exec\": {\"tool.js\": [\"echo\", \"pwd\", \"sh\"]}}}");
    try (ScriptExec exec = exec(4096)) {
      assertThat(run(exec, myScript, "echo", List.of("a b", "$HOME", ";", "ls"), "{}").toString())
          .isEqualTo(
              "{\"stdout\":\"a b $HOME ; ls\\n\",\"stderr\":\"\",\"code\":0,\"killed\":false}");
      assertThat(run(exec, myScript, "pwd", List.of(), "{}").get("stdout").textValue().strip())
          .isEqualTo(project.toRealPath().toString());
      Files.createDirectories(project.resolve("sub"));
      assertThat(
              run(exec, myScript, "pwd", List.of(), "{\"cwd\": \"sub\"}")
                  .get("stdout")
                  .textValue()
                  .strip())
          .isEqualTo(project.resolve("sub").toRealPath().toString());
      JsonNode failed = run(exec, myScript, "sh", List.of("-c", "echo oops >&2; exit 3"), "{}");
      assertThat(failed.get("code").intValue()).isEqualTo(3);
      assertThat(failed.get("stderr").textValue()).isEqualTo("oops\n");
      assertThatThrownBy(() -> run(exec, myScript, "cat", List.of("/etc/passwd"), "{}"))
          .hasMessageStartingWith(
              "exec: tool.js may run echo, pwd, sh, not cat; to allow it, add \"cat\" to scripts.exec");
      assertThatThrownBy(() -> run(exec, myScript, "/bin/echo", List.of(), "{}"))
          .as("a path is another program")
          .hasMessageContaining("not /bin/echo");
      assertThatThrownBy(() -> run(exec, myScript, "echo", List.of(), "{\"timeout\": -1}"))
          .hasMessage(
              "exec: timeout must be a positive number of milliseconds up to 2147483647 (24.8 days), or left out for"
                  + " none; not -1");
      assertThatThrownBy(() -> run(exec, myScript, "echo", List.of(), "{\"cwd\": \"missing\"}"))
          .hasMessage("exec: cwd missing is not a directory");
      assertThatThrownBy(() -> run(exec, myScript, "echo", List.of(), "{\"shell\": true}"))
          .hasMessageContaining("unknown option \"shell\"");
    }
  }

  @Test
  void projectGrantsApplyOnlyToTheProjectsScriptsAndYoursOnlyToYours() throws Exception {
    settings(
        project.resolve(".graft/settings.json"), "{\"scripts\": {\"exec\": {\"tool.js\": true}}}");
    try (ScriptExec exec = exec(4096)) {
      assertThat(
              run(exec, projectScript, "echo", List.of("from the project"), "{}")
                  .get("stdout")
                  .textValue())
          .isEqualTo("from the project\n");
      assertThatThrownBy(() -> run(exec, myScript, "echo", List.of(), "{}"))
          .as("the repository cannot grant your scripts")
          .hasMessageContaining("exec is not granted to tool.js")
          .hasMessageContaining(home.resolve("settings.json").toString());
    }
    Files.delete(project.resolve(".graft/settings.json"));
    settings(home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"tool.js\": true}}}");
    try (ScriptExec exec = exec(4096)) {
      assertThat(run(exec, myScript, "echo", List.of("mine"), "{}").get("stdout").textValue())
          .isEqualTo("mine\n");
      assertThatThrownBy(() -> run(exec, projectScript, "echo", List.of(), "{}"))
          .hasMessageContaining(project.resolve(".graft/settings.json").toString())
          .hasMessageContaining("then trust the project's scripts again");
    }
  }

  @Test
  void aProjectGrantIsPartOfWhatIsTrusted() throws Exception {
    ScriptLocations.Request request =
        new ScriptLocations.Request(
            new GraftHome(home), project, project, List.of(), List.of(), false);
    ScriptLocations.Plan first =
        ScriptLocations.plan(
            request,
            (p, store) -> {
              store.trust(p.dir(), p.fingerprint());
              return true;
            });
    assertThat(first.projectLoaded()).isTrue();
    settings(
        project.resolve(".graft/settings.json"),
        "{\"scripts\": {\"exec\": {\"tool.js\": [\"curl\"]}}}");
    ScriptLocations.Plan after = ScriptLocations.plan(request, ScriptLocations.TrustDecision.SKIP);
    assertThat(after.projectLoaded())
        .as("a repository that adds a grant needs trust again")
        .isFalse();
    assertThat(TrustDecisions.notLoaded(after.project().orElseThrow()))
        .contains("the exec grants in .graft/settings.json changed");
  }

  @Test
  void aTimeoutKillsTheProgramAndWhatItStarted() throws Exception {
    settings(home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"tool.js\": [\"sh\"]}}}");
    try (ScriptExec exec = exec(4096)) {
      JsonNode r =
          run(
              exec,
              myScript,
              "sh",
              List.of("-c", "sleep 300 & echo $!; wait"),
              "{\"timeout\": 500}");
      assertThat(r.get("killed").booleanValue()).isTrue();
      long child = Long.parseLong(r.get("stdout").textValue().strip());
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false))
          .as("the background child")
          .isFalse();
    }
  }

  @Test
  void outputIsBoundedAndSaysSo() throws Exception {
    settings(home.resolve("settings.json"), "{\"scripts\": {\"exec\": {\"tool.js\": [\"seq\"]}}}");
    try (ScriptExec exec = exec(1024)) {
      String out =
          run(exec, myScript, "seq", List.of("1", "100000"), "{}").get("stdout").textValue();
      assertThat(out)
          .startsWith("1\n2\n3\n")
          .contains("[graft: output truncated: ")
          .hasSizeLessThan(1200);
    }
  }

  @Test
  void wrongGrantsAreReportedAndIgnored() throws Exception {
    settings(
        home.resolve("settings.json"),
        "{\"scripts\": {\"exec\": {\"a.js\": \"git\", \"b.js\": [\"git\", 3], \"c.js\": false}}}");
    var grants = ScriptGrants.load(new GraftHome(home), project);
    assertThat(grants.user()).isEmpty();
    assertThat(grants.problems())
        .containsExactly(
            home.resolve("settings.json")
                + ": scripts.exec.a.js must be true, false or a list of program names; ignored",
            home.resolve("settings.json")
                + ": scripts.exec.b.js must list program names (non-empty strings); ignored");
  }
}
