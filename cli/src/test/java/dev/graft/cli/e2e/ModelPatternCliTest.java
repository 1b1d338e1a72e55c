package dev.graft.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --model} as a new user types it: a part of an id, another case, a {@code :LEVEL} suffix;
 * and a one-line error with the nearest ids for what names no model. The model calls go to a closed
 * local port; the session file says which model and thinking level the run chose.
 */
class ModelPatternCliTest {
  @TempDir Path home;
  @TempDir Path work;

  private static final Map<String, String> KEYS =
      Map.of("ANTHROPIC_API_KEY", "sk-test", "OPENAI_API_KEY", "sk-test");

  private int runs;

  @BeforeEach
  void modelsJson() throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {
          "anthropic": {"baseUrl": "http://127.0.0.1:1"},
          "openai": {"baseUrl": "http://127.0.0.1:1/v1"},
          "work": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "models": [
            {"id": "qwen3:8b", "reasoning": true}, {"id": "claude-sonnet-4-6"},
            {"id": "big-model-20250101"}, {"id": "big-model-20250601"}]}}}
        """);
  }

  /** The model and thinking level a run with {@code args} chose: "provider/id level". */
  private String chosen(String... args) throws Exception {
    Path project = Files.createDirectories(work.resolve("p" + runs++));
    List<String> all = new ArrayList<>(List.of("-p"));
    all.addAll(List.of(args));
    all.add("hi");
    CliRun run = CliRun.run(home, project, KEYS, all.toArray(String[]::new));
    assertThat(run.err()).as("the call fails at the closed port").contains("the model call failed");
    List<SessionEntry> entries = LastSession.entries(home, project);
    String model =
        entries.stream()
            .filter(e -> e instanceof SessionEntry.ModelChange)
            .map(e -> (SessionEntry.ModelChange) e)
            .map(m -> m.provider() + "/" + m.modelId())
            .reduce((a, b) -> b)
            .orElseThrow();
    String level =
        entries.stream()
            .filter(e -> e instanceof SessionEntry.ThinkingLevelChange)
            .map(e -> ((SessionEntry.ThinkingLevelChange) e).thinkingLevel())
            .reduce((a, b) -> b)
            .orElse("off");
    return model + " " + level;
  }

  @Test
  void aPartialIdAnotherCaseOrALevelSuffixNamesTheModelTheReferenceWouldPick() throws Exception {
    // without a level, the reference's default, medium, for a model that reasons
    assertThat(chosen("--model", "sonnet")).isEqualTo("anthropic/claude-sonnet-4-6 medium");
    assertThat(chosen("--model", "Claude-Opus-4-6")).isEqualTo("anthropic/claude-opus-4-6 medium");
    assertThat(chosen("--model", "OPENAI/gpt-4.1")).isEqualTo("openai/gpt-4.1 off");
    assertThat(chosen("--model", "work/claude-sonnet-4-6")).isEqualTo("work/claude-sonnet-4-6 off");
    assertThat(chosen("--model", "big-model")).isEqualTo("work/big-model-20250601 off");
    assertThat(chosen("--model", "claude-sonnet-4-6:high"))
        .isEqualTo("anthropic/claude-sonnet-4-6 high");
    assertThat(chosen("--model", "qwen3:8b:low")).isEqualTo("work/qwen3:8b low");
    // --thinking says the level when both do
    assertThat(chosen("--model", "opus:high", "--thinking", "minimal"))
        .isEqualTo("anthropic/claude-opus-4-7 minimal");
    assertThat(chosen("--provider", "work", "--model", "sonnet"))
        .isEqualTo("work/claude-sonnet-4-6 off");
  }

  /** The thinking_level_change entries of the session a run with {@code args} wrote. */
  private List<String> levels(Path project, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("-p"));
    all.addAll(List.of(args));
    all.add("hi");
    CliRun run = CliRun.run(home, project, KEYS, all.toArray(String[]::new));
    assertThat(run.err()).as("the call fails at the closed port").contains("the model call failed");
    return levels(LastSession.file(home, project));
  }

  private static List<String> levels(Path file) throws Exception {
    try (Session s = Session.open(file)) {
      return s.entries().stream()
          .filter(e -> e instanceof SessionEntry.ThinkingLevelChange)
          .map(e -> ((SessionEntry.ThinkingLevelChange) e).thinkingLevel())
          .toList();
    }
  }

  /** The thinking_level_change entries of {@code file} after a run continuing it. */
  private List<String> continued(Path project, Path file) throws Exception {
    CliRun run = CliRun.run(home, project, KEYS, "-p", "--session", file.toString(), "hi");
    assertThat(run.err()).as("the call fails at the closed port").contains("the model call failed");
    return levels(file);
  }

  @Test
  void withoutThinkingOrSettingANewSessionThinksAtMediumClampedToTheModel() throws Exception {
    // The reference's default level, medium, clamped to what the model has, and recorded even
    // when it is off (before: off, and nothing recorded).
    assertThat(levels(Files.createDirectories(work.resolve("a")), "--model", "anthropic/sonnet"))
        .containsExactly("medium");
    assertThat(levels(Files.createDirectories(work.resolve("b")), "--model", "work/sonnet"))
        .containsExactly("off");
    assertThat(levels(Files.createDirectories(work.resolve("c")), "--model", "qwen3:8b:high"))
        .containsExactly("high");
    // GPT-5 cannot stop reasoning; medium it has
    assertThat(levels(Files.createDirectories(work.resolve("d")), "--model", "openai/gpt-5.4"))
        .containsExactly("medium");
  }

  @Test
  void aContinuedSessionWithoutAThinkingEntryTakesTheDefaultAsTheReference() throws Exception {
    Path project = Files.createDirectories(work.resolve("resumed"));
    Path sessions = Files.createDirectories(work.resolve("saved"));
    String written =
        """
        {"type":"session","version":3,"id":"01a21ee4-2804-7a64-852a-d4ce9903d314","timestamp":"2026-01-01T00:00:00.000Z","cwd":"%s"}
        {"type":"model_change","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:00.001Z","provider":"anthropic","modelId":"claude-sonnet-4-6"}
        {"type":"message","id":"a2","parentId":"a1","timestamp":"2026-01-01T00:00:00.002Z","message":{"role":"user","content":"hello","timestamp":1}}
        """
            .formatted(project);
    Path plain = sessions.resolve("plain.jsonl");
    Files.writeString(plain, written);
    assertThat(continued(project, plain)).containsExactly("medium");
    Files.writeString(home.resolve("settings.json"), "{\"defaultThinkingLevel\": \"low\"}");
    Path set = sessions.resolve("set.jsonl");
    Files.writeString(set, written);
    assertThat(continued(project, set)).containsExactly("low");
  }

  @Test
  void aProviderInAnotherCaseIsThatProvider() throws Exception {
    assertThat(chosen("--provider", "WORK", "--model", "sonnet"))
        .isEqualTo("work/claude-sonnet-4-6 off");
    assertThat(chosen("--provider", "Work", "--model", "work/qwen3:8b"))
        .isEqualTo("work/qwen3:8b medium");
    assertThat(chosen("--provider", "OpenAI", "--model", "gpt-4.1"))
        .isEqualTo("openai/gpt-4.1 off");
    assertThat(chosen("--provider", "Anthropic")).startsWith("anthropic/");
  }

  @Test
  void whatNamesNoModelIsOneLineWithTheNearestIds() {
    CliRun typo = CliRun.run(home, work, KEYS, "-p", "--model", "claude-sonet-4-6", "hi");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err())
        .isEqualTo(
            "graft: unknown model 'claude-sonet-4-6' (did you mean anthropic/claude-sonnet-4-6 or"
                + " work/claude-sonnet-4-6? graft models lists them; add your own in"
                + " models.json)\n");

    CliRun qualified =
        CliRun.run(home, work, KEYS, "-p", "--model", "anthropic/claude-sonet-4-6", "hi");
    assertThat(qualified.err())
        .isEqualTo(
            "graft: unknown model 'anthropic/claude-sonet-4-6' (did you mean"
                + " anthropic/claude-sonnet-4-6? graft models lists them; add your own in"
                + " models.json)\n");

    CliRun glob = CliRun.run(home, work, KEYS, "-p", "--model", "claude-opus-*", "hi");
    assertThat(glob.exitCode()).isEqualTo(2);
    assertThat(glob.err())
        .isEqualTo(
            "graft: unknown model 'claude-opus-*' (--model takes one model, --models a glob; did"
                + " you mean anthropic/claude-opus-4-7, anthropic/claude-opus-4-6 or"
                + " anthropic/claude-opus-4-5? graft models lists them; add your own in"
                + " models.json)\n");

    CliRun level = CliRun.run(home, work, KEYS, "-p", "--model", "sonnet:huge", "hi");
    assertThat(level.exitCode()).isEqualTo(2);
    assertThat(level.err())
        .isEqualTo(
            "graft: --model sonnet:huge: 'huge' is not a thinking level (use off, minimal, low,"
                + " medium, high or xhigh)\n");

    CliRun nothing = CliRun.run(home, work, KEYS, "-p", "--model", "llama", "hi");
    assertThat(nothing.err())
        .isEqualTo(
            "graft: unknown model 'llama' (graft models lists them; add your own in"
                + " models.json)\n");

    CliRun elsewhere =
        CliRun.run(home, work, KEYS, "-p", "--provider", "work", "--model", "gpt-5.4", "hi");
    assertThat(elsewhere.err())
        .isEqualTo(
            "graft: unknown model 'work/gpt-5.4' (graft models lists them; add your own in"
                + " models.json)\n");
  }
}
