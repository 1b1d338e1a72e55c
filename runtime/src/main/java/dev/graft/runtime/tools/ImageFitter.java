package dev.graft.runtime.tools;

import java.util.Optional;

/**
 * Makes an image fit what a model accepts inline: at most 2000 pixels a side and an encoded payload
 * under 4.5 MB. Empty when the image cannot be made to fit (or cannot be decoded).
 */
interface ImageFitter {

  Optional<FittedImage> fit(byte[] data, ImageType type);

  /** The image to send, base64 encoded, with the size it had and the size it has now. */
  record FittedImage(
      String base64,
      String mimeType,
      int originalWidth,
      int originalHeight,
      int width,
      int height,
      boolean resized) {

    /** Tells the model how coordinates on the smaller image map back, when it was scaled. */
    Optional<String> dimensionNote() {
      if (!resized) {
        return Optional.empty();
      }
      double scale = (double) originalWidth / width;
      return Optional.of(
          "[Image: original "
              + originalWidth
              + "x"
              + originalHeight
              + ", displayed at "
              + width
              + "x"
              + height
              + ". Multiply coordinates by "
              + SizeFormat.twoDecimals(scale)
              + " to map to original image.]");
    }
  }
}
