package dev.graft.cli.setup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.MessageCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * What a script's {@code sendUserMessage} sends: a string, or text and image blocks, which become
 * the text (the text blocks joined by newlines, as the reference does) and the images.
 */
record UserContent(String text, List<ContentBlock> images) {
  UserContent {
    images = List.copyOf(images);
  }

  static UserContent of(JsonNode content) {
    if (content.isTextual()) {
      return new UserContent(content.textValue(), List.of());
    }
    List<String> texts = new ArrayList<>();
    List<ContentBlock> images = new ArrayList<>();
    for (int i = 0; i < content.size(); i++) {
      ContentBlock block =
          content.get(i) instanceof ObjectNode o ? MessageCodec.decodeBlock(o) : null;
      switch (block) {
        case ContentBlock.Text t -> texts.add(t.text());
        case ContentBlock.Image image -> images.add(image);
        case null, default ->
            throw new IllegalArgumentException(
                "sendUserMessage: content["
                    + i
                    + "] is neither a text block {type: \"text\", text} nor an image block {type: \"image\", data, mimeType}");
      }
    }
    return new UserContent(String.join("\n", texts), images);
  }
}
