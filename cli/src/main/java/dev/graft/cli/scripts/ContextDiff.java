package dev.graft.cli.scripts;

import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * What changed between two message lists: the longest run of equal messages (as JSON) is kept in
 * place, and between two kept messages, messages that went and came pair up as replacements in
 * order; the rest were removed or added. So a handler that rewrites a tool result shows as one
 * replacement, one that drops a span as removals.
 */
final class ContextDiff {
  private ContextDiff() {}

  static List<ContextChange> between(List<AgentMessage> given, List<AgentMessage> returned) {
    List<String> a = given.stream().map(m -> Json.write(MessageCodec.encode(m))).toList();
    List<String> b = returned.stream().map(m -> Json.write(MessageCodec.encode(m))).toList();
    int n = a.size();
    int m = b.size();
    int[][] common = new int[n + 1][m + 1]; // common[i][j]: LCS length of a[i..] and b[j..]
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        common[i][j] =
            a.get(i).equals(b.get(j))
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<ContextChange> changes = new ArrayList<>();
    List<Integer> gone = new ArrayList<>();
    List<Integer> came = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a.get(i).equals(b.get(j))) {
        flush(given, returned, gone, came, changes);
        i++;
        j++;
      } else if (j < m && (i == n || common[i][j + 1] >= common[i + 1][j])) {
        came.add(j++);
      } else {
        gone.add(i++);
      }
    }
    flush(given, returned, gone, came, changes);
    return List.copyOf(changes);
  }

  private static void flush(
      List<AgentMessage> given,
      List<AgentMessage> returned,
      List<Integer> gone,
      List<Integer> came,
      List<ContextChange> changes) {
    int pairs = Math.min(gone.size(), came.size());
    for (int k = 0; k < pairs; k++) {
      int x = gone.get(k);
      int y = came.get(k);
      changes.add(new ContextChange.Replaced(x + 1, y + 1, given.get(x), returned.get(y)));
    }
    for (int k = pairs; k < gone.size(); k++) {
      changes.add(new ContextChange.Removed(gone.get(k) + 1, given.get(gone.get(k))));
    }
    for (int k = pairs; k < came.size(); k++) {
      changes.add(new ContextChange.Added(came.get(k) + 1, returned.get(came.get(k))));
    }
    gone.clear();
    came.clear();
  }
}
