package dev.graft.cli.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.EntryCodec;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.Timestamps;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Writes a session as one self-contained HTML page (docs/export.md). The entries are streamed: each
 * entry's JSON line, as the session reads it, goes into the page in its own data block, and only a
 * row of the tree (id, parent, a one-line preview) is kept per entry. The page's script renders the
 * entries of the selected path when they are shown.
 */
public final class SessionPage {
  /** What the page holds: its number of entries. */
  public record Written(int entries) {}

  private SessionPage() {}

  /**
   * Writes the page of {@code session}, whose entries are read again one by one; {@code progress}
   * is told how many bytes of its file were read.
   */
  public static Written write(Session session, OutputStream out, LongConsumer progress)
      throws IOException {
    Path source =
        session
            .file()
            .orElseThrow(() -> new IllegalArgumentException("an in-memory session has no file"));
    PageTemplate template = PageTemplate.load();
    String title = session.name().orElse(source.getFileName().toString());
    out.write(template.head(title).getBytes(StandardCharsets.UTF_8));

    PageTree tree = new PageTree();
    PageStats stats = new PageStats();
    ScriptDataStream data = new ScriptDataStream(out);
    int[] element = {0};
    session.forEachLine((id, line, end) -> {
      if (end >= 0) {
        progress.accept(end);
      }
      out.write(
          ("<script type=\"application/json\" id=\"e" + element[0] + "\">")
              .getBytes(StandardCharsets.US_ASCII));
      data.write(line);
      out.write("</script>\n".getBytes(StandardCharsets.US_ASCII));
      // The line is in the page: a long string in it is decoded over its bytes.
      SessionEntry entry = decode(source, id, line);
      tree.add(item(element[0], entry));
      stats.add(entry);
      element[0]++;
    });
    progress.accept(Files.size(source));

    PageTree.Rows rows = tree.rows();
    out.write(
        "<script type=\"application/json\" id=\"graft-index\">"
            .getBytes(StandardCharsets.US_ASCII));
    try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(data)) {
      writeIndex(json, session, source, rows, stats);
    }
    out.write("</script>\n".getBytes(StandardCharsets.US_ASCII));
    out.write(template.tail().getBytes(StandardCharsets.UTF_8));
    out.flush();
    return new Written(rows.count());
  }

  /** The entry of a line the session indexed, which it then no longer needs. */
  private static SessionEntry decode(Path source, String id, byte[] line) throws IOException {
    JsonNode json = Json.parseConsuming(line, 0, line.length);
    Optional<SessionEntry> entry =
        json instanceof ObjectNode object ? EntryCodec.decode(object) : Optional.empty();
    if (entry.isEmpty() || !entry.get().id().equals(id)) {
      throw new IOException(source + " changed on disk: entry " + id + " is not where it was");
    }
    return entry.get();
  }

  private static PageTree.Item item(int element, SessionEntry entry) {
    String kind = entry.type().isEmpty() ? "unknown" : entry.type();
    int flags = 0;
    if (entry instanceof SessionEntry.Message m) {
      kind = m.message().role().isEmpty() ? "message" : m.message().role();
      boolean error =
          switch (m.message()) {
            case AgentMessage.Assistant a -> a.failed();
            case AgentMessage.ToolResult t -> t.isError();
            default -> false;
          };
      flags = error ? PageTree.ERROR : 0;
    }
    return new PageTree.Item(
        element,
        entry.id(),
        entry.parentId().orElse(null),
        Timestamps.epochMillis(entry.timestamp()).orElse(0),
        kind,
        flags,
        EntryPreview.of(entry));
  }

  private static void writeIndex(
      JsonGenerator json, Session session, Path source, PageTree.Rows rows, PageStats stats)
      throws IOException {
    String leaf = session.leafId().orElse(null);
    int leafRow = -1;
    json.writeStartObject();
    json.writeNumberField("format", 1);
    json.writeStringField("file", source.getFileName().toString());
    json.writeFieldName("header");
    Json.write(json, session.header().toJson());
    if (session.name().isPresent()) {
      json.writeStringField("name", session.name().get());
    }
    json.writeArrayFieldStart("warnings");
    for (String warning : session.warnings()) {
      json.writeString(warning);
    }
    json.writeEndArray();
    stats.write(json);
    json.writeArrayFieldStart("rows");
    for (int i = 0; i < rows.count(); i++) {
      PageTree.Item item = rows.item(i);
      if (item.id().equals(leaf)) {
        leafRow = i;
      }
      json.writeStartArray();
      json.writeNumber(item.element());
      json.writeNumber(rows.parent()[i]);
      json.writeNumber(rows.indent()[i]);
      json.writeNumber(rows.flags()[i]);
      json.writeString(item.kind());
      json.writeString(item.text());
      Optional<String> label = session.label(item.id());
      if (label.isPresent()) {
        json.writeString(label.get());
      } else {
        json.writeNull();
      }
      json.writeNumber(rows.size()[i]);
      json.writeString(item.id());
      json.writeEndArray();
    }
    json.writeEndArray();
    json.writeNumberField("leaf", leafRow);
    json.writeEndObject();
  }
}
