package dev.graft.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void projectSettingsWinAndBadValuesAreReportedNotUsed() throws Exception {
    Files.writeString(home.resolve("settings.json"), """
        // global
        {"compaction": {"reserveTokens": 8000, "keepRecentTokens": 10000,}, "theme": "dark"}
        """);
    Files.createDirectories(project.resolve(".graft"));
    Files.writeString(project.resolve(".graft/settings.json"), """
        {"compaction": {"keepRecentTokens": -5, "enabled": false}}
        """);
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.compaction()).isEqualTo(new CompactionSettings(false, 8000, 10000));
    assertThat(s.problems()).singleElement().asString()
        .contains(".graft/settings.json").contains("compaction.keepRecentTokens must be a whole number");
  }

  @Test
  void missingOrBrokenFilesFallBackToDefaults() throws Exception {
    assertThat(Settings.load(new GraftHome(home), project).compaction()).isEqualTo(CompactionSettings.DEFAULTS);
    Files.writeString(home.resolve("settings.json"), "{oops");
    Settings s = Settings.load(new GraftHome(home), project);
    assertThat(s.compaction()).isEqualTo(CompactionSettings.DEFAULTS);
    assertThat(s.problems()).singleElement().asString().contains("settings.json").endsWith("ignored");
  }
}
