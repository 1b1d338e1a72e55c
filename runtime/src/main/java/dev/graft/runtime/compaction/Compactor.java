package dev.graft.runtime.compaction;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.concurrent.AbortSignal;
import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.LlmRequest;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import dev.graft.runtime.message.LlmMessages;
import dev.graft.runtime.message.MessageContent;
import dev.graft.runtime.session.EntryMessages;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionPath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prepares and writes compaction summaries: what to summarise and keep ({@link #prepare}), then one
 * model call per part ({@link #summarize}). The prompts are resources beside this class.
 */
public final class Compactor {
  private Compactor() {}

  /** A summary ready to be appended as a compaction entry. */
  public record Result(
      String summary, String firstKeptEntryId, long tokensBefore, ObjectNode details) {}

  /** Why a compaction cannot be made (nothing to summarise, a summary call failed...). */
  public static final class CompactionException extends Exception {
    public CompactionException(String message) {
      super(message);
    }
  }

  /**
   * What compacting the path would summarise and keep; empty when the path ends in a compaction
   * already or there is nothing before the part to keep.
   */
  public static Optional<CompactionPreparation> prepare(
      List<SessionEntry> path, CompactionSettings settings) {
    return prepare(path, settings, Long.MAX_VALUE);
  }

  /**
   * As {@link #prepare(List, CompactionSettings)}; a message larger than {@code
   * maxKeptMessageTokens} by itself is summarised, not kept, when it can be ({@link
   * CutPoint#pastTooLarge}).
   */
  public static Optional<CompactionPreparation> prepare(
      List<SessionEntry> path, CompactionSettings settings, long maxKeptMessageTokens) {
    if (path.isEmpty() || path.getLast() instanceof SessionEntry.Compaction) {
      return Optional.empty();
    }
    int previousIndex = latestCompaction(path);
    Optional<String> previousSummary = Optional.empty();
    int start = 0;
    if (previousIndex >= 0) {
      SessionEntry.Compaction previous = (SessionEntry.Compaction) path.get(previousIndex);
      previousSummary = Optional.of(previous.summary());
      int kept = previous.firstKeptEntryId().map(id -> indexOf(path, id)).orElse(-1);
      start = kept >= 0 ? kept : previousIndex + 1;
    }
    long tokensBefore = TokenEstimate.ofContext(contextMessages(path)).tokens();
    CutPoint cut =
        CutPoint.find(path, start, path.size(), settings.keepRecentTokens(), maxKeptMessageTokens);
    String firstKept =
        cut.firstKeptEntryIndex() == path.size()
            ? SessionEntry.Compaction.NOTHING_KEPT
            : path.get(cut.firstKeptEntryIndex()).id();
    int historyEnd = cut.isSplitTurn() ? cut.turnStartIndex() : cut.firstKeptEntryIndex();
    List<AgentMessage> toSummarize = new ArrayList<>();
    for (int i = start; i < historyEnd; i++) {
      EntryMessages.of(path.get(i)).ifPresent(toSummarize::add);
    }
    List<AgentMessage> prefix = new ArrayList<>();
    if (cut.isSplitTurn()) {
      for (int i = cut.turnStartIndex(); i < cut.firstKeptEntryIndex(); i++) {
        EntryMessages.of(path.get(i)).ifPresent(prefix::add);
      }
    }
    FileOps files = new FileOps();
    if (previousIndex >= 0
        && path.get(previousIndex) instanceof SessionEntry.Compaction previous
        && !previous.fromHook().orElse(false)
        && previous.details().isPresent()) {
      files.addDetails(previous.details().get());
    }
    toSummarize.forEach(files::add);
    prefix.forEach(files::add);
    return Optional.of(
        new CompactionPreparation(
            firstKept,
            toSummarize,
            prefix,
            cut.isSplitTurn(),
            tokensBefore,
            previousSummary,
            files,
            settings));
  }

  /**
   * What compacting would summarise and keep when {@code context} hooks shaped the path's context
   * into {@code shaped} (the messages the model is shown): {@link #prepare} when they left graft's
   * own context as it was, else a preparation of the shaped messages ({@link ShapedCompaction}).
   */
  public static Optional<CompactionPreparation> prepare(
      List<SessionEntry> path, List<AgentMessage> shaped, CompactionSettings settings) {
    return prepare(path, shaped, settings, Long.MAX_VALUE);
  }

  /**
   * As {@link #prepare(List, List, CompactionSettings)}, not keeping a message larger than {@code
   * maxKeptMessageTokens} by itself where it can be summarised instead.
   */
  public static Optional<CompactionPreparation> prepare(
      List<SessionEntry> path,
      List<AgentMessage> shaped,
      CompactionSettings settings,
      long maxKeptMessageTokens) {
    if (shaped.equals(contextMessages(path))) {
      return prepare(path, settings, maxKeptMessageTokens);
    }
    return ShapedCompaction.prepare(path, shaped, settings, maxKeptMessageTokens);
  }

  /**
   * The position of the path's latest compaction, or -1. Only the entries after it are read (a
   * {@link SessionPath} knows the others' types without reading them).
   */
  private static int latestCompaction(List<SessionEntry> path) {
    for (int i = path.size() - 1; i >= 0; i--) {
      if ("compaction".equals(SessionPath.typeAt(path, i))
          && path.get(i) instanceof SessionEntry.Compaction) {
        return i;
      }
    }
    return -1;
  }

  /** The position of entry {@code id} on the path (ids are unique on a path), or -1; none read. */
  private static int indexOf(List<SessionEntry> path, String id) {
    for (int i = path.size() - 1; i >= 0; i--) {
      if (SessionPath.idAt(path, i).equals(id)) {
        return i;
      }
    }
    return -1;
  }

  /** The messages the path's context holds (as buildSessionContext gives them). */
  private static List<AgentMessage> contextMessages(List<SessionEntry> path) {
    int compaction = latestCompaction(path);
    List<AgentMessage> out = new ArrayList<>();
    if (compaction < 0) {
      path.forEach(e -> EntryMessages.of(e).ifPresent(out::add));
      return out;
    }
    SessionEntry.Compaction c = (SessionEntry.Compaction) path.get(compaction);
    out.add(EntryMessages.summaryOf(c));
    int kept = c.firstKeptEntryId().map(id -> indexOf(path, id)).orElse(-1);
    for (int i = kept < 0 || kept > compaction ? compaction : kept; i < compaction; i++) {
      EntryMessages.of(path.get(i)).ifPresent(out::add);
    }
    for (int i = compaction + 1; i < path.size(); i++) {
      EntryMessages.of(path.get(i)).ifPresent(out::add);
    }
    return out;
  }

  /**
   * Writes the summary with {@code model}: the history (built on the previous summary when there is
   * one) and, for a split turn, the turn's beginning, each in its own call; the file lists are
   * appended. {@code customInstructions} adds a focus to the history prompt.
   */
  public static Result summarize(
      CompactionPreparation p,
      LlmProvider provider,
      Model model,
      ThinkingLevel thinking,
      Optional<String> customInstructions,
      AbortSignal signal)
      throws CompactionException {
    String summary;
    String history =
        p.messagesToSummarize().isEmpty() && p.isSplitTurn()
            ? "No prior history."
            : call(
                provider,
                model,
                thinking,
                signal,
                historyPrompt(p, customInstructions),
                (int) (0.8 * p.settings().reserveTokens()));
    if (p.isSplitTurn() && !p.turnPrefixMessages().isEmpty()) {
      String prefix =
          call(
              provider,
              model,
              thinking,
              signal,
              "<conversation>\n"
                  + ConversationText.of(LlmMessages.convert(p.turnPrefixMessages()))
                  + "\n</conversation>\n\n"
                  + resource("turn-prefix.md"),
              (int) (0.5 * p.settings().reserveTokens()));
      summary = history + "\n\n---\n\n**Turn Context (split turn):**\n\n" + prefix;
    } else {
      summary = history;
    }
    summary += p.fileOps().formatted();
    ObjectNode details = Json.object();
    var read = details.putArray("readFiles");
    p.fileOps().readFiles().forEach(read::add);
    var modified = details.putArray("modifiedFiles");
    p.fileOps().modifiedFiles().forEach(modified::add);
    return new Result(summary, p.firstKeptEntryId(), p.tokensBefore(), details);
  }

  static String historyPrompt(CompactionPreparation p, Optional<String> customInstructions) {
    String base = resource(p.previousSummary().isPresent() ? "update.md" : "summarize.md");
    if (customInstructions.filter(s -> !s.isBlank()).isPresent()) {
      base += "\n\nAdditional focus: " + customInstructions.get();
    }
    StringBuilder prompt =
        new StringBuilder("<conversation>\n")
            .append(ConversationText.of(LlmMessages.convert(p.messagesToSummarize())))
            .append("\n</conversation>\n\n");
    p.previousSummary()
        .ifPresent(s ->
            prompt.append("<previous-summary>\n").append(s).append("\n</previous-summary>\n\n"));
    return prompt.append(base).toString();
  }

  private static String call(
      LlmProvider provider,
      Model model,
      ThinkingLevel thinking,
      AbortSignal signal,
      String prompt,
      int maxTokens)
      throws CompactionException {
    LlmRequest request =
        LlmRequest.of(
                model,
                resource("system.md"),
                List.of(
                    new AgentMessage.User(
                        new MessageContent.Blocks(List.of(new ContentBlock.Text(prompt))),
                        System.currentTimeMillis(),
                        null)),
                List.of())
            .withMaxTokens(Math.max(1, maxTokens))
            .withSignal(signal)
            .withThinking(model.reasoning() ? thinking : ThinkingLevel.OFF);
    AgentMessage.Assistant reply = provider.stream(request, event -> {});
    if (reply.failed()) {
      throw new CompactionException(
          "the summary could not be written: " + reply.errorMessage().orElse(reply.stopReason()));
    }
    return new MessageContent.Blocks(reply.content()).text("\n");
  }

  /** A prompt resource of this package, stripped of surrounding blank lines. */
  static String resource(String name) {
    return rawResource(name).strip();
  }

  /** A resource of this package exactly as stored. */
  static String rawResource(String name) {
    try (InputStream in = Compactor.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " missing from the graft runtime jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
