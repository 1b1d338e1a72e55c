// @ts-check
// Session names: a session gets its first prompt's first line as its name, so `/resume` and
// `graft session list` show what each session was about. A name given already (by you, or by
// this script on an earlier prompt) is kept.

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("before_agent_start", (event, ctx) => {
    if (ctx.sessionManager.getSessionName()) return;
    const line = event.prompt.trim().split("\n")[0].trim();
    if (line === "") return;
    graft.setSessionName(line.length > 60 ? line.slice(0, 59) + "…" : line);
  });
}
