package dev.graft.runtime.tools;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;

/**
 * The {@link ImageFitter} graft uses, on the JDK's own image codecs. An image already within the
 * limits is sent as it is. A bigger one is scaled to fit 2000x2000, then encoded as PNG and as JPEG
 * at falling qualities, taking the first encoding under the size limit; if none fits, it is scaled
 * down by a quarter and tried again. The JDK cannot decode WebP, so a WebP image is sent only when
 * it already fits.
 */
final class ScalingImageFitter implements ImageFitter {
  static final int MAX_SIDE = 2000;

  /** Base64 bytes; leaves headroom below the 5 MB that providers accept. */
  static final long MAX_ENCODED_BYTES = (long) (4.5 * 1024 * 1024);

  // The default quality first, then a falling series, as the reference tries them.
  private static final List<Integer> JPEG_QUALITIES = List.of(80, 85, 70, 55, 40);

  private final int maxSide;
  private final long maxEncodedBytes;

  ScalingImageFitter() {
    this(MAX_SIDE, MAX_ENCODED_BYTES);
  }

  ScalingImageFitter(int maxSide, long maxEncodedBytes) {
    this.maxSide = maxSide;
    this.maxEncodedBytes = maxEncodedBytes;
  }

  @Override
  public Optional<FittedImage> fit(byte[] data, ImageType type) {
    Optional<int[]> size = type == ImageType.WEBP ? webpSize(data) : decodedSize(data);
    if (size.isEmpty()) {
      return Optional.empty();
    }
    int width = size.get()[0];
    int height = size.get()[1];
    String base64 = Base64.getEncoder().encodeToString(data);
    if (width <= maxSide && height <= maxSide && base64.length() < maxEncodedBytes) {
      return Optional.of(
          new FittedImage(base64, type.mimeType(), width, height, width, height, false));
    }
    if (type == ImageType.WEBP) {
      return Optional.empty();
    }
    try {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(data));
      return image == null ? Optional.empty() : shrink(image, width, height);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private Optional<FittedImage> shrink(BufferedImage image, int originalWidth, int originalHeight)
      throws IOException {
    int width = originalWidth;
    int height = originalHeight;
    if (width > maxSide) {
      height = (int) Math.round((double) height * maxSide / width);
      width = maxSide;
    }
    if (height > maxSide) {
      width = (int) Math.round((double) width * maxSide / height);
      height = maxSide;
    }
    width = Math.max(1, width);
    height = Math.max(1, height);
    while (true) {
      BufferedImage scaled = scale(image, width, height);
      // Encodings in the order they are preferred; the first under the limit wins.
      Encoded png = new Encoded(encodePng(scaled), "image/png");
      if (png.base64.length() < maxEncodedBytes) {
        return Optional.of(fitted(png, originalWidth, originalHeight, width, height));
      }
      BufferedImage opaque = opaque(scaled);
      for (int quality : JPEG_QUALITIES) {
        Encoded jpeg = new Encoded(encodeJpeg(opaque, quality), "image/jpeg");
        if (jpeg.base64.length() < maxEncodedBytes) {
          return Optional.of(fitted(jpeg, originalWidth, originalHeight, width, height));
        }
      }
      if (width == 1 && height == 1) {
        return Optional.empty();
      }
      width = Math.max(1, (int) Math.floor(width * 0.75));
      height = Math.max(1, (int) Math.floor(height * 0.75));
    }
  }

  private static FittedImage fitted(
      Encoded e, int originalWidth, int originalHeight, int width, int height) {
    return new FittedImage(
        e.base64, e.mimeType, originalWidth, originalHeight, width, height, true);
  }

  private record Encoded(String base64, String mimeType) {
    Encoded(byte[] bytes, String mimeType) {
      this(Base64.getEncoder().encodeToString(bytes), mimeType);
    }
  }

  private static BufferedImage scale(BufferedImage image, int width, int height) {
    BufferedImage scaled = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = scaled.createGraphics();
    try {
      g.setRenderingHint(
          RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
      g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
      g.drawImage(image, 0, 0, width, height, null);
    } finally {
      g.dispose();
    }
    return scaled;
  }

  /** JPEG has no alpha: transparent parts become white, as they would look on a page. */
  private static BufferedImage opaque(BufferedImage image) {
    BufferedImage rgb =
        new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = rgb.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      g.drawImage(image, 0, 0, null);
    } finally {
      g.dispose();
    }
    return rgb;
  }

  private static byte[] encodePng(BufferedImage image) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  private static byte[] encodeJpeg(BufferedImage image, int quality) throws IOException {
    Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
    if (!writers.hasNext()) {
      throw new IOException("no JPEG encoder");
    }
    ImageWriter writer = writers.next();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
      writer.setOutput(stream);
      ImageWriteParam param = writer.getDefaultWriteParam();
      param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      param.setCompressionQuality(quality / 100f);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /** Width and height from the header, without decoding the pixels. */
  private static Optional<int[]> decodedSize(byte[] data) {
    try (ImageInputStream stream = ImageIO.createImageInputStream(new ByteArrayInputStream(data))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(stream);
      if (!readers.hasNext()) {
        return Optional.empty();
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(stream, true, true);
        return Optional.of(new int[] {reader.getWidth(0), reader.getHeight(0)});
      } finally {
        reader.dispose();
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Width and height of a WebP image from its first chunk (VP8X, VP8 or VP8L). */
  static Optional<int[]> webpSize(byte[] d) {
    if (d.length < 30) {
      return Optional.empty();
    }
    String chunk = new String(d, 12, 4, StandardCharsets.US_ASCII);
    return switch (chunk) {
      case "VP8X" -> Optional.of(new int[] {1 + u24(d, 24), 1 + u24(d, 27)});
      case "VP8 " -> Optional.of(new int[] {u16(d, 26) & 0x3FFF, u16(d, 28) & 0x3FFF});
      case "VP8L" -> {
        if ((d[20] & 0xFF) != 0x2F) {
          yield Optional.empty();
        }
        long bits =
            (d[21] & 0xFFL) | (d[22] & 0xFFL) << 8 | (d[23] & 0xFFL) << 16 | (d[24] & 0xFFL) << 24;
        yield Optional.of(new int[] {1 + (int) (bits & 0x3FFF), 1 + (int) ((bits >> 14) & 0x3FFF)});
      }
      default -> Optional.empty();
    };
  }

  private static int u16(byte[] d, int i) {
    return (d[i] & 0xFF) | (d[i + 1] & 0xFF) << 8;
  }

  private static int u24(byte[] d, int i) {
    return (d[i] & 0xFF) | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF) << 16;
  }
}
