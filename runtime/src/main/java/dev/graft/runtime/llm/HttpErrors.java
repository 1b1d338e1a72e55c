package dev.graft.runtime.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.json.Json;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Turns an HTTP error response into one clear sentence and the retry decision. Providers word their
 * error bodies differently (Anthropic {@code {"error":{"type","message"}}}, OpenAI {@code
 * {"error":{"message","type","code"}}}, Ollama {@code {"error":"..."}}, FastAPI servers {@code
 * {"detail":...}}); the message keeps the provider's own words, which the context-overflow patterns
 * rely on.
 */
final class HttpErrors {
  private static final int MAX_TEXT = 400;

  private HttpErrors() {}

  static StreamFailure failure(
      String label, URI uri, int status, HttpHeaders headers, String body, ApiKey key) {
    String detail = detail(body);
    StringBuilder message = new StringBuilder(label).append(" returned HTTP ").append(status);
    if (detail.isEmpty()) {
      message.append(' ').append(reason(status)).append(" (no body)");
    } else {
      message.append(": ").append(detail);
    }
    ErrorKind kind = kind(status);
    switch (status) {
      case 401, 403 ->
          message.append(
              key.present()
                  ? " (check the API key from " + key.source() + ")"
                  : " (no API key was sent)");
      case 404 ->
          message
              .append(" (check the model id and base URL; request was POST ")
              .append(uri)
              .append(')');
      default -> {}
    }
    boolean retryable = retryable(status, headers) && !quotaExhausted(body);
    if (status == 429 && quotaExhausted(body)) {
      message.append(" (a billing limit: graft does not retry it)");
    }
    return new StreamFailure(kind, message.toString(), retryable, retryAfter(headers).orElse(null));
  }

  /** The most of a body a not-a-stream message quotes: enough to tell the page or document. */
  private static final int MAX_QUOTE = 200;

  /**
   * A 2xx answer that is not an event stream, most often a base URL that reaches a page or a
   * proxy's other route: the status and type, the start of the text, the setting to check and the
   * request.
   */
  static StreamFailure notAStream(
      String label, URI uri, int status, String contentType, String body) {
    String type = contentType.split(";", 2)[0].strip();
    String detail = clip(detail(body), MAX_QUOTE);
    return new StreamFailure(
        ErrorKind.PROTOCOL,
        label
            + " answered HTTP "
            + status
            + " with "
            + type
            + ", not an event stream"
            + (detail.isEmpty() ? "" : ": " + detail)
            + " (check the provider's baseUrl in models.json; request was POST "
            + uri
            + ")",
        false);
  }

  static ErrorKind kind(int status) {
    return switch (status) {
      case 401, 403 -> ErrorKind.AUTHENTICATION;
      case 408 -> ErrorKind.TIMEOUT;
      case 413 -> ErrorKind.CONTEXT_OVERFLOW;
      case 429 -> ErrorKind.RATE_LIMIT;
      default -> status >= 500 ? ErrorKind.SERVER : ErrorKind.INVALID_REQUEST;
    };
  }

  /** The statuses the reference's SDKs retry; a server's {@code x-should-retry} wins. */
  static boolean retryable(int status, HttpHeaders headers) {
    Optional<String> should = headers.firstValue("x-should-retry");
    if (should.isPresent()) {
      return should.get().equalsIgnoreCase("true");
    }
    return status == 408 || status == 409 || status == 429 || status >= 500;
  }

  /**
   * Whether an error body says the account is out of credit (OpenAI's {@code insufficient_quota}):
   * a 429 that no retry can cure.
   */
  static boolean quotaExhausted(String body) {
    return body.contains("insufficient_quota");
  }

  /** {@code retry-after-ms}, else {@code retry-after} in seconds or as an HTTP date. */
  static Optional<Duration> retryAfter(HttpHeaders headers) {
    Optional<String> ms = headers.firstValue("retry-after-ms");
    if (ms.isPresent()) {
      try {
        double v = Double.parseDouble(ms.get().trim());
        if (v >= 0 && !Double.isInfinite(v)) {
          return Optional.of(Duration.ofMillis((long) v));
        }
      } catch (NumberFormatException ignored) {
        // fall through to retry-after
      }
    }
    Optional<String> after = headers.firstValue("retry-after");
    if (after.isEmpty()) {
      return Optional.empty();
    }
    String v = after.get().trim();
    try {
      double seconds = Double.parseDouble(v);
      if (seconds >= 0 && !Double.isInfinite(seconds)) {
        return Optional.of(Duration.ofMillis((long) (seconds * 1000)));
      }
      return Optional.empty();
    } catch (NumberFormatException notSeconds) {
      try {
        ZonedDateTime when = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
        Duration d = Duration.between(ZonedDateTime.now(when.getZone()), when);
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
      } catch (RuntimeException notADate) {
        return Optional.empty();
      }
    }
  }

  /** The error text in a body: the provider's message, with its type when it names one. */
  static String detail(String body) {
    String trimmed = body.strip();
    if (trimmed.isEmpty()) {
      return "";
    }
    JsonNode json;
    try {
      json = Json.parse(trimmed);
    } catch (Exception notJson) {
      return clip(stripTags(trimmed));
    }
    String text = messageIn(json);
    return clip(text != null ? text : Json.write(json));
  }

  /** Finds the human message in the shapes providers use. */
  static String messageIn(JsonNode json) {
    if (json == null || json.isNull()) {
      return null;
    }
    if (json.isTextual()) {
      return json.textValue();
    }
    JsonNode error = json.get("error");
    if (error != null && error.isTextual()) {
      return error.textValue();
    }
    if (error != null && error.isObject()) {
      String message = text(error, "message");
      String type = text(error, "type");
      if (type == null && error.path("code").isTextual()) {
        type = error.get("code").textValue();
      }
      String raw =
          error.path("metadata").path("raw").isTextual()
              ? error.path("metadata").path("raw").textValue()
              : null;
      if (message != null) {
        String withType =
            type != null && !message.contains(type) ? "(" + type + ") " + message : message;
        return raw != null ? withType + ": " + raw : withType;
      }
      return Json.write(error);
    }
    String message = text(json, "message");
    if (message != null) {
      return message;
    }
    JsonNode detail = json.get("detail");
    if (detail != null) {
      return detail.isTextual() ? detail.textValue() : Json.write(detail);
    }
    return null;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isTextual() && !v.textValue().isBlank() ? v.textValue() : null;
  }

  private static String stripTags(String html) {
    return html.replaceAll("(?s)<(script|style)[^>]*>.*?</\\1>", " ").replaceAll("<[^>]+>", " ");
  }

  private static String clip(String text) {
    return clip(text, MAX_TEXT);
  }

  private static String clip(String text, int max) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= max ? oneLine : oneLine.substring(0, max) + "…";
  }

  static String reason(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 408 -> "Request Timeout";
      case 409 -> "Conflict";
      case 413 -> "Payload Too Large";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      case 529 -> "Overloaded";
      default -> "Error";
    };
  }
}
