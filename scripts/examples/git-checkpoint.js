// @ts-check
// Git checkpoints: before each prompt's work starts, record the working tree's state as a git
// object (`git stash create`: nothing in the tree or the stash list changes), as a
// `git-checkpoint` entry in the session. `/restore` picks one of this branch's checkpoints and
// puts the tracked files back as they were (files created since stay).
//
// Uses graft.exec to run git, which needs a grant for this script in settings.json (docs/hooks.md,
// "Running programs"): {"scripts": {"exec": {"git-checkpoint.js": ["git"]}}}. Without it the
// first prompt says once what to add (a note, not an error), and the session goes on without
// checkpoints.

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  let notGranted = false;
  const repositories = new Set(); // directories known to be in a git work tree: checked once each
  graft.on("before_agent_start", async (event, ctx) => {
    if (notGranted) return; // said once: no checkpoints this run
    if (!repositories.has(ctx.cwd)) {
      let inRepo;
      try {
        inRepo = await graft.exec("git", ["rev-parse", "--is-inside-work-tree"], { cwd: ctx.cwd, timeout: 5000 });
      } catch (e) {
        const why = String(e instanceof Error ? e.message : e);
        const at = why.indexOf("is not granted");
        if (at < 0) throw e; // a real failure: graft reports it as the script's problem
        notGranted = true;
        // Not a problem, a choice the user made (or has yet to): say so once, as a note.
        const note = `no git checkpoints this run: graft.exec ${why.slice(at)}`;
        if (ctx.hasUI) ctx.ui.notify(note, "info");
        else console.info(note); // -p and --mode json: graft's log, shown with --verbose
        return;
      }
      if (inRepo.code !== 0) return; // not a git repository (yet): asked again next prompt
      repositories.add(ctx.cwd);
    }
    // `stash create` prints nothing when the tree is clean; then HEAD is the state.
    const stash = await graft.exec("git", ["stash", "create"], { cwd: ctx.cwd, timeout: 10000 });
    const ref = stash.stdout.trim() || (await graft.exec("git", ["rev-parse", "HEAD"], { cwd: ctx.cwd })).stdout.trim();
    if (ref) graft.appendEntry("git-checkpoint", { ref, prompt: event.prompt.slice(0, 60) });
  });

  graft.registerCommand("restore", {
    description: "Put the tracked files back as they were before an earlier prompt",
    handler: async (args, ctx) => {
      const checkpoints = ctx.sessionManager.getBranch()
        .filter((e) => e.type === "custom")
        .filter((e) => e.customType === "git-checkpoint")
        .reverse(); // newest first
      if (checkpoints.length === 0) throw new Error("/restore: no checkpoints on this branch");
      const options = checkpoints.map((e, i) => `${i + 1}: before "${e.data.prompt}"`);
      const chosen = args.trim() ? options[Number(args.trim()) - 1] : await ctx.ui.select("Restore the files as they were", options);
      if (chosen === undefined) return;
      const { ref } = checkpoints[options.indexOf(chosen)].data;
      if (ctx.hasUI && !(await ctx.ui.confirm("Overwrite the tracked files?", `git checkout ${ref.slice(0, 12)} -- .`))) return;
      const result = await graft.exec("git", ["checkout", ref, "--", "."], { cwd: ctx.cwd, timeout: 30000 });
      if (result.code !== 0) throw new Error(`/restore: git checkout failed: ${result.stderr.trim()}`);
      ctx.ui.notify(`Restored the files ${chosen.slice(chosen.indexOf(":") + 2)}`, "info");
    },
  });
}
