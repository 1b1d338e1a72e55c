// @ts-check
// Custom compaction: when graft compacts the context (automatically, or /compact), this
// script writes the summary itself, in a fixed layout, and records the files touched in the
// compaction's details. graft still chooses what to keep (preparation.firstKeptEntryId).

import { summarize } from "./lib/messages.js";

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("session_before_compact", async (event, ctx) => {
    const prep = event.preparation;
    const messages = [...prep.messagesToSummarize, ...prep.turnPrefixMessages];
    if (prep.previousSummary) {
      messages.unshift({ role: "compactionSummary", summary: prep.previousSummary, tokensBefore: 0, timestamp: 0 });
    }
    const focus = event.customInstructions ? ` Focus on: ${event.customInstructions}.` : "";
    const summary = await summarize(ctx, messages,
      "a handover note with the headings Goal, Done, Decisions, Files, Next steps." + focus);
    const files = [...new Set([...(prep.fileOps.edited ?? []), ...(prep.fileOps.written ?? [])])];
    return {
      compaction: {
        summary: files.length ? `${summary}\n\nFiles changed: ${files.join(", ")}` : summary,
        firstKeptEntryId: prep.firstKeptEntryId,
        tokensBefore: prep.tokensBefore,
        details: { files, by: "custom-compaction.js" },
      },
    };
  });
}
