package dev.graft.scripting;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryNotificationInfo;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * Heap occupancy as the last garbage collection left it (live data, not garbage waiting to be
 * collected). GraalJS community has no per-context heap limit, so this is how a script that
 * allocates without bound is caught before the JVM runs out of memory: the watchdog polls it, and a
 * collection that leaves the heap past the limit notifies it at once.
 */
final class HeapGuard implements AutoCloseable {
  private final List<MemoryPoolMXBean> pools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported())
          .toList();
  private final long max = Runtime.getRuntime().maxMemory();
  private final NotificationEmitter emitter =
      (NotificationEmitter) ManagementFactory.getMemoryMXBean();
  private final NotificationListener listener;

  /** {@code onExceeded} runs on the JMX notification thread after such a collection. */
  HeapGuard(double fraction, Runnable onExceeded) {
    for (MemoryPoolMXBean pool : pools) {
      long poolMax = pool.getUsage().getMax();
      if (poolMax > 0) {
        long threshold = (long) (poolMax * fraction);
        // The threshold is JVM-wide; keep the lowest one any engine asked for.
        if (pool.getCollectionUsageThreshold() == 0
            || pool.getCollectionUsageThreshold() > threshold) {
          pool.setCollectionUsageThreshold(threshold);
        }
      }
    }
    this.listener =
        (notification, handback) -> {
          if (MemoryNotificationInfo.MEMORY_COLLECTION_THRESHOLD_EXCEEDED.equals(
              notification.getType())) {
            onExceeded.run();
          }
        };
    emitter.addNotificationListener(listener, null, null);
  }

  /** Bytes in use after the most recent collection of each heap pool. */
  long liveBytes() {
    long sum = 0;
    for (MemoryPoolMXBean pool : pools) {
      MemoryUsage usage = pool.getCollectionUsage();
      if (usage != null) {
        sum += usage.getUsed();
      }
    }
    return sum;
  }

  long maxBytes() {
    return max;
  }

  /**
   * True when live data is past {@code fraction} of the heap and grew by more than a twentieth of
   * it since {@code before}: a run that pushed the heap there, not one that found it full.
   */
  boolean exceeded(double fraction, long before) {
    long live = liveBytes();
    return live > fraction * max && live - before > max / 20;
  }

  @Override
  public void close() {
    try {
      emitter.removeNotificationListener(listener);
    } catch (ListenerNotFoundException e) {
      // already removed
    }
  }
}
