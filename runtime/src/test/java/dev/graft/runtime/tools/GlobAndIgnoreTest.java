package dev.graft.runtime.tools;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlobAndIgnoreTest {

  private static boolean glob(String glob, String path) {
    return GlobPattern.compile(glob, true).matcher(path).matches();
  }

  @Test
  void starAndQuestionMarkStayInOneSegment() {
    assertThat(glob("*.ts", "a.ts")).isTrue();
    assertThat(glob("*.ts", "src/a.ts")).isFalse();
    assertThat(glob("?.ts", "ab.ts")).isFalse();
    assertThat(glob("src/*.ts", "src/a.ts")).isTrue();
  }

  @Test
  void doubleStarSpansDirectories() {
    assertThat(glob("**/*.json", "a.json")).isTrue();
    assertThat(glob("**/*.json", "x/y/a.json")).isTrue();
    assertThat(glob("src/**/*.spec.ts", "src/a.spec.ts")).isTrue();
    assertThat(glob("src/**/*.spec.ts", "src/deep/er/a.spec.ts")).isTrue();
    assertThat(glob("src/**", "src/x/y")).isTrue();
    assertThat(glob("src/**", "src")).isFalse();
  }

  @Test
  void classesBracesAndEscapes() {
    assertThat(glob("[ab].txt", "b.txt")).isTrue();
    assertThat(glob("[!ab].txt", "c.txt")).isTrue();
    assertThat(glob("[!ab].txt", "a.txt")).isFalse();
    assertThat(glob("*.{ts,tsx}", "a.tsx")).isTrue();
    assertThat(glob("*.{ts,tsx}", "a.js")).isFalse();
    assertThat(glob("a\\*b", "a*b")).isTrue();
    assertThat(glob("a\\*b", "axb")).isFalse();
    assertThat(glob("a+(b).txt", "a+(b).txt")).isTrue();
  }

  @Test
  void ignoreRulesFollowGitignore() {
    IgnoreRules rules =
        IgnoreRules.parse(
            String.join(
                "\n",
                "# comment",
                "*.log",
                "!keep.log",
                "build/",
                "/root-only.txt",
                "docs/*.md",
                ""));
    assertThat(rules.match("a.log", false)).contains(true);
    assertThat(rules.match("deep/a.log", false)).contains(true);
    assertThat(rules.match("keep.log", false)).contains(false);
    assertThat(rules.match("build", true)).contains(true);
    assertThat(rules.match("build", false)).isEmpty(); // a file named build is not a directory
    assertThat(rules.match("x/build", true)).contains(true);
    assertThat(rules.match("root-only.txt", false)).contains(true);
    assertThat(rules.match("x/root-only.txt", false)).isEmpty();
    assertThat(rules.match("docs/a.md", false)).contains(true);
    assertThat(rules.match("docs/sub/a.md", false)).isEmpty();
    assertThat(rules.match("src/main.c", false)).isEmpty();
  }
}
