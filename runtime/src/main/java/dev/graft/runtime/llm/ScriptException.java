package dev.graft.runtime.llm;

import java.io.IOException;

/** A scripted file that cannot be used, naming the file and line. */
public final class ScriptException extends IOException {
  public ScriptException(String source, int line, String problem) {
    super(source + ":" + line + ": " + problem);
  }

  public ScriptException(String message) {
    super(message);
  }
}
