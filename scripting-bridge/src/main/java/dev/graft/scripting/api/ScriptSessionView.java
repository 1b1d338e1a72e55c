package dev.graft.scripting.api;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code ctx.sessionManager}: a read-only view of the session the handler runs in. A script keeps
 * the entries it was given, by position (index in file order), and asks only for those appended
 * since; so a {@code context} handler can read a long branch on every model call cheaply.
 *
 * <p>Threading as {@link ScriptHostPort}: called on the script owner thread, and must answer at
 * once without waiting for the agent thread (reading the session under its own short lock is fine;
 * the agent never holds that lock while it waits for a script).
 */
public interface ScriptSessionView {

  /** What {@link #read} is asked besides the new entries. */
  sealed interface Query {
    /** {@code getEntries()}: every entry; nothing else to answer. */
    record All() implements Query {}

    /**
     * {@code getBranch(fromId?)}: the positions from the root to the entry (the leaf when empty);
     * only those after {@code knownEnd} (a position, -1 for none) when that entry is on the path.
     */
    record Branch(Optional<String> fromId, int knownEnd) implements Query {}

    /** {@code getEntry(id)}: its position, if any. */
    record Entry(String id) implements Query {}

    /** {@code getLeafEntry()}: the leaf's position, if any. */
    record Leaf() implements Query {}

    /** {@code getTree()}: rows in pre-order. */
    record Tree() implements Query {}
  }

  /** One row of {@code getTree()}: parent is -1 for a root. */
  record TreeRow(
      int position, int parent, Optional<String> label, Optional<String> labelTimestamp) {}

  /** What a query found, in positions. */
  sealed interface Answer {
    /** Positions; when {@code afterKnown}, those after the query's known end. */
    record Positions(boolean afterKnown, int[] positions) implements Answer {}

    record Position(OptionalInt position) implements Answer {}

    record Rows(List<TreeRow> rows) implements Answer {}

    record Nothing() implements Answer {}
  }

  /**
   * The entries appended since the script's copy ({@code known} entries of {@code generation}; all
   * of them when the generation is another), and the answer to {@code query}, read at one moment.
   * {@code lines} are the entries' JSON text as in the session file, from position {@code from} to
   * {@code count}. A known end in {@code query} counts only when the generation is the current one.
   */
  record Reply(String generation, int from, List<String> lines, int count, Answer answer) {
    public Reply {
      lines = List.copyOf(lines);
      if (from < 0 || from + lines.size() != count) {
        throw new IllegalArgumentException("lines from " + from + " do not end at " + count);
      }
    }
  }

  Reply read(String generation, int known, Query query);

  Optional<String> label(String id);

  Optional<String> leafId();

  /** The header line's JSON text, as in the file. */
  Optional<String> header();

  Optional<String> sessionFile();

  String sessionId();

  Optional<String> sessionName();

  String cwd();

  Optional<String> sessionDir();

  /** No session (a test, or before the agent exists): every getter answers empty. */
  ScriptSessionView NONE =
      new ScriptSessionView() {
        @Override
        public Reply read(String generation, int known, Query query) {
          Answer answer =
              switch (query) {
                case Query.Branch b -> new Answer.Positions(false, new int[0]);
                case Query.Tree t -> new Answer.Rows(List.of());
                case Query.All a -> new Answer.Nothing();
                case Query.Entry e -> new Answer.Position(OptionalInt.empty());
                case Query.Leaf l -> new Answer.Position(OptionalInt.empty());
              };
          return new Reply("none", 0, List.of(), 0, answer);
        }

        @Override
        public Optional<String> label(String id) {
          return Optional.empty();
        }

        @Override
        public Optional<String> leafId() {
          return Optional.empty();
        }

        @Override
        public Optional<String> header() {
          return Optional.empty();
        }

        @Override
        public Optional<String> sessionFile() {
          return Optional.empty();
        }

        @Override
        public String sessionId() {
          return "";
        }

        @Override
        public Optional<String> sessionName() {
          return Optional.empty();
        }

        @Override
        public String cwd() {
          return "";
        }

        @Override
        public Optional<String> sessionDir() {
          return Optional.empty();
        }
      };
}
