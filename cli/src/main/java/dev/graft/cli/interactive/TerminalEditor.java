package dev.graft.cli.interactive;

import dev.graft.cli.ui.Screen;
import java.nio.file.Path;
import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.Buffer;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.Reference;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;

/**
 * The prompt editor: JLine's line reader with graft's history file, slash-command completion
 * (Tab) and multi-line input — Alt+Enter inserts a newline, and Enter after a trailing
 * backslash replaces the backslash with one. {@code !} is never expanded from history
 * (so {@code !cmd} and {@code !!cmd} reach graft as typed).
 */
final class TerminalEditor implements Screen.Above {
  private static final String NEWLINE_WIDGET = "graft-newline";
  private static final String ACCEPT_WIDGET = "graft-accept";

  private final LineReader reader;
  private final String prompt;
  private volatile Frontend.Completions completions = (buffer, cursor) -> java.util.List.of();

  TerminalEditor(Terminal terminal, Path historyFile, Screen screen) {
    DefaultParser parser = new DefaultParser();
    parser.setEscapeChars(new char[0]);
    parser.setQuoteChars(new char[0]);
    parser.setEofOnUnclosedQuote(false);
    parser.setEofOnEscapedNewLine(false);
    this.reader = LineReaderBuilder.builder()
        .terminal(terminal)
        .appName("graft")
        .parser(parser)
        .completer((r, line, candidates) -> {
          for (CommandRegistry.Completion c : completions.complete(line.line(), line.cursor())) {
            boolean command = c.value().startsWith("/") && !line.line().substring(0, line.cursor()).contains(" ");
            candidates.add(new Candidate(c.value(), c.value(), null, c.description().isEmpty() ? null : c.description(), null, null, command));
          }
        })
        .variable(LineReader.HISTORY_FILE, historyFile)
        .variable(LineReader.HISTORY_FILE_SIZE, 5000)
        .variable(LineReader.SECONDARY_PROMPT_PATTERN, "  ")
        .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
        .option(LineReader.Option.HISTORY_IGNORE_DUPS, true)
        .option(LineReader.Option.CASE_INSENSITIVE, true)
        .option(LineReader.Option.INSERT_TAB, false)
        .option(LineReader.Option.AUTO_FRESH_LINE, true)
        .build();
    reader.getWidgets().put(NEWLINE_WIDGET, () -> {
      reader.getBuffer().write('\n');
      return true;
    });
    reader.getWidgets().put(ACCEPT_WIDGET, () -> {
      Buffer buffer = reader.getBuffer();
      if (buffer.cursor() == buffer.length() && buffer.length() > 0 && buffer.prevChar() == '\\') {
        buffer.backspace();
        buffer.write('\n');
        return true;
      }
      reader.callWidget(LineReader.ACCEPT_LINE);
      return true;
    });
    KeyMap<Binding> main = reader.getKeyMaps().get(LineReader.MAIN);
    // Enter may arrive as \n too (keys typed ahead while the terminal translated CR to NL).
    main.bind(new Reference(ACCEPT_WIDGET), "\r", "\n");
    main.bind(new Reference(NEWLINE_WIDGET), KeyMap.alt('\r'), KeyMap.alt('\n'));
    this.prompt = screen.style(Screen.Style.BOLD_CYAN, "> ");
  }

  void completeWith(Frontend.Completions completions) {
    this.completions = completions;
  }

  EditorInput read(String initial) {
    try {
      return new EditorInput.Submitted(reader.readLine(prompt, null, (Character) null, initial.isEmpty() ? null : initial));
    } catch (UserInterruptException e) {
      return new EditorInput.Interrupted(e.getPartialLine() == null ? "" : e.getPartialLine());
    } catch (EndOfFileException e) {
      return new EditorInput.Ended();
    }
  }

  @Override
  public boolean reading() {
    return reader.isReading();
  }

  @Override
  public void print(String line) {
    reader.printAbove(line);
  }
}
