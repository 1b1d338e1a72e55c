package dev.graft.cli.interactive;

import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code /tree [filter]}: pick an entry of the session tree, then whether to summarize the branch
 * being left (no summary, a summary, or one with instructions) and an optional label; the leaf
 * moves there ({@link AgentSession#navigateTree}). A user message as the target goes back to before
 * it and puts its text in the editor. The picker's last row switches the filter ({@link
 * TreeChoices.Filter}: default, no-tools, user-only, labeled-only, all); any entry can be labelled
 * from it without moving ("Label this entry"). Esc in a later step goes back to the tree; Esc in
 * the tree leaves everything as it was.
 */
final class TreeCommand {
  private static final List<Choice> SUMMARY_CHOICES =
      List.of(
          new Choice("No summary", "just move"),
          new Choice("Summarize", "a summary of the branch you leave goes with you"),
          new Choice("Summarize with instructions", "say what the summary should focus on"),
          new Choice("Label this entry", "name it, or change its label, and stay where you are"));
  private static final List<Choice> HERE_CHOICES =
      List.of(
          new Choice("Label this entry", "name it, or change its label"),
          new Choice("Back to the tree", ""));

  private TreeCommand() {}

  static void run(CommandContext ctx, String args) throws Exception {
    TreeChoices.Filter filter =
        args.isBlank()
            ? TreeChoices.Filter.DEFAULT
            : TreeChoices.Filter.parse(args)
                .orElseThrow(() ->
                    new IllegalArgumentException(
                        "/tree "
                            + args.strip()
                            + ": no such filter; the filters are "
                            + TreeChoices.Filter.words()));
    AgentSession agent = ctx.agent();
    Session session = agent.session();
    if (session.entries().isEmpty()) {
      ctx.info("The session is empty: there is nowhere to go yet.");
      return;
    }
    String at = null;
    while (true) {
      List<TreeChoices.Row> rows = TreeChoices.rows(session, filter);
      List<Choice> choices = new ArrayList<>(rows.stream().map(TreeChoices.Row::choice).toList());
      choices.add(
          new Choice(
              "⚙ showing " + filter.word + " entries: pick to show " + filter.next().word,
              "filters: " + TreeChoices.Filter.words()));
      String start = at;
      int initial =
          start == null
              ? TreeChoices.initial(rows)
              : TreeChoices.find(rows, start).map(rows::indexOf).orElse(TreeChoices.initial(rows));
      OptionalInt picked =
          ctx.ui().pick("Go back to", choices, initial, DialogOptions.BUILT_IN).join();
      if (picked.isEmpty()) {
        return;
      }
      if (picked.getAsInt() == rows.size()) {
        filter = filter.next();
        continue;
      }
      TreeChoices.Row row = rows.get(picked.getAsInt());
      at = row.entryId();
      if (row.current()) {
        OptionalInt here =
            ctx.ui().pick("Already there", HERE_CHOICES, 0, DialogOptions.BUILT_IN).join();
        if (here.isPresent() && here.getAsInt() == 0) {
          label(ctx, session, row.entryId());
        }
        continue;
      }
      OptionalInt how =
          ctx.ui()
              .pick("Summarize the branch you leave?", SUMMARY_CHOICES, 0, DialogOptions.BUILT_IN)
              .join();
      if (how.isEmpty()) {
        continue;
      }
      if (how.getAsInt() == 3) {
        label(ctx, session, row.entryId());
        continue;
      }
      Optional<String> instructions = Optional.empty();
      if (how.getAsInt() == 2) {
        instructions =
            ctx.ui()
                .input(
                    "Summary instructions",
                    "what the summary should focus on",
                    DialogOptions.BUILT_IN)
                .join();
        if (instructions.isEmpty()) {
          continue;
        }
      }
      Optional<String> label =
          ctx.ui()
              .input(
                  "Label for this point (Enter for none)",
                  "a name to find it by",
                  DialogOptions.BUILT_IN)
              .join();
      if (label.isEmpty()) {
        continue;
      }
      AgentSession.TreeNavigation navigation =
          new AgentSession.TreeNavigation(
              how.getAsInt() > 0,
              instructions.map(String::strip).filter(s -> !s.isEmpty()),
              false,
              label.map(String::strip).filter(s -> !s.isEmpty()));
      AgentSession.TreeResult result =
          navigation.summarize()
              ? ctx.runAbortable(signal -> agent.navigateTree(row.entryId(), navigation, signal))
              : agent.navigateTree(row.entryId(), navigation);
      if (result.cancelled()) {
        ctx.info("A script's session_before_tree hook cancelled the move.");
        return;
      }
      String target = session.entry(row.entryId()).map(EntryPreview::of).orElse(row.entryId());
      ctx.showConversation();
      ctx.info(
          "Moved to "
              + target
              + (result.summaryEntryId().isPresent()
                  ? " (with a summary of the branch left)"
                  : ""));
      result
          .editorText()
          .ifPresent(text -> {
            ctx.setEditorText(text);
            ctx.info("The message is back in the editor: edit it and send it again.");
          });
      return;
    }
  }

  /**
   * Sets, changes or (with an empty answer) removes the label of {@code entryId}; Esc leaves it.
   */
  private static void label(CommandContext ctx, Session session, String entryId) {
    Optional<String> old = session.label(entryId);
    String preview = session.entry(entryId).map(EntryPreview::of).orElse(entryId);
    Optional<String> typed =
        ctx.ui()
            .input(
                "Label for " + preview + (old.isPresent() ? " (empty removes it)" : ""),
                "a name to find it by",
                old.orElse(""),
                DialogOptions.BUILT_IN)
            .join();
    if (typed.isEmpty()) {
      return;
    }
    String label = typed.get().strip();
    if (label.isEmpty()) {
      if (old.isPresent()) {
        ctx.agent().setLabel(entryId, Optional.empty());
        ctx.info("Removed the label of " + preview);
      }
      return;
    }
    if (!old.equals(Optional.of(label))) {
      ctx.agent().setLabel(entryId, Optional.of(label));
      ctx.info("Labelled " + preview + " [" + label + "]");
    }
  }
}
