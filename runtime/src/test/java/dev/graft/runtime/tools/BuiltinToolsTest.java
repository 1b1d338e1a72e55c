package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.MessageCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinToolsTest {
  @TempDir Path dir;
  private final BuiltinTools tools = BuiltinTools.create();

  @Test
  void offersEveryToolByNameAndTheReferenceDefaultSet() {
    assertThat(tools.all())
        .extracting(Tool::name)
        .containsExactly("read", "bash", "edit", "write", "grep", "find", "ls");
    assertThat(tools.defaultActive())
        .extracting(Tool::name)
        .containsExactly("read", "bash", "edit", "write");
    assertThat(tools.get("grep")).isPresent();
    assertThat(tools.get("nope")).isEmpty();
    assertThat(tools.select(List.of("ls", "read")))
        .extracting(Tool::name)
        .containsExactly("ls", "read");
    assertThatThrownBy(() -> tools.select(List.of("read", "rm")))
        .hasMessageStartingWith("Unknown tool name: rm");
  }

  @Test
  void parametersUseTheReferenceNames() {
    Map<String, List<String>> expected =
        Map.of(
            "read", List.of("path", "offset", "limit"),
            "bash", List.of("command", "timeout"),
            "edit", List.of("path", "edits"),
            "write", List.of("path", "content"),
            "grep", List.of("pattern", "path", "glob", "ignoreCase", "literal", "context", "limit"),
            "find", List.of("pattern", "path", "limit"),
            "ls", List.of("path", "limit"));
    for (Tool tool : tools.all()) {
      ObjectNode schema = tool.parameters();
      assertThat(schema.get("type").asText()).isEqualTo("object");
      List<String> names = new ArrayList<>();
      schema.get("properties").fieldNames().forEachRemaining(names::add);
      assertThat(names).as(tool.name()).containsExactlyElementsOf(expected.get(tool.name()));
      assertThat(tool.description()).isNotBlank();
    }
    JsonNode editItems = tools.get("edit").orElseThrow().parameters().at("/properties/edits/items");
    assertThat(editItems.get("required").toString()).isEqualTo("[\"oldText\",\"newText\"]");
  }

  @Test
  void aResultBecomesASessionMessageThatEncodesAsTheReferenceWrites() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "one\ntwo\n");
    ToolResult result =
        tools
            .get("edit")
            .orElseThrow()
            .execute(
                "call-7",
                args("path", "a.txt", "edits", Json.array().add(Calls.edit("two", "2"))),
                ToolContext.of(dir));
    JsonNode json = MessageCodec.encode(result.toMessage("call-7", "edit", 1234L));
    assertThat(json.get("role").asText()).isEqualTo("toolResult");
    assertThat(json.get("toolCallId").asText()).isEqualTo("call-7");
    assertThat(json.get("toolName").asText()).isEqualTo("edit");
    assertThat(json.at("/content/0/type").asText()).isEqualTo("text");
    assertThat(json.at("/details/firstChangedLine").asInt()).isEqualTo(2);
    assertThat(json.get("isError").asBoolean()).isFalse();
  }

  @Test
  void parametersCannotBeChangedThroughTheReturnedSchema() {
    Tool read = tools.get("read").orElseThrow();
    read.parameters().put("type", "string");
    assertThat(read.parameters().get("type").asText()).isEqualTo("object");
  }

  @Test
  void badArgumentsComeBackAsErrorsAndNeverAsExceptions() {
    List<ObjectNode> garbage = new ArrayList<>();
    garbage.add(null);
    garbage.add(Json.object());
    garbage.add(
        args(
            "path", Json.array(), "pattern", Json.object(), "command", Json.array(), "content", 3));
    garbage.add(
        args(
            "path",
            "\u0000bad",
            "pattern",
            "x",
            "command",
            "exit 1",
            "content",
            "x",
            "edits",
            "not json"));
    for (Tool tool : tools.all()) {
      for (ObjectNode arguments : garbage) {
        ToolResult result = tool.execute("c", arguments, ToolContext.of(dir));
        if (tool.name().equals("ls") && (arguments == null || arguments.isEmpty())) {
          assertThat(result.text()).isEqualTo("(empty directory)"); // ls needs no arguments
          continue;
        }
        assertThat(result.isError())
            .as("%s with %s: %s", tool.name(), arguments, result.text())
            .isTrue();
        assertThat(result.text()).isNotBlank();
      }
    }
  }
}
