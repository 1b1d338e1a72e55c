package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** graft scripts list/check/trust/untrust, project scripts in runs, /scripts and /reload. */
class ScriptsCommandTest {
  @TempDir Path home;
  @TempDir Path work;
  Path proj;

  @BeforeEach
  void files() throws Exception {
    proj = work.resolve("proj");
    Files.createDirectories(proj.resolve(".graft/scripts/lib"));
    Files.writeString(
        proj.resolve(".graft/scripts/mark.js"),
        """
        import { TYPE } from "./lib/names.js";
        export default function (graft) {
          graft.on("agent_start", () => { graft.appendEntry(TYPE, { ok: true }); });
          graft.registerCommand("marked", { description: "d", handler: () => "text" });
        }
        """);
    Files.writeString(
        proj.resolve(".graft/scripts/lib/names.js"), "export const TYPE = \"project-mark\";\n");
    Files.createDirectories(work.resolve("s"));
    Files.writeString(
        work.resolve("s/ok.js"),
        """
        export default function (graft) {
          graft.on("context", () => {});
          graft.on("tool_call", () => {});
          graft.registerTool({ name: "t1", description: "a tool", execute: async () => ({ content: [] }) });
        }
        """);
    Files.writeString(
        work.resolve("s/bad.js"),
        "export default function (graft) {\n  graft.on(42, () => {});\n}\n");
    Files.writeString(work.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");
  }

  private CliRun run(String... args) {
    return CliRun.run(home, proj, args);
  }

  private String sessionText() throws Exception {
    Path sessions = home.resolve("sessions");
    try (var files = Files.walk(sessions)) {
      StringBuilder all = new StringBuilder();
      for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
        all.append(Files.readString(f));
      }
      return all.toString();
    }
  }

  @Test
  void listShowsSourceTrustEventsCommandsToolsAndLoadErrors() {
    CliRun r = run("scripts", "list", "--scripts", "../s");
    assertThat(r.exitCode()).as("bad.js has a problem").isEqualTo(1);
    assertThat(r.out())
        .contains("ok.js  (--scripts)  " + work.resolve("s/ok.js"))
        .contains("  events:   context, tool_call")
        .contains("  tools:    t1")
        .contains("bad.js  (--scripts, not loaded)")
        .contains("graft.on: the event name must be a string, not a number")
        .contains("mark.js  (project, untrusted, not loaded)")
        .contains("to run them: graft scripts trust " + proj.resolve(".graft/scripts"));
    assertThat(r.out().indexOf("bad.js  (--scripts"))
        .as("in load order: bad.js before ok.js, though it failed")
        .isLessThan(r.out().indexOf("ok.js  (--scripts"));

    CliRun json = run("scripts", "list", "--format", "json");
    assertThat(json.exitCode()).isZero();
    assertThat(json.out())
        .contains("\"name\":\"mark.js\"")
        .contains("\"source\":\"project\"")
        .contains("\"trust\":\"untrusted\"")
        .contains("\"loaded\":false");
  }

  @Test
  void listAndCheckLoadScriptsWithTheGrantsARunGivesThem() throws Exception {
    Path data = Files.createDirectories(work.resolve("data"));
    Files.writeString(data.resolve("words.txt"), "granted words");
    Path scripts = Files.createDirectories(home.resolve("scripts"));
    String reads =
        """
        import fs from "node:fs";
        const words = fs.readFileSync(%s, "utf8");
        export default function (graft) { graft.registerCommand("words", { handler: () => words }); }
        """;
    String file = "\"" + data.resolve("words.txt") + "\"";
    Files.writeString(scripts.resolve("granted.js"), reads.formatted(file));
    Files.writeString(scripts.resolve("ungranted.js"), reads.formatted(file));
    Files.writeString(
        home.resolve("settings.json"),
        "{\"scripts\": {\"permissions\": {\"granted.js\": {\"read\": [\"" + data + "\"]}}}}");

    CliRun list = run("scripts", "list");
    assertThat(list.out())
        .contains("granted.js  (user)")
        .contains("  grants:   read " + data)
        .contains(
            "ungranted.js: loading failed: Error: fs.readFileSync(\""
                + data.resolve("words.txt")
                + "\"): read access to "
                + data.resolve("words.txt")
                + " is not granted to ungranted.js; add \"scripts\": {\"permissions\":"
                + " {\"ungranted.js\": {\"read\": [\""
                + data.resolve("words.txt")
                + "\"]}}} to "
                + home.resolve("settings.json"));
    assertThat(list.out().split("loading failed", -1)).hasSize(2);

    CliRun check = run("scripts", "check", scripts.resolve("granted.js").toString());
    assertThat(check.exitCode()).as(check.out()).isZero();
    assertThat(check.out()).contains("granted.js: loads; commands /words");
  }

  @Test
  void checkAndListSayWhatARunLeavesOutOrReplacesForABuiltInName() throws Exception {
    Files.createDirectories(work.resolve("d"));
    Files.writeString(
        work.resolve("d/dupe.js"),
        """
        export default function (graft) {
          graft.registerCommand("model", { handler: () => {} });
          graft.registerTool({ name: "read", description: "mine", execute: async () => ({ content: [] }) });
        }
        """);
    CliRun check = run("scripts", "check", work.resolve("d/dupe.js").toString());
    // Neither is a problem: the command is left out with a warning, the tool replaces read.
    assertThat(check.exitCode()).isZero();
    assertThat(check.out())
        .contains("tools read (replaces built-in tool read)")
        .contains(
            work.resolve("d/dupe.js")
                + ": warning: script command not added: /model exists already (from built-in)")
        .contains("No problems found (1 warning).")
        .doesNotContain("left out");
    CliRun list = run("scripts", "list", "--scripts", "../d");
    assertThat(list.out())
        .contains("  warning:  script command not added: /model exists already (from built-in)")
        .contains("tools:    read (replaces built-in tool read)");
  }

  @Test
  void aCommandWithABuiltInNameIsAWarningAsInTheReference() throws Exception {
    // The reference keeps its /quit and warns; the script's other commands and tools still load.
    Files.createDirectories(work.resolve("q"));
    Files.writeString(
        work.resolve("q/quit.js"),
        """
        export default function (graft) {
          graft.registerCommand("quit", { handler: () => {} });
          graft.registerCommand("bye", { handler: () => {} });
        }
        """);
    CliRun check = run("scripts", "check", work.resolve("q/quit.js").toString());
    assertThat(check.exitCode()).isZero();
    assertThat(check.out())
        .isEqualTo(
            work.resolve("q/quit.js")
                + ": loads; commands /quit, /bye\n"
                + work.resolve("q/quit.js")
                + ": warning: script command not added: /quit exists already (from built-in)\n"
                + "No problems found (1 warning).\n");
    CliRun list = run("scripts", "list", "--scripts", "../q");
    assertThat(list.exitCode()).isZero();
    assertThat(list.out())
        .contains("  commands: /quit, /bye")
        .contains("  warning:  script command not added: /quit exists already (from built-in)")
        .doesNotContain("problem:");
    CliRun json = run("scripts", "list", "--scripts", "../q", "--format", "json");
    assertThat(json.out())
        .contains(
            "\"problems\":[],\"warnings\":[\"script command not added: /quit exists already"
                + " (from built-in)\"]");
  }

  @Test
  void checkReportsFileAndLineAndExitsOneOnProblems() throws Exception {
    CliRun bad = run("scripts", "check", "../s/bad.js");
    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.out())
        .startsWith(
            work.resolve("s/bad.js")
                + ":2: loading failed: TypeError: graft.on: the event name must"
                + " be a string, not a number")
        .contains("1 problem.");
    // An event graft never emits loads, with one warning, and check lists it apart: not a problem.
    Files.writeString(
        work.resolve("s/later.js"),
        "export default function (pi) {\n  pi.on(\"agent_settled\", () => {});\n"
            + "  pi.on(\"agent_settled\", () => {});\n  pi.on(\"after_provider_response\", () => {});\n  pi.on(\"context\", () => {});\n}\n");
    CliRun later = run("scripts", "check", "../s/later.js");
    assertThat(later.exitCode()).as(later.out()).isZero();
    assertThat(later.out())
        .contains(": loads; events agent_settled, after_provider_response, context")
        .contains(
            "later.js: events graft never emits (their handlers are never called): agent_settled, after_provider_response")
        .contains("No problems found.");
    Files.writeString(
        work.resolve("s/syntax.js"),
        "export default function (graft) {\n\n  graft.on(\"context\", ;\n}\n");
    CliRun syntax = run("scripts", "check", "../s/syntax.js");
    assertThat(syntax.exitCode()).isEqualTo(1);
    assertThat(syntax.out())
        .startsWith(work.resolve("s/syntax.js") + ":3: loading failed: SyntaxError");

    CliRun ok = run("scripts", "check", "../s/ok.js");
    assertThat(ok.exitCode()).as(ok.out()).isZero();
    assertThat(ok.out())
        .isEqualTo(
            work.resolve("s/ok.js")
                + ": loads; events context, tool_call; tools t1\nNo problems found.\n");

    CliRun missing = run("scripts", "check", "nothing.js");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).isEqualTo("graft: nothing.js: no such script file\n");
  }

  @Test
  void aDirectoryGivenAsAScriptFileIsSaidToBeOneWithWhatToGiveInstead() throws Exception {
    Files.createDirectories(work.resolve("indexed"));
    Files.writeString(work.resolve("indexed/index.js"), "export default function (graft) {}\n");

    CliRun run =
        run("-p", "--provider", "scripted", "--model", "../turns.jsonl", "-s", "../indexed", "hi");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "graft: -s ../indexed: a directory, not a script file: --scripts ../indexed loads"
                + " the scripts in it, or give ../indexed/index.js\n");

    CliRun plain =
        run("-p", "--provider", "scripted", "--model", "../turns.jsonl", "-s", "../s", "hi");
    assertThat(plain.exitCode()).isEqualTo(1);
    assertThat(plain.err())
        .as("no index script to name")
        .isEqualTo(
            "graft: -s ../s: a directory, not a script file: --scripts ../s loads the scripts in it\n");

    CliRun check = run("scripts", "check", "../indexed");
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.err())
        .isEqualTo(
            "graft: ../indexed: a directory, not a script file: graft scripts list --scripts"
                + " ../indexed lists the scripts in it and their problems, or give ../indexed/index.js\n");

    CliRun dryRun = run("scripts", "dry-run", "nothing.jsonl", "-s", "../indexed");
    assertThat(dryRun.exitCode()).isEqualTo(1);
    assertThat(dryRun.err())
        .startsWith("graft: -s ../indexed: a directory, not a script file: --scripts ../indexed");
  }

  @Test
  void projectScriptsRunOnlyOnceTrustedAndAChangeNeedsTrustAgain() throws Exception {
    String[] prompt = {"-p", "--provider", "scripted", "--model", "../turns.jsonl", "hi"};
    CliRun before = run(prompt);
    assertThat(before.exitCode()).isZero();
    assertThat(before.err())
        .isEqualTo(
            "graft: the project's scripts in "
                + proj.resolve(".graft/scripts")
                + " are not loaded: they are not trusted yet; to run them: graft scripts trust "
                + proj.resolve(".graft/scripts")
                + "\n");
    assertThat(sessionText()).doesNotContain("project-mark");

    CliRun noTerminal = run("scripts", "trust");
    assertThat(noTerminal.exitCode()).isEqualTo(1);
    assertThat(noTerminal.err()).contains("add --yes");
    CliRun trust = run("scripts", "trust", "--yes");
    assertThat(trust.exitCode()).isZero();
    assertThat(trust.out())
        .contains("  mark.js\n")
        .contains("  lib/names.js\n")
        .contains("Fingerprint: sha256:")
        .contains("Trusted:");

    CliRun after = run(prompt);
    assertThat(after.err()).isEmpty();
    assertThat(sessionText()).contains("project-mark");
    assertThat(run("scripts", "list").out())
        .contains("mark.js  (project, trusted)")
        .contains("commands: /marked");

    Files.writeString(
        proj.resolve(".graft/scripts/lib/names.js"), "export const TYPE = \"changed\";\n");
    CliRun changed = run(prompt);
    assertThat(changed.err())
        .contains("they changed since you trusted them (changed: lib/names.js)");

    CliRun untrust = run("scripts", "untrust", ".");
    assertThat(untrust.out())
        .isEqualTo("No longer trusted: " + proj.resolve(".graft/scripts") + "\n");
    assertThat(run(prompt).err()).contains("they are not trusted yet");
  }

  @Test
  void theInteractiveModeAsksOnceAtStartThenScriptsAndReloadWork() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String input =
        "y\n/scripts\n!echo 'export default function (g) { g.registerCommand(\"later\", {description: \"added\", handler: () => {}}); }' > .graft/scripts/later.js\n"
            + "/reload\n/scripts\n/quit\n";
    CliContext context =
        new CliContext(
            Map.of(),
            new GraftHome(home),
            proj,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    int code = Graft.run(context, "--provider", "scripted", "--model", "../turns.jsonl");
    assertThat(code).as(err.toString()).isZero();
    String text = out.toString();
    assertThat(text)
        .contains("This project has hook scripts that you have not trusted yet")
        .contains("Trusted;");
    int firstList = text.indexOf("> /scripts");
    int reload = text.indexOf("> /reload");
    assertThat(text.substring(firstList, reload))
        .contains("mark.js  (project, trusted)")
        .contains("commands: /marked");
    String afterReload = text.substring(reload);
    assertThat(afterReload)
        .contains("not loaded: they changed since you trusted them (added: later.js)")
        .contains("scripts: 0 loaded");
    assertThat(afterReload.substring(afterReload.indexOf("> /scripts")))
        .contains("later.js  (project, changed, not loaded)");
  }

  @Test
  void reloadLoadsNewScriptsOfYourOwnAndTheirCommands() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String input =
        "n\n!echo 'export default function (g) { g.registerCommand(\"later\", {description: \"added later\", handler: () => {}}); }' > ../s/later.js\n"
            + "/reload\n/help\n/scripts\n/quit\n";
    CliContext context =
        new CliContext(
            Map.of(),
            new GraftHome(home),
            proj,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
    Files.delete(work.resolve("s/bad.js"));
    int code =
        Graft.run(
            context,
            "--no-session",
            "--scripts",
            "../s",
            "--provider",
            "scripted",
            "--model",
            "../turns.jsonl");
    assertThat(code).as(err.toString()).isZero();
    String afterReload = out.toString().substring(out.toString().indexOf("> /reload"));
    assertThat(out.toString()).contains("Not loaded this time.");
    assertThat(afterReload)
        .contains("scripts: 2 loaded (later.js, ok.js)")
        .contains("/later")
        .contains("added later")
        .contains("later.js  (--scripts)");
  }
}
