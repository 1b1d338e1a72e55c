package dev.graft.runtime.session;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/** Entry ids (8 hex digits, checked against the ids in use) and session ids (UUID v7). */
public final class EntryIds {
  private EntryIds() {}

  /** A fresh 8-hex-digit id that {@code taken} does not hold; a full UUID if 100 tries collide. */
  public static String fresh(Predicate<String> taken) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < 100; i++) {
      String id = String.format("%08x", random.nextInt());
      if (!taken.test(id)) {
        return id;
      }
    }
    return UUID.randomUUID().toString();
  }

  /** A time-ordered UUID (version 7): 48 bits of Unix milliseconds, then random bits. */
  public static String sessionId(long epochMillis) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long msb = (epochMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | (random.nextLong() & 0x0FFFL);
    long lsb = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    return new UUID(msb, lsb).toString();
  }
}
