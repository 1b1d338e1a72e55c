// graft's stand-in for "@mariozechner/pi-ai": the value helpers a script uses. complete() is
// graft's ctx.complete (the session's model, whichever model is named; graft keeps the keys, so
// options.apiKey and headers are ignored).

import { Type } from "typebox";

export { Type };

/** A string schema limited to `values` (the reference's StringEnum). */
export function StringEnum(values, options) {
  if (!Array.isArray(values) || values.some((v) => typeof v !== "string")) {
    throw new TypeError("StringEnum: the values must be an array of strings");
  }
  return Object.assign({}, options || {}, { type: "string", enum: values.slice() });
}

/**
 * The model graft knows as `provider`/`id` (as ctx.modelRegistry.find answers it), or undefined;
 * complete() calls the session's model whichever model it is given.
 */
export function getModel(provider, id) {
  return globalThis[Symbol.for("graft.compat")].getModel(provider, id);
}

/** One model call, answered as the reference's AssistantMessage. */
export async function complete(model, context, options) {
  const graft = globalThis[Symbol.for("graft.compat")];
  if (!context || typeof context !== "object" || !Array.isArray(context.messages)) {
    throw new TypeError("complete: the context must be {messages, systemPrompt?}");
  }
  const request = { messages: context.messages };
  if (typeof context.systemPrompt === "string") request.systemPrompt = context.systemPrompt;
  if (options && typeof options.maxTokens === "number") request.maxTokens = options.maxTokens;
  if (options && options.signal) request.signal = options.signal;
  const r = await graft.complete(request);
  const message = {
    role: "assistant",
    content: r.content,
    stopReason: r.stopReason,
    usage: r.usage,
    provider: model && model.provider,
    model: model && model.id,
    api: model && model.api,
    timestamp: Date.now(),
  };
  if (r.errorMessage !== undefined) message.errorMessage = r.errorMessage;
  return message;
}

/**
 * completeSimple: the same call as complete() in graft (the session's model; options.reasoning
 * is not applied, the session's thinking level is).
 */
export async function completeSimple(model, context, options) {
  return complete(model, context, options);
}

const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"];

/**
 * The thinking levels `model` takes: "off" alone when it does not reason; else every level its
 * thinkingLevelMap does not map to null, xhigh only when the map names it (as the reference).
 */
export function getSupportedThinkingLevels(model) {
  if (!model || !model.reasoning) return ["off"];
  const map = model.thinkingLevelMap || {};
  return THINKING_LEVELS.filter((level) =>
    map[level] === null ? false : level === "xhigh" ? map[level] !== undefined : true);
}

/** `level` if `model` takes it, else the nearest level above it that it takes, else below. */
export function clampThinkingLevel(model, level) {
  const available = getSupportedThinkingLevels(model);
  if (available.includes(level)) return level;
  const at = THINKING_LEVELS.indexOf(level);
  if (at >= 0) {
    const up = THINKING_LEVELS.slice(at).find((l) => available.includes(l));
    if (up) return up;
    const down = THINKING_LEVELS.slice(0, at).reverse().find((l) => available.includes(l));
    if (down) return down;
  }
  return available[0] ?? "off";
}

/** Whether two models are the same provider and id; false when either is missing. */
export function modelsAreEqual(a, b) {
  return !!a && !!b && a.id === b.id && a.provider === b.provider;
}
