// @ts-check
// Helpers shared by the examples: messages to text, session entries to the messages graft
// puts in a context, and a summary made by the session's model through ctx.complete.
// A script imports them with `import { ... } from "./lib/messages.js"`; this file is not a
// script itself (graft loads *.js and dir/index.js of a scripts directory, not lib/*.js).

/** @typedef {import("graft").AgentMessage} AgentMessage */

/**
 * The text of a message's content: a string, or its text blocks joined.
 * @param {{ content?: string | readonly { type: string, text?: string }[] }} message
 */
export function textOf(message) {
  const content = message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((b) => b.type === "text").map((b) => b.text).join("\n");
}

/**
 * The first line of `text`, cut to `max` characters.
 * @param {string} text
 */
export function preview(text, max = 60) {
  const line = text.trim().split("\n")[0];
  return line.length > max ? line.slice(0, max - 1) + "…" : line;
}

/**
 * The message an entry adds to the model's context, as graft builds it (docs/session-format.md,
 * "Building the context"), or undefined for entries that add none (custom, label, compaction...).
 * @param {import("graft").SessionEntry} entry
 * @returns {AgentMessage | undefined}
 */
export function messageOf(entry) {
  switch (entry.type) {
    case "message":
      return entry.message;
    case "custom_message":
      return {
        role: "custom", customType: entry.customType, content: entry.content, display: entry.display,
        details: entry.details, timestamp: Date.parse(entry.timestamp),
      };
    case "branch_summary":
      return entry.summary
        ? { role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp: Date.parse(entry.timestamp) }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * A test of "does the branch have an entry that `test` accepts?" for a handler that asks on every
 * call, reading only the entries added since its last call: a branch is the path from the root to
 * the leaf, so when the entry it stopped at is still in its place, the entries before it are the
 * same. A branch that moved elsewhere (/tree, a fork, another session) is read again from its
 * start. It relies on getBranch() handing the same entry objects from call to call, as graft's
 * and the reference's session managers do; where they are new objects, it reads the whole branch
 * each time, which is only slower.
 * @param {(entry: import("graft").SessionEntry) => boolean} test
 * @returns {(branch: readonly import("graft").SessionEntry[]) => boolean}
 */
export function branchHas(test) {
  let read = 0; // the branch's first `read` entries were read...
  /** @type {import("graft").SessionEntry | undefined} */
  let last; // ...ending with this one
  let found = false; // and the last of them is the one `test` accepted
  return (branch) => {
    if (read === 0 || read > branch.length || branch[read - 1] !== last) {
      read = 0;
      found = false;
    }
    for (let i = read; i < branch.length && !found; i++) {
      found = test(branch[i]);
      read = i + 1;
      last = branch[i];
    }
    return found;
  };
}

/**
 * A conversation as a plain transcript, so a summarizer reads it rather than continues it.
 * @param {AgentMessage[]} messages
 */
export function transcript(messages) {
  const parts = [];
  for (const m of messages) {
    if (m.role === "user" || m.role === "custom") {
      parts.push(`[User]: ${textOf(m)}`);
    } else if (m.role === "assistant") {
      const text = textOf(m);
      if (text) parts.push(`[Assistant]: ${text}`);
      const calls = m.content.filter((b) => b.type === "toolCall");
      if (calls.length) {
        parts.push(`[Assistant tool calls]: ${calls.map((c) => `${c.name}(${JSON.stringify(c.arguments)})`).join("; ")}`);
      }
    } else if (m.role === "toolResult") {
      const text = textOf(m);
      parts.push(`[Tool result]: ${text.length > 2000 ? text.slice(0, 2000) + " [...]" : text}`);
    } else if (m.role === "compactionSummary" || m.role === "branchSummary") {
      parts.push(`[Summary of earlier work]: ${m.summary}`);
    }
  }
  return parts.join("\n\n");
}

/**
 * Asks the session's model (graft makes the call; the script never sees a key) to summarise
 * `messages` as `what`. Returns the summary's text.
 * @param {import("graft").EventContext} ctx
 * @param {AgentMessage[]} messages
 * @param {string} what
 */
export async function summarize(ctx, messages, what) {
  const reply = await ctx.complete({
    systemPrompt: "You summarise coding-agent conversations for the agent itself to continue from. "
      + "Keep decisions, file names, results and open problems; drop chatter.",
    messages: [{
      role: "user",
      content: `<conversation>\n${transcript(messages)}\n</conversation>\n\nSummarise this as ${what}. Be concise.`,
    }],
    maxTokens: 1024,
  });
  // A failed call answers rather than throws: make it the caller's failure.
  if (reply.stopReason === "error" || reply.stopReason === "aborted") {
    throw new Error(`the summary failed: ${reply.errorMessage ?? reply.stopReason}`);
  }
  return textOf(reply).trim();
}
