package dev.graft.runtime.session;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.OptionalLong;

/** Entry timestamps: ISO-8601 strings with milliseconds in UTC, as JavaScript's toISOString. */
public final class Timestamps {
  private static final DateTimeFormatter ISO_MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Timestamps() {}

  public static String iso(Instant instant) {
    return ISO_MILLIS.format(instant);
  }

  /** The epoch milliseconds of an entry timestamp, empty when it is not a date. */
  public static OptionalLong epochMillis(String timestamp) {
    try {
      return OptionalLong.of(Instant.parse(timestamp).toEpochMilli());
    } catch (DateTimeParseException e) {
      // fall through to the other forms JavaScript's Date accepts most often
    }
    try {
      return OptionalLong.of(OffsetDateTime.parse(timestamp).toInstant().toEpochMilli());
    } catch (DateTimeParseException e) {
      // fall through
    }
    try {
      return OptionalLong.of(
          LocalDate.parse(timestamp).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli());
    } catch (DateTimeParseException e) {
      return OptionalLong.empty();
    }
  }
}
