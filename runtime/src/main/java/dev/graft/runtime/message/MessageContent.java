package dev.graft.runtime.message;

import java.util.List;
import java.util.Objects;

/** User and custom message content: either a plain string or a list of blocks, as written. */
public sealed interface MessageContent {

  record PlainText(String text) implements MessageContent {
    public PlainText {
      Objects.requireNonNull(text, "text");
    }
  }

  record Blocks(List<ContentBlock> blocks) implements MessageContent {
    public Blocks {
      blocks = List.copyOf(blocks);
    }
  }

  static MessageContent of(String text) {
    return new PlainText(text);
  }

  /** The content as blocks (a plain string becomes one text block). */
  default List<ContentBlock> asBlocks() {
    return switch (this) {
      case PlainText p -> List.of(new ContentBlock.Text(p.text()));
      case Blocks b -> b.blocks();
    };
  }

  /** All text joined with {@code separator}; images and other blocks are left out. */
  default String text(String separator) {
    return switch (this) {
      case PlainText p -> p.text();
      case Blocks b -> {
        ContentBlock.Text only = null;
        int texts = 0;
        for (ContentBlock block : b.blocks()) {
          if (block instanceof ContentBlock.Text t) {
            only = t;
            texts++;
          }
        }
        if (texts <= 1) {
          // The common case (a tool result): its text itself, not a copy of a huge one.
          yield only == null ? "" : only.text();
        }
        StringBuilder sb = new StringBuilder();
        for (ContentBlock block : b.blocks()) {
          if (block instanceof ContentBlock.Text t) {
            if (!sb.isEmpty()) {
              sb.append(separator);
            }
            sb.append(t.text());
          }
        }
        yield sb.toString();
      }
    };
  }
}
