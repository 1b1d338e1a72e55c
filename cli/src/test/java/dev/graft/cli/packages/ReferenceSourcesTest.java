package dev.graft.cli.packages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.cli.base.UserError;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The reference's package sources, as graft scripts add and -e take them, read into graft's. */
class ReferenceSourcesTest {
  private static final Path BASE = Path.of("/nonexistent-base");

  private static PackageSource.Git git(String text) {
    return (PackageSource.Git) PackageSource.parse(text, BASE);
  }

  @Test
  void theReferencesGitFormsBecomeGitSources() {
    assertThat(git("git:github.com/user/repo@v1"))
        .isEqualTo(new PackageSource.Git("https://github.com/user/repo", Optional.of("v1")));
    assertThat(git("git:github.com/user/repo"))
        .isEqualTo(new PackageSource.Git("https://github.com/user/repo", Optional.empty()));
    assertThat(git("git:git@github.com:user/repo@v2.1"))
        .isEqualTo(new PackageSource.Git("git@github.com:user/repo", Optional.of("v2.1")));
    assertThat(git("https://github.com/user/repo@v1"))
        .isEqualTo(new PackageSource.Git("https://github.com/user/repo", Optional.of("v1")));
    assertThat(git("ssh://git@host.example/team/repo.git@main"))
        .isEqualTo(
            new PackageSource.Git("ssh://git@host.example/team/repo.git", Optional.of("main")));
    assertThat(git("git:file:///srv/repo.git@v1"))
        .isEqualTo(new PackageSource.Git("file:///srv/repo.git", Optional.of("v1")));
    assertThat(git("git:https://gitlab.com/g/p"))
        .isEqualTo(new PackageSource.Git("https://gitlab.com/g/p", Optional.empty()));
    assertThat(git("git:https://gitlab.com/g/p").text()).isEqualTo("git+https://gitlab.com/g/p");
  }

  @Test
  void npmScopedNamesWithVersionsAreNpmSources() {
    assertThat(PackageSource.parse("npm:@scope/pkg@1.2.3", BASE))
        .isEqualTo(new PackageSource.Npm("@scope/pkg@1.2.3"));
  }

  @Test
  void aSourceThatIsNoneOfThemSaysWhatIsTaken() {
    assertThatThrownBy(() -> PackageSource.parse("git:nohost@v1", BASE))
        .isInstanceOf(UserError.class)
        .hasMessageContaining("give git:HOST/USER/REPO[@REF]");
    assertThatThrownBy(() -> PackageSource.parse("git:github.com/u/r@-x", BASE))
        .isInstanceOf(UserError.class)
        .hasMessageContaining("\"-x\" is not a tag, branch or commit");
    assertThatThrownBy(() -> PackageSource.parse("git:ext::sh -c evil", BASE))
        .isInstanceOf(UserError.class);
  }
}
