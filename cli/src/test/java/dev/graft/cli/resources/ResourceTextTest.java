package dev.graft.cli.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Skills and prompt templates whose bytes are not all UTF-8 (a Latin-1 "café"): the reference reads
 * them with Node's UTF-8 decoding, a bad byte as U+FFFD, and so does graft.
 */
class ResourceTextTest {
  @TempDir Path temp;

  private Path latin1(String name, String text) throws Exception {
    Path file = temp.resolve(name);
    Files.createDirectories(file.getParent());
    Files.write(file, text.getBytes(StandardCharsets.ISO_8859_1));
    return file;
  }

  @Test
  void aSkillWithALatin1ByteLoadsAndExpandsWithAReplacementCharacter() throws Exception {
    Path file =
        latin1(
            "skills/menu/SKILL.md",
            "---\ndescription: Write the caf\u00e9 menu\n---\nList the caf\u00e9's dishes.\n");
    Skills skills = Skills.load(List.of(new Skills.Found(file, "user")));
    assertThat(skills.problems()).isEmpty();
    assertThat(skills.find("menu"))
        .get()
        .extracting(Skill::description)
        .isEqualTo("Write the caf\uFFFD menu");
    assertThat(skills.expand("/skill:menu")).contains("List the caf\uFFFD's dishes.");
  }

  @Test
  void aTemplateWithALatin1ByteLoadsWithAReplacementCharacter() throws Exception {
    Path file = latin1("prompts/menu.md", "Order $1 at the caf\u00e9\n");
    PromptTemplates templates =
        PromptTemplates.load(List.of(new PromptTemplates.Found(file, "user")));
    assertThat(templates.problems()).isEmpty();
    assertThat(templates.expand("/menu tea")).isEqualTo("Order tea at the caf\uFFFD\n");
  }
}
