// @ts-check
// Protected paths: the write and edit tools may not touch secrets, the repository's own
// metadata or installed dependencies. The model gets the reason as the tool's error and can
// carry on with something else. (bash is not covered: see permission-gate.js.)

/**
 * Why a path is protected, or undefined when it is not.
 * @param {string} path
 */
function protection(path) {
  const parts = path.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  const name = parts[parts.length - 1] ?? "";
  if (name === ".env" || name.startsWith(".env.")) return "it holds secrets (.env)";
  if (parts.includes(".git")) return "it is git's own data (.git/)";
  if (parts.includes("node_modules")) return "it is an installed dependency (node_modules/)";
  return undefined;
}

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("tool_call", (event) => {
    if (event.toolName !== "write" && event.toolName !== "edit") return;
    const path = String(event.input.path ?? "");
    const why = protection(path);
    if (why) return { block: true, reason: `protected-paths: ${path} is protected: ${why}` };
  });
}
