package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** keybindings.json as a user writes it: the changes taken, each mistake told in one line. */
class KeybindingsTest {
  @TempDir Path home;

  @Test
  void aBrokenFileIsToldWhereInOneLineAndTheDefaultsStay() throws Exception {
    Path file = home.resolve("keybindings.json");
    Files.writeString(
        file, "{\n  \"app.model.cycleForward\": \"ctrl+n\"\n  \"app.exit\": \"ctrl+q\"\n");
    Keybindings keys = Keybindings.load(file);
    assertThat(keys.problems())
        .containsExactly(
            file
                + ": not valid JSON at line 3, column 3 (Unexpected character ('\"' (code 34)):"
                + " was expecting comma to separate Object entries); the default keys are used");
    assertThat(keys.all("app.model.cycleForward")).containsExactly("Ctrl+P");
  }

  @Test
  void anUnclosedFileSaysWhereTheObjectOpened() throws Exception {
    Path file = home.resolve("keybindings.json");
    Files.writeString(file, "{ \"app.exit\": \"ctrl+q\" ");
    assertThat(Keybindings.load(file).problems().getFirst())
        .doesNotContain("Source", "REDACTED", "StreamReadFeature")
        .contains("expected close marker for Object (opened at line 1, column 1)");
  }
}
