package dev.graft.runtime.llm;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/** An HTTP request ready to send: a POST of a JSON body. */
record PreparedRequest(URI uri, Map<String, String> headers, byte[] body) {
  PreparedRequest {
    Objects.requireNonNull(uri, "uri");
    headers = Map.copyOf(headers);
    Objects.requireNonNull(body, "body");
  }
}
