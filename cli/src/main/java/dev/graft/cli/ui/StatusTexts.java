package dev.graft.cli.ui;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/** The keyed status-line texts scripts set ({@code ctx.ui.setStatus}), one line each, by key. */
final class StatusTexts {
  private final Map<String, String> texts = new ConcurrentSkipListMap<>();

  /** Sets the text of {@code key} (flattened to one line), or removes it when blank or empty. */
  void set(String key, Optional<String> text) {
    String clean = text.map(t -> Screen.clean(t).replaceAll("\\s+", " ").strip()).orElse("");
    if (clean.isEmpty()) {
      texts.remove(key);
    } else {
      texts.put(key, clean);
    }
  }

  List<String> all() {
    return List.copyOf(texts.values());
  }

  Map<String, String> byKey() {
    return Map.copyOf(texts);
  }
}
