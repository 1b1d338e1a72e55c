package dev.graft.cli.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * A stand-in for an OpenAI-compatible server, run as its own process by {@link
 * OpenAiCompatibleServerTest}: {@code java MockChatCompletionsServer RECORD RESPONSE...}.
 *
 * <p>Listens on 127.0.0.1 on a free port and prints the port as the first line on stdout. Each
 * {@code POST /v1/chat/completions} is appended to RECORD as one JSON line, {@code
 * {"path":...,"authorization":...,"body":<the request body>}}, before it is answered with the next
 * RESPONSE: {@code sse:FILE} streams FILE (server-sent events, one flush per event), {@code 500}
 * answers HTTP 500 with an OpenAI-style error (and a short {@code retry-after-ms}), {@code 503}
 * answers HTTP 503 naming no wait, {@code silent} never answers. When the responses run out, every
 * further request gets a 500 saying so. Exits when its stdin closes, so it never outlives the test
 * JVM.
 */
public final class MockChatCompletionsServer {
  private MockChatCompletionsServer() {}

  public static void main(String[] args) throws Exception {
    Path record = Path.of(args[0]);
    Deque<String> responses = new ArrayDeque<>(Arrays.asList(args).subList(1, args.length));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            handle(exchange, record, responses);
          } catch (IOException | RuntimeException e) {
            System.err.println("mock server: " + e);
          }
        });
    server.start();
    System.out.println(server.getAddress().getPort());
    System.out.flush();
    // The test holds our stdin open; its end (the test closing it, or dying) stops us.
    while (System.in.read() >= 0) {
      // nothing to read; wait for the end
    }
    server.stop(0);
    System.exit(0);
  }

  private static void handle(HttpExchange exchange, Path record, Deque<String> responses)
      throws IOException {
    String path = exchange.getRequestURI().getPath();
    byte[] body = exchange.getRequestBody().readAllBytes();
    if (!exchange.getRequestMethod().equals("POST") || !path.equals("/v1/chat/completions")) {
      error(exchange, 404, "no route for " + exchange.getRequestMethod() + " " + path);
      return;
    }
    String authorization = exchange.getRequestHeaders().getFirst("authorization");
    String line =
        "{\"path\":"
            + quote(path)
            + ",\"authorization\":"
            + (authorization == null ? "null" : quote(authorization))
            // a raw line break in JSON can only be whitespace, so this keeps one request per line
            + ",\"body\":"
            + new String(body, StandardCharsets.UTF_8).strip().replace('\n', ' ').replace('\r', ' ')
            + "}\n";
    synchronized (MockChatCompletionsServer.class) {
      Files.writeString(
          record,
          line,
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    }
    String next;
    synchronized (responses) {
      next = responses.pollFirst();
    }
    if (next == null) {
      error(exchange, 500, "the mock server has no more responses");
    } else if (next.equals("500")) {
      // retry-after-ms as OpenAI sends it, short so that graft's retries take no time
      exchange.getResponseHeaders().add("retry-after-ms", "20");
      error(
          exchange,
          500,
          "The server had an error while processing your request. Sorry about that!");
    } else if (next.equals("503")) {
      // an overloaded server that names no wait: graft's own backoff decides it
      error(exchange, 503, "The server is overloaded. Please try again later.");
    } else if (next.equals("silent")) {
      // a server that takes the request and never answers: graft's wait must end it
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    } else if (next.startsWith("sse:")) {
      stream(exchange, Path.of(next.substring(4)));
    } else {
      error(exchange, 500, "bad mock response " + next);
    }
  }

  private static void stream(HttpExchange exchange, Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("content-type", "text/event-stream");
    exchange.getResponseHeaders().add("cache-control", "no-cache");
    exchange.sendResponseHeaders(200, 0); // chunked
    OutputStream out = exchange.getResponseBody();
    for (String event : text.split("\n\n")) {
      if (event.isBlank()) {
        continue;
      }
      out.write((event.strip() + "\n\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
    out.close();
  }

  private static void error(HttpExchange exchange, int status, String message) throws IOException {
    byte[] bytes =
        ("{\"error\":{\"message\":"
                + quote(message)
                + ",\"type\":\"server_error\",\"param\":null,\"code\":null}}")
            .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("content-type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
