// @ts-check
// Permission gate: before the agent runs a bash command that could do lasting damage, ask.
// Without anyone to ask (graft -p, --mode json) the command is blocked, and the model is told
// why, so it can find another way or explain what it needs.

const DANGEROUS = [
  { pattern: /\brm\s+(-[a-zA-Z]*[rf][a-zA-Z]*\s+)+/, what: "deletes files recursively or by force" },
  { pattern: /\bsudo\b/, what: "runs as root" },
  { pattern: /\b(chmod|chown)\b.*\s(-R|777)\b/, what: "changes permissions widely" },
  { pattern: /\bgit\s+push\b.*(--force|\s-f\b)/, what: "overwrites a remote branch" },
  { pattern: /\bgit\s+(reset\s+--hard|clean\s+-[a-zA-Z]*f)/, what: "throws away uncommitted work" },
  { pattern: /\b(mkfs|dd\s+.*of=)/, what: "writes a disk directly" },
];

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return; // other tools pass
    const command = String(event.input.command ?? "");
    const danger = DANGEROUS.find((d) => d.pattern.test(command));
    if (!danger) return;
    if (!ctx.hasUI) {
      return { block: true, reason: `permission-gate: this command ${danger.what}, and there is no one to confirm it` };
    }
    const ok = await ctx.ui.confirm(`Allow a command that ${danger.what}?`, command);
    if (!ok) return { block: true, reason: "permission-gate: the user did not allow this command" };
    // Returning nothing lets the call run as the model asked.
  });
}
