package dev.graft.scripting.node;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code fetch} for scripts, in Java: each URL, and each URL a redirect leads to, is checked
 * against the script's {@link HostGrants} before a connection is made; redirects are followed by
 * graft (at most 20), never by the HTTP client. The body is read whole, up to {@link #MAX_BODY}.
 */
public final class NodeFetch {
  /** The largest response body a script receives. */
  public static final int MAX_BODY = 64 * 1024 * 1024;

  private static final int MAX_REDIRECTS = 20;

  /** Headers the JDK's client sets itself and refuses from callers. */
  private static final Set<String> RESTRICTED =
      Set.of(
          "connection",
          "content-length",
          "expect",
          "host",
          "upgrade",
          "keep-alive",
          "transfer-encoding",
          "te",
          "trailer",
          "proxy-connection");

  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(30))
          .build();

  /** What came back: the status, headers and body, where the last redirect led. */
  public record Reply(
      int status,
      String statusText,
      List<Map.Entry<String, String>> headers,
      byte[] body,
      String url,
      boolean redirected) {
    /** The JSON the script's Response is made from (the body apart). */
    public String json() {
      ObjectNode o =
          Json.object()
              .put("status", status)
              .put("statusText", statusText)
              .put("url", url)
              .put("redirected", redirected);
      ArrayNode h = o.putArray("headers");
      headers.forEach(e -> h.addArray().add(e.getKey()).add(e.getValue()));
      return Json.write(o);
    }
  }

  /** A request as the script made it. */
  public record Call(
      String label,
      String url,
      String method,
      List<Map.Entry<String, String>> headers,
      Optional<byte[]> body,
      String redirect) {}

  private final HostGrants grants;

  public NodeFetch(HostGrants grants) {
    this.grants = grants;
  }

  /**
   * Sends {@code call}; the future fails with a {@link NodeError} (a refusal before anything is
   * sent, or what went wrong on the way). Cancelling it abandons the request.
   */
  public CompletableFuture<Reply> send(Call call) {
    URI uri;
    try {
      uri = new URI(call.url());
      grants.check(call.label(), uri);
    } catch (URISyntaxException e) {
      return CompletableFuture.failedFuture(
          new NodeError(
              "ERR_INVALID_URL", call.label() + ": not a URL graft can send: " + e.getMessage()));
    } catch (NodeError e) {
      return CompletableFuture.failedFuture(e);
    }
    return hop(call, uri, call.method(), call.body(), 0);
  }

  private CompletableFuture<Reply> hop(
      Call call, URI uri, String method, Optional<byte[]> body, int redirects) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(10));
    for (Map.Entry<String, String> h : call.headers()) {
      if (!RESTRICTED.contains(h.getKey().toLowerCase(Locale.ROOT))) {
        b.header(h.getKey(), h.getValue());
      }
    }
    b.method(
        method,
        body.map(HttpRequest.BodyPublishers::ofByteArray)
            .orElse(HttpRequest.BodyPublishers.noBody()));
    return CLIENT
        .sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
        .thenCompose(response -> {
          int status = response.statusCode();
          Optional<String> location = response.headers().firstValue("location");
          if (status >= 300
              && status < 400
              && status != 304
              && location.isPresent()
              && !call.redirect().equals("manual")) {
            close(response.body());
            if (call.redirect().equals("error")) {
              return CompletableFuture.failedFuture(
                  new NodeError(
                      "ERR_FETCH_REDIRECT",
                      call.label()
                          + ": redirected to "
                          + location.get()
                          + " (redirect: \"error\")"));
            }
            if (redirects >= MAX_REDIRECTS) {
              return CompletableFuture.failedFuture(
                  new NodeError(
                      "ERR_FETCH_REDIRECT",
                      call.label() + ": more than " + MAX_REDIRECTS + " redirects"));
            }
            URI next;
            try {
              next = uri.resolve(new URI(location.get()));
              grants.check(call.label() + " redirected to " + next, next);
            } catch (URISyntaxException e) {
              return CompletableFuture.failedFuture(
                  new NodeError(
                      "ERR_FETCH_REDIRECT",
                      call.label() + ": a redirect to a malformed URL: " + location.get()));
            } catch (NodeError e) {
              return CompletableFuture.failedFuture(e);
            }
            boolean toGet =
                status == 303 || (status == 301 || status == 302) && method.equals("POST");
            return hop(
                call, next, toGet ? "GET" : method, toGet ? Optional.empty() : body, redirects + 1);
          }
          return CompletableFuture.supplyAsync(
              () -> {
                try (InputStream in = response.body()) {
                  byte[] bytes = readCapped(in, call.label());
                  List<Map.Entry<String, String>> headers = new ArrayList<>();
                  response
                      .headers()
                      .map()
                      .forEach((name, values) -> {
                        if (!name.startsWith(":")) {
                          values.forEach(
                              v -> headers.add(Map.entry(name.toLowerCase(Locale.ROOT), v)));
                        }
                      });
                  return new Reply(
                      status,
                      reason(status),
                      headers,
                      method.equals("HEAD") ? new byte[0] : bytes,
                      uri.toString(),
                      redirects > 0);
                } catch (IOException e) {
                  throw new CompletionException(
                      new NodeError("ECONNRESET", call.label() + ": " + e.getMessage()));
                } catch (NodeError e) {
                  throw new CompletionException(e);
                }
              },
              Thread::startVirtualThread);
        })
        .exceptionallyCompose(e -> {
          Throwable cause =
              e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
          if (cause instanceof NodeError ne) {
            return CompletableFuture.failedFuture(ne);
          }
          String code =
              cause instanceof ConnectException
                  ? "ECONNREFUSED"
                  : cause instanceof HttpTimeoutException
                      ? "ETIMEDOUT"
                      : cause instanceof UnresolvedAddressException
                              || cause instanceof UnknownHostException
                          ? "ENOTFOUND"
                          : "ECONNRESET";
          return CompletableFuture.failedFuture(
              new NodeError(
                  code,
                  call.label()
                      + ": "
                      + code
                      + " ("
                      + Optional.ofNullable(cause.getMessage())
                          .orElse(cause.getClass().getSimpleName())
                      + ")"));
        });
  }

  private static byte[] readCapped(InputStream in, String label) throws IOException, NodeError {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[65536];
    int n;
    while ((n = in.read(chunk)) >= 0) {
      if (out.size() + n > MAX_BODY) {
        throw new NodeError(
            "ERR_FETCH_BODY_TOO_LARGE",
            label
                + ": the response body is larger than graft's "
                + MAX_BODY
                + " bytes for a script");
      }
      out.write(chunk, 0, n);
    }
    return out.toByteArray();
  }

  private static void close(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // nothing to keep
    }
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 201 -> "Created";
      case 202 -> "Accepted";
      case 204 -> "No Content";
      case 301 -> "Moved Permanently";
      case 302 -> "Found";
      case 303 -> "See Other";
      case 304 -> "Not Modified";
      case 307 -> "Temporary Redirect";
      case 308 -> "Permanent Redirect";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 409 -> "Conflict";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "";
    };
  }
}
