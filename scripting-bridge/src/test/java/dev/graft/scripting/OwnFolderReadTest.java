package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptPermissions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script reads its own folder without a grant only when that folder holds neither the project
 * (the working directory) nor the user's home: a script beside a project's {@code .env}, or saved
 * in the home folder, reads nothing there, and the refusal says why.
 */
class OwnFolderReadTest {
  @TempDir Path temp;

  private static final String READ =
      """
      const attempt = (fn) => { try { return fn(); } catch (e) { return "ERR " + e.code + ": " + e.message; } };
      async function probe() {
        return {
          env: attempt(() => fs.readFileSync(DIR + "/.env", "utf8")),
          config: attempt(() => fs.readFileSync(new URL("./config.json", import.meta.url), "utf8")),
        };
      }
      """;

  private static NodeAccess access(Path cwd, Path home) {
    return new NodeAccess(
        cwd,
        home,
        Map.of(),
        new ScriptPermissions(
            List.of(),
            List.of(),
            List.of(),
            Set.of(),
            new ScriptPermissions.GrantAdvice.InSettings(
                "probe.js", Path.of("/settings.json"), "")));
  }

  private JsonNode probe(ScriptFixture f, Path cwd, Path home) throws Exception {
    Files.writeString(f.dir.resolve(".env"), "SECRET=hunter2");
    Files.writeString(f.dir.resolve("config.json"), "{}");
    f.host.nodeAccess = access(cwd, home);
    return NodeProbe.inGraft(
        f, "import fs from \"node:fs\";", READ.replace("DIR", "\"" + f.dir.toRealPath() + "\""));
  }

  @Test
  void aScriptBesideTheProjectsEnvInTheWorkingDirectoryIsRefused() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      JsonNode r = probe(f, f.dir, temp.resolve("home"));
      String env = f.dir.resolve(".env").toString();
      assertThat(r.get("env").asText())
          .isEqualTo(
              "ERR ERR_ACCESS_DENIED: fs.readFileSync(\""
                  + env
                  + "\"): read access to "
                  + env
                  + " is not granted to probe.js (its own folder is the project's, so it is not"
                  + " readable without a grant); add \"scripts\": {\"permissions\": {\"probe.js\":"
                  + " {\"read\": [\""
                  + env
                  + "\"]}}} to /settings.json");
      assertThat(r.get("config").asText()).startsWith("ERR ERR_ACCESS_DENIED");
    }
  }

  @Test
  void aFolderThatHoldsTheProjectIsNotTheScriptsOwn() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      Path project = Files.createDirectories(f.dir.resolve("work/proj"));
      JsonNode r = probe(f, project, temp.resolve("home"));
      assertThat(r.get("env").asText())
          .startsWith("ERR ERR_ACCESS_DENIED")
          .contains("(its own folder holds the project, so it is not readable without a grant)");
    }
  }

  @Test
  void aScriptInAFolderOfItsOwnReadsItsFolder() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      Path project = Files.createDirectories(temp.resolve("proj"));
      Path home = Files.createDirectories(temp.resolve("home"));
      JsonNode r = probe(f, project, home);
      assertThat(r.get("env").asText()).isEqualTo("SECRET=hunter2");
      assertThat(r.get("config").asText()).isEqualTo("{}");
    }
  }

  @Test
  void theHomeFolderAsTheScriptsFolderIsRefused() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      Path project = Files.createDirectories(temp.resolve("proj"));
      JsonNode r = probe(f, project, f.dir);
      assertThat(r.get("env").asText())
          .startsWith("ERR ERR_ACCESS_DENIED")
          .contains(
              "is not granted to probe.js (its own folder is your home folder, so it is not"
                  + " readable without a grant); add ");
      assertThat(r.get("config").asText()).startsWith("ERR ERR_ACCESS_DENIED");
    }
  }

  @Test
  void aFolderThatHoldsTheHomeFolderIsNotTheScriptsOwn() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      Path project = Files.createDirectories(temp.resolve("proj"));
      Path home = Files.createDirectories(f.dir.resolve("users/me"));
      JsonNode r = probe(f, project, home);
      assertThat(r.get("env").asText())
          .contains(
              "(its own folder holds your home folder, so it is not readable without a grant)");
    }
  }

  @Test
  void foldersAreComparedByWholeNamesAndRealPaths() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp.toRealPath())) {
      // scripts2 is not under scripts; a link to the scripts folder is the scripts folder.
      Path beside = Files.createDirectories(temp.resolve("scripts2"));
      JsonNode r = probe(f, beside, temp.resolve("home"));
      assertThat(r.get("config").asText()).isEqualTo("{}");
      Path link = Files.createSymbolicLink(temp.resolve("link"), f.dir);
      f.host.nodeAccess = access(link, temp.resolve("home"));
      JsonNode linked =
          NodeProbe.inGraft(
              f,
              "import fs from \"node:fs\";",
              READ.replace("DIR", "\"" + f.dir.toRealPath() + "\""));
      assertThat(linked.get("config").asText())
          .startsWith("ERR ERR_ACCESS_DENIED")
          .contains("its own folder is the project's");
    }
  }
}
