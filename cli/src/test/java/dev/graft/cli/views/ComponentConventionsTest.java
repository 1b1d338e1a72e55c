package dev.graft.cli.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Key;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.ScriptEngine;
import dev.graft.scripting.api.EventContext;
import dev.graft.scripting.api.ScriptHostPort;
import dev.graft.scripting.api.ScriptSettings;
import dev.graft.scripting.api.ScriptSources;
import dev.graft.scripting.api.ThemeRoles;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the terminal UI and the built-in pi-tui module must agree on: the width of every code point
 * (the module's table against graft's renderer), the theme's role names, and keys (what graft sends
 * a component's handleInput is the key the module's parseKey names).
 */
class ComponentConventionsTest {
  @TempDir Path dir;

  @Test
  void thePiTuiWidthTableCountsEveryCodePointAsGraftsRendererDoes() throws Exception {
    String source;
    try (InputStream in = ScriptEngine.class.getResourceAsStream("modules/compat/pi-tui.mjs")) {
      source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Matcher table =
        Pattern.compile(
                "GRAFT-WIDTHS-BEGIN\\s+const WIDTHS = \\[(.*?)\\];\\s+// GRAFT-WIDTHS-END",
                Pattern.DOTALL)
            .matcher(source);
    assertThat(table.find()).as("the table in pi-tui.mjs").isTrue();
    List<Integer> numbers = new ArrayList<>();
    for (String n : table.group(1).split("[,\\s]+")) {
      if (!n.isEmpty()) {
        numbers.add(Integer.decode(n));
      }
    }
    int[] widths = new int[0x110000];
    Arrays.fill(widths, 1);
    for (int i = 0; i < numbers.size(); i += 3) {
      for (int cp = numbers.get(i); cp <= numbers.get(i + 1); cp++) {
        widths[cp] = numbers.get(i + 2);
      }
    }
    List<String> differ = new ArrayList<>();
    for (int cp = 0x7f; cp < 0x110000 && differ.size() < 10; cp++) {
      if (widths[cp] != Ansi.columns(cp)) {
        differ.add(
            Integer.toHexString(cp) + ": table " + widths[cp] + ", graft " + Ansi.columns(cp));
      }
    }
    assertThat(differ)
        .as("code points whose width differs (regenerate the table from JLine's WCWidth)")
        .isEmpty();
  }

  @Test
  void scriptsKnowTheThemeRolesTheTerminalUiHas() {
    assertThat(ThemeRoles.NAMES)
        .containsExactlyElementsOf(Arrays.stream(ThemeRole.values()).map(ThemeRole::key).toList());
  }

  @Test
  void everyKeyGraftSendsIsTheKeyTheModuleNames() throws Exception {
    List<String> names =
        List.of(
            "a",
            "Z",
            "space",
            "enter",
            "tab",
            "escape",
            "backspace",
            "delete",
            "insert",
            "up",
            "down",
            "left",
            "right",
            "home",
            "end",
            "pageUp",
            "pageDown",
            "ctrl+c",
            "ctrl+a",
            "ctrl+z",
            "ctrl+space",
            "alt+x",
            "alt+enter",
            "alt+backspace",
            "shift+tab",
            "shift+enter",
            "ctrl+enter",
            "ctrl+shift+p",
            "ctrl+alt+x",
            "alt+up",
            "ctrl+left",
            "shift+right",
            "ctrl+shift+up",
            "ctrl+delete",
            "shift+pageUp",
            "alt+home",
            "ctrl+1",
            "é",
            "日");
    StringBuilder cases = new StringBuilder("[");
    for (String name : names) {
      Key key =
          Key.parse(name).orElseThrow(() -> new AssertionError("graft does not parse " + name));
      cases.append(Json.MAPPER.writeValueAsString(List.of(name, KeyData.of(key)))).append(',');
    }
    cases.setLength(cases.length() - 1);
    cases.append(']');
    Path scripts = Files.createDirectories(dir.resolve("scripts"));
    Files.writeString(
        scripts.resolve("keys.js"),
        """
        import { matchesKey, parseKey } from "@mariozechner/pi-tui";
        export default function (pi) {
          pi.registerCommand("keys", { handler: async () => (%s).filter(([name, data]) => !matchesKey(data, name))
            .map(([name, data]) => name + " sent as " + JSON.stringify(data) + " is read as " + parseKey(data)) });
        }
        """
            .formatted(cases));
    ScriptHostPort none =
        (ScriptHostPort)
            Proxy.newProxyInstance(
                ScriptHostPort.class.getClassLoader(),
                new Class<?>[] {ScriptHostPort.class},
                (proxy, method, args) -> {
                  throw new UnsupportedOperationException(method.getName());
                });
    try (ScriptEngine engine =
        ScriptEngine.start(ScriptSettings.defaults(), none, (f, level, text) -> {})) {
      assertThat(engine.load(ScriptSources.of(scripts)).problems()).isEmpty();
      assertThat(
              engine
                  .runCommand("keys", "", EventContext.EMPTY)
                  .get(30, TimeUnit.SECONDS)
                  .toString())
          .as("keys the module reads otherwise")
          .isEqualTo("[]");
    }
  }
}
