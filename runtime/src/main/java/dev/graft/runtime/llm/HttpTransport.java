package dev.graft.runtime.llm;

import dev.graft.runtime.concurrent.AbortSignal;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;

/**
 * Sends one streaming POST over {@code java.net.http} and hands back the open body. Waiting for the
 * headers is bounded by the idle timeout and abortable; an error status is read (up to a limit) and
 * turned into a {@link StreamFailure} carrying the retry decision.
 */
final class HttpTransport implements AutoCloseable {
  private static final int MAX_ERROR_BODY = 64 * 1024;

  private final HttpSettings settings;
  private HttpClient plain;
  private HttpClient secure;

  HttpTransport(HttpSettings settings) {
    this.settings = settings;
  }

  HttpSettings settings() {
    return settings;
  }

  /** Stops the clients' threads and drops their connections. */
  @Override
  public synchronized void close() {
    for (HttpClient c : new HttpClient[] {plain, secure}) {
      if (c != null) {
        c.shutdownNow();
      }
    }
    plain = null;
    secure = null;
  }

  /**
   * The client for {@code uri}'s scheme, made at its first request. An http:// provider (a local
   * model, a loopback server) gets a client without TLS: the JDK's default TLS set-up reads its
   * trust store, about 50 ms of CPU that such a run never needs. Redirects stay within one origin,
   * so a request never changes scheme.
   */
  private synchronized HttpClient client(URI uri) {
    if ("https".equalsIgnoreCase(uri.getScheme())) {
      if (secure == null) {
        secure = builder().build();
      }
      return secure;
    }
    if (plain == null) {
      plain = builder().sslContext(noTls()).build();
    }
    return plain;
  }

  private HttpClient.Builder builder() {
    return HttpClient.newBuilder()
        .connectTimeout(settings.connectTimeout())
        // Redirects are followed here, and only within the same origin: the JDK would carry the API
        // key headers to whatever host a redirect names.
        .followRedirects(HttpClient.Redirect.NEVER);
  }

  /** A TLS context that trusts no certificate, made without reading the trust store. */
  private static SSLContext noTls() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(new KeyManager[0], new TrustManager[0], null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no TLS context", e);
    }
  }

  /**
   * Sends {@code request}; returns the body of a 2xx response, open for streaming. A redirect (301,
   * 302, 307, 308) is followed, with the same method, body and headers, only to the same origin
   * (scheme, host and port); one to another origin fails the call, so that no credential ever
   * leaves for a host the user did not configure.
   */
  ResponseBody open(PreparedRequest request, String label, ApiKey key, AbortSignal signal)
      throws StreamFailure {
    PreparedRequest current = request;
    for (int hop = 0; ; hop++) {
      try {
        return openOnce(current, label, key, signal);
      } catch (Redirected r) {
        URI target = r.target;
        if (!sameOrigin(request.uri(), target)) {
          throw new StreamFailure(
              ErrorKind.INVALID_REQUEST,
              label
                  + " redirected the request to "
                  + origin(target)
                  + "; graft sends credentials only to "
                  + origin(request.uri())
                  + " (set the provider's baseUrl to the new address if it is meant)",
              false);
        }
        if (hop >= MAX_REDIRECTS) {
          throw new StreamFailure(
              ErrorKind.PROTOCOL,
              label
                  + " redirected the request more than "
                  + MAX_REDIRECTS
                  + " times (last to "
                  + target
                  + ")",
              false);
        }
        current = new PreparedRequest(target, current.headers(), current.body());
      }
    }
  }

  private static final int MAX_REDIRECTS = 5;

  /** A redirect to follow: where to. Not an error, so no stack trace. */
  private static final class Redirected extends Exception {
    final URI target;

    Redirected(URI target) {
      super(null, null, false, false);
      this.target = target;
    }
  }

  static boolean sameOrigin(URI a, URI b) {
    return a.getScheme() != null
        && a.getScheme().equalsIgnoreCase(b.getScheme())
        && a.getHost() != null
        && a.getHost().equalsIgnoreCase(b.getHost())
        && port(a) == port(b);
  }

  private static int port(URI u) {
    return u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  private static String origin(URI u) {
    return u.getScheme() + "://" + u.getHost() + (u.getPort() >= 0 ? ":" + u.getPort() : "");
  }

  private ResponseBody openOnce(
      PreparedRequest request, String label, ApiKey key, AbortSignal signal)
      throws StreamFailure, Redirected {
    if (signal.aborted()) {
      throw StreamFailure.aborted();
    }
    String host = request.uri().getHost() == null ? request.uri().toString() : hostOf(request);
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(request.uri())
            .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
    if ("http".equalsIgnoreCase(request.uri().getScheme())) {
      // Plain-text HTTP/2 would start with an h2c upgrade, which local servers mishandle.
      builder.version(HttpClient.Version.HTTP_1_1);
    }
    request.headers().forEach(builder::header);
    CompletableFuture<HttpResponse<ResponseBody>> future =
        client(request.uri()).sendAsync(builder.build(), info -> new ResponseBody(host));
    Runnable onAbort = () -> future.cancel(true);
    signal.onAbort(onAbort);
    HttpResponse<ResponseBody> response;
    try {
      response = future.get(settings.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (CancellationException e) {
      throw StreamFailure.aborted();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      future.cancel(true);
      throw StreamFailure.aborted();
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new StreamFailure(
          ErrorKind.TIMEOUT,
          "No response from "
              + host
              + " within "
              + Durations.describe(settings.idleTimeout())
              + " "
              + HttpSettings.IDLE_TIMEOUT_SETTING,
          false);
    } catch (ExecutionException e) {
      if (signal.aborted()) {
        throw StreamFailure.aborted();
      }
      throw connectionFailure(host, e.getCause());
    } finally {
      signal.removeListener(onAbort);
    }
    int status = response.statusCode();
    ResponseBody body = response.body();
    if (status >= 200 && status < 300) {
      String type = response.headers().firstValue("content-type").orElse("");
      if (!notAStream(type)) {
        return body;
      }
      // A web page at a wrong base URL, or a server that ignored "stream": true. No retry cures
      // it, and the stream readers would only say the stream ended early.
      throw HttpErrors.notAStream(label, request.uri(), status, type, readSmall(body, signal));
    }
    Optional<String> location = response.headers().firstValue("location");
    if ((status == 301 || status == 302 || status == 307 || status == 308)
        && location.isPresent()) {
      body.cancel();
      try {
        throw new Redirected(request.uri().resolve(location.get().strip()));
      } catch (IllegalArgumentException bad) {
        throw new StreamFailure(
            ErrorKind.PROTOCOL,
            label + " sent a redirect with an invalid location: " + location.get(),
            false);
      }
    }
    String text = readSmall(body, signal);
    throw HttpErrors.failure(label, request.uri(), status, response.headers(), text, key);
  }

  /** Whether a 2xx answer's content type says it is a page or one JSON document. */
  static boolean notAStream(String contentType) {
    String type = contentType.strip().toLowerCase(Locale.ROOT);
    return type.startsWith("text/html") || type.startsWith("application/json");
  }

  private static String hostOf(PreparedRequest request) {
    int port = request.uri().getPort();
    return port < 0 ? request.uri().getHost() : request.uri().getHost() + ":" + port;
  }

  private StreamFailure connectionFailure(String host, Throwable cause) {
    if (cause instanceof HttpConnectTimeoutException) {
      return new StreamFailure(
          ErrorKind.NETWORK,
          "Could not connect to "
              + host
              + " within "
              + Durations.describe(settings.connectTimeout()),
          true);
    }
    if (cause instanceof HttpTimeoutException) {
      return new StreamFailure(ErrorKind.TIMEOUT, "Request to " + host + " timed out", false);
    }
    if (cause instanceof ConnectException) {
      return new StreamFailure(
          ErrorKind.NETWORK,
          "Could not connect to " + host + " (" + Durations.describeCause(cause) + ")",
          true);
    }
    if (cause instanceof SSLException) {
      return new StreamFailure(
          ErrorKind.NETWORK,
          "TLS connection to " + host + " failed: " + Durations.describeCause(cause),
          false);
    }
    if (cause instanceof IOException) {
      return new StreamFailure(
          ErrorKind.NETWORK,
          "Request to " + host + " failed: " + Durations.describeCause(cause),
          true);
    }
    return new StreamFailure(
        ErrorKind.OTHER,
        "Request to " + host + " failed: " + Durations.describeCause(cause),
        false);
  }

  /** Reads an error body, up to a limit; a body that stalls or breaks yields what arrived. */
  private String readSmall(ResponseBody body, AbortSignal signal) throws StreamFailure {
    Runnable onAbort = body::cancel;
    signal.onAbort(onAbort);
    byte[] buffer = new byte[0];
    try {
      List<ByteBuffer> chunk;
      while (buffer.length < MAX_ERROR_BODY
          && (chunk = body.next(settings.idleTimeout())) != null) {
        for (ByteBuffer b : chunk) {
          int n = Math.min(b.remaining(), MAX_ERROR_BODY - buffer.length);
          int old = buffer.length;
          buffer = Arrays.copyOf(buffer, old + n);
          b.get(buffer, old, n);
        }
      }
    } catch (StreamFailure f) {
      if (signal.aborted()) {
        throw StreamFailure.aborted();
      }
      // Keep what arrived; the status alone still explains the failure.
    } finally {
      signal.removeListener(onAbort);
      body.cancel();
    }
    return new String(buffer, StandardCharsets.UTF_8);
  }
}
