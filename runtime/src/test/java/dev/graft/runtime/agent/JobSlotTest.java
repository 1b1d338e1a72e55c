package dev.graft.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.runtime.concurrent.AbortSignal;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JobSlotTest {
  @Test
  void oneJobAtATimeAndTheRefusalIsTheCallers() {
    JobSlot slot = new JobSlot();
    AbortSignal first = new AbortSignal();
    JobSlot.Lease lease = slot.take(first, "first");
    assertThat(slot.isFree()).isFalse();
    assertThat(slot.current()).containsSame(first);
    assertThatThrownBy(
            () -> slot.take(new AbortSignal(), "compact between turns: the agent is running"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("compact between turns: the agent is running");
    assertThat(slot.current()).as("a refused job leaves the holder in place").containsSame(first);
    lease.close();
    assertThat(slot.isFree()).isTrue();
    assertThat(slot.current()).isEmpty();
  }

  @Test
  void closingALeaseAgainDoesNotFreeTheNextJob() {
    JobSlot slot = new JobSlot();
    JobSlot.Lease old = slot.take(new AbortSignal(), "busy");
    old.close();
    AbortSignal next = new AbortSignal();
    try (JobSlot.Lease lease = slot.take(next, "busy")) {
      old.close();
      assertThat(slot.current()).containsSame(next);
      assertThat(lease.signal()).isSameAs(next);
    }
    assertThat(slot.isFree()).isTrue();
  }

  @Test
  void decideSeesWhetherAJobHoldsTheSlot() {
    JobSlot slot = new JobSlot();
    assertThat(slot.<String>decide(busy -> busy ? "busy" : "free")).isEqualTo("free");
    try (JobSlot.Lease lease = slot.take(new AbortSignal(), "busy")) {
      assertThat(slot.<String>decide(busy -> busy ? "busy" : "free")).isEqualTo("busy");
    }
  }

  @Test
  void awaitFreeReturnsWhenTheJobEnds() throws Exception {
    JobSlot slot = new JobSlot();
    JobSlot.Lease lease = slot.take(new AbortSignal(), "busy");
    CompletableFuture<Void> waited =
        CompletableFuture.runAsync(() -> {
          try {
            slot.awaitFree();
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        });
    Thread.sleep(50);
    assertThat(waited).isNotDone();
    lease.close();
    waited.get(5, TimeUnit.SECONDS);
    assertThat(slot.isFree()).isTrue();
  }
}
