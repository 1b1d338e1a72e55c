// Loaded by the launcher's AOT training run (see ../README.md): a handler for the events a
// first prompt passes through, so that the classes they use are in the start-up cache.
export default function (graft) {
  graft.on("input", (event) => ({ action: "continue" }));
  graft.on("before_agent_start", (event) => {
    console.log("training: before_agent_start");
  });
  // As a context handler on a long session does: read the branch, keep most messages as given,
  // replace some by changed copies (the calls after the first hand over only new messages).
  graft.on("context", (event, ctx) => {
    const branch = ctx.sessionManager.getBranch();
    return {
      messages: event.messages.map((m, i) =>
        m.role === "toolResult" && i % 2 === 0 ? { ...m, content: [{ type: "text", text: `[${branch.length}]` }] } : m),
    };
  });
  graft.on("tool_call", (event) => undefined);
  graft.on("agent_end", () => {
    graft.appendEntry("training", { done: true });
  });
}
