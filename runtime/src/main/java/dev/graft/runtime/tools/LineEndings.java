package dev.graft.runtime.tools;

/**
 * The line ending a file uses, judged by its first line break, so an edit can work on LF text and
 * write the file back the way it was.
 */
enum LineEndings {
  LF,
  CRLF;

  static LineEndings detect(String text) {
    int lf = text.indexOf('\n');
    if (lf < 0) {
      return LF;
    }
    int crlf = text.indexOf("\r\n");
    return crlf >= 0 && crlf < lf ? CRLF : LF;
  }

  /** Every CRLF and every lone CR becomes LF. */
  static String toLf(String text) {
    return text.replace("\r\n", "\n").replace('\r', '\n');
  }

  String restore(String lfText) {
    return this == CRLF ? lfText.replace("\n", "\r\n") : lfText;
  }
}
