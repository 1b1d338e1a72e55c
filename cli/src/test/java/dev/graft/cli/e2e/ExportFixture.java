package dev.graft.cli.e2e;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.message.Usage;
import dev.graft.runtime.session.Session;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;

/**
 * A session with every kind of entry the export page renders: two branches (one left with a branch
 * summary), labels, a compaction, tool calls and results, thinking, an image, custom messages, and
 * text that tries to break out of the page.
 */
record ExportFixture(
    Path file, String leafId, String otherBranchId, String branchPointId, List<String> ids) {
  static final String LEAF_TEXT = "LEAF-PATH: kept the exception and added tryParseDate";
  static final String OTHER_TEXT = "OTHER-BRANCH: returned null from parseDate";
  static final String SCRIPT_TEXT = "<script>alert(1)</script> and a lone </script> end tag";
  static final String IMG_TEXT = "<img src=x onerror=alert(2)>";
  static final String SESSION_NAME = "export </title><script>alert(4)</script> test";

  /** A 160x60 PNG: a gradient with a red bar, big enough to see in the screenshots. */
  static final String PNG = png();

  private static String png() {
    BufferedImage image = new BufferedImage(160, 60, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 160; x++) {
      for (int y = 0; y < 60; y++) {
        image.setRGB(x, y, y > 24 && y < 36 ? 0xd03030 : (x * 255 / 160) << 8 | 0x3060a0);
      }
    }
    var bytes = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  static ExportFixture write(Path dir) {
    try (Session s = Session.create(dir, "/home/ada/app", new TickingClock())) {
      s.appendModelChange("anthropic", "claude-sonnet-4-5");
      s.appendMessage(
          new AgentMessage.User(
              new MessageContent.Blocks(
                  List.of(
                      new ContentBlock.Text(
                          "The **date parser** fails on `2026-02-30`. Here is a screenshot:"),
                      new ContentBlock.Image(PNG, "image/png", null))),
              1,
              null));
      s.appendMessage(
          assistant(
              List.of(
                  new ContentBlock.Thinking(
                      "THINKING-TEXT: the parser probably rolls over invalid days", null),
                  new ContentBlock.Text(
                      "Let me read the parser.\n\n```ts\nconst d = new Date(s);\n```"),
                  new ContentBlock.ToolCall("call_1", "read", args("path", "src/dates.ts"), null)),
              "toolUse"));
      s.appendMessage(
          new AgentMessage.ToolResult(
              "call_1",
              "read",
              List.of(
                  new ContentBlock.Text(
                      "export function parseDate(s: string): Date {\n  return new Date(s);\n}\n")),
              Optional.empty(),
              false,
              3,
              null));
      String fix =
          s.appendMessage(
              assistant(
                  List.of(
                      new ContentBlock.Text(
                          "Done: parseDate throws a RangeError for impossible dates.")),
                  "stop"));
      s.appendLabelChange(fix, Optional.of("throwing fix"));
      s.appendCustomMessageEntry(
          "lint-hook", MessageContent.of("CUSTOM-TEXT: 2 lint warnings"), true, Optional.empty());

      // The branch that is left: it ends where the other one starts.
      s.appendMessage(
          new AgentMessage.User("Callers can't handle exceptions. Return null instead?", 4));
      String other = s.appendMessage(assistant(List.of(new ContentBlock.Text(OTHER_TEXT)), "stop"));
      s.appendLabelChange(other, Optional.of("null variant"));

      s.branchWithSummary(
          Optional.of(fix),
          "Tried returning null; every caller would need checks.",
          Optional.empty(),
          false);
      s.appendMessage(
          new AgentMessage.User("Keep the exception. " + SCRIPT_TEXT + " " + IMG_TEXT, 5));
      s.appendMessage(
          assistant(
              List.of(
                  new ContentBlock.Text(
                      "Quoting it back: "
                          + SCRIPT_TEXT
                          + "\n\n- a [safe link](https://example.org/docs)\n- a [bad link](javascript:alert(3))")),
              "stop"));
      s.appendMessage(
          new AgentMessage.ToolResult(
              "call_2",
              "bash",
              List.of(new ContentBlock.Text("npm test\n1 failing")),
              Optional.empty(),
              true,
              6,
              null));
      String firstKept = s.appendMessage(new AgentMessage.User("Fix the failing test too.", 7));
      s.appendMessage(assistant(List.of(new ContentBlock.Text("Fixed the test.")), "stop"));
      s.appendCompaction(
          "## Goal\nFix parseDate.\n\n## Done\n- throws RangeError\n- tryParseDate",
          firstKept,
          12_345,
          Optional.empty(),
          false);
      s.appendMessage(
          new AgentMessage.Custom(
              "notify",
              MessageContent.of("A custom message from a hook"),
              false,
              Optional.empty(),
              8,
              null));
      s.appendCustomEntry("hook-state", Optional.of(Json.object().put("count", 2)));
      s.appendThinkingLevelChange("high");
      String leaf = s.appendMessage(assistant(List.of(new ContentBlock.Text(LEAF_TEXT)), "stop"));
      s.appendLabelChange(leaf, Optional.of("<b>final</b>"));
      s.appendSessionInfo(SESSION_NAME);
      String leafId = s.leafId().orElseThrow();
      List<String> ids = s.entries().stream().map(e -> e.id()).toList();
      return new ExportFixture(s.file().orElseThrow(), leafId, other, fix, ids);
    }
  }

  private static AgentMessage.Assistant assistant(List<ContentBlock> content, String stopReason) {
    Usage usage = new Usage(100, 20, 0, 0, 120, new Usage.Cost(0, 0, 0, 0, 0.0012, null), null);
    return new AgentMessage.Assistant(
        content,
        "anthropic-messages",
        "anthropic",
        "claude-sonnet-4-5",
        usage,
        stopReason,
        Optional.empty(),
        2,
        null);
  }

  private static ObjectNode args(String key, String value) {
    return Json.object().put(key, value);
  }

  /** One second later on every read, so that every entry has its own time. */
  private static final class TickingClock extends Clock {
    private Instant now = Instant.parse("2026-11-20T09:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public synchronized Instant instant() {
      now = now.plusSeconds(1);
      return now;
    }
  }
}
