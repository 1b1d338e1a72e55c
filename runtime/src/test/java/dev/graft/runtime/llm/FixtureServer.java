package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves one recorded provider fixture (../shared/provider-fixtures/ID) over plain HTTP/1.1 on
 * 127.0.0.1, byte-exact: each request gets the first matching rule's response, else the next of
 * {@code responses}, else {@code fallback}. A response is sent chunked (one chunk per {@code
 * write_size} bytes) unless {@code "chunked": false}; {@code close_early: N} sends N body bytes and
 * drops the connection without ending the chunked body. Written on raw sockets so that the bytes on
 * the wire are exactly the fixture's.
 */
final class FixtureServer implements AutoCloseable {
  /** A request as received: path, headers (lower-case names) and body. */
  record Received(String path, Map<String, String> headers, String body) {
    JsonNode json() {
      try {
        return Json.parse(body);
      } catch (Exception e) {
        throw new AssertionError("request body is not JSON: " + body, e);
      }
    }
  }

  private final Path dir;
  private final JsonNode fixture;
  private final ServerSocket socket;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger next = new AtomicInteger();
  private final Thread acceptor;

  FixtureServer(Path dir, JsonNode fixture) {
    this.dir = dir;
    this.fixture = fixture;
    try {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    acceptor = Thread.ofVirtual().name("fixture-server").start(this::accept);
  }

  String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  List<Received> received() {
    return List.copyOf(received);
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        Thread.ofVirtual().name("fixture-connection").start(() -> serve(client));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    try (client) {
      InputStream in = client.getInputStream();
      String head = readHead(in);
      if (head == null) {
        return;
      }
      String[] lines = head.split("\r\n");
      String path = lines[0].split(" ")[1];
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(
              lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
              lines[i].substring(colon + 1).strip());
        }
      }
      int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
      String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
      Received request = new Received(path, headers, body);
      received.add(request);
      respond(client.getOutputStream(), choose(request));
    } catch (IOException gone) {
      // the client went away (an abort) or the response dropped the connection on purpose
    }
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) >= 0) {
      out.write(b);
      byte[] bytes = out.toByteArray();
      int n = bytes.length;
      if (n >= 4
          && bytes[n - 4] == '\r'
          && bytes[n - 3] == '\n'
          && bytes[n - 2] == '\r'
          && bytes[n - 1] == '\n') {
        return out.toString(StandardCharsets.ISO_8859_1);
      }
    }
    return null;
  }

  /** The first rule that matches, else the next queued response, else the fallback. */
  private JsonNode choose(Received request) {
    for (JsonNode rule : fixture.path("rules")) {
      if (matches(rule, request)) {
        return rule.get("response");
      }
    }
    int i = next.getAndIncrement();
    JsonNode responses = fixture.path("responses");
    if (i < responses.size()) {
      return responses.get(i);
    }
    return fixture.path("fallback").isObject() ? fixture.get("fallback") : null;
  }

  private static boolean matches(JsonNode rule, Received request) {
    if (rule.has("if_path_endswith")
        && !request.path().endsWith(rule.get("if_path_endswith").asText())) {
      return false;
    }
    if (rule.has("if_body_has")) {
      JsonNode body;
      try {
        body = Json.parse(request.body());
      } catch (Exception e) {
        return false;
      }
      for (JsonNode field : rule.get("if_body_has")) {
        if (!body.has(field.asText())) {
          return false;
        }
      }
    }
    return true;
  }

  private void respond(OutputStream out, JsonNode response) throws IOException {
    if (response == null) {
      byte[] body =
          "{\"error\":{\"message\":\"the fixture has no response left\"}}"
              .getBytes(StandardCharsets.UTF_8);
      out.write(
          ("HTTP/1.1 599 No Response Left\r\ncontent-type: application/json\r\ncontent-length: "
                  + body.length
                  + "\r\nconnection: close\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      return;
    }
    byte[] body = Files.readAllBytes(dir.resolve(response.get("body").asText()));
    int status = response.path("status").asInt(200);
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(" Fixture\r\n");
    List<String[]> headers = new ArrayList<>();
    for (JsonNode h : response.path("headers")) {
      headers.add(new String[] {h.get(0).asText(), h.get(1).asText()});
    }
    boolean chunked = response.path("chunked").asBoolean(true);
    for (String[] h : headers) {
      head.append(h[0]).append(": ").append(h[1]).append("\r\n");
    }
    head.append(
        chunked ? "transfer-encoding: chunked\r\n" : "content-length: " + body.length + "\r\n");
    head.append("connection: close\r\n\r\n");
    out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    if (!chunked) {
      out.write(body);
      out.flush();
      return;
    }
    int limit =
        response.has("close_early")
            ? Math.min(body.length, response.get("close_early").asInt())
            : body.length;
    int step =
        response.path("write_size").asInt(0) > 0
            ? response.get("write_size").asInt()
            : Math.max(1, limit);
    for (int off = 0; off < limit; off += step) {
      int n = Math.min(step, limit - off);
      out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(body, off, n);
      out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }
    if (response.has("close_early")) {
      return; // no terminating chunk: the connection simply ends
    }
    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    acceptor.interrupt();
  }
}
