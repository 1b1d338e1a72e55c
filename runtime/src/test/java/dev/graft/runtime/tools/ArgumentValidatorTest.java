package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import org.junit.jupiter.api.Test;

class ArgumentValidatorTest {
  private static final ObjectNode SCHEMA =
      ParameterSchema.object()
          .required("path", "string", "a path")
          .optional("limit", "number", "a limit")
          .optional("ignoreCase", "boolean", "a flag")
          .build();

  private static ArgumentValidator.Validation check(ObjectNode arguments) {
    return ArgumentValidator.validate("demo", SCHEMA, arguments);
  }

  @Test
  void aMissingRequiredFieldIsNamed() {
    var result = check(args("limit", 3));
    assertThat(result).isInstanceOf(ArgumentValidator.Invalid.class);
    String message = ((ArgumentValidator.Invalid) result).message();
    assertThat(message)
        .isEqualTo(
            "Validation failed for tool \"demo\":\n  - path: is required\n\nReceived arguments:\n{\n  \"limit\": 3\n}");
  }

  @Test
  void aMistypedFieldIsNamedWithItsType() {
    var result = check(args("path", "a", "limit", args("x", 1), "ignoreCase", "maybe"));
    String message = ((ArgumentValidator.Invalid) result).message();
    assertThat(message)
        .contains("  - limit: must be a number\n")
        .contains("  - ignoreCase: must be a boolean\n");
  }

  @Test
  void valuesPlainlyMeantAsTheDeclaredTypeAreConverted() {
    var result = check(args("path", 42, "limit", "20", "ignoreCase", "true"));
    ObjectNode valid = ((ArgumentValidator.Valid) result).arguments();
    assertThat(valid.get("path").textValue()).isEqualTo("42");
    assertThat(valid.get("limit").isNumber()).isTrue();
    assertThat(valid.get("limit").intValue()).isEqualTo(20);
    assertThat(valid.get("ignoreCase").booleanValue()).isTrue();
  }

  @Test
  void nullForAnOptionalFieldMeansNotGiven() {
    ObjectNode given = args("path", "a");
    given.putNull("limit");
    ObjectNode valid = ((ArgumentValidator.Valid) check(given)).arguments();
    assertThat(valid.has("limit")).isFalse();
    assertThat(given.has("limit")).as("the caller's object is left alone").isTrue();
  }

  @Test
  void nullForARequiredFieldIsAnError() {
    ObjectNode given = Json.object();
    given.putNull("path");
    assertThat(((ArgumentValidator.Invalid) check(given)).message())
        .contains("  - path: must be a string");
  }

  @Test
  void closedSchemasNameUnknownFieldsAndCheckArrayItems() {
    ObjectNode schema =
        new EditTool(PathResolver.ofUserHome(), new LocalFiles(), new FileMutationLocks())
            .parameters();
    ObjectNode given =
        args("path", "f", "file_path", "g", "edits", Json.array().add(args("oldText", "a")));
    String message =
        ((ArgumentValidator.Invalid) ArgumentValidator.validate("edit", schema, given)).message();
    assertThat(message)
        .contains("  - file_path: is not an allowed property")
        .contains("  - edits[0].newText: is required");
  }
}
