package dev.graft.runtime.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The result of grep, find and ls: lines cut to 50 KB (their count is capped by each tool already),
 * followed by notices in brackets saying what was left out and how to get it, whose facts also go
 * into the details.
 */
final class Listing {
  private Listing() {}

  /** One notice, and the detail field that records the same fact. */
  record Notice(String text, String detailName, JsonNode detailValue) {}

  /** {@code limitNotice} comes before the 50 KB notice, {@code lateNotice} after it. */
  static ToolResult result(
      List<String> lines, Optional<Notice> limitNotice, Optional<Notice> lateNotice) {
    Truncation truncation =
        Truncation.head(
            String.join("\n", lines), OutputLimits.NO_LINE_LIMIT, OutputLimits.MAX_BYTES);
    ObjectNode details = Json.object();
    List<String> notices = new ArrayList<>();
    limitNotice.ifPresent(n -> add(n, notices, details));
    if (truncation.truncated()) {
      add(
          new Notice(
              SizeFormat.format(OutputLimits.MAX_BYTES) + " limit reached",
              "truncation",
              truncation.toJson()),
          notices,
          details);
    }
    lateNotice.ifPresent(n -> add(n, notices, details));
    String suffix = notices.isEmpty() ? "" : "\n\n[" + String.join(". ", notices) + "]";
    String text = truncation.content() + suffix;
    return ToolResult.text(text, details.isEmpty() ? null : details);
  }

  private static void add(Notice notice, List<String> notices, ObjectNode details) {
    notices.add(notice.text());
    details.set(notice.detailName(), notice.detailValue());
  }
}
