package dev.graft.scripting;

import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptLog;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects log lines as "name LEVEL text". */
final class RecordingLog implements ScriptLog {
  final List<String> lines = new CopyOnWriteArrayList<>();

  @Override
  public void line(ScriptFile script, Level level, String text) {
    lines.add(script.name() + " " + level + " " + text);
  }

  @Override
  public void engine(Level level, String text) {
    lines.add("engine " + level + " " + text);
  }

  String all() {
    return String.join("\n", lines);
  }
}
