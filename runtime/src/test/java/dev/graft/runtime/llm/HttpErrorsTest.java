package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpErrorsTest {

  private static HttpHeaders headers(Map<String, String> values) {
    Map<String, List<String>> map = new HashMap<>();
    values.forEach((k, v) -> map.put(k, List.of(v)));
    return HttpHeaders.of(map, (a, b) -> true);
  }

  @Test
  void retryAfterInMillisecondsSecondsOrAsADate() {
    assertThat(HttpErrors.retryAfter(headers(Map.of("retry-after-ms", "250.5"))))
        .contains(Duration.ofMillis(250));
    assertThat(HttpErrors.retryAfter(headers(Map.of("retry-after", "2"))))
        .contains(Duration.ofSeconds(2));
    assertThat(HttpErrors.retryAfter(headers(Map.of("retry-after", "0.5"))))
        .contains(Duration.ofMillis(500));
    String date =
        DateTimeFormatter.RFC_1123_DATE_TIME.format(
            ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(30));
    assertThat(HttpErrors.retryAfter(headers(Map.of("retry-after", date))))
        .hasValueSatisfying(
            d -> assertThat(d).isBetween(Duration.ofSeconds(25), Duration.ofSeconds(31)));
    assertThat(HttpErrors.retryAfter(headers(Map.of("retry-after", "soon")))).isEmpty();
    assertThat(HttpErrors.retryAfter(headers(Map.of()))).isEmpty();
  }

  @Test
  void theServerMaySayWhetherToRetry() {
    assertThat(HttpErrors.retryable(429, headers(Map.of()))).isTrue();
    assertThat(HttpErrors.retryable(503, headers(Map.of()))).isTrue();
    assertThat(HttpErrors.retryable(400, headers(Map.of()))).isFalse();
    assertThat(HttpErrors.retryable(400, headers(Map.of("x-should-retry", "true")))).isTrue();
    assertThat(HttpErrors.retryable(500, headers(Map.of("x-should-retry", "false")))).isFalse();
  }

  @Test
  void backoffDoublesWithJitterUpToTheCap() {
    HttpSettings s = HttpSettings.DEFAULTS;
    for (int i = 0; i < 20; i++) {
      assertThat(HttpProvider.backoff(s, 1))
          .isBetween(Duration.ofMillis(375), Duration.ofMillis(500));
      assertThat(HttpProvider.backoff(s, 2))
          .isBetween(Duration.ofMillis(750), Duration.ofMillis(1000));
      assertThat(HttpProvider.backoff(s, 10))
          .isBetween(Duration.ofMillis(6000), Duration.ofMillis(8000));
    }
  }

  @Test
  void emptyAndLongBodiesStayOnOneLine() {
    StreamFailure empty =
        HttpErrors.failure(
            "x API", URI.create("http://h/"), 502, headers(Map.of()), "", ApiKey.NONE);
    assertThat(empty.getMessage()).isEqualTo("x API returned HTTP 502 Bad Gateway (no body)");
    assertThat(empty.kind()).isEqualTo(ErrorKind.SERVER);
    StreamFailure auth =
        HttpErrors.failure(
            "x API", URI.create("http://h/"), 401, headers(Map.of()), "nope", ApiKey.NONE);
    assertThat(auth.getMessage()).isEqualTo("x API returned HTTP 401: nope (no API key was sent)");
    String detail = HttpErrors.detail("line one\n\n" + "word ".repeat(200));
    assertThat(detail).doesNotContain("\n").hasSizeLessThanOrEqualTo(401).endsWith("…");
  }
}
