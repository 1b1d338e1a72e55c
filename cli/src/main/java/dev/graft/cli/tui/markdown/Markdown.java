package dev.graft.cli.tui.markdown;

import dev.graft.cli.tui.Component;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Markdown text as a component, indented by a few columns. The text may grow as it streams: it is
 * drawn piece by piece ({@link MarkdownChunks}) and each piece's lines are kept, so an update
 * parses only the piece that changed, and the lines of the pieces before it stay the same.
 */
public final class Markdown implements Component {
  private static final int CACHE = 1024;

  private final MarkdownRenderer renderer;
  private final int indent;
  private String text = "";
  private boolean finished = true;
  private int cachedWidth = -1;
  private List<String> cached;
  private Map<String, List<String>> pieces = newCache();

  public Markdown(MarkdownRenderer renderer, int indent) {
    this.renderer = renderer;
    this.indent = indent;
  }

  private static Map<String, List<String>> newCache() {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, List<String>> eldest) {
        return size() > CACHE;
      }
    };
  }

  public void setText(String text) {
    if (!text.equals(this.text)) {
      this.text = text;
      cached = null;
    }
  }

  public String text() {
    return text;
  }

  /** Whether more text may come (a streamed answer); a finished one lets go of its pieces. */
  public void setFinished(boolean finished) {
    this.finished = finished;
    if (finished) {
      pieces = null;
    } else if (pieces == null) {
      pieces = newCache();
    }
  }

  @Override
  public boolean finished() {
    return finished;
  }

  @Override
  public List<String> render(int width) {
    if (cached != null && cachedWidth == width) {
      return cached;
    }
    int inner = Math.max(4, width - indent);
    if (cachedWidth != width && pieces != null) {
      pieces.clear();
    }
    List<String> lines = new ArrayList<>();
    String pad = " ".repeat(indent);
    boolean first = true;
    for (String piece : MarkdownChunks.split(text)) {
      if (piece.isBlank()) {
        continue;
      }
      List<String> rendered = pieces != null ? pieces.get(piece) : null;
      if (rendered == null) {
        rendered = renderer.render(piece, inner);
        if (pieces != null) {
          pieces.put(piece, rendered);
        }
      }
      if (rendered.isEmpty()) {
        continue;
      }
      if (!first) {
        lines.add("");
      }
      first = false;
      for (String l : rendered) {
        lines.add(l.isEmpty() ? "" : pad + l);
      }
    }
    cached = List.copyOf(lines);
    cachedWidth = width;
    return cached;
  }

  @Override
  public void invalidate() {
    cached = null;
    if (pieces != null) {
      pieces.clear();
    }
  }
}
