// digest-compaction.js — compaction written by a script instead of graft's summariser, without a model.
//
// On session_before_compact it returns its own compaction: a structured digest of the messages
// graft would summarise (what the user asked, what the assistant concluded, which tools ran and
// which files were read and changed), built on the previous compaction's summary. No model call
// is made, so compaction is instant and costs nothing; the digest is cruder than a model's
// summary. graft keeps the same recent messages it would have kept (firstKeptEntryId) and marks
// the entry as written by a hook. `/compact some words` adds the words as a focus note.
// custom-compaction.js does the same with a model summary (ctx.complete).

import { textOf } from "./lib/messages.js";

const CLIP = 300; // characters kept of each message
const EARLIER = 6000; // characters kept of the previous summary (its end, the newest part)

/** @param {string} text */
function clip(text, max = CLIP) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : flat.slice(0, max - 1) + "…";
}


/**
 * @param {import("graft").CompactionPreparation} preparation
 * @param {string | undefined} focus
 */
function digest(preparation, focus) {
  const asked = [];
  const answered = [];
  const tools = new Map();
  const failures = [];
  const messages = [...preparation.messagesToSummarize, ...preparation.turnPrefixMessages];
  for (const m of messages) {
    if (m.role === "user") {
      const t = textOf(m);
      if (t.trim()) asked.push(clip(t));
    } else if (m.role === "assistant") {
      const t = textOf(m);
      if (t.trim()) answered.push(clip(t));
      for (const b of m.content) {
        if (b.type === "toolCall") tools.set(b.name, (tools.get(b.name) ?? 0) + 1);
      }
    } else if (m.role === "toolResult" && m.isError) {
      failures.push(`${m.toolName}: ${clip(textOf(m), 200)}`);
    } else if (m.role === "bashExecution") {
      asked.push(clip(`!${m.command} (exit ${m.exitCode ?? "?"})`));
    }
  }
  const sections = ["# Digest of earlier work (written by digest-compaction.js, without a model)"];
  if (focus) sections.push(`Focus: ${focus}`);
  if (preparation.previousSummary) {
    const earlier = preparation.previousSummary;
    sections.push("## Before that", earlier.length <= EARLIER ? earlier : "…" + earlier.slice(-EARLIER));
  }
  const list = (/** @type {string} */ title, /** @type {string[]} */ items) => {
    if (items.length) sections.push(`## ${title}`, items.map((i) => `- ${i}`).join("\n"));
  };
  list("The user asked", asked);
  list("The assistant said", answered);
  list("Tools used", [...tools].map(([name, n]) => `${name} ×${n}`));
  list("Tool errors", failures);
  const files = preparation.fileOps ?? {};
  list("Files read", files.read ?? []);
  list("Files changed", [...new Set([...(files.written ?? []), ...(files.edited ?? [])])].sort());
  if (preparation.isSplitTurn) sections.push("(The last turn continues in the kept messages.)");
  return sections.join("\n\n");
}

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("session_before_compact", (event) => {
    const { preparation, customInstructions } = event;
    const files = preparation.fileOps ?? {};
    return {
      compaction: {
        summary: digest(preparation, customInstructions),
        firstKeptEntryId: preparation.firstKeptEntryId,
        tokensBefore: preparation.tokensBefore,
        details: {
          by: "digest-compaction.js",
          messages: preparation.messagesToSummarize.length + preparation.turnPrefixMessages.length,
          readFiles: files.read ?? [],
          modifiedFiles: [...new Set([...(files.written ?? []), ...(files.edited ?? [])])].sort(),
        },
      },
    };
  });

  graft.on("session_compact", (event) => {
    if (event.fromExtension) {
      console.log(`compacted ${event.compactionEntry.tokensBefore} tokens into a digest`);
    }
  });
}
