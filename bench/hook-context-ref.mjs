// The reference side of bench/hook-context.sh: loads an extension with pi's own loader and
// emits `context` through pi's ExtensionRunner, with a SessionManager opened on the session
// file and the session's context messages, as pi's agent does before each model call. No model,
// no key, no network. Runs from the reference oracle's directory (its node_modules). EXT may
// name several extensions, separated by commas: they are loaded in that order.
//   node hook-context-ref.mjs dump FILE EXT        the pruned context as JSON on stdout
//   node hook-context-ref.mjs bench FILE EXT W N   W warm-up calls, then N timed calls: one line
//                                                  "per-call-ms MEDIAN MIN CPU" on stdout (CPU: the
//                                                  process's CPU time over the N calls divided by N)
//   node hook-context-ref.mjs first FILE EXT       "first-call-ms T": from the process's start
//                                                  to the end of the first context call
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ExtensionRunner, SessionManager, discoverAndLoadExtensions } from "@mariozechner/pi-coding-agent";

const [mode, file, ext, warm, runs] = process.argv.slice(2);
if (!["dump", "bench", "first"].includes(mode) || !file || !ext) {
  console.error("usage: node hook-context-ref.mjs dump|bench|first FILE EXT [WARMUP RUNS]");
  process.exit(2);
}

const sm = SessionManager.open(file);
const cwd = sm.getCwd();
// An empty agent directory: only EXT is loaded (no ~/.pi/agent/extensions).
const agentDir = mkdtempSync(join(tmpdir(), "hook-context-ref-"));
const paths = ext.split(",");
const { extensions, errors, runtime } = await discoverAndLoadExtensions(paths, cwd, agentDir);
if (errors.length > 0 || extensions.length !== paths.length) {
  console.error(`hook-context-ref: ${ext} did not load: ${errors.map((e) => e.error).join("; ")}`);
  process.exit(1);
}
rmSync(agentDir, { recursive: true });
const runner = new ExtensionRunner(extensions, runtime, cwd, sm, undefined);
runner.onError((e) => {
  console.error(`hook-context-ref: ${e.event} handler failed: ${e.error}`);
  process.exit(1);
});
const messages = sm.buildSessionContext().messages;

if (mode === "first") {
  await runner.emitContext(messages);
  // performance.now() counts from the process's time origin, before node loads anything.
  console.log(`first-call-ms ${performance.now().toFixed(1)}`);
} else if (mode === "dump") {
  const out = await runner.emitContext(messages);
  console.log(JSON.stringify({ messages: out }));
} else {
  for (let i = 0; i < Number(warm); i++) await runner.emitContext(messages);
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < Number(runs); i++) {
    const t = process.hrtime.bigint();
    await runner.emitContext(messages);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  const cpuPerCall = (used.user + used.system) / 1000 / Number(runs);
  times.sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(`per-call-ms ${median.toFixed(3)} ${times[0].toFixed(3)} ${cpuPerCall.toFixed(3)}`);
}
