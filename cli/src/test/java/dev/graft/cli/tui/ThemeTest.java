package dev.graft.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** NO_COLOR drops colours but keeps attributes; the plain theme (no terminal) drops both. */
class ThemeTest {
  @Test
  void noColorKeepsBoldDimItalicUnderlineAndInverse() {
    Theme theme = Theme.dark(ColorMode.detect(Map.of("NO_COLOR", "1")));
    assertThat(theme.colored()).isFalse();
    assertThat(theme.fg(ThemeRole.ERROR, "e")).isEqualTo("e");
    assertThat(theme.bg(ThemeRole.USER_MESSAGE_BG, "u")).isEqualTo("u");
    assertThat(theme.fgOpen(ThemeRole.ACCENT)).isEmpty();
    assertThat(theme.bold("b")).isEqualTo("\033[1mb\033[22m");
    assertThat(theme.dim("d")).isEqualTo("\033[2md\033[22m");
    assertThat(theme.italic("i")).isEqualTo("\033[3mi\033[23m");
    assertThat(theme.underline("u")).isEqualTo("\033[4mu\033[24m");
    assertThat(theme.inverse("v")).isEqualTo("\033[7mv\033[27m");
  }

  @Test
  void anEmptyNoColorAsksForNothing() {
    assertThat(Theme.dark(ColorMode.detect(Map.of("NO_COLOR", ""))).colored()).isTrue();
  }

  @Test
  void thePlainThemeHasNoStylesAtAll() {
    Theme plain = Theme.plain();
    assertThat(plain.bold("b")).isEqualTo("b");
    assertThat(plain.inverse("v")).isEqualTo("v");
    assertThat(plain.fg(ThemeRole.ERROR, "e")).isEqualTo("e");
  }
}
