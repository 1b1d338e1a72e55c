// graft's stand-in for "@mariozechner/pi-ai": the value helpers a script uses, and the event
// stream a provider's streamSimple pushes to (createAssistantMessageEventStream). complete() is
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

/**
 * A stream of events and, once one completes it, a result: pushed events are read with
 * `for await`, in order; end() ends the reading. As the reference's EventStream.
 */
export class EventStream {
  constructor(isComplete, extractResult) {
    this._queue = [];
    this._waiting = [];
    this._done = false;
    this._isComplete = isComplete;
    this._extractResult = extractResult;
    this._result = new Promise((resolve) => {
      this._resolve = resolve;
    });
  }

  push(event) {
    if (this._done) return;
    if (this._isComplete(event)) {
      this._done = true;
      this._resolve(this._extractResult(event));
    }
    const waiter = this._waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this._queue.push(event);
  }

  end(result) {
    this._done = true;
    if (result !== undefined) this._resolve(result);
    while (this._waiting.length > 0) this._waiting.shift()({ value: undefined, done: true });
  }

  async *[Symbol.asyncIterator]() {
    while (true) {
      if (this._queue.length > 0) {
        yield this._queue.shift();
      } else if (this._done) {
        return;
      } else {
        const next = await new Promise((resolve) => this._waiting.push(resolve));
        if (next.done) return;
        yield next.value;
      }
    }
  }

  result() {
    return this._result;
  }
}

/** The events of one assistant turn; its result is the final message (done's or error's). */
export class AssistantMessageEventStream extends EventStream {
  constructor() {
    super(
      (event) => event.type === "done" || event.type === "error",
      (event) => (event.type === "done" ? event.message : event.error),
    );
  }
}

/** A stream for a provider's streamSimple to push its events to (graft reads them). */
export function createAssistantMessageEventStream() {
  return new AssistantMessageEventStream();
}

/** Fills usage.cost from the model's prices (dollars per million tokens); returns it. */
export function calculateCost(model, usage) {
  const price = (model && model.cost) || {};
  const cost = usage.cost || (usage.cost = {});
  cost.input = ((price.input || 0) / 1000000) * (usage.input || 0);
  cost.output = ((price.output || 0) / 1000000) * (usage.output || 0);
  cost.cacheRead = ((price.cacheRead || 0) / 1000000) * (usage.cacheRead || 0);
  cost.cacheWrite = ((price.cacheWrite || 0) / 1000000) * (usage.cacheWrite || 0);
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  return cost;
}

/**
 * The reference's own protocol streams, which a script's provider may wrap. graft does not hand
 * its protocols to scripts: the stream ends at once in an error saying so.
 */
function notInGraft(name) {
  return function (model, context, options) {
    const stream = createAssistantMessageEventStream();
    stream.push({
      type: "error",
      reason: "error",
      error: {
        role: "assistant",
        content: [],
        api: model && model.api,
        provider: model && model.provider,
        model: model && model.id,
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
          cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
        stopReason: "error",
        errorMessage: name + " is not in graft: a script's provider cannot call graft's built-in protocols",
        timestamp: Date.now(),
      },
    });
    stream.end();
    return stream;
  };
}

export const streamSimpleAnthropic = notInGraft("streamSimpleAnthropic");
export const streamSimpleOpenAIResponses = notInGraft("streamSimpleOpenAIResponses");
export const streamSimpleOpenAICompletions = notInGraft("streamSimpleOpenAICompletions");
export const streamSimpleGoogle = notInGraft("streamSimpleGoogle");
