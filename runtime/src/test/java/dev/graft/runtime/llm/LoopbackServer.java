package dev.graft.runtime.llm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP server on 127.0.0.1 that answers each request with the next queued {@link Reply} and
 * records what it received. Replies can stream in chunks, stall, or break off, to reproduce what
 * real providers do on bad days.
 */
final class LoopbackServer implements AutoCloseable {

  /** A received request: path, headers (lower-case names) and body. */
  record Received(String method, String path, Map<String, String> headers, String body) {}

  /** How to answer one request. */
  static final class Reply {
    int status = 200;
    final Map<String, String> headers = new LinkedHashMap<>();
    byte[] body = new byte[0];
    int chunkSize = 0;
    long chunkDelayMs = 0;
    long headerDelayMs = 0;

    /** Write this many body bytes, then stall until the server closes. -1: no stall. */
    int stallAfter = -1;

    /** Declare a longer body than sent, then drop the connection. */
    boolean dropConnection;

    static Reply sse(String body) {
      Reply r = new Reply();
      r.headers.put("content-type", "text/event-stream");
      r.body = body.getBytes(StandardCharsets.UTF_8);
      return r;
    }

    static Reply resource(String name) {
      return sse(LoopbackServer.resource(name));
    }

    static Reply status(int status, String body) {
      Reply r = new Reply();
      r.status = status;
      r.headers.put("content-type", body.startsWith("{") ? "application/json" : "text/html");
      r.body = body.getBytes(StandardCharsets.UTF_8);
      return r;
    }

    Reply header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    Reply chunked(int size, long delayMs) {
      chunkSize = size;
      chunkDelayMs = delayMs;
      return this;
    }

    Reply stallAfter(int bytes) {
      stallAfter = bytes;
      return this;
    }

    Reply delayHeaders(long ms) {
      headerDelayMs = ms;
      return this;
    }

    Reply dropConnection() {
      dropConnection = true;
      return this;
    }
  }

  private final HttpServer server;
  private final ExecutorService executor =
      Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "loopback-server");
        t.setDaemon(true);
        return t;
      });
  private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final CountDownLatch closing = new CountDownLatch(1);

  LoopbackServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  /** The base URL, e.g. {@code http://127.0.0.1:43210}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  LoopbackServer enqueue(Reply... rs) {
    replies.addAll(List.of(rs));
    return this;
  }

  List<Received> received() {
    return new ArrayList<>(received);
  }

  Received lastRequest() {
    return received.getLast();
  }

  static String resource(String name) {
    try (InputStream in = LoopbackServer.class.getResourceAsStream("/llm/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource llm/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Map<String, String> headers = new LinkedHashMap<>();
      exchange
          .getRequestHeaders()
          .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      received.add(
          new Received(
              exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body));
      Reply reply = replies.poll();
      if (reply == null) {
        reply = Reply.status(599, "{\"error\":{\"message\":\"no reply queued\"}}");
      }
      if (reply.headerDelayMs > 0 && pause(reply.headerDelayMs)) {
        return;
      }
      reply.headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
      long length =
          reply.dropConnection ? reply.body.length + 1000 : reply.body.length == 0 ? -1 : 0;
      exchange.sendResponseHeaders(reply.status, length);
      OutputStream out = exchange.getResponseBody();
      int limit =
          reply.stallAfter >= 0 ? Math.min(reply.stallAfter, reply.body.length) : reply.body.length;
      int step = reply.chunkSize > 0 ? reply.chunkSize : Math.max(1, limit);
      for (int off = 0; off < limit; off += step) {
        out.write(reply.body, off, Math.min(step, limit - off));
        out.flush();
        if (reply.chunkDelayMs > 0 && pause(reply.chunkDelayMs)) {
          return;
        }
      }
      if (reply.stallAfter >= 0) {
        pause(TimeUnit.SECONDS.toMillis(30));
        return;
      }
      if (reply.dropConnection) {
        // Fewer bytes than declared: the client sees the connection end early.
        throw new IOException("dropping connection on purpose");
      }
    } catch (IOException e) {
      // The client went away (abort tests) or the drop above; nothing to report.
    }
  }

  /** Sleeps; returns true when the server is closing. */
  private boolean pause(long ms) {
    try {
      return closing.await(ms, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
