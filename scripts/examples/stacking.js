// @ts-check
// Session stacking: `/pop [N]` summarises the work since an earlier user turn and pops it off
// the context, as a stack frame is popped when a subtask returns. `/pop 1` pops the last turn,
// `/pop 2` the last two; `/pop` alone lets you pick the turn.
//
// Nothing is deleted: the pop is a `stack_pop` entry in the session (appendEntry), and the
// `context` handler shows the model the summary instead of the popped entries on every call.
// Without this script the session reads as if no pop happened.
//
// Pops and compactions both hide a span of the branch behind a summary. Where they overlap,
// the later one wins: a compaction made after a pop summarises what the model saw then (pop
// summaries included) and replaces them; a pop that reaches back past a compaction also
// summarises everything before its target again (`prePopSummary`), since the compaction's
// summary mixes what is popped with what is not.

import { branchHas, messageOf, preview, summarize, textOf } from "./lib/messages.js";

/** @typedef {import("graft").AgentMessage} AgentMessage */
/** @typedef {import("graft").SessionEntry} SessionEntry */
/**
 * A span of the branch hidden behind a summary: positions [from, to), the summary's message,
 * and the compaction entry's position (a compaction's span) or `pop` (a pop's; `popped` for the
 * popped work itself, not the summary of what came before it).
 * @typedef {{ from: number, to: number, message: AgentMessage, compaction?: number, pop?: boolean, popped?: boolean }} Span
 */

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.registerCommand("pop", {
    description: "Summarise the work since an earlier prompt and pop it off the context",
    handler: async (args, ctx) => {
      const branch = ctx.sessionManager.getBranch();
      const spans = ranges(branch);
      // The user turns on this branch the model still sees, newest first: the N-th is "pop N
      // turns". A turn an earlier pop hid is left out (popping it again would change nothing); one
      // behind a compaction is not: a pop may reach back past it (see prePopSummary below).
      /** @type {{ at: number, text: string }[]} */
      const turns = [];
      let popped = 0;
      branch.forEach((e, at) => {
        if (e.type !== "message" || e.message.role !== "user") return;
        if (cover(spans, at)?.popped) popped++;
        else turns.unshift({ at, text: textOf(e.message) });
      });
      // A thrown Error is reported as the command's failure, in every mode.
      if (turns.length === 0) throw new Error(popped > 0 ? "/pop: every turn is popped already" : "/pop: nothing to pop yet");
      let n = Number.parseInt(args.trim(), 10);
      if (args.trim() === "") {
        if (!ctx.hasUI) throw new Error(`/pop N: say how many turns to pop (there are ${turns.length})`);
        const options = turns.map((t, i) => `${i + 1}: ${preview(t.text)}`);
        const chosen = await ctx.ui.select("Pop back to which prompt?", options);
        if (chosen === undefined) return; // dismissed
        n = options.indexOf(chosen) + 1;
      }
      if (!(n >= 1 && n <= turns.length)) {
        throw new Error(`/pop ${args.trim()}: give a number of turns from 1 to ${turns.length}`);
      }

      const backTo = turns[n - 1].at;
      const raw = (/** @type {number} */ from, /** @type {number} */ to) => branch.slice(from, to).map(messageOf).filter((m) => m !== undefined);
      // Popping into a span a compaction (or an earlier pop's prePopSummary) hides: that summary
      // also covers what stays, so summarise the entries before the target afresh.
      const winner = cover(spans, backTo);
      const crossing = winner !== undefined && winner.from === 0;
      const prePopSummary = crossing
        ? await summarize(ctx, raw(0, backTo), "the context the popped work started from")
        : undefined;
      const summary = await summarize(ctx, raw(backTo, branch.length), "work that is done (a subtask that returned)");
      graft.appendEntry("stack_pop", { backToId: branch[backTo].id, summary, prePopSummary });
      ctx.ui.notify(`Popped ${n} turn${n === 1 ? "" : "s"} into a summary`, "info");
    },
  });

  // Most branches have no pop at all: the handler then reads only the entries added since its
  // last call, not the whole branch on every model call.
  const hasPops = branchHas((e) => e.type === "custom" && e.customType === "stack_pop");
  graft.on("context", (event, ctx) => {
    const branch = ctx.sessionManager.getBranch();
    if (!hasPops(branch)) return; // no pops: graft's context stands
    const spans = ranges(branch);
    if (!spans.some((r) => r.pop)) return; // no pops: graft's context stands

    // Which entry each incoming message came from, so the messages we keep are the ones we
    // were given (a handler before this one may have changed them).
    const order = contextOrder(branch);
    /** @type {Map<number | undefined, AgentMessage>} */
    const given = new Map();
    if (order.length === event.messages.length) order.forEach((at, i) => given.set(at, event.messages[i]));

    /** @type {AgentMessage[]} */
    const messages = [];
    const shown = new Set();
    branch.forEach((entry, at) => {
      const winner = cover(spans, at);
      if (winner === undefined) {
        const own = messageOf(entry);
        if (own !== undefined) messages.push(given.get(at) ?? own);
      } else if (!shown.has(winner)) {
        // The first entry a span hides is where its summary goes (a compaction's summary is
        // the message graft gave for the compaction entry).
        shown.add(winner);
        messages.push(given.get(winner.compaction) ?? winner.message);
      }
    });
    return { messages };
  });
}

/**
 * The spans of `branch` hidden behind a summary, oldest first (so a later one wins):
 * compactions hide [0, firstKept), pops hide [backTo, pop) and, with a prePopSummary, [0, backTo).
 * @param {SessionEntry[]} branch
 * @returns {Span[]}
 */
function ranges(branch) {
  /** @type {Map<string | undefined, number>} */
  const position = new Map(branch.map((e, at) => [e.id, at]));
  /** @type {Span[]} */
  const out = [];
  branch.forEach((e, at) => {
    if (e.type === "compaction") {
      /** @type {AgentMessage} */
      const message = {
        role: "compactionSummary", summary: e.summary, tokensBefore: e.tokensBefore, timestamp: Date.parse(e.timestamp),
      };
      out.push({ from: 0, to: position.get(e.firstKeptEntryId) ?? at, compaction: at, message });
    } else if (e.type === "custom" && e.customType === "stack_pop") {
      const from = position.get(e.data.backToId);
      if (from === undefined) return; // popped back to an entry not on this branch
      const timestamp = Date.parse(e.timestamp);
      if (e.data.prePopSummary) {
        out.push({ from: 0, to: from, pop: true, message: popMessage("The conversation before the popped work, summarised:", e.data.prePopSummary, timestamp) });
      }
      out.push({ from, to: at, pop: true, popped: true, message: popMessage("Work that was done and popped off the stack, summarised:", e.data.summary, timestamp) });
    }
  });
  return out;
}

/**
 * The latest span that hides position `at`, if any.
 * @param {Span[]} spans
 * @param {number} at
 */
function cover(spans, at) {
  for (let i = spans.length - 1; i >= 0; i--) {
    if (spans[i].from <= at && at < spans[i].to) return spans[i];
  }
  return undefined;
}

/**
 * The summary the model sees for a pop: a hook message, which reaches the model as user text.
 * @param {string} title
 * @param {string} summary
 * @param {number} timestamp
 * @returns {AgentMessage}
 */
function popMessage(title, summary, timestamp) {
  return { role: "custom", customType: "stack_pop", content: `${title}\n\n${summary}`, display: true, timestamp };
}

/**
 * The positions of the entries behind graft's own context, in its order: the latest
 * compaction (its summary) first, then the entries it kept, then those after it.
 * @param {SessionEntry[]} branch
 * @returns {number[]}
 */
function contextOrder(branch) {
  let c = -1;
  branch.forEach((e, at) => { if (e.type === "compaction") c = at; });
  const adds = (/** @type {number} */ at) => messageOf(branch[at]) !== undefined;
  const all = branch.map((_, at) => at);
  if (c < 0) return all.filter(adds);
  const firstKept = /** @type {import("graft").CompactionEntry} */ (branch[c]).firstKeptEntryId;
  const kept = all.findIndex((at) => branch[at].id === firstKept);
  return [c, ...all.filter((at) => kept >= 0 && at >= kept && at < c && adds(at)), ...all.filter((at) => at > c && adds(at))];
}
