package dev.graft.cli.interactive;

import dev.graft.cli.commands.EntryPreview;
import dev.graft.cli.ui.Screen;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import java.util.List;

/** The last few messages of a session, shown when it is continued or resumed. */
final class Recap {
  private Recap() {}

  static void print(Screen screen, Session session, int count) {
    List<AgentMessage> messages = session.buildContext().messages().stream()
        .filter(m -> !(m instanceof AgentMessage.ToolResult))
        .toList();
    if (messages.isEmpty()) {
      return;
    }
    int from = Math.max(0, messages.size() - count);
    screen.line(screen.style(Screen.Style.DIM, messages.size() + " messages so far" + (from > 0 ? "; the last " + count + ":" : ":")));
    for (AgentMessage m : messages.subList(from, messages.size())) {
      screen.line(screen.style(Screen.Style.DIM, "  " + Screen.fit(EntryPreview.message(m), Math.max(0, screen.width() - 3))));
    }
  }
}
