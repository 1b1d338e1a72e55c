package dev.graft.scripting;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.runtime.config.ModelCallBudget;
import dev.graft.scripting.api.ScriptLog;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * One script's model calls ({@code ctx.complete}) against its {@link ModelCallBudget}: at most
 * {@code perRun} since the current run began, at most {@code inFlight} waiting for an answer. A
 * call past either is refused with an error the script can catch, and the first refusal of each
 * limit in a run is a notice in the script's log. Kept by script file, so that a reload does not
 * start the count again. Started on the owner thread; calls end on any thread.
 */
final class ModelCallQuota {
  private final ModelCallBudget budget;
  private final AtomicInteger waiting = new AtomicInteger();
  private long run = Long.MIN_VALUE;
  private int made;
  private long noticedPerRun = Long.MIN_VALUE;
  private long noticedInFlight = Long.MIN_VALUE;

  ModelCallQuota(ModelCallBudget budget) {
    this.budget = budget;
  }

  /** {@code start}'s call, unless a limit refuses it (then a failed future saying which). */
  CompletableFuture<JsonNode> call(
      LoadedScript s, long runNow, Supplier<CompletableFuture<JsonNode>> start) {
    if (runNow != run) {
      run = runNow;
      made = 0;
    }
    String name = s.file().name();
    if (made >= budget.perRun()) {
      return refused(
          s,
          noticedPerRun != run,
          name
              + " made "
              + budget.perRun()
              + " model calls in this run, the most"
              + " scripts.modelCallsPerRun allows (settings.json); it may call again once the next prompt starts",
          true);
    }
    if (waiting.get() >= budget.inFlight()) {
      return refused(
          s,
          noticedInFlight != run,
          name
              + " has "
              + budget.inFlight()
              + " model calls waiting for an answer,"
              + " the most scripts.modelCallsInFlight allows (settings.json); await one before the next",
          false);
    }
    made++;
    waiting.incrementAndGet();
    CompletableFuture<JsonNode> call;
    try {
      call = start.get();
    } catch (RuntimeException e) {
      waiting.decrementAndGet();
      throw e;
    }
    call.whenComplete((v, e) -> waiting.decrementAndGet());
    return call;
  }

  private CompletableFuture<JsonNode> refused(
      LoadedScript s, boolean notice, String why, boolean perRun) {
    if (notice) {
      if (perRun) {
        noticedPerRun = run;
      } else {
        noticedInFlight = run;
      }
      s.log().report(ScriptLog.Level.WARN, "model calls limited: " + why);
    }
    return CompletableFuture.failedFuture(new IllegalStateException(why));
  }
}
