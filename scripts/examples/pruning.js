// @ts-check
// Tool-result pruning: `/prune` lets you pick tool results that no longer need to be in the
// model's context and replace each by a summary, its first lines, or nothing at all.
// `/prune N summary|truncate|remove` does it without dialogs (N as numbered in the list:
// 1 is the most recent tool result). The list holds only the results the model still gets, so
// /prune composes with scripts that take messages out of the context (stacking.js's /pop).
//
// The session file keeps every original: a choice is a `prune` entry (appendEntry), and the
// `context` handler applies the choices of the current branch on every model call. So pruning
// survives /reload and restarts, follows /tree and forks (a choice made on one branch does not
// touch another), and is undone by removing this script.

import { branchHas, preview, summarize, textOf } from "./lib/messages.js";

const STRATEGIES = ["summary", "truncate", "remove"];
const TRUNCATE_CHARS = 500;

/** @typedef {{ toolCallId: string, strategy: string, summary?: string }} Choice */
/** @typedef {{ message: import("graft").ToolResultMessage, call: string }} Result */

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.registerCommand("prune", {
    description: "Replace chosen tool results in the context by a summary, their start, or nothing",
    handler: async (args, ctx) => {
      const branch = ctx.sessionManager.getBranch();
      // Only the results the model gets now: another script (stacking.js's /pop) or a compaction
      // may have taken some out of the context, and pruning those would change nothing.
      // ctx.rebuildContext() is the next call's context, through every script's `context` handler.
      const sent = new Set();
      for (const m of await ctx.rebuildContext()) if (m.role === "toolResult") sent.add(m.toolCallId);
      const results = toolResults(branch).filter((r) => sent.has(r.message.toolCallId));
      // A thrown Error is reported as the command's failure, in every mode.
      if (results.length === 0) throw new Error("/prune: there are no tool results to prune in the model's context");
      const rules = rulesOf(branch);
      // The picker numbers its options itself: a label carries no number of its own (a second
      // number beside the picker's would not match it). Equal labels get "(2)", "(3)"...
      const seen = new Map();
      const labels = results.map((r) => {
        const rule = rules.get(r.message.toolCallId);
        const label = `${r.call} — ${textOf(r.message).length} chars${rule ? ` (pruned: ${rule.strategy})` : ""}`;
        const n = (seen.get(label) ?? 0) + 1;
        seen.set(label, n);
        return n === 1 ? label : `${label} (${n})`;
      });

      // What to prune, and how: from the arguments, else by asking.
      /** @type {{ result: Result, strategy: string }[]} */
      const picks = [];
      const words = args.trim().split(/\s+/).filter((w) => w !== "");
      if (words.length > 0) {
        const n = Number.parseInt(words[0], 10);
        if (!(n >= 1 && n <= results.length) || !STRATEGIES.includes(words[1])) {
          throw new Error(`/prune N ${STRATEGIES.join("|")}: N from 1 to ${results.length}`);
        }
        picks.push({ result: results[n - 1], strategy: words[1] });
      } else if (!ctx.hasUI) {
        throw new Error(`/prune N ${STRATEGIES.join("|")}: say which result and how (there are ${results.length})`);
      } else {
        for (;;) {
          const left = labels.filter((_, i) => !picks.some((p) => p.result === results[i]));
          const label = await ctx.ui.select(`Prune which tool result? (${picks.length} chosen)`, ["Done", ...left]);
          if (label === undefined) return; // dismissed: prune nothing
          if (label === "Done") break;
          const strategy = await ctx.ui.select(`Prune ${label} how?`, STRATEGIES);
          if (strategy !== undefined) picks.push({ result: results[labels.indexOf(label)], strategy });
        }
      }
      if (picks.length === 0) return;

      const choices = [];
      for (const { result, strategy } of picks) {
        /** @type {Choice} */
        const choice = { toolCallId: result.message.toolCallId, strategy };
        if (strategy === "summary") {
          choice.summary = await summarize(ctx, [result.message], `the result of ${result.call}, keeping what later work may need`);
        }
        choices.push(choice);
      }
      graft.appendEntry("prune", { choices });
      ctx.ui.notify(`Pruned ${choices.length} tool result${choices.length === 1 ? "" : "s"} (the session keeps the originals)`, "info");
    },
  });

  // Most branches have no choice at all: the handler then reads only the entries added since
  // its last call, not the whole branch on every model call.
  const hasChoices = branchHas((e) => e.type === "custom" && e.customType === "prune");
  graft.on("context", (event, ctx) => {
    const branch = ctx.sessionManager.getBranch();
    if (!hasChoices(branch)) return; // nothing pruned on this branch
    const rules = rulesOf(branch);
    if (rules.size === 0) return; // only empty choices
    return {
      messages: event.messages.map((m) => {
        if (m.role !== "toolResult") return m;
        const rule = rules.get(m.toolCallId);
        return rule ? { ...m, content: [{ type: "text", text: pruned(m, rule) }] } : m;
      }),
    };
  });
}

/**
 * The choices recorded on this branch, by tool call id; a later choice replaces an earlier one.
 * @param {import("graft").SessionEntry[]} branch
 */
function rulesOf(branch) {
  /** @type {Map<string, Choice>} */
  const rules = new Map();
  for (const e of branch) {
    if (e.type === "custom" && e.customType === "prune") {
      for (const choice of e.data.choices) rules.set(choice.toolCallId, choice);
    }
  }
  return rules;
}

/**
 * The text a pruned tool result is replaced by.
 * @param {import("graft").ToolResultMessage} message
 * @param {Choice} rule
 */
function pruned(message, rule) {
  const text = textOf(message);
  switch (rule.strategy) {
    case "summary":
      return `[pruned; a summary of the result] ${rule.summary}`;
    case "truncate":
      return text.length <= TRUNCATE_CHARS ? text
        : `${text.slice(0, TRUNCATE_CHARS)}\n[pruned: ${text.length - TRUNCATE_CHARS} more characters]`;
    default:
      return `[pruned: this ${message.toolName} result was removed from the context]`;
  }
}

/**
 * The tool results on the branch, newest first, each with its call as `name {arguments}`.
 * @param {import("graft").SessionEntry[]} branch
 */
function toolResults(branch) {
  /** @type {Map<string, string>} */
  const calls = new Map();
  /** @type {Result[]} */
  const out = [];
  for (const e of branch) {
    if (e.type !== "message") continue;
    const m = e.message;
    if (m.role === "assistant") {
      for (const b of m.content) if (b.type === "toolCall") calls.set(b.id, `${b.name} ${preview(JSON.stringify(b.arguments), 50)}`);
    } else if (m.role === "toolResult") {
      out.unshift({ message: m, call: calls.get(m.toolCallId) ?? m.toolName });
    }
  }
  return out;
}
