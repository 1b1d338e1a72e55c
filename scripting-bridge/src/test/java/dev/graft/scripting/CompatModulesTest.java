package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptTool;
import dev.graft.scripting.modules.CompatModules;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A script written for the reference imports its packages' value helpers and gets graft's. */
class CompatModulesTest {
  @TempDir Path temp;

  @Test
  void typeboxPiAiAndPiCodingAgentImportsResolveToGraftsModules() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "ref.js",
          """
          import { Type } from "typebox";
          import { Type as SinclairType } from "@sinclair/typebox";
          import { StringEnum, complete } from "@mariozechner/pi-ai";
          import { defineTool, isToolCallEventType, withFileMutationQueue, convertToLlm, serializeConversation }
            from "@mariozechner/pi-coding-agent";

          export default function (pi) {
            pi.registerTool(defineTool({
              name: "todo",
              label: "Todo",
              description: "Manage a todo list",
              parameters: Type.Object({
                action: StringEnum(["list", "add"]),
                text: Type.Optional(Type.String({ description: "the item" })),
                tags: Type.Array(SinclairType.String()),
                limit: Type.Optional(Type.Integer({ minimum: 1 })),
              }),
              async execute(id, params) { return { content: [{ type: "text", text: params.action }] }; },
            }));
            pi.on("agent_start", async () => {
              const order = [];
              await Promise.all([
                withFileMutationQueue("a.txt", async () => { await new Promise((r) => setTimeout(r, 20)); order.push(1); }),
                withFileMutationQueue("a.txt", async () => { order.push(2); }),
              ]);
              let completeError;
              try {
                await complete({ provider: "x", id: "y" }, { messages: [{ role: "user", content: "hi" }] });
              } catch (e) { completeError = e.message; }
              return { order, completeError, isBash: isToolCallEventType("bash", { toolName: "bash" }),
                literal: Type.Literal("on"), union: Type.Union([Type.Literal(1), Type.Null()]).anyOf.length,
                serialized: serializeConversation(convertToLlm([{ role: "custom", content: "note" }, { role: "assistant",
                  content: [{ type: "text", text: "hi" }, { type: "toolCall", name: "read", arguments: { path: "a" } }] }])) };
            });
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      ScriptTool tool = f.engine.tools().get(0);
      assertThat(tool.parameters())
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"type":"object","properties":{
                    "action":{"type":"string","enum":["list","add"]},
                    "text":{"description":"the item","type":"string"},
                    "tags":{"type":"array","items":{"type":"string"}},
                    "limit":{"minimum":1,"type":"integer"}},
                   "required":["action","tags"]}\
                  """));
      List<HandlerOutcome> out = f.emit("agent_start", "{}");
      assertThat(((HandlerOutcome.Answered) out.get(0)).value())
          .isEqualTo(
              ScriptFixture.json(
                  """
                  {"order":[1,2],"completeError":"ctx.complete failed: there is no agent whose model to call","isBash":true,
                   "literal":{"const":"on","type":"string"},"union":2,
                   "serialized":"[User]: note\\n\\n[Assistant]: hi\\n\\n[Assistant tool calls]: read(path=\\"a\\")"}\
                  """));
    }
  }

  @Test
  void versionIsGraftsProjectVersion() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "version.js",
          """
          import { VERSION } from "@mariozechner/pi-coding-agent";
          export default function (pi) {
            pi.on("agent_start", () => ({ version: VERSION }));
          }
          """);
      assertThat(f.load().problems()).isEmpty();
      String version =
          ((HandlerOutcome.Answered) f.emit("agent_start", "{}").get(0))
              .value()
              .path("version")
              .asText();
      // Maven's ${project.version}, filtered in at build: graft's version, not the placeholder.
      assertThat(version)
          .isEqualTo(CompatModules.VERSION)
          .matches("\\d+\\.\\d+\\.\\d+.*")
          .doesNotContain("$");
    }
  }

  @Test
  void importingGraftsTypesAsValuesSaysToImportThemAsTypes() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "typed.ts",
          """
          import { GraftAPI } from "graft";
          export default function (graft: GraftAPI) {}
          """);
      LoadReport report = f.load();
      assertThat(report.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.reason())
                  .contains("cannot import \"graft\"")
                  .contains("import type { ... } from \"graft\"")
                  .doesNotContain("graft scripts add"));
    }
  }

  /**
   * The reference's types imported as values (no {@code type}) from its packages, under either
   * scope: the hint {@code "graft"} gets, naming the type, the package and the import's line.
   */
  @Test
  void importingTheReferencesTypesAsValuesSaysToImportThemAsTypes() {
    for (String pkg :
        List.of(
            "@mariozechner/pi-coding-agent",
            "@earendil-works/pi-coding-agent",
            "@mariozechner/pi-tui")) {
      Path dir = temp.resolve(pkg.replace('/', '_'));
      try (ScriptFixture f = new ScriptFixture(dir)) {
        f.write(
            "typed.ts",
            "// typed\nimport { ExtensionAPI } from \""
                + pkg
                + "\";\nexport default function (pi: ExtensionAPI) {}\n");
        LoadReport report = f.load();
        assertThat(report.problems())
            .singleElement()
            .satisfies(p ->
                assertThat(p.reason())
                    .contains("does not provide an export named 'ExtensionAPI'")
                    .contains(
                        "; if ExtensionAPI is a type, import it with import type { ExtensionAPI }"
                            + " from \""
                            + pkg
                            + "\"")
                    .endsWith(" (at typed.ts:2)"));
      }
    }
  }

  /** In JavaScript there is no import type: a name graft's module lacks gets no such hint. */
  @Test
  void aJavaScriptImportOfAMissingNameGetsNoTypeHint() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "plain.js",
          """
          import { NoSuchThing } from "@mariozechner/pi-coding-agent";
          export default function (pi) {}
          """);
      LoadReport report = f.load();
      assertThat(report.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.reason())
                  .contains("does not provide an export named 'NoSuchThing'")
                  .doesNotContain("import type"));
    }
  }

  @Test
  void otherPackagesAreStillRefusedNamingTheSpecifier() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "core.js",
          """
          import { Agent } from "@mariozechner/pi-agent-core";
          export default function (pi) {}
          """);
      LoadReport report = f.load();
      assertThat(report.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.reason())
                  .contains("cannot import \"@mariozechner/pi-agent-core\"")
                  .contains(
                      "no installed script package is called \"@mariozechner/pi-agent-core\""));
    }
  }
}
