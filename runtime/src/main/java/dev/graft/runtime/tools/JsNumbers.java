package dev.graft.runtime.tools;

/** Numbers from tool arguments written back the way JavaScript prints them (5, not 5.0). */
final class JsNumbers {
  private JsNumbers() {}

  static String format(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e21) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }
}
