package dev.graft.cli.interactive;

import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.ui.Screen;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.List;
import java.util.Optional;

/** The last few messages of a session, shown when it is continued or resumed. */
final class Recap {
  private Recap() {}

  static void print(Screen screen, Session session, int count) {
    print(screen, session, count, new CustomMessageLines(ScriptControl.NONE));
  }

  /**
   * As {@link #print(Screen, Session, int)}; custom messages as {@code custom} shows them (hidden
   * ones left out).
   */
  static void print(Screen screen, Session session, int count, CustomMessageLines custom) {
    List<AgentMessage> messages =
        session.buildContext().messages().stream()
            .filter(m -> !(m instanceof AgentMessage.ToolResult))
            .filter(m -> !(m instanceof AgentMessage.Custom c) || c.display())
            .toList();
    if (messages.isEmpty()) {
      return;
    }
    int from = Math.max(0, messages.size() - count);
    // counted as /resume and graft session list count them: every message of the file
    long all = session.entries().stream().filter(SessionEntry.Message.class::isInstance).count();
    screen.line(
        screen.style(
            Screen.Style.DIM,
            all
                + " messages in the session"
                + (from > 0 ? "; the last " + count + " on this branch:" : ":")));
    for (AgentMessage m : messages.subList(from, messages.size())) {
      Optional<List<String>> rendered =
          m instanceof AgentMessage.Custom c ? custom.rendered(screen, c, false) : Optional.empty();
      if (rendered.isPresent()) {
        rendered.get().forEach(line -> screen.line("  " + line));
        continue;
      }
      screen.line(
          screen.style(
              Screen.Style.DIM,
              "  " + Screen.fit(EntryPreview.message(m), Math.max(0, screen.width() - 3))));
    }
  }
}
