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

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.scripting.ArgumentChecks.BadArgument;
import dev.graft.scripting.api.ScriptUi;
import java.util.List;
import java.util.Optional;
import org.graalvm.polyglot.Value;

/**
 * The {@code ctx.ui} members beyond dialogs, notify and setStatus, as the reference has them for
 * its RPC mode: editor, setWidget (lines), setTitle, setWorkingMessage, setWorkingVisible,
 * setWorkingIndicator, setEditorText, and ctx.shutdown. Called by {@link HostCalls#ui} for the
 * methods it does not serve itself.
 */
final class UiCalls {
  private static final List<String> PLACEMENTS = List.of("aboveEditor", "belowEditor");

  /** A working indicator's frames: how many, and how long each may be. */
  static final int MAX_FRAMES = 100;

  static final int MAX_FRAME = 100;

  /** A working indicator's interval between frames, in milliseconds. */
  static final int MIN_INTERVAL = 20;

  static final int MAX_INTERVAL = 10_000;

  private UiCalls() {}

  /**
   * {@code intervalMs}: 0 (graft's own) for undefined, else a whole number of milliseconds in
   * range.
   */
  private static int interval(Value v) throws BadArgument {
    if (v == null || v.isNull()) {
      return 0;
    }
    if (!v.isNumber() || !v.fitsInInt() || v.asInt() < MIN_INTERVAL || v.asInt() > MAX_INTERVAL) {
      throw new BadArgument(
          "intervalMs must be a whole number of milliseconds from "
              + MIN_INTERVAL
              + " to "
              + MAX_INTERVAL
              + ", not "
              + v);
    }
    return v.asInt();
  }

  static void more(
      LoadedScript s,
      ScriptUi ui,
      String op,
      String name,
      Value a,
      Value b,
      Value c,
      Value resolve,
      Value reject,
      GuestCalls calls,
      Marshal marshal)
      throws BadArgument, Marshal.NotJson {
    switch (op) {
      case "editor" ->
          calls.await(
              s,
              name,
              ui.editor(
                  capped(text(a, "the title"), MAX_SHORT_TEXT, "the title"),
                  Optional.ofNullable(
                          capped(optionalText(b, "the prefill"), MAX_EDITOR_TEXT, "the prefill"))
                      .orElse("")),
              resolve,
              reject,
              o -> o.map(ArgumentChecks::jsonString).orElse(null));
      case "setWidget" -> {
        String key = capped(text(a, "the key"), MAX_NAME, "the key");
        Optional<List<String>> lines =
            b == null || b.isNull()
                ? Optional.empty()
                : Optional.of(
                        strings(
                            marshal.parse(
                                capped(json(b, "the lines"), MAX_NOTIFY, "the lines"), "the lines"),
                            "the lines"))
                    .filter(l -> !l.isEmpty());
        String placement =
            Optional.ofNullable(optionalText(c, "the placement")).orElse("aboveEditor");
        if (!PLACEMENTS.contains(placement)) {
          throw new BadArgument(
              "the placement must be \"aboveEditor\" or \"belowEditor\", not \""
                  + placement
                  + "\"");
        }
        ui.setWidget(key, lines, placement);
      }
      case "setTitle" ->
          ui.setTitle(
              Optional.ofNullable(capped(optionalText(a, "the title"), MAX_SHORT_TEXT, "the title"))
                  .orElse(""));
      case "setWorkingMessage" ->
          ui.setWorkingMessage(
              Optional.ofNullable(
                      capped(optionalText(a, "the message"), MAX_SHORT_TEXT, "the message"))
                  .filter(m -> !m.isEmpty()));
      case "setWorkingVisible" -> {
        if (a == null || !a.isBoolean()) {
          throw new BadArgument("visible must be true or false");
        }
        ui.setWorkingVisible(a.asBoolean());
      }
      case "setWorkingIndicator" -> {
        // undefined: graft's own indicator; {frames?, intervalMs?}: frames absent keep graft's.
        if (a == null || a.isNull()) {
          ui.setWorkingIndicator(Optional.empty(), interval(b));
          return;
        }
        JsonNode node =
            marshal.parse(capped(json(a, "the frames"), MAX_NOTIFY, "the frames"), "the frames");
        Optional<List<String>> frames = Optional.empty();
        if (!node.isNull()) {
          List<String> list = strings(node, "the frames");
          if (list.size() > MAX_FRAMES) {
            throw new BadArgument(
                "there are " + list.size() + " frames; the limit is " + MAX_FRAMES);
          }
          for (String frame : list) {
            capped(frame, MAX_FRAME, "a frame");
          }
          frames = Optional.of(list);
        }
        ui.setWorkingIndicator(frames, interval(b));
      }
      case "setEditorText" ->
          ui.setEditorText(
              Optional.ofNullable(capped(optionalText(a, "the text"), MAX_EDITOR_TEXT, "the text"))
                  .orElse(""));
      case "shutdown" -> ui.shutdown();
      default -> throw new BadArgument("unknown method");
    }
  }
}
