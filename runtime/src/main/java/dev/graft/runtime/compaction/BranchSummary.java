package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.EntryMessages;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Summaries of a branch being left in tree navigation: the entries from the old leaf back to the
 * common ancestor with the target, newest first within a token budget, summarised so the branch the
 * user goes to carries what the abandoned one found out.
 */
public final class BranchSummary {
  private BranchSummary() {}

  /** The abandoned path (oldest first) and where it meets the target's path. */
  public record Abandoned(List<SessionEntry> entries, Optional<String> commonAncestorId) {
    public Abandoned {
      entries = List.copyOf(entries);
      commonAncestorId = commonAncestorId == null ? Optional.empty() : commonAncestorId;
    }
  }

  /** The messages that fit the budget (oldest first), their file operations and size. */
  public record Prepared(List<AgentMessage> messages, FileOps fileOps, long tokens) {
    public Prepared {
      messages = List.copyOf(messages);
    }
  }

  /** A written summary and its file lists. */
  public record Result(String summary, ObjectNode details) {}

  /** The entries between {@code oldLeaf} and the common ancestor with {@code target}. */
  public static Abandoned collect(Session session, Optional<String> oldLeaf, String target) {
    if (oldLeaf.isEmpty()) {
      return new Abandoned(List.of(), Optional.empty());
    }
    Set<String> oldPath = new HashSet<>();
    session.pathTo(oldLeaf.get()).forEach(e -> oldPath.add(e.id()));
    List<SessionEntry> targetPath = session.pathTo(target);
    Optional<String> common = Optional.empty();
    for (int i = targetPath.size() - 1; i >= 0; i--) {
      if (oldPath.contains(targetPath.get(i).id())) {
        common = Optional.of(targetPath.get(i).id());
        break;
      }
    }
    List<SessionEntry> oldEntries = session.pathTo(oldLeaf.get());
    List<SessionEntry> abandoned = new ArrayList<>();
    for (int i = oldEntries.size() - 1; i >= 0; i--) {
      if (common.isPresent() && oldEntries.get(i).id().equals(common.get())) {
        break;
      }
      abandoned.addFirst(oldEntries.get(i));
    }
    return new Abandoned(abandoned, common);
  }

  /**
   * Walks the entries newest first, keeping messages while they fit {@code tokenBudget} (0: no
   * limit); a summary that does not fit is still kept while under 90% of the budget.
   */
  public static Prepared prepare(List<SessionEntry> entries, long tokenBudget) {
    FileOps files = new FileOps();
    for (SessionEntry e : entries) {
      if (e instanceof SessionEntry.BranchSummary b
          && !b.fromHook().orElse(false)
          && b.details().isPresent()) {
        files.addDetails(b.details().get());
      }
    }
    List<AgentMessage> messages = new ArrayList<>();
    long total = 0;
    for (int i = entries.size() - 1; i >= 0; i--) {
      SessionEntry entry = entries.get(i);
      Optional<AgentMessage> message = message(entry);
      if (message.isEmpty()) {
        continue;
      }
      files.add(message.get());
      long tokens = TokenEstimate.of(message.get());
      if (tokenBudget > 0 && total + tokens > tokenBudget) {
        boolean summary =
            entry instanceof SessionEntry.Compaction || entry instanceof SessionEntry.BranchSummary;
        if (summary && total < tokenBudget * 0.9) {
          messages.addFirst(message.get());
          total += tokens;
        }
        break;
      }
      messages.addFirst(message.get());
      total += tokens;
    }
    return new Prepared(messages, files, total);
  }

  private static Optional<AgentMessage> message(SessionEntry entry) {
    return switch (entry) {
      case SessionEntry.Message m ->
          m.message() instanceof AgentMessage.ToolResult
              ? Optional.empty()
              : Optional.of(m.message());
      case SessionEntry.Compaction c -> Optional.of(EntryMessages.summaryOf(c));
      default -> EntryMessages.of(entry);
    };
  }

  /**
   * Writes the summary of {@code entries} with {@code model}, within the model's window minus
   * {@code reserveTokens}. {@code instructions} adds a focus, or replaces the prompt when {@code
   * replaceInstructions}.
   */
  public static Result summarize(
      List<SessionEntry> entries,
      LlmProvider provider,
      Model model,
      long reserveTokens,
      Optional<String> instructions,
      boolean replaceInstructions,
      AbortSignal signal)
      throws Compactor.CompactionException {
    Prepared prepared = prepare(entries, Math.max(0, model.contextWindow() - reserveTokens));
    if (prepared.messages().isEmpty()) {
      return new Result("No content to summarize", details(prepared.fileOps()));
    }
    String prompt = Compactor.resource("branch.md");
    if (instructions.filter(s -> !s.isBlank()).isPresent()) {
      prompt =
          replaceInstructions
              ? instructions.get()
              : prompt + "\n\nAdditional focus: " + instructions.get();
    }
    String text =
        "<conversation>\n"
            + ConversationText.of(LlmMessages.convert(prepared.messages()))
            + "\n</conversation>\n\n"
            + prompt;
    LlmRequest request =
        LlmRequest.of(
                model,
                Compactor.resource("system.md"),
                List.of(
                    new AgentMessage.User(
                        new MessageContent.Blocks(List.of(new ContentBlock.Text(text))),
                        System.currentTimeMillis(),
                        null)),
                List.of())
            .withMaxTokens(2048)
            .withSignal(signal);
    AgentMessage.Assistant reply = provider.stream(request, event -> {});
    if (reply.failed()) {
      throw new Compactor.CompactionException(
          "the branch summary could not be written: "
              + reply.errorMessage().orElse(reply.stopReason()));
    }
    String summary =
        Compactor.rawResource("branch-preamble.txt")
            + new MessageContent.Blocks(reply.content()).text("\n")
            + prepared.fileOps().formatted();
    return new Result(summary, details(prepared.fileOps()));
  }

  private static ObjectNode details(FileOps files) {
    ObjectNode details = Json.object();
    var read = details.putArray("readFiles");
    files.readFiles().forEach(read::add);
    var modified = details.putArray("modifiedFiles");
    files.modifiedFiles().forEach(modified::add);
    return details;
  }
}
