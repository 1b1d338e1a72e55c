package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files a stretch of conversation read and changed (from read, write and edit tool calls),
 * carried from compaction to compaction in their {@code details} and listed after a summary.
 */
public final class FileOps {
  private final Set<String> read = new TreeSet<>();
  private final Set<String> written = new TreeSet<>();
  private final Set<String> edited = new TreeSet<>();
  private final Set<String> modified = new TreeSet<>();

  /** Adds the files the tool calls of an assistant message touch. */
  public void add(AgentMessage message) {
    if (!(message instanceof AgentMessage.Assistant a)) {
      return;
    }
    for (ContentBlock block : a.content()) {
      if (block instanceof ContentBlock.ToolCall c && c.arguments().path("path").isTextual()) {
        String path = c.arguments().get("path").textValue();
        if (path.isEmpty()) {
          continue;
        }
        switch (c.name()) {
          case "read" -> read.add(path);
          case "write" -> {
            written.add(path);
            modified.add(path);
          }
          case "edit" -> {
            edited.add(path);
            modified.add(path);
          }
          default -> {}
        }
      }
    }
  }

  /** Adds the lists a previous compaction recorded in its details. */
  public void addDetails(JsonNode details) {
    details
        .path("readFiles")
        .forEach(f -> {
          if (f.isTextual()) {
            read.add(f.textValue());
          }
        });
    details
        .path("modifiedFiles")
        .forEach(f -> {
          if (f.isTextual()) {
            // the lists do not say how a file was changed; the reference counts them as edited
            edited.add(f.textValue());
            modified.add(f.textValue());
          }
        });
  }

  /** Files only read (not also changed), sorted. */
  public List<String> readFiles() {
    List<String> only = new ArrayList<>();
    for (String f : read) {
      if (!modified.contains(f)) {
        only.add(f);
      }
    }
    return only;
  }

  /** Every file read, changed or not (the reference's {@code fileOps.read}), sorted. */
  public List<String> read() {
    return List.copyOf(read);
  }

  /** Files written whole (the reference's {@code fileOps.written}), sorted. */
  public List<String> written() {
    return List.copyOf(written);
  }

  /**
   * Files edited, and files a previous summary listed as modified (the reference's {@code
   * fileOps.edited}), sorted.
   */
  public List<String> edited() {
    return List.copyOf(edited);
  }

  public List<String> modifiedFiles() {
    return List.copyOf(modified);
  }

  /** The lists as they are appended to a summary (empty when there are none). */
  public String formatted() {
    List<String> sections = new ArrayList<>();
    if (!readFiles().isEmpty()) {
      sections.add("<read-files>\n" + String.join("\n", readFiles()) + "\n</read-files>");
    }
    if (!modified.isEmpty()) {
      sections.add("<modified-files>\n" + String.join("\n", modified) + "\n</modified-files>");
    }
    return sections.isEmpty() ? "" : "\n\n" + String.join("\n\n", sections);
  }
}
