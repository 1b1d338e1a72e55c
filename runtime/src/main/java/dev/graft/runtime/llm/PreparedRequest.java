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

  /** Leaves out header values and the body: they carry the API key and the conversation. */
  @Override
  public String toString() {
    return "PreparedRequest[POST "
        + uri
        + ", headers="
        + headers.keySet()
        + ", "
        + body.length
        + " bytes]";
  }
}
