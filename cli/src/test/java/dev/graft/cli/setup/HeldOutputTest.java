package dev.graft.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeldOutputTest {
  private final StringWriter target = new StringWriter();
  private final HeldOutput held = new HeldOutput(new PrintWriter(target, true));

  @Test
  void holdsLinesUntilReleasedThenWritesThemInOrderAndPassesTheRestThrough() {
    PrintWriter printer = held.printer();
    printer.println("first");
    printer.println("second");
    assertThat(target.toString()).isEmpty();

    held.release();
    assertThat(target.toString()).isEqualTo("first\nsecond\n");

    printer.println("third");
    assertThat(target.toString()).isEqualTo("first\nsecond\nthird\n");
  }

  @Test
  void discardedOutputIsNeverWrittenNotEvenAfterARelease() {
    PrintWriter printer = held.printer();
    printer.println("from a run that failed first");
    held.discard();
    printer.println("later");
    held.release();
    assertThat(target.toString()).isEmpty();
  }

  @Test
  void aLineWrittenThroughReachesTheTargetInOneWrite() {
    List<String> writes = new ArrayList<>();
    Writer recording =
        new Writer() {
          @Override
          public void write(char[] text, int offset, int length) {
            writes.add(new String(text, offset, length));
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    HeldOutput through = new HeldOutput(new PrintWriter(recording, true));
    through.release();
    PrintWriter printer = through.printer();
    printer.println("[script.js] one line");
    printer.print("partial");
    printer.flush();

    assertThat(writes).containsExactly("[script.js] one line\n", "partial");
  }
}
