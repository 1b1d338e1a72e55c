package dev.graft.cli.tui.markdown;

import dev.graft.cli.tui.ColorMode;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.highlight.CodeHighlighter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The markdown renderer's cost, for bench/markdown.sh (not a test): in one process, the first code
 * block coloured (the lexers loaded), then after a warm-up the median of ROUNDS rounds of (a) one
 * whole render of the answer at 160 columns, (b) the answer streamed in CHUNK-character steps, each
 * followed by a render of the component (as the terminal UI does per event), and (c) its code
 * blocks coloured. Prints "first-highlight-ms whole-ms stream-ms highlight-ms". Usage:
 * MarkdownBench FILE [ROUNDS [CHUNK]]
 */
public final class MarkdownBench {
  private MarkdownBench() {}

  public static void main(String[] args) throws Exception {
    String text = Files.readString(Path.of(args[0]));
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int chunk = args.length > 2 ? Integer.parseInt(args[2]) : 25;
    Theme theme = Theme.dark(ColorMode.TRUECOLOR);
    long t0 = System.nanoTime();
    new CodeHighlighter(theme).lines("def f(x):\n    return x  # c\n", "python");
    double first = (System.nanoTime() - t0) / 1e6;
    MarkdownRenderer renderer = new MarkdownRenderer(theme);
    List<String> code =
        MarkdownChunks.split(text).stream().filter(p -> p.startsWith("```")).toList();
    for (int i = 0; i < 5; i++) {
      round(renderer, theme, text, chunk, code);
    }
    double[][] times = new double[rounds][];
    for (int i = 0; i < rounds; i++) {
      times[i] = round(renderer, theme, text, chunk, code);
    }
    System.out.printf(
        Locale.ROOT,
        "%.2f %.3f %.2f %.3f%n",
        first,
        median(times, 0),
        median(times, 1),
        median(times, 2));
  }

  private static double[] round(
      MarkdownRenderer renderer, Theme theme, String text, int chunk, List<String> code) {
    long a = System.nanoTime();
    renderer.render(text, 160);
    long b = System.nanoTime();
    Markdown streamed = new Markdown(renderer, 1);
    streamed.setFinished(false);
    for (int end = chunk; end < text.length() + chunk; end += chunk) {
      streamed.setText(text.substring(0, Math.min(end, text.length())));
      streamed.render(160);
    }
    long c = System.nanoTime();
    CodeHighlighter highlighter = new CodeHighlighter(theme);
    for (String block : code) {
      highlighter.lines(block, "python");
    }
    long d = System.nanoTime();
    return new double[] {(b - a) / 1e6, (c - b) / 1e6, (d - c) / 1e6};
  }

  private static double median(double[][] times, int column) {
    double[] v = new double[times.length];
    for (int i = 0; i < times.length; i++) {
      v[i] = times[i][column];
    }
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
