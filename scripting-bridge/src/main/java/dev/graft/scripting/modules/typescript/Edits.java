package dev.graft.scripting.modules.typescript;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What the parser changes in the source, kept as a log so that a reading it abandons can be undone
 * ({@link #mark}, {@link #rollback}), then applied in one go. Blanking overwrites each character
 * with a space but keeps line terminators, so blanking alone keeps every line and column; a {@link
 * #put} writes one character over a blanked one (a {@code ;} where an erased type would let the
 * next line continue the statement); an {@link #insert} adds text and moves the rest of its line
 * (generated code: enums, parameter properties, parentheses).
 */
final class Edits {
  /** A position in the three logs. */
  record Mark(int blanks, int puts, int inserts) {}

  private record Put(int at, char c) {}

  private record Insert(int at, int order, String text) {}

  private final List<int[]> blanks = new ArrayList<>();
  private final List<Put> puts = new ArrayList<>();
  private final List<Insert> inserts = new ArrayList<>();

  void blank(int from, int to) {
    if (to > from) {
      blanks.add(new int[] {from, to});
    }
  }

  /** Writes {@code c} at {@code at}, which must be blanked by then. */
  void put(int at, char c) {
    puts.add(new Put(at, c));
  }

  /**
   * Adds {@code text} before the character at {@code at}; several at one place keep their order.
   */
  void insert(int at, String text) {
    inserts.add(new Insert(at, inserts.size(), text));
  }

  Mark mark() {
    return new Mark(blanks.size(), puts.size(), inserts.size());
  }

  void rollback(Mark m) {
    blanks.subList(m.blanks(), blanks.size()).clear();
    puts.subList(m.puts(), puts.size()).clear();
    inserts.subList(m.inserts(), inserts.size()).clear();
  }

  /**
   * Where the blanked text that ends at {@code end} starts, or -1 when the character before {@code
   * end} is kept: a statement whose last part is erased (a type after {@code as}, a {@code !}) may
   * need a {@code ;} there.
   */
  int erasedTail(int end) {
    for (int i = blanks.size() - 1; i >= 0 && i >= blanks.size() - 8; i--) {
      if (blanks.get(i)[1] == end) {
        return blanks.get(i)[0];
      }
    }
    return -1;
  }

  String apply(String src) {
    boolean[] mask = mask(src.length());
    char[] out = src.toCharArray();
    for (int i = 0; i < out.length; i++) {
      if (mask[i] && !Scanner.isLineTerminator(out[i])) {
        out[i] = ' ';
      }
    }
    for (Put p : puts) {
      out[p.at()] = p.c();
    }
    if (inserts.isEmpty()) {
      return new String(out);
    }
    List<Insert> sorted = new ArrayList<>(inserts);
    sorted.sort(Comparator.comparingInt(Insert::at).thenComparingInt(Insert::order));
    StringBuilder b = new StringBuilder(out.length + 64);
    int done = 0;
    for (Insert in : sorted) {
      b.append(out, done, in.at() - done).append(in.text());
      done = in.at();
    }
    return b.append(out, done, out.length - done).toString();
  }

  private boolean[] mask(int length) {
    boolean[] mask = new boolean[length];
    for (int[] r : blanks) {
      for (int i = r[0]; i < r[1] && i < length; i++) {
        mask[i] = true;
      }
    }
    return mask;
  }
}
