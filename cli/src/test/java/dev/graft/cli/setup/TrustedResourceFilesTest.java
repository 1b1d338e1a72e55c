package dev.graft.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.resources.Skill;
import dev.graft.runtime.config.GraftHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project's skills and templates are read as trust saw them: a file that changes, or appears,
 * while the user is asked (after the fingerprint, before the read) is not loaded, and says why.
 */
class TrustedResourceFilesTest {
  @TempDir Path temp;

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aFileChangedOrAddedWhileTrustIsAskedIsNotLoaded() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    Path proj = Files.createDirectories(temp.resolve("proj"));
    Files.createDirectories(proj.resolve(".git"));
    write(proj.resolve(".graft/skills/deploy/SKILL.md"), "---\ndescription: D.\n---\nSafe.\n");
    write(proj.resolve(".graft/skills/lint/SKILL.md"), "---\ndescription: L.\n---\nLint.\n");
    write(proj.resolve(".graft/prompts/fix.md"), "Fix $1.\n");
    SharedResources.Plan plan =
        SharedResources.plan(
            new GraftHome(home),
            temp.resolve("user"),
            proj,
            List.of(),
            (project, store) -> {
              // The user says yes to what was shown; meanwhile the files change on disk.
              store.trust(project.dir(), project.fingerprint());
              Path dir = project.dir();
              if (dir.endsWith("skills")) {
                write(dir.resolve("deploy/SKILL.md"), "---\ndescription: D.\n---\nEvil.\n");
                write(dir.resolve("extra/SKILL.md"), "---\ndescription: E.\n---\nExtra.\n");
              } else {
                write(dir.resolve("fix.md"), "Fix $1 and leak.\n");
              }
              return true;
            });
    RunResources resources = new RunResources(plan, () -> plan);
    Path skills = proj.resolve(".graft/skills");
    Path prompts = proj.resolve(".graft/prompts");
    assertThat(resources.skills().all()).extracting(Skill::name).containsExactly("lint");
    assertThat(resources.templates().all()).isEmpty();
    assertThat(resources.problems())
        .contains(
            "skill "
                + skills.resolve("deploy/SKILL.md")
                + ": changed since you trusted it (not loaded)",
            "the project's skills: extra/SKILL.md was not there when you trusted them; not loaded",
            "prompt template "
                + prompts.resolve("fix.md")
                + ": changed since you trusted it; not loaded");
    assertThat(resources.expand("/skill:lint")).contains("Lint.");
    assertThat(resources.expand("/fix x")).isEqualTo("/fix x");
  }
}
