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
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Writes a session as one self-contained HTML page (docs/export.md). The file is streamed: each
 * entry's JSON line goes into the page as it is read, in its own data block, and only a row of the
 * tree (id, parent, a one-line preview) is kept per entry. The page's script renders the entries of
 * the selected path when they are shown.
 */
public final class SessionPage {
  /** What the page holds: its number of entries. */
  public record Written(int entries) {}

  private SessionPage() {}

  /**
   * Writes the page of {@code session}, whose file is read again line by line; {@code progress} is
   * told how many bytes of it were read.
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
    try (InputStream in = Files.newInputStream(source)) {
      ByteLineReader lines = new ByteLineReader(in);
      byte[] line;
      int element = 0;
      long offset = lines.consumed();
      while ((line = lines.next()) != null) {
        long lineOffset = offset;
        offset = lines.consumed();
        progress.accept(offset);
        Optional<SessionEntry> entry = entryOf(session, line, lineOffset);
        if (entry.isEmpty()) {
          continue;
        }
        out.write(
            ("<script type=\"application/json\" id=\"e" + element + "\">")
                .getBytes(StandardCharsets.US_ASCII));
        data.write(line);
        out.write("</script>\n".getBytes(StandardCharsets.US_ASCII));
        tree.add(item(element, entry.get()));
        stats.add(entry.get());
        element++;
      }
    }

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

  /**
   * The entry a line holds, when the session indexed exactly this line for its id: lines it skipped
   * (malformed, a second header) and the earlier of two lines with one id are left out.
   */
  private static Optional<SessionEntry> entryOf(Session session, byte[] line, long offset) {
    JsonNode json;
    try {
      json = Json.parse(line, 0, line.length);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (!(json instanceof ObjectNode object)
        || !(object.get("id") instanceof JsonNode id)
        || !id.isTextual()
        || !session.indexedAt(id.asText(), offset)) {
      return Optional.empty();
    }
    return EntryCodec.decode(object);
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
