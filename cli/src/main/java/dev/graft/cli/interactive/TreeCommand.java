package dev.graft.cli.interactive;

import dev.graft.cli.commands.EntryPreview;
import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.session.Session;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code /tree}: pick an entry of the session tree, then whether to summarize the branch being
 * left (no summary, a summary, or one with instructions) and an optional label; the leaf moves
 * there ({@link AgentSession#navigateTree}). A user message as the target goes back to before
 * it and puts its text in the editor. Esc in a later step goes back to the tree; Esc in the tree
 * leaves everything as it was.
 */
final class TreeCommand {
  private static final List<Choice> SUMMARY_CHOICES = List.of(
      new Choice("No summary", "just move"),
      new Choice("Summarize", "a summary of the branch you leave goes with you"),
      new Choice("Summarize with instructions", "say what the summary should focus on"));

  private TreeCommand() {}

  static void run(CommandContext ctx, String args) throws Exception {
    AgentSession agent = ctx.agent();
    Session session = agent.session();
    List<TreeChoices.Row> rows = TreeChoices.rows(session);
    if (rows.isEmpty()) {
      ctx.info("The session is empty: there is nowhere to go yet.");
      return;
    }
    int initial = TreeChoices.initial(rows);
    List<Choice> choices = rows.stream().map(TreeChoices.Row::choice).toList();
    while (true) {
      OptionalInt picked = ctx.ui().pick("Go back to", choices, initial, DialogOptions.NONE).join();
      if (picked.isEmpty()) {
        return;
      }
      initial = picked.getAsInt();
      TreeChoices.Row row = rows.get(initial);
      if (row.current()) {
        ctx.info("Already there.");
        return;
      }
      OptionalInt how = ctx.ui().pick("Summarize the branch you leave?", SUMMARY_CHOICES, 0, DialogOptions.NONE).join();
      if (how.isEmpty()) {
        continue;
      }
      Optional<String> instructions = Optional.empty();
      if (how.getAsInt() == 2) {
        instructions = ctx.ui().input("Summary instructions", "what the summary should focus on", DialogOptions.NONE).join();
        if (instructions.isEmpty()) {
          continue;
        }
      }
      Optional<String> label = ctx.ui().input("Label for this point (Enter for none)", "a name to find it by", DialogOptions.NONE).join();
      if (label.isEmpty()) {
        continue;
      }
      AgentSession.TreeNavigation navigation = new AgentSession.TreeNavigation(how.getAsInt() > 0,
          instructions.map(String::strip).filter(s -> !s.isEmpty()), false, label.map(String::strip).filter(s -> !s.isEmpty()));
      AgentSession.TreeResult result = navigation.summarize()
          ? ctx.runAbortable(signal -> agent.navigateTree(row.entryId(), navigation, signal))
          : agent.navigateTree(row.entryId(), navigation);
      if (result.cancelled()) {
        ctx.info("A script's session_before_tree hook cancelled the move.");
        return;
      }
      String target = session.entry(row.entryId()).map(EntryPreview::of).orElse(row.entryId());
      ctx.info("Moved to " + target + (result.summaryEntryId().isPresent() ? " (with a summary of the branch left)" : ""));
      result.editorText().ifPresent(text -> {
        ctx.setEditorText(text);
        ctx.info("The message is back in the editor: edit it and send it again.");
      });
      return;
    }
  }
}
