package dev.graft.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void projectSettingsWinAndBadValuesAreReportedNotUsed() throws Exception {
    Files.writeString(
        home.resolve("settings.json"),
        """
        // global
        {"compaction": {"reserveTokens": 8000, "keepRecentTokens": 10000,}, "theme": "dark"}
        """);
    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(
        project.resolve(".graft/settings.json"),
        """
        {"compaction": {"keepRecentTokens": -5, "enabled": false}}
        """);
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.compaction()).isEqualTo(new CompactionSettings(false, 8000, 10000));
    assertThat(s.problems())
        .singleElement()
        .asString()
        .contains(".graft/settings.json")
        .contains("compaction.keepRecentTokens must be a whole number");
  }

  @Test
  void onlyTheUsersSettingsChooseWhereSessionsGo() throws Exception {
    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(project.resolve(".graft/settings.json"), "{\"sessionDir\": \"inside\"}");
    Settings alone = Settings.load(new GraftHome(home), project);
    assertThat(alone.sessionDir()).isEmpty();
    assertThat(alone.problems())
        .containsExactly(
            project.resolve(".graft/settings.json")
                + ": sessionDir is honoured only in "
                + home.resolve("settings.json")
                + " (a project cannot choose where your sessions are written); ignored");

    Files.writeString(home.resolve("settings.json"), "{\"sessionDir\": \"~/mine\"}");
    Settings both = Settings.load(new GraftHome(home), project);
    assertThat(both.sessionDir())
        .contains(new Settings.SessionDir("~/mine", home.resolve("settings.json")));
    assertThat(both.problems()).hasSize(1);
  }

  @Test
  void theInteractiveSettingsOfAWrongTypeAreNamed() throws Exception {
    Files.writeString(
        home.resolve("settings.json"),
        """
        {"defaultModel": 5, "defaultProvider": "anthropic", "theme": ["dark"],
         "hideThinkingBlock": "yes", "enabledModels": "claude-*", "defaultThinkingLevel": "high"}
        """);
    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(
        project.resolve(".graft/settings.json"), "{\"enabledModels\": [\"gpt-*\", 7]}\n");
    assertThat(Settings.load(new GraftHome(home), project).problems())
        .containsExactly(
            home.resolve("settings.json") + ": defaultModel must be a string; ignored",
            home.resolve("settings.json") + ": theme must be a string; ignored",
            home.resolve("settings.json") + ": hideThinkingBlock must be true or false; ignored",
            home.resolve("settings.json")
                + ": enabledModels must be a list of model patterns ([\"claude-*\", ...]); ignored",
            project.resolve(".graft/settings.json")
                + ": enabledModels must be a list of model patterns ([\"claude-*\", ...]); ignored");
  }

  @Test
  void missingOrBrokenFilesFallBackToDefaults() throws Exception {
    assertThat(Settings.load(new GraftHome(home), project).compaction())
        .isEqualTo(CompactionSettings.DEFAULTS);
    Files.writeString(home.resolve("settings.json"), "{oops");
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.compaction()).isEqualTo(CompactionSettings.DEFAULTS);
    assertThat(s.problems())
        .singleElement()
        .asString()
        .contains("settings.json")
        .endsWith("ignored");
    // cut short: where the object opened, in words, not Jackson's "[Source: REDACTED ...]" note
    Files.writeString(home.resolve("settings.json"), "{\n \"compaction\": {\"enabled\": true\n");
    assertThat(Settings.load(new GraftHome(home), project).problems())
        .singleElement()
        .asString()
        .contains("(opened at line 2, column 16)")
        .doesNotContain("Source");
  }

  @Test
  void scriptModelCallsAreSetGloballyAndAProjectMayOnlyLowerThem() throws Exception {
    assertThat(Settings.load(new GraftHome(home), project).scriptModelCalls())
        .isEqualTo(new ModelCallBudget(100, 4));
    Files.writeString(
        home.resolve("settings.json"),
        """
        {"scripts": {"modelCallsPerRun": 30, "modelCallsInFlight": 8}}
        """);
    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(
        project.resolve(".graft/settings.json"),
        """
        {"scripts": {"modelCallsPerRun": 1000, "modelCallsInFlight": 2}}
        """);
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.scriptModelCalls()).isEqualTo(new ModelCallBudget(30, 2));
    assertThat(s.problems())
        .singleElement()
        .asString()
        .contains(".graft/settings.json")
        .endsWith(
            "scripts.modelCallsPerRun may only lower the limit in a project (1000 > 30); ignored");

    Files.writeString(
        home.resolve("settings.json"),
        """
        {"scripts": {"modelCallsPerRun": -1, "modelCallsInFlight": 0.5}}
        """);
    Files.delete(project.resolve(".graft/settings.json"));
    s = Settings.load(new GraftHome(home), project);
    assertThat(s.scriptModelCalls()).isEqualTo(ModelCallBudget.DEFAULTS);
    assertThat(s.problems())
        .containsExactly(
            home.resolve("settings.json")
                + ": scripts.modelCallsPerRun must be a whole number from 0 to 100000; ignored",
            home.resolve("settings.json")
                + ": scripts.modelCallsInFlight must be a whole number from 1 to 100; ignored");
  }

  @Test
  void theProviderTimeoutHasTheReferencesNameAndABadValueIsNamed() throws Exception {
    assertThat(Settings.load(new GraftHome(home), project).providerTimeout()).isEmpty();
    Files.writeString(
        home.resolve("settings.json"),
        """
        {"retry": {"provider": {"timeoutMs": 90000, "maxRetries": 2}}}
        """);
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.providerTimeout()).contains(Duration.ofSeconds(90));
    assertThat(s.problems()).isEmpty();

    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(
        project.resolve(".graft/settings.json"),
        """
        {"retry": {"provider": {"timeoutMs": "soon"}}}
        """);
    s = Settings.load(new GraftHome(home), project);
    assertThat(s.providerTimeout()).contains(Duration.ofSeconds(90));
    assertThat(s.problems())
        .containsExactly(
            project.resolve(".graft/settings.json")
                + ": retry.provider.timeoutMs must be a whole number of milliseconds"
                + " from 1000 to 3600000; ignored");

    Files.writeString(
        project.resolve(".graft/settings.json"),
        """
        {"retry": {"provider": {"timeoutMs": 15000}}}
        """);
    assertThat(Settings.load(new GraftHome(home), project).providerTimeout())
        .contains(Duration.ofSeconds(15));
  }
}
