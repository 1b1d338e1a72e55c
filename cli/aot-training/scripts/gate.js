// Loaded by the launcher's AOT training run (see ../README.md), beside training.js: a second
// script (a context of its own), with the tool hooks and watched events a permission gate uses.
import { firstLine } from "./lib/text.js";

const RISKY = [/\brm\s+-rf\b/, /\bsudo\b/];

export default function (graft) {
  graft.on("tool_call", (event) => {
    if (event.toolName === "bash" && RISKY.some((p) => p.test(event.input.command))) {
      return { block: true, reason: "blocked by the training gate" };
    }
  });
  graft.on("tool_result", (event) => {
    if (event.toolName === "bash") return { content: [{ type: "text", text: firstLine(event.content) }] };
  });
  let turns = 0;
  graft.on("turn_end", () => {
    turns++;
  });
  graft.registerCommand("turns", { description: "Turns seen", handler: async (_args, ctx) => ctx.ui.notify(`${turns}`, "info") });
}
