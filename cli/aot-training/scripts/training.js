// Loaded by the launcher's AOT training run (see ../README.md): a handler for the events a
// first prompt passes through, so that the classes they use are in the start-up cache.
export default function (graft) {
  graft.on("input", (event) => ({ action: "continue" }));
  graft.on("before_agent_start", (event) => {
    console.log("training: before_agent_start");
  });
  graft.on("context", (event) => ({ messages: event.messages }));
  graft.on("tool_call", (event) => undefined);
  graft.on("agent_end", () => {
    graft.appendEntry("training", { done: true });
  });
}
