package dev.graft.runtime.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.EntryMessages;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compacting a context the hooks shaped: what the model was shown is summarised, and the kept part
 * starts at an entry.
 */
class ShapedCompactionTest {
  @TempDir Path dir;

  private static final CompactionSettings KEEP_LITTLE = new CompactionSettings(true, 16_384, 10);

  private static String text(AgentMessage m) {
    return switch (m) {
      case AgentMessage.User u -> u.content().text("");
      case AgentMessage.Custom c -> c.content().text("");
      case AgentMessage.CompactionSummary c -> c.summary();
      default -> m.role();
    };
  }

  @Test
  void aHookSummaryIsSummarisedAndWhatItHidIsNot() throws Exception {
    try (Session s = Session.create(dir, dir.toString(), Clock.systemUTC())) {
      for (int i = 1; i <= 4; i++) {
        s.appendMessage(new AgentMessage.User("task " + i + " " + "x".repeat(200), i));
      }
      List<SessionEntry> path = s.branchPath();
      // a hook hid tasks 1 and 2 behind its summary
      List<AgentMessage> shaped = new ArrayList<>();
      shaped.add(
          new AgentMessage.Custom(
              "stack_pop", MessageContent.of("POPPED SUMMARY"), true, Optional.empty(), 5, null));
      shaped.add(EntryMessages.of(path.get(2)).orElseThrow());
      shaped.add(EntryMessages.of(path.get(3)).orElseThrow());
      CompactionPreparation p = Compactor.prepare(path, shaped, KEEP_LITTLE).orElseThrow();
      assertThat(p.messagesToSummarize())
          .extracting(ShapedCompactionTest::text)
          .containsExactly("POPPED SUMMARY", "task 3 " + "x".repeat(200));
      assertThat(p.firstKeptEntryId()).isEqualTo(path.get(3).id());
      assertThat(p.previousSummary()).isEmpty();
      // graft's own context: the path's own preparation
      CompactionPreparation own =
          Compactor.prepare(path, s.buildContext().messages(), KEEP_LITTLE).orElseThrow();
      CompactionPreparation plain = Compactor.prepare(path, KEEP_LITTLE).orElseThrow();
      assertThat(own.messagesToSummarize()).isEqualTo(plain.messagesToSummarize());
      assertThat(own.firstKeptEntryId()).isEqualTo(plain.firstKeptEntryId());
    }
  }

  @Test
  void aMessageLargerThanAllowedIsSummarisedNotKeptInAShapedContextToo() throws Exception {
    try (Session s = Session.create(dir, dir.toString(), Clock.systemUTC())) {
      s.appendMessage(new AgentMessage.User("task 1", 1));
      s.appendMessage(new AgentMessage.User("a pasted log " + "y".repeat(40_000), 2));
      s.appendMessage(new AgentMessage.User("task 3", 3));
      List<SessionEntry> path = s.branchPath();
      List<AgentMessage> shaped = new ArrayList<>();
      shaped.add(
          new AgentMessage.Custom(
              "note", MessageContent.of("A HOOK'S NOTE"), true, Optional.empty(), 4, null));
      path.forEach(e -> EntryMessages.of(e).ifPresent(shaped::add));
      CompactionSettings keepMuch = new CompactionSettings(true, 16_384, 5_000);
      // the reference's rule keeps from the log (it alone holds the 5,000 tokens to keep)
      assertThat(Compactor.prepare(path, shaped, keepMuch).orElseThrow().firstKeptEntryId())
          .isEqualTo(path.get(1).id());
      // larger than 8,000 tokens by itself: summarised
      CompactionPreparation p = Compactor.prepare(path, shaped, keepMuch, 8_000).orElseThrow();
      assertThat(p.firstKeptEntryId()).isEqualTo(path.get(2).id());
      assertThat(p.messagesToSummarize())
          .extracting(ShapedCompactionTest::text)
          .containsExactly("A HOOK'S NOTE", "task 1", "a pasted log " + "y".repeat(40_000));
    }
  }

  @Test
  void aContextWhoseEntriesAreOutOfOrderIsNotCutWhereTheyWouldBeLostOrRepeated() throws Exception {
    try (Session s = Session.create(dir, dir.toString(), Clock.systemUTC())) {
      for (int i = 1; i <= 4; i++) {
        s.appendMessage(new AgentMessage.User("task " + i + " " + "x".repeat(200), i));
      }
      List<SessionEntry> path = s.branchPath();
      // a hook moved task 1 to the end: keeping from it would bring tasks 2-4 back after their
      // summary, keeping from any other would hide task 1 unsummarised; so there is no cut
      List<AgentMessage> shaped = new ArrayList<>();
      for (int i : new int[] {1, 2, 3, 0}) {
        shaped.add(EntryMessages.of(path.get(i)).orElseThrow());
      }
      assertThat(Compactor.prepare(path, shaped, KEEP_LITTLE)).isEmpty();
      // tasks 2 and 3 swapped: the cut still lands at task 4
      List<AgentMessage> swapped = new ArrayList<>();
      for (int i : new int[] {0, 2, 1, 3}) {
        swapped.add(EntryMessages.of(path.get(i)).orElseThrow());
      }
      assertThat(Compactor.prepare(path, swapped, KEEP_LITTLE))
          .hasValueSatisfying(p -> {
            assertThat(p.firstKeptEntryId()).isEqualTo(path.get(3).id());
            assertThat(p.messagesToSummarize()).hasSize(3);
          });
    }
  }
}
