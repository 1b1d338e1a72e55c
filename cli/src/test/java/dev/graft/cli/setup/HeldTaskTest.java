package dev.graft.cli.setup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.graft.cli.base.UserError;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HeldTaskTest {
  private final StringWriter target = new StringWriter();
  private final PrintWriter err = new PrintWriter(target, true);
  private final CountDownLatch go = new CountDownLatch(1);
  private final CountDownLatch printed = new CountDownLatch(1);
  private final List<String> closed = new CopyOnWriteArrayList<>();

  /** Prints a line, waits until the test lets it go, prints another and answers "made". */
  private String work(PrintWriter out) {
    out.println("started on " + Thread.currentThread().getName());
    printed.countDown();
    try {
      go.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    out.println("done");
    return "made";
  }

  @Test
  void runsBesideTheCallerAndPrintsOnlyAtTheJoinInOrder() throws Exception {
    HeldTask<String> task = HeldTask.beside("held-test", err, this::work, closed::add);
    // The work has printed and waits for the latch: it runs beside the caller, not in beside().
    assertThat(printed.await(30, TimeUnit.SECONDS)).isTrue();
    err.println("the caller's own line");
    go.countDown();

    assertThat(task.join()).isEqualTo("made");
    assertThat(target.toString()).isEqualTo("the caller's own line\nstarted on held-test\ndone\n");
    task.abandon(); // after the join: nothing to give up
    assertThat(closed).isEmpty();
  }

  @Test
  void itsFailureIsThrownAtTheJoinAfterWhatItPrinted() {
    HeldTask<String> task =
        HeldTask.beside(
            "held-test",
            err,
            out -> {
              out.println("loading");
              throw UserError.usage("unknown option --frobnicate");
            },
            closed::add);

    assertThatThrownBy(task::join)
        .isInstanceOf(UserError.class)
        .hasMessage("unknown option --frobnicate");
    assertThat(target.toString()).isEqualTo("loading\n");
  }

  @Test
  void anAbandonedTaskPrintsNothingAndWhatItMadeIsClosedOnceDone() throws Exception {
    HeldTask<String> task = HeldTask.beside("held-test", err, this::work, closed::add);
    task.abandon();
    go.countDown();

    for (int i = 0; i < 300 && closed.isEmpty(); i++) {
      Thread.sleep(10);
    }
    assertThat(closed).containsExactly("made");
    assertThat(target.toString()).isEmpty();
  }

  @Test
  void workAtTheJoinRunsThereOnTheCallersThread() {
    String caller = Thread.currentThread().getName();
    HeldTask<String> task = HeldTask.atJoin(() -> Thread.currentThread().getName());
    assertThat(task.join()).isEqualTo(caller);
  }
}
