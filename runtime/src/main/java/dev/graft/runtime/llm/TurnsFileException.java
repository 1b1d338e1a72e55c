package dev.graft.runtime.llm;

import java.io.IOException;

/**
 * A scripted provider's turns file ({@code --provider scripted --model TURNS.jsonl}) that cannot be
 * used, naming the file and the line. Not a hook script's failure: those are the bridge's.
 */
public final class TurnsFileException extends IOException {
  public TurnsFileException(String source, int line, String problem) {
    super(source + ":" + line + ": " + problem);
  }

  public TurnsFileException(String message) {
    super(message);
  }
}
