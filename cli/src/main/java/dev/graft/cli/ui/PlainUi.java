package dev.graft.cli.ui;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * {@link HookUi} without a terminal: dialogs are printed and answered with a line. A picker takes
 * the number of an option, or words to filter by (the list is printed again, filtered); an empty
 * line, the end of input, the timeout or the abort signal cancel. Answers are read on the calling
 * thread, from the same lines as the prompts.
 */
public final class PlainUi implements HookUi {
  private static final int MAX_LISTED = 50;

  private final Screen screen;
  private final LineSource lines;
  private final StatusTexts statuses = new StatusTexts();

  public PlainUi(Screen screen, LineSource lines) {
    this.screen = screen;
    this.lines = lines;
  }

  @Override
  public boolean available() {
    return !lines.ended();
  }

  @Override
  public synchronized CompletableFuture<OptionalInt> pick(
      String title, List<Choice> choices, int initial, String filter, DialogOptions options) {
    long deadline = options.deadlineNanos(System.nanoTime());
    SelectState state = new SelectState(choices, initial);
    if (!filter.isEmpty()) {
      state.setFilter(filter);
    }
    state.setRows(Math.max(1, choices.size()));
    while (true) {
      List<Integer> visible = state.visible();
      screen.line(title + (state.filter().isEmpty() ? "" : " (filter: " + state.filter() + ")"));
      for (int i = 0; i < Math.min(visible.size(), MAX_LISTED); i++) {
        Choice c = state.choice(visible.get(i));
        screen.line(
            "  "
                + (i + 1)
                + ") "
                + Screen.clean(c.label())
                + (c.detail().isEmpty() ? "" : "  " + Screen.clean(c.detail())));
      }
      if (visible.size() > MAX_LISTED) {
        screen.line("  … " + (visible.size() - MAX_LISTED) + " more (type words to filter)");
      }
      if (visible.isEmpty()) {
        screen.line("  nothing matches");
      }
      screen.line("Number, words to filter, or an empty line to cancel:");
      Optional<String> answer = lines.next(deadline, () -> options.signal().aborted());
      String text = answer.map(String::strip).orElse("");
      if (text.isEmpty()) {
        if (options.leavesCancel()) {
          screen.line(title + ": cancelled");
        }
        return CompletableFuture.completedFuture(OptionalInt.empty());
      }
      if (text.matches("\\d{1,6}")) {
        int n = Integer.parseInt(text);
        if (n >= 1 && n <= visible.size()) {
          return CompletableFuture.completedFuture(OptionalInt.of(visible.get(n - 1)));
        }
        screen.line("no option " + n);
        continue;
      }
      state.setFilter(text);
    }
  }

  @Override
  public synchronized CompletableFuture<Optional<Boolean>> confirm(
      String title, String message, DialogOptions options) {
    screen.line(title);
    if (!message.isBlank()) {
      screen.line(Screen.clean(message));
    }
    screen.line("[y/n]:");
    Optional<String> answer =
        lines.next(options.deadlineNanos(System.nanoTime()), () -> options.signal().aborted());
    String text = answer.map(a -> a.strip().toLowerCase(Locale.ROOT)).orElse("");
    Optional<Boolean> result =
        switch (text) {
          case "y", "yes" -> Optional.of(true);
          case "n", "no" -> Optional.of(false);
          default -> Optional.empty();
        };
    return CompletableFuture.completedFuture(result);
  }

  @Override
  public synchronized CompletableFuture<Optional<String>> input(
      String title, String placeholder, String initial, DialogOptions options) {
    screen.line(
        title + (placeholder.isBlank() ? "" : " (" + Screen.clean(placeholder) + ")") + ":");
    return CompletableFuture.completedFuture(
        lines.next(options.deadlineNanos(System.nanoTime()), () -> options.signal().aborted()));
  }

  @Override
  public void notify(String message, NotifyLevel level) {
    screen.line(
        switch (level) {
              case INFO -> "";
              case WARNING -> "warning: ";
              case ERROR -> "error: ";
            }
            // a notification's further lines are indented: none reads as a line of graft's own
            + Screen.clean(message).replace("\n", "\n  "));
  }

  @Override
  public void setStatus(String key, Optional<String> text) {
    statuses.set(key, text);
  }

  @Override
  public List<String> statuses() {
    return statuses.all();
  }
}
