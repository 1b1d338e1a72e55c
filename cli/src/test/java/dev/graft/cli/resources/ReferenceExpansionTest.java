package dev.graft.cli.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Template arguments and the skills section against the reference's own code (its dist files, run
 * by node from the reference oracle): the same text for every case.
 */
class ReferenceExpansionTest {
  @TempDir Path temp;

  private static final List<String[]> CASES =
      List.of(
          new String[] {"Review $1 for ${@:2}.", "a.py error handling"},
          new String[] {"All: $@ / $ARGUMENTS", "one 'two three' \"four\""},
          new String[] {"$2 then $1, missing $3", "x y"},
          new String[] {"slice ${@:2:2} | ${@:0} | ${@:9} | ${@:1:0}", "a b c d e"},
          new String[] {"$10 and $1", "1 2 3 4 5 6 7 8 9 ten"},
          new String[] {"no args: [$1] [$@]", ""},
          new String[] {"tabs\tand  spaces: $@", "a\tb   c"},
          new String[] {"recursion $1", "$2 $@"},
          new String[] {"$99999999999 big", "a"},
          new String[] {"quote 'mixed\"quotes' $1", "'it\"s' end"});

  private static Path oracle() {
    Path dir = Path.of(System.getProperty("graft.oracle.dir", "nowhere"));
    Path dist = dir.resolve("node_modules/@mariozechner/pi-coding-agent/dist/core");
    if (!Files.isRegularFile(dist.resolve("prompt-templates.js"))) {
      throw new AssertionError(
          "reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)");
    }
    return dist;
  }

  private JsonNode node(String script, JsonNode input) throws Exception {
    Path file = temp.resolve("probe.mjs");
    Files.writeString(file, script);
    Path in = temp.resolve("in.json");
    Files.writeString(in, Json.write(input));
    Process p =
        new ProcessBuilder("node", file.toString(), in.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    return Json.parse(out);
  }

  @Test
  void argumentsExpandAsTheReferenceExpandsThem() throws Exception {
    ArrayNode input = Json.MAPPER.createArrayNode();
    List<String> ours = new ArrayList<>();
    for (String[] c : CASES) {
      input.addObject().put("content", c[0]).put("args", c[1]);
      ours.add(PromptTemplates.substitute(c[0], PromptTemplates.parseArgs(c[1])));
    }
    JsonNode theirs =
        node(
            """
            import fs from "node:fs";
            import { substituteArgs, parseCommandArgs } from "%s";
            const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
            console.log(JSON.stringify(cases.map((c) => substituteArgs(c.content, parseCommandArgs(c.args)))));
            """
                .formatted(oracle().resolve("prompt-templates.js").toUri()),
            input);
    for (int i = 0; i < CASES.size(); i++) {
      assertThat(ours.get(i))
          .as(CASES.get(i)[0] + " with " + CASES.get(i)[1])
          .isEqualTo(theirs.get(i).asText());
    }
  }

  @Test
  void theSkillsSectionIsTheReferences() throws Exception {
    List<Skill> skills =
        List.of(
            new Skill(
                "pdf-tools",
                "Read <PDF> & \"forms\" it's",
                Path.of("/s/pdf-tools/SKILL.md"),
                Path.of("/s/pdf-tools"),
                "user",
                false,
                ""),
            new Skill(
                "hidden",
                "Only by hand",
                Path.of("/s/hidden/SKILL.md"),
                Path.of("/s/hidden"),
                "user",
                true,
                ""),
            new Skill(
                "lint",
                "Fix lint",
                Path.of("/p/lint/SKILL.md"),
                Path.of("/p/lint"),
                "project",
                false,
                ""));
    ArrayNode input = Json.MAPPER.createArrayNode();
    for (Skill s : skills) {
      ObjectNode o =
          input
              .addObject()
              .put("name", s.name())
              .put("description", s.description())
              .put("filePath", s.file().toString())
              .put("baseDir", s.baseDir().toString());
      o.put("disableModelInvocation", s.userOnly());
    }
    JsonNode theirs =
        node(
            """
            import fs from "node:fs";
            import { formatSkillsForPrompt } from "%s";
            console.log(JSON.stringify(formatSkillsForPrompt(JSON.parse(fs.readFileSync(process.argv[2], "utf8")))));
            """
                .formatted(oracle().resolve("skills.js").toUri()),
            input);
    assertThat(new Skills(skills, List.of()).promptSection()).isEqualTo(theirs.asText());
  }

  @Test
  void aTemplateWithoutFrontMatterTakesItsFirstLineAsDescription() throws Exception {
    Path file = temp.resolve("a-very-long-template.md");
    Files.writeString(
        file,
        "\n\nThis first line is longer than sixty characters, so it is cut short with dots\nmore\n");
    PromptTemplate t = PromptTemplate.read(file, "user");
    assertThat(t.name()).isEqualTo("a-very-long-template");
    assertThat(t.description())
        .isEqualTo("This first line is longer than sixty characters, so it is cu...");
  }
}
