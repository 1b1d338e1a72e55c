// graft's stand-in for "@mariozechner/pi-coding-agent": the value helpers an extension uses
// besides the API object it is given.

export { Type } from "typebox";
export { StringEnum } from "@mariozechner/pi-ai";

/** A tool definition, as given (the reference's defineTool only helps its types). */
export function defineTool(tool) {
  return tool;
}

/** Whether a tool_call event is for the tool named `toolName`. */
export function isToolCallEventType(toolName, event) {
  return event !== null && typeof event === "object" && event.toolName === toolName;
}

const queues = new Map();

/**
 * Runs `fn` after every earlier call for the same `path` has finished, so that changes to one
 * file from concurrent tool calls do not interleave.
 */
export function withFileMutationQueue(path, fn) {
  const before = queues.get(path) || Promise.resolve();
  const run = before.then(() => fn(), () => fn());
  const settled = run.then(() => undefined, () => undefined);
  queues.set(path, settled);
  settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return run;
}
