// graft's test harness for hook scripts, imported by a test file as "graft/lib/test.js" (see
// docs/testing.md). A test file is a script itself: it runs in graft's sandbox, and every
// simulated session it creates is a real graft agent (the scripted provider answering, a session
// file in a temporary directory) run by `graft scripts test` on the Java side. The test file
// reaches that host through graft.exec("graft-test", [operation, JSON]), which in a test file
// is answered by the harness and runs no program.

const declared = [];
let host; // the test file's API object, once graft has loaded it

/** Declares a test: `fn(t)` may be async; it fails when it throws (an assert, or anything else). */
export function test(name, fn) {
  if (typeof name !== "string" || name === "") throw new TypeError("test(name, fn): name must be a non-empty string");
  if (typeof fn !== "function") throw new TypeError(`test(${JSON.stringify(name)}, fn): fn must be a function`);
  declared.push({ name, fn });
}

/** What the harness says is wrong (a missing script, a bad option): reported in its own words. */
class HarnessError extends Error {}

async function call(op, payload) {
  const reply = await host.exec("graft-test", [op, JSON.stringify(payload ?? {})]);
  if (reply.error) throw new HarnessError(reply.error);
  return reply;
}

/** A simulated session: a graft agent with the scripts under test, driven by the test. */
class Session {
  constructor(id, state) {
    this.id = id;
    this.update(state);
  }

  update(state) {
    /** Every request sent to the model so far: {systemPrompt, messages} (messages as the model gets them). */
    this.requests = state.requests;
    /** The session's entries, as in the session file. */
    this.entries = state.entries;
    /** ctx.ui.notify calls: {message, level}. */
    this.notifications = state.notifications;
    /** The dialogs the scripts opened: {kind, title, options?, answer}. */
    this.dialogs = state.dialogs;
    /** What graft reported about the scripts (load problems, failing handlers), one line each. */
    this.problems = state.problems;
  }

  /** The messages of the last request to the model (undefined before the first). */
  get lastContext() {
    const last = this.requests[this.requests.length - 1];
    return last === undefined ? undefined : last.messages;
  }

  /** Custom entries (appendEntry) of one type, oldest first. */
  customEntries(customType) {
    return this.entries.filter((e) => e.type === "custom" && e.customType === customType);
  }

  /**
   * Sends a prompt and runs the agent until it stops; resolves to {text, failed}, and `error`
   * (why) when it failed. `answers`
   * answer the ctx.ui dialogs its tools and handlers open, in order, as for command().
   */
  async prompt(text, { answers = [] } = {}) {
    const reply = await call("prompt", { id: this.id, text, answers: answers.map((a) => (a === undefined ? null : a)) });
    this.update(reply.state);
    return reply.result;
  }

  /**
   * Runs a script's command, "/name args" or "name args". `answers` answer its ctx.ui dialogs in
   * order (a select takes one of its options; undefined dismisses). Resolves to what the handler
   * returned; rejects with the handler's error.
   */
  async command(line, { answers = [] } = {}) {
    const reply = await call("command", { id: this.id, line, answers: answers.map((a) => (a === undefined ? null : a)) });
    this.update(reply.state);
    if (reply.failure !== undefined) throw new HarnessError(reply.failure);
    return reply.result;
  }
}

/**
 * What a test function receives. `t.session(options)` starts a simulated session:
 *   scripts: paths of the scripts under test, relative to the test file (required);
 *   turns:   the model's answers, scripted-provider turns ({text}, {toolCalls: [...]}, ...);
 *   entries: session entries to start from (id, parentId and timestamp filled in when absent);
 *   files:   {path: text} written to the session's working directory first.
 */
function harness() {
  return {
    async session(options = {}) {
      const reply = await call("session", options);
      return new Session(reply.id, reply.state);
    },
  };
}

/** Where in the test file the caller of an assert is: "name.test.js:LINE" (or .ts, .mjs, .mts). */
function where(error) {
  const lines = String(error.stack ?? "").split("\n");
  for (const line of lines) {
    const m = /([^\s()/]+\.test\.m?[jt]s):(\d+)(?::\d+)?/.exec(line);
    if (m) return `${m[1]}:${m[2]}`;
  }
  return undefined;
}

class AssertionError extends Error {}

function show(v) {
  if (typeof v === "string") return JSON.stringify(v.length > 200 ? v.slice(0, 200) + "…" : v);
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 300 ? s.slice(0, 300) + "…" : s;
  } catch {
    return String(v);
  }
}

function fail(message, said) {
  throw new AssertionError(said ? `${said}: ${message}` : message);
}

function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
}

/** A small assert: each failure names what was expected, and the report gives the line. */
export const assert = Object.freeze({
  ok(value, message) {
    if (!value) fail(`expected a true value, got ${show(value)}`, message);
  },
  equal(actual, expected, message) {
    if (actual !== expected) fail(`expected ${show(expected)}, got ${show(actual)}`, message);
  },
  notEqual(actual, unexpected, message) {
    if (actual === unexpected) fail(`expected something other than ${show(unexpected)}`, message);
  },
  deepEqual(actual, expected, message) {
    if (!same(actual, expected)) fail(`expected ${show(expected)}, got ${show(actual)}`, message);
  },
  match(text, pattern, message) {
    if (typeof text !== "string" || !pattern.test(text)) fail(`expected ${show(text)} to match ${pattern}`, message);
  },
  includes(haystack, needle, message) {
    const found = typeof haystack === "string" ? haystack.includes(needle)
      : Array.isArray(haystack) && haystack.some((x) => same(x, needle));
    if (!found) fail(`expected ${show(haystack)} to include ${show(needle)}`, message);
  },
  async rejects(promise, pattern, message) {
    try {
      await (typeof promise === "function" ? promise() : promise);
    } catch (e) {
      if (pattern !== undefined && !pattern.test(String(e?.message ?? e))) {
        fail(`expected a rejection matching ${pattern}, got ${show(String(e?.message ?? e))}`, message);
      }
      return;
    }
    fail("expected a rejection, but it resolved", message);
  },
  fail(message) {
    fail(message ?? "failed");
  },
});

/**
 * The test file's default export: `export default tests;`. graft calls it with the API object;
 * each test becomes a command the harness runs in order and reports on.
 */
export function tests(graft) {
  host = graft;
  declared.forEach((t, i) => {
    graft.registerCommand(`graft-test-${i + 1}`, {
      description: t.name,
      handler: async () => {
        try {
          await t.fn(harness());
          return { passed: true };
        } catch (e) {
          // as a run names a script's error ("TypeError: boom"), but an assertion and the
          // harness's own errors in their words
          const message = e instanceof AssertionError || e instanceof HarnessError ? e.message
            : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
          return { passed: false, at: where(e), message, assertion: e instanceof AssertionError };
        }
      },
    });
  });
}
