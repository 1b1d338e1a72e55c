package dev.graft.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.concurrent.AbortSignal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AutoRetryTest {
  @Test
  void aCancelAsTheWaitEndsEitherStopsTheRetryOrIsDropped() throws Exception {
    AutoRetry retry = new AutoRetry();
    boolean[] found = new boolean[1];
    boolean retried =
        retry.await(
            Duration.ofMinutes(10),
            AbortSignal.never(),
            (delay, wait) -> {
              // the wait is over; abort_retry arrives before the retry starts
              found[0] = retry.cancelWait();
            });
    boolean cancelled = retry.takeCancelled();
    // never both: a retry that goes on is not told as cancelled
    assertThat(new boolean[] {retried, found[0], cancelled})
        .satisfiesAnyOf(
            o -> assertThat(o).containsExactly(true, false, false),
            o -> assertThat(o).containsExactly(false, true, true));
    // and once the wait is gone, a cancel is dropped
    assertThat(retry.await(Duration.ZERO, AbortSignal.never())).isTrue();
    assertThat(retry.cancelWait()).isFalse();
    assertThat(retry.takeCancelled()).isFalse();
  }

  @Test
  void aCancelBetweenTheTellingAndTheWaitingEndsTheWait() throws Exception {
    AutoRetry retry = new AutoRetry();
    AutoRetry.Wait wait = retry.begin();
    // auto_retry_start is out; abort_retry comes before the provider's thread begins to wait
    assertThat(retry.cancelWait()).isTrue();
    assertThat(retry.await(wait, Duration.ofMinutes(10), AbortSignal.never())).isFalse();
    assertThat(retry.takeCancelled()).isTrue();
  }

  @Test
  void aCallsCancelIsItsOwnAndTheSwitchIsTheSessions() throws Exception {
    AutoRetry session = new AutoRetry();
    AutoRetry agent = session.forCall();
    AutoRetry compaction = session.forCall();
    session.setEnabled(false);
    assertThat(agent.enabled()).isFalse();
    assertThat(compaction.enabled()).isFalse();
    agent.setEnabled(true);
    assertThat(session.enabled()).isTrue();

    boolean retried =
        compaction.await(
            Duration.ofMinutes(10),
            AbortSignal.never(),
            (delay, wait) -> {
              assertThat(session.cancelWait()).isTrue();
              assertThat(wait.aborted()).isTrue();
            });
    assertThat(retried).isFalse();
    assertThat(compaction.takeCancelled()).isTrue();
    assertThat(agent.takeCancelled()).isFalse();
    assertThat(session.takeCancelled()).isFalse();
  }
}
