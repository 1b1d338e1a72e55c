package dev.graft.runtime.session;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The fast scanner accepts exactly the lines a full JSON parser accepts. */
class LineScannerTest {
  private final LineScanner scanner = new LineScanner();

  private enum Verdict {
    ACCEPTED,
    REJECTED,
    NOT_UTF8
  }

  private Verdict scan(byte[] line) {
    try {
      scanner.scan(line, 0, line.length);
      return Verdict.ACCEPTED;
    } catch (LineScanner.BadLine e) {
      return e.invalidUtf8InMiddle ? Verdict.NOT_UTF8 : Verdict.REJECTED;
    }
  }

  private static boolean isUtf8(byte[] line) {
    try {
      UTF_8.newDecoder().decode(ByteBuffer.wrap(line));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static boolean parses(byte[] line) {
    try {
      return Json.parse(line, 0, line.length).isObject();
    } catch (Exception e) {
      return false;
    }
  }

  @Test
  void readsTheTreeFieldsAndDecodesEscapes() throws Exception {
    byte[] line =
        "{\"id\":\"a\\u0062c\",\"message\":{\"content\":[{\"x\":[1,2.5e-3,true,null]}],\"role\":\"assistant\"},\"type\":\"message\",\"parentId\":null}"
            .getBytes(UTF_8);
    LineScanner.Scan scan = scanner.scan(line, 0, line.length);
    assertThat(scan.id()).isEqualTo("abc");
    assertThat(scan.type()).isEqualTo("message");
    assertThat(scan.role()).isEqualTo("assistant");
    assertThat(scan.parentId()).isNull();
  }

  @Test
  void agreesWithAFullParserOnMutatedFixtureLines() throws Exception {
    List<byte[]> lines = new ArrayList<>();
    Path root = Path.of(getClass().getResource("/sessions/generated").toURI());
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).limit(10).toList()) {
        for (String l : Files.readAllLines(f)) {
          lines.add(l.getBytes(UTF_8));
        }
      }
    }
    Random random = new Random(42);
    byte[] interesting =
        "{}[]\",:\\/0123456789-+.eEtrufalsn \t\u0001\u00ff".getBytes(StandardCharsets.ISO_8859_1);
    int disagreements = 0;
    int rejected = 0;
    List<String> examples = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] line = lines.get(random.nextInt(lines.size())).clone();
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        int at = random.nextInt(line.length);
        switch (random.nextInt(3)) {
          case 0 -> line[at] = interesting[random.nextInt(interesting.length)];
          case 1 -> line = Arrays.copyOf(line, at); // truncation
          default -> {
            byte[] longer = new byte[line.length + 1];
            System.arraycopy(line, 0, longer, 0, at);
            longer[at] = interesting[random.nextInt(interesting.length)];
            System.arraycopy(line, at, longer, at + 1, line.length - at);
            line = longer;
          }
        }
        if (line.length == 0) {
          break;
        }
      }
      boolean expected = parses(line);
      if (!expected) {
        rejected++;
      }
      Verdict verdict = scan(line);
      if (verdict == Verdict.NOT_UTF8) {
        // Stricter than the parser by design (it lets bad bytes through in field names): a line
        // with bytes that are not UTF-8 before its end makes the file "not UTF-8".
        assertThat(isUtf8(line)).as(new String(line, UTF_8)).isFalse();
        continue;
      }
      if ((verdict == Verdict.ACCEPTED) != expected) {
        disagreements++;
        if (examples.size() < 5) {
          examples.add(
              (expected ? "parser accepts, scanner rejects: " : "scanner accepts, parser rejects: ")
                  + new String(line, UTF_8));
        }
      }
    }
    assertThat(rejected)
        .as("the mutations must produce invalid lines to be a test")
        .isGreaterThan(5_000);
    assertThat(examples).as("disagreements: %d", disagreements).isEmpty();
  }

  @Test
  void tellsEncodingErrorsFromCutLines() {
    byte[] cut = "{\"type\":\"message\",\"text\":\"caf\u00c3".getBytes(StandardCharsets.ISO_8859_1);
    assertThatThrownBy(() -> scanner.scan(cut, 0, cut.length))
        .isInstanceOfSatisfying(
            LineScanner.BadLine.class, b -> assertThat(b.invalidUtf8InMiddle).isFalse());
    byte[] latin1 =
        "{\"type\":\"message\",\"text\":\"caf\u00e9 au lait\"}"
            .getBytes(StandardCharsets.ISO_8859_1);
    assertThatThrownBy(() -> scanner.scan(latin1, 0, latin1.length))
        .isInstanceOfSatisfying(
            LineScanner.BadLine.class, b -> assertThat(b.invalidUtf8InMiddle).isTrue());
  }

  /**
   * A string longer than the parser reads is refused as Jackson refuses it, counted in UTF-16
   * units: an escape is one, a character of four UTF-8 bytes two.
   */
  @Test
  void refusesAStringLongerThanTheParserReads() throws Exception {
    LineScanner ten = new LineScanner(10);
    for (String fits :
        List.of(
            "0123456789",
            "\\u0041123456789",
            "\\n\\t\\\\345678\\\"",
            "\u00e9\u20ac\u00e9\u20ac\u00e9\u20ac1234",
            "\ud83d\ude00\ud83d\ude00123456")) {
      byte[] line = ("{\"type\":\"message\",\"text\":\"" + fits + "\"}").getBytes(UTF_8);
      assertThat(ten.scan(line, 0, line.length).type()).as(fits).isEqualTo("message");
    }
    for (String tooLong :
        List.of(
            "0123456789a",
            "\\u0041\\u00410123456789",
            "\u00e9\u20ac\u00e9\u20ac\u00e9\u20ac12345",
            "\ud83d\ude00\ud83d\ude00\ud83d\ude0012345")) {
      byte[] line = ("{\"type\":\"message\",\"text\":\"" + tooLong + "\"}").getBytes(UTF_8);
      assertThatThrownBy(() -> ten.scan(line, 0, line.length))
          .as(tooLong)
          .isInstanceOfSatisfying(
              LineScanner.BadLine.class,
              b -> {
                assertThat(b.malformed).isFalse();
                assertThat(b.getMessage())
                    .matches(
                        "a string of 1[12] characters at column 26, longer than graft reads \\(10\\)");
              });
    }
  }
}
