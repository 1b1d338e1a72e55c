package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandRegistryTest {
  private final CommandRegistry registry = BuiltinCommands.registry();

  @Test
  void parsesCommandsAndLeavesPromptsAlone() {
    assertThat(CommandRegistry.parse("/tree")).contains(new CommandRegistry.Invocation("tree", ""));
    assertThat(CommandRegistry.parse("  /compact  keep the test names \n"))
        .contains(new CommandRegistry.Invocation("compact", "keep the test names"));
    assertThat(CommandRegistry.parse("/Model anthropic/claude-sonnet-4-6"))
        .contains(new CommandRegistry.Invocation("model", "anthropic/claude-sonnet-4-6"));
    assertThat(CommandRegistry.parse("/name two\nlines"))
        .contains(new CommandRegistry.Invocation("name", "two\nlines"));
    assertThat(CommandRegistry.parse("/usr/bin is full, why?")).isEmpty();
    assertThat(CommandRegistry.parse("/")).isEmpty();
    assertThat(CommandRegistry.parse("/ tree")).isEmpty();
    assertThat(CommandRegistry.parse("what does /tree do?")).isEmpty();
  }

  @Test
  void suggestsTheNearestCommand() {
    assertThat(registry.nearest("trea")).contains("tree");
    assertThat(registry.nearest("exit")).contains("quit");
    assertThat(registry.nearest("sess")).contains("session");
    assertThat(registry.nearest("modle")).contains("model");
    assertThat(registry.nearest("frobnicate")).isEmpty();
  }

  @Test
  void completesCommandNamesWithDescriptions() {
    List<CommandRegistry.Completion> t = registry.complete("/t", 2, null);
    assertThat(t)
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("/thinking", "/tree");
    assertThat(t.get(1).description()).contains("session tree");
    assertThat(registry.complete("/", 1, null)).hasSize(registry.all().size());
    assertThat(registry.complete("/TR", 3, null))
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("/tree");
  }

  @Test
  void completesArgumentsOfTheCommandBeingTyped() {
    assertThat(registry.complete("/thinking h", 11, null))
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("high");
    assertThat(registry.complete("/thinking ", 10, null)).hasSize(6);
    assertThat(registry.complete("/thinking x", 11, null))
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("xhigh");
    assertThat(registry.complete("/nosuch a", 9, null)).isEmpty();
  }

  @Test
  void promptsAndLaterLinesGetNoCompletion() {
    assertThat(registry.complete("explain /t", 10, null)).isEmpty();
    assertThat(registry.complete("first\n/t", 8, null)).isEmpty();
    assertThat(registry.complete("/tree", 0, null)).isEmpty(); // the cursor is before the slash
  }

  @Test
  void scriptCommandsAreAddedAndRemovedByOriginButCannotReplaceBuiltIns() {
    SlashCommand pop =
        new SlashCommand("pop", "Pop the stack", "scripts/stacking.js", null, (ctx, args) -> {});
    registry.register(pop);
    assertThat(registry.find("pop")).contains(pop);
    assertThat(registry.complete("/po", 3, null))
        .extracting(CommandRegistry.Completion::description)
        .containsExactly("Pop the stack");
    assertThatThrownBy(() ->
            registry.register(
                new SlashCommand("tree", "mine", "scripts/x.js", null, (ctx, args) -> {})))
        .hasMessageContaining("/tree exists already (from built-in)");
    registry.removeFrom("scripts/stacking.js");
    assertThat(registry.find("pop")).isEmpty();
    registry.removeFrom(SlashCommand.BUILT_IN);
    assertThat(registry.find("tree")).isPresent();
  }

  @Test
  void commandNamesAreChecked() {
    assertThatThrownBy(() -> SlashCommand.builtIn("Bad Name", "", (ctx, args) -> {}))
        .hasMessageContaining("lower-case letters");
    assertThatThrownBy(() -> SlashCommand.builtIn("a/b", "", (ctx, args) -> {}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
