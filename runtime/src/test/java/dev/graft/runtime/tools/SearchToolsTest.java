package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static dev.graft.runtime.tools.Calls.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** grep, find and ls on one small project tree. */
class SearchToolsTest {
  @TempDir Path dir;
  private final PathResolver paths = PathResolver.ofUserHome();

  private void file(String path, String content) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  @BeforeEach
  void tree() throws IOException {
    Files.createDirectory(dir.resolve(".git"));
    file(".git/config", "needle in git internals\n");
    file(".gitignore", "*.log\nbuild/\n");
    file("src/app.ts", "const needle = 1;\nconst other = 2;\nexport { needle };\n");
    file("src/app.spec.ts", "test('needle')\n");
    file("src/lib/util.ts", "// NEEDLE upper\n");
    file("src/lib/.gitignore", "generated.ts\n");
    file("src/lib/generated.ts", "needle generated\n");
    file("build/out.js", "needle built\n");
    file("debug.log", "needle logged\n");
    file(".hidden.md", "needle hidden\n");
    file("README.md", "no match here\n");
  }

  @Nested
  class Grep {
    private final GrepTool grep = new GrepTool(paths, new LocalFileTree());

    @Test
    void findsMatchesWithPathAndLineAndHonoursIgnoreFiles() {
      ToolResult result = run(grep, dir, args("pattern", "needle"));
      assertThat(result.isError()).isFalse();
      assertThat(result.text())
          .isEqualTo(
              String.join(
                  "\n",
                  ".hidden.md:1: needle hidden",
                  "src/app.spec.ts:1: test('needle')",
                  "src/app.ts:1: const needle = 1;",
                  "src/app.ts:3: export { needle };"));
      assertThat(result.details()).isEmpty();
    }

    @Test
    void ignoreCaseLiteralAndGlob() {
      assertThat(
              run(grep, dir, args("pattern", "needle", "ignoreCase", true, "glob", "util.*"))
                  .text())
          .isEqualTo("src/lib/util.ts:1: // NEEDLE upper");
      assertThat(run(grep, dir, args("pattern", "needle(", "literal", true)).text())
          .isEqualTo("No matches found");
      assertThat(run(grep, dir, args("pattern", "needle", "glob", "src/**/*.spec.ts")).text())
          .isEqualTo("src/app.spec.ts:1: test('needle')");
      assertThat(run(grep, dir, args("pattern", "needle", "glob", "!*.ts")).text())
          .isEqualTo(".hidden.md:1: needle hidden");
    }

    @Test
    void showsContextLines() {
      assertThat(run(grep, dir, args("pattern", "other", "context", 1)).text())
          .isEqualTo(
              "src/app.ts-1- const needle = 1;\nsrc/app.ts:2: const other = 2;\nsrc/app.ts-3- export { needle };");
    }

    @Test
    void stopsAtTheMatchLimitAndSaysHowToGetMore() {
      ToolResult result = run(grep, dir, args("pattern", "needle", "limit", 2));
      assertThat(result.text())
          .isEqualTo(
              ".hidden.md:1: needle hidden\nsrc/app.spec.ts:1: test('needle')\n\n"
                  + "[2 matches limit reached. Use limit=4 for more, or refine pattern]");
      assertThat(result.details().orElseThrow().get("matchLimitReached").asInt()).isEqualTo(2);
    }

    @Test
    void cutsLongLines() throws IOException {
      file("wide.txt", "needle" + "x".repeat(600) + "\n");
      ToolResult result = run(grep, dir, args("pattern", "needle", "path", "wide.txt"));
      assertThat(result.text())
          .isEqualTo(
              "wide.txt:1: needle"
                  + "x".repeat(494)
                  + "... [truncated]\n\n"
                  + "[Some lines truncated to 500 chars. Use read tool to see full lines]");
      assertThat(result.details().orElseThrow().get("linesTruncated").asBoolean()).isTrue();
    }

    @Test
    void cutsOutputAtFiftyKilobytes() throws IOException {
      file("many.txt", ("needle " + "y".repeat(400) + "\n").repeat(300));
      ToolResult result =
          run(grep, dir, args("pattern", "needle", "path", "many.txt", "limit", 1000));
      assertThat(result.text()).endsWith("\n\n[50.0KB limit reached]");
      assertThat(result.details().orElseThrow().at("/truncation/truncatedBy").asText())
          .isEqualTo("bytes");
    }

    @Test
    void searchesAnExplicitFileEvenIfIgnoredAndSkipsBinaryFiles() throws IOException {
      assertThat(run(grep, dir, args("pattern", "needle", "path", "debug.log")).text())
          .isEqualTo("debug.log:1: needle logged");
      Files.write(dir.resolve("blob.bin"), new byte[] {'n', 'e', 'e', 'd', 'l', 'e', 0, 1});
      assertThat(run(grep, dir, args("pattern", "needle", "path", "blob.bin")).text())
          .isEqualTo("No matches found");
    }

    @Test
    @Timeout(10)
    void abortStopsARunawayRegex() throws Exception {
      file("trap.txt", "a".repeat(40) + "\n"); // (.*a){12}c backtracks for ages on it
      var signal = new AbortSignal();
      var call =
          CompletableFuture.supplyAsync(() ->
              grep.execute(
                  "c",
                  args("pattern", "(.*a){12}c", "path", "trap.txt"),
                  new ToolContext(dir, signal, null)));
      Thread.sleep(200);
      assertThat(call).isNotDone();
      signal.abort();
      ToolResult result = call.get(5, TimeUnit.SECONDS);
      assertThat(result.isError()).isTrue();
      assertThat(result.text()).isEqualTo("Operation aborted");
    }

    @Test
    void aLineTooLongForTheRegexEngineDoesNotFailTheSearch() throws IOException {
      file("deep.txt", "ab".repeat(200_000) + "\nab needle\n");
      ToolResult result = run(grep, dir, args("pattern", "(a|b)*needle", "path", "deep.txt"));
      assertThat(result.isError()).isFalse();
      assertThat(result.text()).isEqualTo("deep.txt:2: ab needle");
    }

    @Test
    void errorsForAMissingPathAndABadRegex() {
      assertThat(run(grep, dir, args("pattern", "x", "path", "nope")).text())
          .isEqualTo("Path not found: " + dir.resolve("nope"));
      ToolResult bad = run(grep, dir, args("pattern", "needle("));
      assertThat(bad.isError()).isTrue();
      assertThat(bad.text()).startsWith("Invalid regex pattern: ");
    }
  }

  @Nested
  class Find {
    private final FindTool find = new FindTool(paths, new LocalFileTree());

    @Test
    void matchesNamesAtAnyDepthAndHonoursIgnoreFiles() {
      assertThat(run(find, dir, args("pattern", "*.ts")).text())
          .isEqualTo("src/app.spec.ts\nsrc/app.ts\nsrc/lib/util.ts");
    }

    @Test
    void patternsWithASlashMatchThePath() {
      assertThat(run(find, dir, args("pattern", "src/**/*.spec.ts")).text())
          .isEqualTo("src/app.spec.ts");
      assertThat(run(find, dir, args("pattern", "lib/*.ts")).text()).isEqualTo("src/lib/util.ts");
    }

    @Test
    void listsDirectoriesWithASlashAndHiddenFiles() {
      assertThat(run(find, dir, args("pattern", "lib")).text()).isEqualTo("src/lib/");
      assertThat(run(find, dir, args("pattern", "*.md")).text()).isEqualTo(".hidden.md\nREADME.md");
    }

    @Test
    void searchesUnderAGivenPathRelativeToIt() {
      assertThat(run(find, dir, args("pattern", "*.ts", "path", "src/lib")).text())
          .isEqualTo("util.ts");
    }

    @Test
    void stopsAtTheResultLimit() {
      ToolResult result = run(find, dir, args("pattern", "*", "limit", 3));
      assertThat(result.text())
          .isEqualTo(
              ".gitignore\n.hidden.md\nREADME.md\n\n[3 results limit reached. Use limit=6 for more, or refine pattern]");
      assertThat(result.details().orElseThrow().get("resultLimitReached").asInt()).isEqualTo(3);
    }

    @Test
    void honoursIgnoreFilesAboveTheSearchPathUpToTheRepositoryRoot() throws IOException {
      file("src/trace.log", "");
      file("src/keep.txt", "");
      assertThat(run(find, dir.resolve("src"), args("pattern", "*.{log,txt}")).text())
          .isEqualTo("keep.txt");
    }

    @Test
    void honoursIgnoreFilesOutsideAGitRepositoryToo() throws IOException {
      Path plain = Files.createDirectory(dir.resolve("build").resolve("plain"));
      Files.writeString(plain.resolve(".gitignore"), "secret*\n");
      Files.writeString(plain.resolve("secret.txt"), "");
      Files.writeString(plain.resolve("open.txt"), "");
      Files.delete(dir.resolve(".git/config"));
      Files.delete(dir.resolve(".git"));
      assertThat(run(find, plain, args("pattern", "*.txt")).text()).isEqualTo("open.txt");
    }

    @Test
    void saysWhenNothingMatchesOrThePathIsMissing() {
      assertThat(run(find, dir, args("pattern", "*.rs")).text())
          .isEqualTo("No files found matching pattern");
      assertThat(run(find, dir, args("pattern", "*", "path", "gone")).isError()).isTrue();
    }

    @Test
    void cutsOutputAtFiftyKilobytes() throws IOException {
      for (int i = 0; i < 600; i++) {
        Files.createFile(dir.resolve(String.format("%03d-%s.txt", i, "n".repeat(90))));
      }
      ToolResult result = run(find, dir, args("pattern", "*.txt"));
      assertThat(result.text()).endsWith("\n\n[50.0KB limit reached]");
    }
  }

  @Nested
  class Ls {
    private final LsTool ls = new LsTool(paths, new LocalFiles());

    @Test
    void listsEverythingSortedWithoutCaseAndMarksDirectories() throws IOException {
      file("Zeta.txt", "");
      file("alpha.txt", "");
      assertThat(run(ls, dir, args()).text())
          .isEqualTo(
              String.join(
                  "\n",
                  ".git/",
                  ".gitignore",
                  ".hidden.md",
                  "alpha.txt",
                  "build/",
                  "debug.log",
                  "README.md",
                  "src/",
                  "Zeta.txt"));
    }

    @Test
    void stopsAtTheEntryLimit() {
      ToolResult result = run(ls, dir, args("limit", 2));
      assertThat(result.text())
          .isEqualTo(".git/\n.gitignore\n\n[2 entries limit reached. Use limit=4 for more]");
      assertThat(result.details().orElseThrow().get("entryLimitReached").asInt()).isEqualTo(2);
    }

    @Test
    void errorsAndEmptyDirectories() throws IOException {
      Files.createDirectory(dir.resolve("empty"));
      assertThat(run(ls, dir, args("path", "empty")).text()).isEqualTo("(empty directory)");
      assertThat(run(ls, dir, args("path", "README.md")).text())
          .isEqualTo("Not a directory: " + dir.resolve("README.md"));
      assertThat(run(ls, dir, args("path", "nope")).text())
          .isEqualTo("Path not found: " + dir.resolve("nope"));
    }
  }
}
