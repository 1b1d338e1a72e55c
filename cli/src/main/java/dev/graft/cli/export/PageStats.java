package dev.graft.cli.export;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.SessionEntry;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Totals over every entry of a session, for the page's header: counted while streaming. */
final class PageStats {
  private int entries;
  private final Map<String, Integer> messages = new TreeMap<>();
  private long tokens;
  private double cost;
  private final Set<String> models = new TreeSet<>();
  private String first;
  private String last;

  void add(SessionEntry entry) {
    entries++;
    if (first == null || entry.timestamp().compareTo(first) < 0) {
      first = entry.timestamp();
    }
    if (last == null || entry.timestamp().compareTo(last) > 0) {
      last = entry.timestamp();
    }
    switch (entry) {
      case SessionEntry.Message m -> {
        messages.merge(
            m.message().role().isEmpty() ? "unknown" : m.message().role(), 1, Integer::sum);
        if (m.message() instanceof AgentMessage.Assistant a) {
          tokens += a.usage().totalTokens();
          cost += a.usage().cost().total();
          models.add(a.provider() + "/" + a.model());
        }
      }
      case SessionEntry.ModelChange c -> models.add(c.provider() + "/" + c.modelId());
      default -> {}
    }
  }

  int entries() {
    return entries;
  }

  void write(JsonGenerator json) throws IOException {
    json.writeObjectFieldStart("stats");
    json.writeNumberField("entries", entries);
    json.writeObjectFieldStart("messages");
    for (Map.Entry<String, Integer> e : messages.entrySet()) {
      json.writeNumberField(e.getKey(), e.getValue());
    }
    json.writeEndObject();
    json.writeNumberField("tokens", tokens);
    json.writeNumberField("cost", cost);
    json.writeArrayFieldStart("models");
    for (String model : models) {
      json.writeString(model);
    }
    json.writeEndArray();
    json.writeStringField("first", first);
    json.writeStringField("last", last);
    json.writeEndObject();
  }
}
