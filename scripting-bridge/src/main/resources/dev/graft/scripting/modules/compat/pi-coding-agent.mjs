// graft's stand-in for "@mariozechner/pi-coding-agent": the value helpers an extension uses
// besides the API object it is given.

export { Type } from "typebox";
export { StringEnum } from "@mariozechner/pi-ai";

/** A tool definition, as given (the reference's defineTool only helps its types). */
export function defineTool(tool) {
  return tool;
}

/** Whether a tool_call event is for the tool named `toolName`. */
export function isToolCallEventType(toolName, event) {
  return event !== null && typeof event === "object" && event.toolName === toolName;
}

const queues = new Map();

/**
 * Runs `fn` after every earlier call for the same `path` has finished, so that changes to one
 * file from concurrent tool calls do not interleave.
 */
export function withFileMutationQueue(path, fn) {
  const before = queues.get(path) || Promise.resolve();
  const run = before.then(() => fn(), () => fn());
  const settled = run.then(() => undefined, () => undefined);
  queues.set(path, settled);
  settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return run;
}

function textOf(content) {
  if (typeof content === "string") return content;
  return (content || []).filter((b) => b && b.type === "text").map((b) => b.text).join("");
}

/**
 * The session's messages as the model sees them: user, assistant and tool results as they are;
 * custom messages, summaries and shell runs as user text.
 */
export function convertToLlm(messages) {
  const out = [];
  for (const m of messages || []) {
    if (!m || typeof m !== "object") continue;
    switch (m.role) {
      case "user":
      case "assistant":
      case "toolResult":
        out.push(m);
        break;
      case "custom":
        out.push({ role: "user", content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
          timestamp: m.timestamp });
        break;
      case "branchSummary":
      case "compactionSummary":
        out.push({ role: "user", content: [{ type: "text", text: "Summary of earlier work:\n" + m.summary }],
          timestamp: m.timestamp });
        break;
      case "bashExecution":
        if (!m.excludeFromContext) {
          out.push({ role: "user", content: [{ type: "text", text: "Ran `" + m.command + "`\n" + (m.output || "") }],
            timestamp: m.timestamp });
        }
        break;
      default:
        break;
    }
  }
  return out;
}

/** Messages as one text (for a summary prompt): each as "[Role]: text", tool results cut at 2,000 characters. */
export function serializeConversation(messages) {
  const parts = [];
  for (const m of messages || []) {
    if (m.role === "user") {
      const text = textOf(m.content);
      if (text) parts.push("[User]: " + text);
    } else if (m.role === "assistant") {
      const blocks = m.content || [];
      const thinking = blocks.filter((b) => b.type === "thinking").map((b) => b.thinking);
      const text = blocks.filter((b) => b.type === "text").map((b) => b.text);
      const calls = blocks.filter((b) => b.type === "toolCall").map((b) => b.name + "("
        + Object.keys(b.arguments || {}).map((k) => k + "=" + JSON.stringify(b.arguments[k])).join(", ") + ")");
      if (thinking.length) parts.push("[Assistant thinking]: " + thinking.join("\n"));
      if (text.length) parts.push("[Assistant]: " + text.join("\n"));
      if (calls.length) parts.push("[Assistant tool calls]: " + calls.join("; "));
    } else if (m.role === "toolResult") {
      let text = textOf(m.content);
      if (text.length > 2000) text = text.slice(0, 2000) + "\n[" + (text.length - 2000) + " more characters]";
      if (text) parts.push("[Tool result]: " + text);
    }
  }
  return parts.join("\n\n");
}
