package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.llm.ModelRegistry;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  /**
   * {@code /model TEXT} offers the models containing the text anywhere in {@code id provider}, as
   * the reference's fuzzy filter does, best first; not only those starting with it.
   */
  @Test
  void modelArgumentsMatchFuzzilyAnywhereInTheName(@TempDir Path home) throws Exception {
    Files.writeString(
        home.resolve("models.json"),
        """
        {"providers": {"ollama": {"models": [{"id": "claude-sonnet-4-5"}, {"id": "gpt-4o-mini"},
          {"id": "gpt-4o"}, {"id": "llama3"}]}}}
        """);
    ModelRegistry models = ModelRegistry.load(home, Map.of());
    CommandContext ctx =
        (CommandContext)
            Proxy.newProxyInstance(
                CommandContext.class.getClassLoader(),
                new Class<?>[] {CommandContext.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("models")) {
                    return models;
                  }
                  throw new AssertionError("not asked for: " + method.getName());
                });
    assertThat(registry.complete("/model sonnet", 13, ctx))
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("ollama/claude-sonnet-4-5");
    // the reference's order: ties keep the registry's order; "4" then "o" also in sonnet-4-5 ollama
    List<String> fourO = List.of("ollama/gpt-4o-mini", "ollama/gpt-4o", "ollama/claude-sonnet-4-5");
    assertThat(registry.complete("/model 4o", 9, ctx))
        .extracting(CommandRegistry.Completion::value)
        .isEqualTo(fourO);
    assertThat(registry.complete("/model o4", 9, ctx)) // letters and digits swapped
        .extracting(CommandRegistry.Completion::value)
        .isEqualTo(fourO);
    assertThat(registry.complete("/model LLAMA ollama", 19, ctx)) // every word, best first
        .extracting(CommandRegistry.Completion::value)
        .startsWith("ollama/llama3");
    assertThat(registry.complete("/model OLLAMA/gpt-4o-", 21, ctx)) // a name typed whole
        .extracting(CommandRegistry.Completion::value)
        .containsExactly("ollama/gpt-4o-mini");
    assertThat(registry.complete("/model ", 7, ctx)).hasSize(4);
    assertThat(registry.complete("/model zzz", 10, ctx)).isEmpty();
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
