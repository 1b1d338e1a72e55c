package dev.graft.runtime.tools;

import static dev.graft.runtime.tools.Calls.args;
import static dev.graft.runtime.tools.Calls.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.message.ContentBlock;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadToolTest {
  @TempDir Path dir;
  @TempDir Path home;
  private ReadTool tool;

  @BeforeEach
  void setUp() {
    tool = new ReadTool(new PathResolver(home), new LocalFiles(), new ScalingImageFitter());
  }

  private Path lines(String name, int count) throws IOException {
    String text =
        IntStream.rangeClosed(1, count)
            .mapToObj(i -> "line " + i)
            .collect(Collectors.joining("\n"));
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void readsASmallFileWhole() throws IOException {
    Files.writeString(dir.resolve("a.txt"), "hello\nworld\n");
    ToolResult result = run(tool, dir, args("path", "a.txt"));
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).isEqualTo("hello\nworld\n");
    assertThat(result.details()).isEmpty();
  }

  @Test
  void cutsAtTwoThousandLinesAndSaysWhereToContinue() throws IOException {
    lines("big.txt", 2500);
    ToolResult result = run(tool, dir, args("path", "big.txt"));
    assertThat(result.text())
        .startsWith("line 1\n")
        .contains("line 2000\n\n")
        .endsWith("\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]");
    assertThat(result.details().orElseThrow().at("/truncation/truncatedBy").asText())
        .isEqualTo("lines");
  }

  @Test
  void continuesFromTheOffsetTheHintGave() throws IOException {
    lines("big.txt", 2500);
    ToolResult result = run(tool, dir, args("path", "big.txt", "offset", 2001));
    assertThat(result.text()).startsWith("line 2001\n").endsWith("line 2500");
    assertThat(result.details()).isEmpty();
  }

  @Test
  void cutsAtFiftyKilobytesAndSaysSo() throws IOException {
    String line = "x".repeat(199);
    Files.writeString(
        dir.resolve("wide.txt"),
        IntStream.range(0, 1000).mapToObj(i -> line).collect(Collectors.joining("\n")));
    ToolResult result = run(tool, dir, args("path", "wide.txt"));
    // 256 lines of 199 bytes and 255 newlines make 51,199 bytes.
    assertThat(result.text())
        .endsWith("\n\n[Showing lines 1-256 of 1000 (50.0KB limit). Use offset=257 to continue.]");
    assertThat(result.details().orElseThrow().at("/truncation/truncatedBy").asText())
        .isEqualTo("bytes");
  }

  @Test
  void offsetAndLimitSelectLinesAndTellWhatRemains() throws IOException {
    lines("f.txt", 10);
    ToolResult result = run(tool, dir, args("path", "f.txt", "offset", 3, "limit", 2));
    assertThat(result.text())
        .isEqualTo("line 3\nline 4\n\n[6 more lines in file. Use offset=5 to continue.]");
  }

  @Test
  void aLimitReachingTheEndAddsNoHint() throws IOException {
    lines("f.txt", 10);
    assertThat(run(tool, dir, args("path", "f.txt", "offset", 9, "limit", 5)).text())
        .isEqualTo("line 9\nline 10");
  }

  @Test
  void anOffsetPastTheEndIsAnError() throws IOException {
    lines("f.txt", 10);
    ToolResult result = run(tool, dir, args("path", "f.txt", "offset", 11));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("Offset 11 is beyond end of file (10 lines total)");
  }

  @Test
  void aLimitBelowOneIsAnError() throws IOException {
    lines("f.txt", 3);
    ToolResult result = run(tool, dir, args("path", "f.txt", "limit", 0));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).contains("limit");
  }

  @Test
  void aFirstLineOverTheLimitPointsToBash() throws IOException {
    Files.writeString(dir.resolve("min.js"), "a".repeat(60 * 1024) + "\nrest");
    ToolResult result = run(tool, dir, args("path", "min.js"));
    assertThat(result.isError()).isFalse();
    assertThat(result.text())
        .isEqualTo(
            "[Line 1 is 60.0KB, exceeds 50.0KB limit. Use bash: sed -n '1p' min.js | head -c 51200]");
    assertThat(result.details().orElseThrow().at("/truncation/firstLineExceedsLimit").asBoolean())
        .isTrue();
  }

  @Test
  void aMissingFileIsAnErrorNamingIt() {
    ToolResult result = run(tool, dir, args("path", "nope.txt"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).startsWith("ENOENT: no such file or directory").contains("nope.txt");
  }

  @Test
  void aDirectoryIsAnError() throws IOException {
    Files.createDirectory(dir.resolve("sub"));
    ToolResult result = run(tool, dir, args("path", "sub"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).startsWith("EISDIR");
  }

  @Test
  void aPipeIsRefusedRatherThanReadForever() throws Exception {
    Path fifo = dir.resolve("pipe");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor()).isZero();
    ToolResult result = run(tool, dir, args("path", "pipe"));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).startsWith("EINVAL: not a regular file");
  }

  @Test
  void aMissingPathArgumentIsAValidationError() {
    ToolResult result = run(tool, dir, args("offset", 1));
    assertThat(result.isError()).isTrue();
    assertThat(result.text())
        .contains("Validation failed for tool \"read\"")
        .contains("  - path: is required");
  }

  @Test
  void readsAPngAsAnImageAttachment() throws IOException {
    byte[] png = png(40, 30);
    Files.write(dir.resolve("shot.dat"), png); // the name does not matter, the bytes do
    ToolResult result = run(tool, dir, args("path", "shot.dat"));
    assertThat(result.isError()).isFalse();
    assertThat(result.content()).hasSize(2);
    assertThat(((ContentBlock.Text) result.content().get(0)).text())
        .isEqualTo("Read image file [image/png]");
    ContentBlock.Image image = (ContentBlock.Image) result.content().get(1);
    assertThat(image.mimeType()).isEqualTo("image/png");
    assertThat(Base64.getDecoder().decode(image.data())).isEqualTo(png);
  }

  @Test
  void scalesAnImageWiderThanTheLimitAndSaysHow() throws IOException {
    Files.write(dir.resolve("wide.png"), png(2500, 20));
    ToolResult result = run(tool, dir, args("path", "wide.png"));
    assertThat(result.text())
        .isEqualTo(
            "Read image file [image/png]\n[Image: original 2500x20, displayed at 2000x16."
                + " Multiply coordinates by 1.25 to map to original image.]");
    ContentBlock.Image image = (ContentBlock.Image) result.content().get(1);
    BufferedImage scaled =
        ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.data())));
    assertThat(scaled.getWidth()).isEqualTo(2000);
    assertThat(scaled.getHeight()).isEqualTo(16);
  }

  @Test
  void anImageThatCannotFitIsOmittedWithANote() throws IOException {
    Files.write(dir.resolve("a.png"), png(50, 50));
    ReadTool tiny =
        new ReadTool(new PathResolver(home), new LocalFiles(), new ScalingImageFitter(2000, 10));
    ToolResult result = run(tiny, dir, args("path", "a.png"));
    assertThat(result.content()).hasSize(1);
    assertThat(result.text())
        .isEqualTo(
            "Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]");
  }

  @Test
  void recognisesJpegGifAndWebpByTheirBytes() {
    assertThat(ImageType.detect(bytes(0xFF, 0xD8, 0xFF, 0xE0), 4)).contains(ImageType.JPEG);
    assertThat(ImageType.detect("GIF89a".getBytes(StandardCharsets.US_ASCII), 6))
        .contains(ImageType.GIF);
    byte[] webp = "RIFF\0\0\0\0WEBPVP8X".getBytes(StandardCharsets.US_ASCII);
    assertThat(ImageType.detect(webp, webp.length)).contains(ImageType.WEBP);
    assertThat(ImageType.detect("plain text".getBytes(StandardCharsets.US_ASCII), 10)).isEmpty();
  }

  @Test
  void sendsASmallWebpAsItIs() throws IOException {
    // A VP8X header saying 64x48; the pixels are never decoded.
    byte[] webp = new byte[40];
    System.arraycopy("RIFF".getBytes(StandardCharsets.US_ASCII), 0, webp, 0, 4);
    System.arraycopy("WEBPVP8X".getBytes(StandardCharsets.US_ASCII), 0, webp, 8, 8);
    webp[24] = 63;
    webp[27] = 47;
    Files.write(dir.resolve("a.webp"), webp);
    ToolResult result = run(tool, dir, args("path", "a.webp"));
    assertThat(result.text()).isEqualTo("Read image file [image/webp]");
    assertThat(((ContentBlock.Image) result.content().get(1)).mimeType()).isEqualTo("image/webp");
  }

  @Test
  void readsABinaryFileAsTextWithoutFailing() throws IOException {
    Files.write(dir.resolve("blob.bin"), bytes(0x00, 0xC3, 0x28, 'o', 'k', 0xFF));
    ToolResult result = run(tool, dir, args("path", "blob.bin"));
    assertThat(result.isError()).isFalse();
    assertThat(result.text()).contains("ok").contains("\uFFFD");
  }

  @Test
  void expandsHomeAndDropsAnAtPrefix() throws IOException {
    Files.writeString(home.resolve("notes.md"), "from home");
    Files.writeString(dir.resolve("here.md"), "from cwd");
    assertThat(run(tool, dir, args("path", "~/notes.md")).text()).isEqualTo("from home");
    assertThat(run(tool, dir, args("path", "@here.md")).text()).isEqualTo("from cwd");
    assertThat(run(tool, dir.resolve("x"), args("path", "../here.md")).text())
        .isEqualTo("from cwd");
  }

  @Test
  void findsAScreenshotNameTypedWithAPlainSpaceBeforePm() throws IOException {
    Files.writeString(dir.resolve("Shot 2024 at 3.04.05\u202FPM.txt"), "found");
    assertThat(run(tool, dir, args("path", "Shot 2024 at 3.04.05 PM.txt")).text())
        .isEqualTo("found");
  }

  @Test
  void anAbortedCallDoesNotRead() throws IOException {
    lines("f.txt", 3);
    AbortSignal signal = new AbortSignal();
    signal.abort();
    ToolResult result =
        tool.execute("c", args("path", "f.txt"), new ToolContext(dir, signal, null));
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).isEqualTo("Operation aborted");
  }

  @Test
  void readsThroughSwappedOperations() {
    ReadOperations fake =
        new ReadOperations() {
          @Override
          public void checkReadable(Path file) {}

          @Override
          public Optional<ImageType> detectImage(Path file) {
            return Optional.empty();
          }

          @Override
          public byte[] readAllBytes(Path file) {
            throw new AssertionError("text is streamed");
          }

          @Override
          public InputStream open(Path file) {
            return new ByteArrayInputStream(
                ("virtual " + file.getFileName()).getBytes(StandardCharsets.UTF_8));
          }
        };
    ReadTool virtual = new ReadTool(new PathResolver(home), fake, new ScalingImageFitter());
    assertThat(run(virtual, dir, args("path", "v.txt")).text()).isEqualTo("virtual v.txt");
  }

  static byte[] png(int width, int height) throws IOException {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < width; x++) {
      for (int y = 0; y < height; y++) {
        image.setRGB(x, y, (x * 7 + y * 13) & 0xFFFFFF);
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }
}
