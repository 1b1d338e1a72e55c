package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.scripting.api.LoadReport;
import dev.graft.scripting.api.ScriptTool;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A tool whose parameters are not a usable JSON Schema is refused at registration, naming the
 * field.
 */
class ToolSchemaCheckTest {
  @TempDir Path temp;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          not an object schema | { type: "string" }                                   | must be an object schema ({type: "object", properties: {...}}), not type "string"
          no type              | { properties: {} }                                    | must be an object schema ({type: "object", properties: {...}}), not a schema without a type
          unknown type         | { type: "object", properties: { n: { type: "int" } } } | parameters.properties.n.type is "int"; a JSON Schema type is one of string, number, integer, boolean, object, array, null
          property not schema  | { type: "object", properties: { n: 5 } }              | parameters.properties.n must be a schema object, not number
          properties not map   | { type: "object", properties: [] }                    | parameters.properties must be an object of schemas
          required not array   | { type: "object", required: "n" }                     | parameters.required must be an array of property names
          required not names   | { type: "object", required: [1] }                     | parameters.required must hold property names (strings), not 1
          bad items            | { type: "object", properties: { l: { type: "array", items: { type: ["string", 3] } } } } | parameters.properties.l.items.type is 3
          """)
  void aBadSchemaFailsTheRegistration(String name, String parameters, String expected) {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write(
          "bad.js",
          "export default function (pi) {\n  pi.registerTool({ name: \"t\", description: \"d\", parameters: "
              + parameters
              + ", execute() {} });\n}\n");
      f.write(
          "good.js",
          "export default function (pi) { pi.registerTool({ name: \"ok\", description: \"d\","
              + " parameters: { type: \"object\", properties: { n: { type: [\"number\", \"null\"] } }, required: [\"n\"] },"
              + " execute() {} }); }\n");
      LoadReport report = f.load();
      assertThat(report.problems())
          .singleElement()
          .satisfies(p ->
              assertThat(p.message())
                  .startsWith(
                      f.dir.resolve("bad.js")
                          + ": loading failed: TypeError: graft.registerTool: the parameters of tool t")
                  .contains(expected));
      assertThat(f.engine.tools()).extracting(ScriptTool::name).containsExactly("ok");
    }
  }
}
