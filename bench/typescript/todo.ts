// scripts/examples/todo.js as a TypeScript hook (bench/typescript-load.sh): the same code with
// its JSDoc types written as TypeScript.
import type { EventContext, GraftAPI, ObjectSchema } from "graft";

interface Todo { id: number; text: string; done: boolean }
interface TodoState { items: Todo[]; nextId: number }
type Action = "list" | "add" | "done" | "clear";
interface Params { action: Action; text?: string; id?: number }

const PARAMETERS: ObjectSchema = {
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
let pending: { leafId: string | null | undefined; state: TodoState | undefined } = { leafId: undefined, state: undefined };

/** The list as of the current leaf: from the branch's last todo result. */
function currentList(ctx: EventContext): TodoState {
  if (pending.state && pending.leafId === ctx.sessionManager.getLeafId()) return pending.state;
  let state: TodoState = { items: [], nextId: 1 };
  for (const e of ctx.sessionManager.getBranch()) {
    const m = e.type === "message" ? e.message : undefined;
    if (m && m.role === "toolResult" && m.toolName === "todo" && m.details) state = m.details as TodoState;
  }
  return state;
}

function render(state: TodoState): string {
  if (state.items.length === 0) return "The todo list is empty.";
  return state.items.map((t: Todo) => `${t.done ? "[x]" : "[ ]"} #${t.id} ${t.text}`).join("\n");
}

export default function (graft: GraftAPI): void {
  graft.registerTool({
    name: "todo",
    description: "Keep a todo list for the current task: list, add (text), done (id), clear.",
    parameters: PARAMETERS,
    async execute(toolCallId: string, params: Params, signal: AbortSignal | undefined, onUpdate: unknown, ctx: EventContext) {
      const before = currentList(ctx);
      // A new object: entries read from the session are frozen.
      const state: TodoState = { items: before.items.map((t) => ({ ...t })), nextId: before.nextId };
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
      return { content: [{ type: "text" as const, text: render(state) }], details: state };
    },
  });

  graft.registerCommand("todos", {
    description: "Show the todo list the model keeps",
    handler: async (args: string, ctx: EventContext): Promise<undefined> => {
      ctx.ui.notify(render(currentList(ctx)), "info");
      return undefined;
    },
  });
}
