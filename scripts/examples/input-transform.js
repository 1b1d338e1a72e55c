// @ts-check
// Input transform: rewrite or answer what the user types before the agent sees it.
//   ?quick What is a monad?   → the model is asked for a short answer
//   ping                      → answered here ("pong"), no model call at all

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("input", (event, ctx) => {
    if (event.source === "extension") return; // leave messages sent by scripts alone
    const text = event.text.trim();
    if (text.startsWith("?quick")) {
      const question = text.slice("?quick".length).trim();
      if (question === "") {
        ctx.ui.notify("usage: ?quick QUESTION", "warning");
        return { action: "handled" };
      }
      return { action: "transform", text: `Answer in one or two sentences, no tools: ${question}` };
    }
    if (text.toLowerCase() === "ping") {
      ctx.ui.notify("pong", "info");
      return { action: "handled" };
    }
    return { action: "continue" };
  });
}
