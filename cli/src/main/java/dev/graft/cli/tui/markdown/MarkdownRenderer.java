package dev.graft.cli.tui.markdown;

import dev.graft.cli.tui.Ansi;
import dev.graft.cli.tui.Theme;
import dev.graft.cli.tui.ThemeRole;
import dev.graft.cli.tui.Wrap;
import dev.graft.cli.tui.highlight.CodeHighlighter;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.strikethrough.Strikethrough;
import org.commonmark.ext.gfm.strikethrough.StrikethroughExtension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Markdown as terminal lines, parsed by commonmark-java with GitHub's tables and strikethrough:
 * headings, emphasis, inline code, links (with their address when it differs from the text), lists
 * (nested, numbered), quotes, rules, tables drawn with box characters, and fenced code coloured by
 * {@link CodeHighlighter}. Blocks are separated by one empty line, but for a list right under a
 * paragraph. Text is cleaned of control characters first, so a model cannot move the cursor.
 */
public final class MarkdownRenderer {
  /** Made when the first markdown is drawn, not when graft starts (its classes load then). */
  private static final class Holder {
    static final Parser PARSER =
        Parser.builder()
            .extensions(List.of(TablesExtension.create(), StrikethroughExtension.create()))
            .includeSourceSpans(IncludeSourceSpans.BLOCKS)
            .build();
  }

  private final Theme theme;
  private final CodeHighlighter highlighter;

  public MarkdownRenderer(Theme theme) {
    this.theme = theme;
    this.highlighter = new CodeHighlighter(theme);
  }

  Theme theme() {
    return theme;
  }

  /**
   * Starts a line of a list item that no list indents: a line written unindented under the item,
   * which CommonMark reads as a lazy continuation of it and the reference shows at the left edge.
   * Ansi.clean takes it out of the markdown, so only graft puts it there.
   */
  private static final char FLUSH = '\0';

  /** {@code markdown} as lines of at most {@code width} columns. */
  public List<String> render(String markdown, int width) {
    Node document = Holder.PARSER.parse(Ansi.clean(markdown));
    List<String> out = new ArrayList<>();
    blocks(document, Math.max(4, width), out);
    out.replaceAll(MarkdownRenderer::unflushed);
    return out;
  }

  private static String unflushed(String line) {
    return !line.isEmpty() && line.charAt(0) == FLUSH ? line.substring(1) : line;
  }

  /**
   * The child blocks of {@code parent}, an empty line between each two but between a paragraph and
   * a list right under it (as the reference's Markdown shows them).
   */
  private void blocks(Node parent, int width, List<String> out) {
    Node previous = null;
    for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
      if (n instanceof LinkReferenceDefinition) {
        continue;
      }
      List<String> lines = block(n, width);
      if (lines.isEmpty()) {
        continue;
      }
      if (previous != null && !listRightUnder(previous, n)) {
        out.add("");
      }
      out.addAll(lines);
      previous = n;
    }
  }

  /** Whether {@code next} is a list starting on the line after paragraph {@code previous} ends. */
  private static boolean listRightUnder(Node previous, Node next) {
    if (!(previous instanceof Paragraph) || !(next instanceof ListBlock)) {
      return false;
    }
    var paragraph = previous.getSourceSpans();
    var list = next.getSourceSpans();
    return !paragraph.isEmpty()
        && !list.isEmpty()
        && list.getFirst().getLineIndex() == paragraph.getLast().getLineIndex() + 1;
  }

  private List<String> block(Node n, int width) {
    return switch (n) {
      case Heading h -> heading(h, width);
      case Paragraph p -> Wrap.lines(inline(p), width);
      case BulletList l -> list(l, width);
      case OrderedList l -> list(l, width);
      case BlockQuote q -> quote(q, width);
      case FencedCodeBlock c -> code(c.getLiteral(), c.getInfo(), width);
      case IndentedCodeBlock c -> code(c.getLiteral(), "", width);
      case ThematicBreak t -> List.of(theme.fg(ThemeRole.MD_HR, "─".repeat(Math.min(width, 80))));
      case HtmlBlock h ->
          Wrap.lines(theme.fg(ThemeRole.MUTED, h.getLiteral().stripTrailing()), width);
      case TableBlock t -> new TableLayout(theme, this).render(t, width);
      default -> {
        List<String> out = new ArrayList<>();
        blocks(n, width, out);
        yield out;
      }
    };
  }

  private List<String> heading(Heading h, int width) {
    String text = inline(h);
    String styled =
        switch (h.getLevel()) {
          case 1 -> theme.fg(ThemeRole.MD_HEADING, theme.bold(theme.underline(text)));
          case 2 -> theme.fg(ThemeRole.MD_HEADING, theme.bold(text));
          default ->
              theme.fg(ThemeRole.MD_HEADING, theme.bold("#".repeat(h.getLevel()) + " " + text));
        };
    return Wrap.lines(styled, width);
  }

  private List<String> list(Node list, int width) {
    List<String> out = new ArrayList<>();
    int number =
        list instanceof OrderedList o && o.getMarkerStartNumber() != null
            ? o.getMarkerStartNumber()
            : 1;
    boolean ordered = list instanceof OrderedList;
    int markerWidth = 2;
    if (ordered) {
      int count = 0;
      for (Node i = list.getFirstChild(); i != null; i = i.getNext()) {
        count++;
      }
      markerWidth = String.valueOf(number + count - 1).length() + 2;
    }
    boolean loose = list instanceof BulletList b ? !b.isTight() : !((OrderedList) list).isTight();
    boolean firstItem = true;
    for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
      if (!(item instanceof ListItem)) {
        continue;
      }
      if (loose && !firstItem) {
        out.add("");
      }
      firstItem = false;
      String marker = ordered ? Ansi.pad((number++) + ".", markerWidth) : "- ";
      int inner = Math.max(4, width - markerWidth);
      List<String> content = new ArrayList<>();
      // a tight list's paragraphs sit on consecutive lines
      boolean firstChild = true;
      for (Node c = item.getFirstChild(); c != null; c = c.getNext()) {
        List<String> lines = c instanceof Paragraph p ? itemParagraph(p, inner) : block(c, inner);
        if (!firstChild && (loose || !(c instanceof BulletList || c instanceof OrderedList))) {
          content.add("");
        }
        content.addAll(lines);
        firstChild = false;
      }
      if (content.isEmpty()) {
        content.add("");
      }
      String pad = " ".repeat(markerWidth);
      for (int i = 0; i < content.size(); i++) {
        String line = content.get(i);
        String prefix = i == 0 ? theme.fg(ThemeRole.MD_LIST_BULLET, marker) : pad;
        out.add(line.isEmpty() || line.charAt(0) == FLUSH ? line : prefix + line);
      }
    }
    return out;
  }

  /**
   * A paragraph of a list item; the lines written left of its first (lazy continuations, "- b\n
   * after"), each with what wraps from it, start with {@link #FLUSH}, so that no list indents them.
   */
  private List<String> itemParagraph(Paragraph p, int width) {
    var spans = p.getSourceSpans();
    List<StringBuilder> segments = new ArrayList<>();
    segments.add(new StringBuilder());
    for (Node n = p.getFirstChild(); n != null; n = n.getNext()) {
      if (n instanceof SoftLineBreak || n instanceof HardLineBreak) {
        segments.add(new StringBuilder());
      } else {
        inline(n, segments.getLast());
      }
    }
    // a break inside emphasis or a link, or an HTML tag over lines: no line-by-line reading
    if (spans.size() != segments.size() || segments.stream().anyMatch(b -> b.indexOf("\n") >= 0)) {
      return Wrap.lines(inline(p), width);
    }
    int column = spans.getFirst().getColumnIndex();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < segments.size(); i++) {
      boolean lazy = spans.get(i).getColumnIndex() < column;
      for (String line : Wrap.lines(segments.get(i).toString(), width)) {
        out.add(lazy ? FLUSH + line : line);
      }
    }
    return out;
  }

  private List<String> quote(BlockQuote q, int width) {
    List<String> inner = new ArrayList<>();
    blocks(q, Math.max(4, width - 2), inner);
    List<String> out = new ArrayList<>();
    String bar = theme.fg(ThemeRole.MD_QUOTE_BORDER, "│ ");
    for (String line : inner) {
      out.add(bar + theme.fg(ThemeRole.MD_QUOTE, theme.italic(unflushed(line))));
    }
    return out;
  }

  /**
   * A code block: its language over it, its lines coloured, indented, and wrapped when too wide.
   */
  List<String> code(String literal, String info, int width) {
    String language = info == null ? "" : info.strip();
    String body = literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal;
    List<String> out = new ArrayList<>();
    String border = theme.fg(ThemeRole.MD_CODE_BLOCK_BORDER, "```" + Ansi.clean(language));
    out.add(Ansi.truncate(border, width, "…"));
    boolean known = CodeHighlighter.knows(language.split("\\s+")[0]);
    List<String> lines = highlighter.lines(body, known ? language.split("\\s+")[0] : null);
    for (String line : lines) {
      String shown = known ? line : theme.fg(ThemeRole.MD_CODE_BLOCK, line);
      for (String part : Wrap.lines(shown, Math.max(1, width - 2))) {
        out.add("  " + part);
      }
    }
    out.add(theme.fg(ThemeRole.MD_CODE_BLOCK_BORDER, "```"));
    return out;
  }

  /** The inline content of {@code parent} as one styled string (newlines for hard breaks). */
  String inline(Node parent) {
    StringBuilder b = new StringBuilder();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
      inline(n, b);
    }
    return b.toString();
  }

  private void inline(Node n, StringBuilder b) {
    switch (n) {
      case Text t -> b.append(t.getLiteral());
      case Emphasis e -> b.append(theme.italic(inline(e)));
      case StrongEmphasis s -> b.append(theme.bold(inline(s)));
      case Strikethrough s -> b.append(theme.strikethrough(inline(s)));
      case Code c -> b.append(theme.fg(ThemeRole.MD_CODE, c.getLiteral()));
      case Link l -> {
        String text = inline(l);
        String plain = Ansi.strip(text);
        String url = l.getDestination();
        b.append(theme.fg(ThemeRole.MD_LINK, theme.underline(text)));
        String shownUrl = url.startsWith("mailto:") ? url.substring(7) : url;
        if (!url.isEmpty() && !plain.equals(url) && !plain.equals(shownUrl)) {
          b.append(theme.fg(ThemeRole.MD_LINK_URL, " (" + url + ")"));
        }
      }
      case Image i ->
          b.append(theme.fg(ThemeRole.MD_LINK, "[image: " + Ansi.strip(inline(i)) + "]"))
              .append(theme.fg(ThemeRole.MD_LINK_URL, " (" + i.getDestination() + ")"));
      case SoftLineBreak s -> b.append('\n'); // as the reference: a single newline stays
      case HardLineBreak h -> b.append('\n');
      case HtmlInline h -> b.append(theme.fg(ThemeRole.MUTED, h.getLiteral()));
      default -> {
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
          inline(c, b);
        }
      }
    }
  }
}
