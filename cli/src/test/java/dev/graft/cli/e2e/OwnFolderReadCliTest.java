package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.session.SessionEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script reads its own folder without a grant only when that folder is neither the project nor
 * the home folder (nor holds either), end to end: {@code -s ./gate.js} in a project's root reads no
 * {@code .env}, {@code -s tools/gate.js} reads its own folder, and a script saved in the home
 * folder reads no {@code ~/.ssh}. The refusal says why and what to grant.
 */
class OwnFolderReadCliTest {
  @TempDir Path temp;

  private static final String GATE =
      """
      import fs from "node:fs";
      const attempt = (fn) => { try { return fn(); } catch (e) { return "ERR " + e.message; } };
      export default function (pi) {
        pi.on("agent_start", () => {
          pi.appendEntry("probe", {
            env: attempt(() => fs.readFileSync(FILE, "utf8")),
            own: attempt(() => fs.readFileSync(new URL("./config.json", import.meta.url), "utf8")),
          });
        });
      }
      """;

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static JsonNode probe(Path home, Path project) throws Exception {
    return LastSession.entries(home, project).stream()
        .filter(e -> e instanceof SessionEntry.Custom c && c.customType().equals("probe"))
        .map(e -> ((SessionEntry.Custom) e).data().orElseThrow())
        .reduce((a, b) -> b)
        .orElseThrow();
  }

  @Test
  void aScriptInTheProjectsRootReadsNoEnvAndOneInAFolderOfItsOwnReadsItsFolder() throws Exception {
    Path home = Files.createDirectories(temp.resolve("graft-home"));
    Path proj = Files.createDirectories(temp.resolve("proj")).toRealPath();
    write(proj.resolve(".env"), "SECRET=hunter2");
    write(proj.resolve("config.json"), "{\"root\": true}");
    write(proj.resolve("gate.js"), GATE.replace("FILE", "\".env\""));
    write(proj.resolve("tools/config.json"), "{\"tools\": true}");
    write(proj.resolve("tools/gate.js"), GATE.replace("FILE", "\".env\""));
    write(proj.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n{\"text\": \"ok\"}\n");

    CliRun root =
        CliRun.run(
            home,
            proj,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "-s",
            "./gate.js",
            "go");
    assertThat(root.exitCode()).as(root.err()).isZero();
    JsonNode r = probe(home, proj);
    String env = proj.resolve(".env").toString();
    assertThat(r.get("env").asText())
        .isEqualTo(
            "ERR fs.readFileSync(\".env\"): read access to "
                + env
                + " is not granted to gate.js (its own folder is the project's, so it is not"
                + " readable without a grant); add \"scripts\": {\"permissions\": {\"gate.js\":"
                + " {\"read\": [\""
                + env
                + "\"]}}} to "
                + home.resolve("settings.json"));
    assertThat(r.get("own").asText()).startsWith("ERR fs.readFileSync(").contains("config.json");

    CliRun tools =
        CliRun.run(
            home,
            proj,
            "-p",
            "--provider",
            "scripted",
            "--model",
            "turns.jsonl",
            "-s",
            "tools/gate.js",
            "go");
    assertThat(tools.exitCode()).as(tools.err()).isZero();
    JsonNode t = probe(home, proj);
    assertThat(t.get("own").asText()).isEqualTo("{\"tools\": true}");
    assertThat(t.get("env").asText())
        .startsWith("ERR fs.readFileSync(\".env\"): read access to " + env + " is not granted")
        .doesNotContain("its own folder");
  }

  @Test
  void aScriptSavedInTheHomeFolderReadsNothingThere() throws Exception {
    Path graftHome = Files.createDirectories(temp.resolve("graft-home"));
    Path userHome = Files.createDirectories(temp.resolve("me")).toRealPath();
    Path proj = Files.createDirectories(temp.resolve("proj")).toRealPath();
    write(userHome.resolve(".ssh/id_ed25519"), "PRIVATE KEY");
    write(userHome.resolve("config.json"), "{}");
    String key = userHome.resolve(".ssh/id_ed25519").toString();
    write(userHome.resolve("gate.js"), GATE.replace("FILE", "\"" + key + "\""));
    write(proj.resolve("turns.jsonl"), "{\"text\": \"ok\"}\n");

    List<String> command =
        new ArrayList<>(
            CliRun.processCommand(
                "-p",
                "--provider",
                "scripted",
                "--model",
                "turns.jsonl",
                "-s",
                userHome.resolve("gate.js").toString(),
                "go"));
    command.add(1, "-Duser.home=" + userHome);
    Path err = temp.resolve("stderr.txt");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(proj.toFile())
            .redirectOutput(temp.resolve("stdout.txt").toFile())
            .redirectError(err.toFile());
    pb.environment().put("GRAFT_HOME", graftHome.toString());
    pb.environment().put("HOME", userHome.toString());
    // graft -p reads a stdin that is not a terminal to its end: it is given none
    Process graft = pb.start();
    graft.getOutputStream().close();
    assertThat(graft.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(graft.exitValue()).as(Files.readString(err)).isZero();
    JsonNode r = probe(graftHome, proj);
    assertThat(r.get("env").asText())
        .isEqualTo(
            "ERR fs.readFileSync(\""
                + key
                + "\"): read access to "
                + key
                + " is not granted to gate.js (its own folder is your home folder, so it is not"
                + " readable without a grant); add \"scripts\": {\"permissions\": {\"gate.js\":"
                + " {\"read\": [\""
                + key
                + "\"]}}} to "
                + graftHome.resolve("settings.json"));
    assertThat(r.get("own").asText()).startsWith("ERR fs.readFileSync(");
  }
}
