package dev.graft.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.setup.RunResources;
import dev.graft.cli.setup.SharedResources;
import dev.graft.cli.tui.CompletionSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor's "/" completion lists prompt templates and skills with their descriptions; Enter
 * sends them as prompts.
 */
class ResourceCompletionsTest {
  @TempDir Path temp;

  @Test
  void templatesAndSkillsAreCompletedWithTheirDescriptions() throws Exception {
    Path review = temp.resolve("review.md");
    Files.writeString(
        review, "---\ndescription: Review a file\nargument-hint: FILE\n---\nReview $1.\n");
    Path skill = temp.resolve("skills/pdf-tools/SKILL.md");
    Files.createDirectories(skill.getParent());
    Files.writeString(skill, "---\ndescription: Read PDFs.\n---\nbody\n");
    SharedResources.Plan plan =
        new SharedResources.Plan(
            List.of(new SharedResources.Found(skill, "user")),
            List.of(new SharedResources.Found(review, "user")),
            List.of(),
            List.of(),
            List.of());
    RunResources resources = new RunResources(plan, () -> plan);
    CommandRegistry commands = BuiltinCommands.registry();
    resources.commands().forEach(commands::register);
    CommandCompletions completions = new CommandCompletions(commands, null);

    CompletionSource.Completions rev = completions.complete("/rev", false).orElseThrow();
    assertThat(rev.items())
        .extracting(CompletionSource.Item::label, CompletionSource.Item::description)
        .contains(Tuple.tuple("/review", "Review a file FILE (prompt template)"));
    CompletionSource.Completions sk = completions.complete("/skill:", false).orElseThrow();
    assertThat(sk.items())
        .extracting(CompletionSource.Item::label, CompletionSource.Item::description)
        .containsExactly(Tuple.tuple("/skill:pdf-tools", "Read PDFs. (skill)"));
    assertThat(commands.find("review").orElseThrow().sendsPrompt()).isTrue();
    assertThat(commands.find("model").orElseThrow().sendsPrompt()).isFalse();
    assertThat(resources.expand("/review a.py")).isEqualTo("Review a.py.");
  }
}
