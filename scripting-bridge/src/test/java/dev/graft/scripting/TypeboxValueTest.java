package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graft's built-in {@code typebox/value} and {@code typebox/compile} answer Check and Errors as the
 * real typebox does (the version the reference installs, run by node), on the same JSON Schemas;
 * and {@code @earendil-works/pi-ai/compat} and pi-ai's thinking-level helpers load.
 */
class TypeboxValueTest {
  @TempDir Path temp;

  /** [schema, value] pairs, as a JS expression. */
  private static final String CASES =
      """
      [
        [{ type: "object", properties: { a: { type: "string" }, b: { type: "number", minimum: 2 } }, required: ["a"] }, { a: 1, b: 1 }],
        [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, {}],
        [{ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false }, { a: "x", z: 1 }],
        [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { a: "x", z: 1 }],
        [{ type: "array", items: { type: "integer" }, minItems: 2 }, [1.5]],
        [{ type: "array", items: { type: "integer" }, maxItems: 1, uniqueItems: true }, [1, 1]],
        [{ type: "array", uniqueItems: true }, [5, 7, 5, { a: [1] }, 7, 9, { a: [1] }, 9]],
        [{ anyOf: [{ type: "string" }, { type: "number" }] }, true],
        [{ anyOf: [{ type: "string" }, { type: "number" }] }, 3],
        [{ const: "x", type: "string" }, "y"],
        [{ type: "string", minLength: 2, maxLength: 3, pattern: "^a" }, "bcde"],
        [{ type: "string", minLength: 2 }, "é"],
        [{ type: "string", enum: ["a", "b"] }, "c"],
        [{ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 2, maxItems: 2 }, ["a"]],
        [{ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 2, maxItems: 2 }, ["a", "b"]],
        [{ type: "object", patternProperties: { "^.*$": { type: "number" } } }, { x: "no", y: 2 }],
        [{ type: "null" }, 0],
        [{ type: "boolean" }, "true"],
        [{ type: "number", exclusiveMaximum: 5, multipleOf: 2 }, 5],
        [{ type: "number", exclusiveMinimum: 1, maximum: 10 }, 11],
        [{ type: "integer" }, 2],
        [{ allOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "object", required: ["b"] }] }, { a: 2 }],
        [{ type: "object", properties: { list: { type: "array", items: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } } } }, { list: [{ n: 1 }, {}, { n: "x" }] }],
        [{ type: "object", minProperties: 2 }, { a: 1 }],
        [{}, { anything: [1, "x"] }],
      ]
      """;

  private static final String BODY =
      """
      async function probe() {
        const out = [];
        for (const [schema, value] of CASES) {
          const compiled = Compile(schema);
          out.push({ check: Check(schema, value), compiled: compiled.Check(value),
            errors: Errors(schema, value).map((e) => ({ keyword: e.keyword, schemaPath: e.schemaPath,
              instancePath: e.instancePath, params: e.params, message: e.message })) });
        }
        return out;
      }
      """;

  private static final String IMPORTS =
      "import { Check, Errors } from \"typebox/value\";\n"
          + "import { Compile } from \"typebox/compile\";\n"
          + "const CASES = "
          + CASES
          + ";\n";

  @Test
  void checkAndErrorsGiveWhatTypeboxGives() throws Exception {
    Path oracle = Path.of(System.getProperty("graft.oracle.dir", "nowhere"), "node_modules");
    assertThat(oracle.resolve("typebox/package.json"))
        .as("reference oracle not prepared: run bench/reference-oracle.sh (./graft test does this)")
        .isRegularFile();
    Path nodeDir = Files.createDirectories(temp.resolve("node"));
    Files.createSymbolicLink(nodeDir.resolve("node_modules"), oracle);
    JsonNode node = NodeProbe.inNode(nodeDir, IMPORTS, BODY);
    try (ScriptFixture f = new ScriptFixture(temp.resolve("graft"))) {
      JsonNode graft = NodeProbe.inGraft(f, IMPORTS, BODY);
      assertThat(NodeProbe.differences(graft, node)).isEmpty();
    }
  }

  @Test
  void piAiCompatAndItsThinkingLevelsLoad() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      JsonNode r =
          NodeProbe.inGraft(
              f,
              "import { StringEnum, complete, completeSimple } from \"@earendil-works/pi-ai/compat\";\n"
                  + "import { clampThinkingLevel, getSupportedThinkingLevels } from \"@earendil-works/pi-ai\";\n",
              """
              async function probe() {
                const reasoning = { id: "m", provider: "p", reasoning: true };
                const xhigh = { id: "x", provider: "p", reasoning: true, thinkingLevelMap: { xhigh: "max", minimal: null } };
                return {
                  enumType: StringEnum(["a"]).type,
                  fns: [typeof complete, typeof completeSimple],
                  plain: clampThinkingLevel({ reasoning: false }, "high"),
                  capped: clampThinkingLevel(reasoning, "xhigh"),
                  kept: clampThinkingLevel(xhigh, "xhigh"),
                  up: clampThinkingLevel(xhigh, "minimal"),
                  levels: getSupportedThinkingLevels(xhigh),
                };
              }
              """);
      assertThat(r.toString())
          .isEqualTo(
              "{\"enumType\":\"string\",\"fns\":[\"function\",\"function\"],\"plain\":\"off\","
                  + "\"capped\":\"high\",\"kept\":\"xhigh\",\"up\":\"low\","
                  + "\"levels\":[\"off\",\"low\",\"medium\",\"high\",\"xhigh\"]}");
    }
  }
}
