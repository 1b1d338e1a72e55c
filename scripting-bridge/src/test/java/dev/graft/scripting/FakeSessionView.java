package dev.graft.scripting;

import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.ScriptSessionView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;

/** A session view over entry lines held in a list; records each read as "op known->from". */
class FakeSessionView implements ScriptSessionView {
  final List<String> lines = new CopyOnWriteArrayList<>();
  final List<String> reads = new CopyOnWriteArrayList<>();
  final Map<String, String> labels = new HashMap<>();
  volatile String generation = "g1";
  volatile String leaf;

  /** Appends an entry as a child of the leaf and makes it the leaf. */
  String append(String id, String type, String extra) {
    String line =
        "{\"type\":\""
            + type
            + "\",\"id\":\""
            + id
            + "\",\"parentId\":"
            + (leaf == null ? "null" : "\"" + leaf + "\"")
            + ",\"timestamp\":\"2025-01-01T00:00:0"
            + lines.size() % 10
            + ".000Z\""
            + (extra.isEmpty() ? "" : "," + extra)
            + "}";
    lines.add(line);
    leaf = id;
    return id;
  }

  /** Replaces every entry (as a session switch does). */
  void replace(String nextGeneration) {
    lines.clear();
    leaf = null;
    generation = nextGeneration;
  }

  private String field(int position, String name) {
    try {
      var v = Json.parse(lines.get(position)).get(name);
      return v == null || v.isNull() ? null : v.asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private OptionalInt position(String id) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (id.equals(field(i, "id"))) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  @Override
  public synchronized Reply read(String known, int count, Query query) {
    int from = known.equals(generation) && count <= lines.size() ? count : 0;
    reads.add(query.getClass().getSimpleName() + " " + count + "->" + from);
    Answer answer =
        switch (query) {
          case Query.All a -> new Answer.Nothing();
          case Query.Entry e -> new Answer.Position(position(e.id()));
          case Query.Leaf l ->
              leaf == null
                  ? new Answer.Position(OptionalInt.empty())
                  : new Answer.Position(position(leaf));
          case Query.Branch b -> {
            List<Integer> path = new ArrayList<>();
            String id = b.fromId().orElse(leaf);
            boolean after = false;
            while (id != null && position(id).isPresent()) {
              int p = position(id).getAsInt();
              if (from > 0 && p == b.knownEnd()) {
                after = true;
                break;
              }
              path.addFirst(p);
              id = field(p, "parentId");
            }
            reads.add("  branch after " + (after ? b.knownEnd() : "none"));
            yield new Answer.Positions(after, path.stream().mapToInt(Integer::intValue).toArray());
          }
          case Query.Tree t -> {
            List<TreeRow> rows = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
              String parent = field(i, "parentId");
              rows.add(
                  new TreeRow(
                      i,
                      parent == null ? -1 : position(parent).getAsInt(),
                      Optional.ofNullable(labels.get(field(i, "id"))),
                      Optional.ofNullable(labels.get(field(i, "id"))).map(x -> "T")));
            }
            yield new Answer.Rows(rows);
          }
        };
    return new Reply(generation, from, lines.subList(from, lines.size()), lines.size(), answer);
  }

  @Override
  public Optional<String> label(String id) {
    return Optional.ofNullable(labels.get(id));
  }

  @Override
  public Optional<String> leafId() {
    return Optional.ofNullable(leaf);
  }

  @Override
  public Optional<String> header() {
    return Optional.of("{\"type\":\"session\",\"version\":3,\"id\":\"s1\",\"cwd\":\"/w\"}");
  }

  @Override
  public Optional<String> sessionFile() {
    return Optional.of("/w/s1.jsonl");
  }

  @Override
  public String sessionId() {
    return "s1";
  }

  @Override
  public Optional<String> sessionName() {
    return Optional.empty();
  }

  @Override
  public String cwd() {
    return "/w";
  }

  @Override
  public Optional<String> sessionDir() {
    return Optional.of("/w");
  }
}
