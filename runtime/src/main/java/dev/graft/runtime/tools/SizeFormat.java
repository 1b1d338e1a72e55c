package dev.graft.runtime.tools;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Byte counts for people and models: {@code 512B}, {@code 50.0KB}, {@code 1.5MB}. */
final class SizeFormat {
  private SizeFormat() {}

  static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + "B";
    }
    if (bytes < 1024 * 1024) {
      return oneDecimal(bytes / 1024.0) + "KB";
    }
    return oneDecimal(bytes / (1024.0 * 1024.0)) + "MB";
  }

  /** One decimal place, rounded as JavaScript's toFixed(1) rounds (half up on the exact value). */
  static String oneDecimal(double value) {
    return new BigDecimal(value).setScale(1, RoundingMode.HALF_UP).toPlainString();
  }

  static String twoDecimals(double value) {
    return new BigDecimal(value).setScale(2, RoundingMode.HALF_UP).toPlainString();
  }
}
