// @ts-check
// A `todo` tool the model uses to keep a task list, and `/todos` to show it.
//
// The list lives in the session, not in the script: every result of the tool carries the
// whole list in its `details` (kept in the session file, never sent to the model), and the
// current list is the one in the last such result on the current branch. So the list is right
// after a restart, and after /tree or a fork it is the list as it was at that point.

/** @typedef {{ id: number, text: string, done: boolean }} Todo */
/** @typedef {{ items: Todo[], nextId: number }} TodoState */

/** @type {import("graft").ObjectSchema} */
const PARAMETERS = {
  type: "object",
  properties: {
    action: { type: "string", enum: ["list", "add", "done", "clear"], description: "What to do" },
    text: { type: "string", description: "The item's text (add)" },
    id: { type: "number", description: "The item's number (done)" },
  },
  required: ["action"],
};

// Several todo calls in one assistant turn run before any of their results is in the session:
// the state the last one made, with the leaf it was made at, bridges that gap.
/** @type {{ leafId: string | null | undefined, state: TodoState | undefined }} */
let pending = { leafId: undefined, state: undefined };

/**
 * The list as of the current leaf: from the branch's last todo result.
 * @param {import("graft").EventContext} ctx
 * @returns {TodoState}
 */
function currentList(ctx) {
  if (pending.state && pending.leafId === ctx.sessionManager.getLeafId()) return pending.state;
  /** @type {TodoState} */
  let state = { items: [], nextId: 1 };
  for (const e of ctx.sessionManager.getBranch()) {
    const m = e.type === "message" ? e.message : undefined;
    if (m && m.role === "toolResult" && m.toolName === "todo" && m.details) state = m.details;
  }
  return state;
}

/** @param {TodoState} state */
function render(state) {
  if (state.items.length === 0) return "The todo list is empty.";
  return state.items.map((t) => `${t.done ? "[x]" : "[ ]"} #${t.id} ${t.text}`).join("\n");
}

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.registerTool({
    name: "todo",
    description: "Keep a todo list for the current task: list, add (text), done (id), clear.",
    parameters: PARAMETERS,
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      const before = currentList(ctx);
      // A new object: entries read from the session are frozen.
      const state = { items: before.items.map((t) => ({ ...t })), nextId: before.nextId };
      if (params.action === "add") {
        if (!params.text) throw new Error("todo add needs text");
        state.items.push({ id: state.nextId++, text: params.text, done: false });
      } else if (params.action === "done") {
        const item = state.items.find((t) => t.id === params.id);
        if (!item) throw new Error(`there is no todo #${params.id}`);
        item.done = true;
      } else if (params.action === "clear") {
        state.items = [];
      }
      pending = { leafId: ctx.sessionManager.getLeafId(), state };
      // The answer the model reads, and the state for the next call (details).
      return { content: [{ type: "text", text: render(state) }], details: state };
    },
  });

  graft.registerCommand("todos", {
    description: "Show the todo list the model keeps",
    handler: async (args, ctx) => {
      ctx.ui.notify(render(currentList(ctx)), "info");
      return undefined;
    },
  });
}
