// Loaded by the launcher's AOT training run (see ../README.md): a third script, naming the
// session from its first prompt and counting messages in a context handler that changes nothing.
export default function (graft) {
  graft.on("before_agent_start", (event) => {
    if (!graft.getSessionName()) graft.setSessionName(event.prompt.split("\n")[0].slice(0, 60));
  });
  let seen = 0;
  graft.on("context", (event) => {
    seen = event.messages.length;
  });
  graft.on("session_shutdown", () => {
    console.log(`names: ${seen} messages at the end`);
  });
}
