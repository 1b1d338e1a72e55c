package dev.graft.cli.interactive;

import java.util.List;

/** A key (or keys) and what it does, as /help and /hotkeys list them. */
record KeyHelp(String keys, String what) {
  /**
   * Lists {@code rows} indented by two, the keys padded to {@code keyColumn} (keys wider than that
   * are followed by three spaces); a long description goes on under its own column.
   */
  static void list(CommandContext ctx, List<KeyHelp> rows, int keyColumn) {
    for (KeyHelp k : rows) {
      String keys =
          k.keys().length() < keyColumn
              ? String.format("%-" + keyColumn + "s ", k.keys())
              : k.keys() + "   ";
      ctx.row("  " + keys, k.what());
    }
  }
}
