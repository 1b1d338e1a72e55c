package dev.graft.scripting;

import static dev.graft.scripting.ArgumentChecks.MAX_EDITOR_TEXT;
import static dev.graft.scripting.ArgumentChecks.MAX_NAME;
import static dev.graft.scripting.ArgumentChecks.MAX_NOTIFY;
import static dev.graft.scripting.ArgumentChecks.MAX_SHORT_TEXT;
import static dev.graft.scripting.ArgumentChecks.capped;
import static dev.graft.scripting.ArgumentChecks.json;
import static dev.graft.scripting.ArgumentChecks.optionalText;
import static dev.graft.scripting.ArgumentChecks.strings;
import static dev.graft.scripting.ArgumentChecks.text;

import dev.graft.scripting.ArgumentChecks.BadArgument;
import java.util.List;
import java.util.Optional;
import org.graalvm.polyglot.Value;

/**
 * The {@code ctx.ui} members beyond dialogs, notify and setStatus, as the reference has them for
 * its RPC mode: editor, setWidget (lines), setTitle, setWorkingMessage, setEditorText, and ctx.shutdown. Called by
 * {@link HostCalls#ui} for the methods it does not serve itself.
 */
final class UiCalls {
  private static final List<String> PLACEMENTS = List.of("aboveEditor", "belowEditor");

  private UiCalls() {}

  static void more(LoadedScript s, ScriptUi ui, String op, String name, Value a, Value b, Value c, Value resolve,
      Value reject, Calls calls, Marshal marshal) throws BadArgument, Marshal.NotJson {
    switch (op) {
      case "editor" -> calls.await(s, name, ui.editor(capped(text(a, "the title"), MAX_SHORT_TEXT, "the title"),
          Optional.ofNullable(capped(optionalText(b, "the prefill"), MAX_EDITOR_TEXT, "the prefill")).orElse("")), resolve, reject, o -> o.map(ArgumentChecks::jsonString).orElse(null));
      case "setWidget" -> {
        String key = capped(text(a, "the key"), MAX_NAME, "the key");
        Optional<List<String>> lines = b == null || b.isNull() ? Optional.empty()
            : Optional.of(strings(marshal.parse(capped(json(b, "the lines"), MAX_NOTIFY, "the lines"), "the lines"), "the lines"))
                .filter(l -> !l.isEmpty());
        String placement = Optional.ofNullable(optionalText(c, "the placement")).orElse("aboveEditor");
        if (!PLACEMENTS.contains(placement)) {
          throw new BadArgument("the placement must be \"aboveEditor\" or \"belowEditor\", not \"" + placement + "\"");
        }
        ui.setWidget(key, lines, placement);
      }
      case "setTitle" -> ui.setTitle(Optional.ofNullable(capped(optionalText(a, "the title"), MAX_SHORT_TEXT, "the title"))
          .orElse(""));
      case "setWorkingMessage" -> ui.setWorkingMessage(Optional.ofNullable(capped(optionalText(a, "the message"),
          MAX_SHORT_TEXT, "the message")).filter(m -> !m.isEmpty()));
      case "setEditorText" -> ui.setEditorText(Optional.ofNullable(capped(optionalText(a, "the text"), MAX_EDITOR_TEXT,
          "the text")).orElse(""));
      case "shutdown" -> ui.shutdown();
      default -> throw new BadArgument("unknown method");
    }
  }
}
