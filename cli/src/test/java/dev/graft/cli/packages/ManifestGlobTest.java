package dev.graft.cli.packages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.graft.cli.base.UserError;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Manifest globs match as minimatch 10 (the reference's) matches them, in time bounded by the
 * glob's length times the path's (review of issue 22, defect 3). The expected answers are
 * minimatch's, printed by {@code minimatch(path, glob)} for each pair.
 */
class ManifestGlobTest {
  private static void expect(String glob, Map<String, Boolean> answers) {
    ManifestGlob g = ManifestGlob.literal(glob);
    answers.forEach(
        (path, want) -> assertThat(g.matches(path)).as(glob + " against " + path).isEqualTo(want));
  }

  @Test
  void matchesAsMinimatchDoes() {
    expect("*.ts", Map.of("a.ts", true, ".a.ts", false, "x/a.ts", false, "a.tsx", false));
    expect(
        "src/**/index.ts",
        Map.of(
            "src/index.ts",
            true,
            "src/a/index.ts",
            true,
            "src/a/b/index.ts",
            true,
            "src/.hidden/index.ts",
            false,
            "srcx/index.ts",
            false));
    expect(
        "**/skip.ts",
        Map.of("skip.ts", true, "a/skip.ts", true, ".a/skip.ts", false, "/tmp/x/skip.ts", true));
    expect("src/*", Map.of("src", false, "src/a", true, "src/a/b", false, "src/.a", false));
    expect("src/**", Map.of("src", false, "src/a", true, "src/a/b", true, "src/.a", false));
    expect("a?c.ts", Map.of("abc.ts", true, "ac.ts", false, "a/c.ts", false));
    expect("[ab]*.ts", Map.of("a1.ts", true, "b.ts", true, "c.ts", false));
    expect("[!ab]*.ts", Map.of("a1.ts", false, "c.ts", true, ".c.ts", false));
    expect("[^a-c]x.js", Map.of("dx.js", true, "bx.js", false));
    expect("[[:digit:]]*.ts", Map.of("1a.ts", true, "a1.ts", false));
    expect("[]]x", Map.of("]x", true, "ax", false));
    expect("{a,b}/*.ts", Map.of("a/x.ts", true, "b/x.ts", true, "c/x.ts", false));
    expect("x{a,b{c,d}}y", Map.of("xay", true, "xbcy", true, "xbdy", true, "xby", false));
    expect("{x}.ts", Map.of("{x}.ts", true, "x.ts", false));
    expect("\\*.ts", Map.of("*.ts", true, "a.ts", false));
    expect(".*", Map.of(".a", true, "a", false));
    expect("a/**/b", Map.of("a/b", true, "a/x/b", true, "a/x/y/b", true, "a/.x/b", false));
    expect("a**b.ts", Map.of("ab.ts", true, "axxb.ts", true, "a/b.ts", false));
  }

  @Test
  void aGlobMadeToBacktrackAnswersAtOnce() {
    // The review's glob: a backtracking regular expression took minutes over a name of 200 a's
    // (minimatch itself does not finish either); here each name costs the glob's length times its
    // own.
    String glob = "*a".repeat(30) + "b.ts";
    String name = "a".repeat(200) + ".ts";
    boolean[] matched = new boolean[2];
    assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> {
          ManifestGlob g = ManifestGlob.of(glob);
          for (int i = 0; i < 1_000; i++) {
            matched[0] |= g.matches(name);
            matched[1] |= g.matches("dir/" + "a".repeat(100) + "b.ts");
          }
        });
    assertThat(matched[0]).isFalse();
    assertThat(matched[1]).isFalse();
    assertThat(ManifestGlob.of(glob).matches("a".repeat(60) + "b.ts")).isTrue();
  }

  @Test
  void bracesAndLengthHaveCaps() {
    assertThatThrownBy(() -> ManifestGlob.of("{a,b}".repeat(7) + "*.ts"))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith(
            "a glob in package.json stands for more than 64 globs once its braces are expanded (the cap)");
    assertThat(ManifestGlob.of("{a,b}".repeat(6) + "*.ts").size()).isEqualTo(64);
    assertThatThrownBy(() -> ManifestGlob.of("*".repeat(1_025)))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("a glob in package.json is longer than 1024 characters");
  }
}
