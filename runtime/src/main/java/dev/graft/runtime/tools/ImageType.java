package dev.graft.runtime.tools;

import java.util.Optional;

/**
 * The image formats the read tool sends to the model as attachments, told apart by their first
 * bytes (never by the file name, which may lie).
 */
enum ImageType {
  PNG("image/png"),
  JPEG("image/jpeg"),
  GIF("image/gif"),
  WEBP("image/webp");

  /** Bytes enough to recognise every format here. */
  static final int SNIFF_BYTES = 12;

  private final String mimeType;

  ImageType(String mimeType) {
    this.mimeType = mimeType;
  }

  String mimeType() {
    return mimeType;
  }

  static Optional<ImageType> detect(byte[] head, int length) {
    if (startsWith(head, length, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
      return Optional.of(PNG);
    }
    if (startsWith(head, length, 0, 0xFF, 0xD8, 0xFF)) {
      return Optional.of(JPEG);
    }
    if (startsWith(head, length, 0, 'G', 'I', 'F', '8', '7', 'a')
        || startsWith(head, length, 0, 'G', 'I', 'F', '8', '9', 'a')) {
      return Optional.of(GIF);
    }
    if (startsWith(head, length, 0, 'R', 'I', 'F', 'F')
        && startsWith(head, length, 8, 'W', 'E', 'B', 'P')) {
      return Optional.of(WEBP);
    }
    return Optional.empty();
  }

  private static boolean startsWith(byte[] data, int length, int offset, int... expected) {
    if (length < offset + expected.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if ((data[offset + i] & 0xFF) != expected[i]) {
        return false;
      }
    }
    return true;
  }
}
