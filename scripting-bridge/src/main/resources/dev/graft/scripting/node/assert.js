// node:assert: assertions that throw an AssertionError (code ERR_ASSERTION) naming what differed;
// assert.strict uses strict equality throughout. Deep equality is util.isDeepStrictEqual's.
(function (internals) {
  "use strict";
  const util = internals.builtin("util");

  class AssertionError extends Error {
    constructor(options) {
      super(options.message);
      this.name = "AssertionError";
      this.code = "ERR_ASSERTION";
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = !options.userMessage;
    }
  }

  function show(v) {
    return util.inspect(v, { depth: 4 });
  }

  function fail(actual, expected, message, operator, defaultMessage) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message !== undefined ? String(message) : defaultMessage, actual, expected, operator,
      userMessage: message !== undefined });
  }

  function looseDeepEqual(a, b, memo) {
    if (a == b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a !== a && b !== b;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    if (memo.has(a)) return memo.get(a) === b;
    memo.set(a, b);
    for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !looseDeepEqual(a[k], b[k], memo)) return false;
    return true;
  }

  function make(strict) {
    function ok(value, message) {
      if (arguments.length === 0) fail(undefined, true, undefined, "==", "No value argument passed to `assert.ok()`");
      if (!value) fail(value, true, message, "==", "The expression evaluated to a falsy value:\n\n  assert(" + show(value) + ")\n");
    }
    const assert = function assert(value, message) {
      if (arguments.length === 0) fail(undefined, true, undefined, "==", "No value argument passed to `assert.ok()`");
      ok(value, message);
    };
    const strictEqual = function (actual, expected, message) {
      if (!Object.is(actual, expected)) {
        fail(actual, expected, message, "strictEqual", "Expected values to be strictly equal:\n\n" + show(actual) + " !== " + show(expected) + "\n");
      }
    };
    const notStrictEqual = function (actual, expected, message) {
      if (Object.is(actual, expected)) {
        fail(actual, expected, message, "notStrictEqual", "Expected \"actual\" to be strictly unequal to: " + show(expected));
      }
    };
    const deepStrictEqual = function (actual, expected, message) {
      if (!util.isDeepStrictEqual(actual, expected)) {
        fail(actual, expected, message, "deepStrictEqual", "Expected values to be strictly deep-equal:\n" + show(actual) + "\n\nshould equal\n\n" + show(expected));
      }
    };
    const notDeepStrictEqual = function (actual, expected, message) {
      if (util.isDeepStrictEqual(actual, expected)) {
        fail(actual, expected, message, "notDeepStrictEqual", "Expected \"actual\" not to be strictly deep-equal to: " + show(expected));
      }
    };
    Object.assign(assert, {
      ok,
      AssertionError,
      fail(message) {
        if (message instanceof Error) throw message;
        throw new AssertionError({ message: message === undefined ? "Failed" : String(message), operator: "fail", userMessage: message !== undefined });
      },
      strictEqual,
      notStrictEqual,
      deepStrictEqual,
      notDeepStrictEqual,
      equal: strict ? strictEqual : function (actual, expected, message) {
        if (!(actual == expected || (actual !== actual && expected !== expected))) {
          fail(actual, expected, message, "==", show(actual) + " == " + show(expected));
        }
      },
      notEqual: strict ? notStrictEqual : function (actual, expected, message) {
        if (actual == expected || (actual !== actual && expected !== expected)) {
          fail(actual, expected, message, "!=", show(actual) + " != " + show(expected));
        }
      },
      deepEqual: strict ? deepStrictEqual : function (actual, expected, message) {
        if (!looseDeepEqual(actual, expected, new Map())) {
          fail(actual, expected, message, "deepEqual", "Expected values to be loosely deep-equal:\n\n" + show(actual) + "\n\nshould loosely deep-equal\n\n" + show(expected));
        }
      },
      notDeepEqual: strict ? notDeepStrictEqual : function (actual, expected, message) {
        if (looseDeepEqual(actual, expected, new Map())) {
          fail(actual, expected, message, "notDeepEqual", "Expected \"actual\" not to be loosely deep-equal to: " + show(expected));
        }
      },
      throws(fn, expected, message) {
        let threw = false;
        let error;
        try {
          fn();
        } catch (e) {
          threw = true;
          error = e;
        }
        if (!threw) {
          fail(undefined, expected, typeof expected === "string" ? expected : message, "throws", "Missing expected exception.");
        }
        check(error, expected, message, "throws");
      },
      doesNotThrow(fn, expected, message) {
        try {
          fn();
        } catch (e) {
          fail(e, expected, typeof expected === "string" ? expected : message, "doesNotThrow",
            "Got unwanted exception.\nActual message: \"" + (e && e.message) + "\"");
        }
      },
      async rejects(promiseOrFn, expected, message) {
        let threw = false;
        let error;
        try {
          await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
        } catch (e) {
          threw = true;
          error = e;
        }
        if (!threw) fail(undefined, expected, typeof expected === "string" ? expected : message, "rejects", "Missing expected rejection.");
        check(error, expected, message, "rejects");
      },
      async doesNotReject(promiseOrFn, expected, message) {
        try {
          await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
        } catch (e) {
          fail(e, expected, message, "doesNotReject", "Got unwanted rejection.\nActual message: \"" + (e && e.message) + "\"");
        }
      },
      match(text, re, message) {
        if (typeof text !== "string" || !re.test(text)) {
          fail(text, re, message, "match", "The input did not match the regular expression " + String(re) + ". Input:\n\n" + show(text) + "\n");
        }
      },
      doesNotMatch(text, re, message) {
        if (typeof text === "string" && re.test(text)) {
          fail(text, re, message, "doesNotMatch", "The input was expected to not match the regular expression " + String(re) + ". Input:\n\n" + show(text) + "\n");
        }
      },
      ifError(value) {
        if (value !== null && value !== undefined) {
          if (value instanceof Error) throw value;
          fail(value, null, undefined, "ifError", "ifError got unwanted exception: " + show(value));
        }
      },
    });
    return assert;
  }

  function check(error, expected, message, operator) {
    if (expected === undefined || typeof expected === "string") return;
    if (typeof expected === "function") {
      if (expected.prototype !== undefined && error instanceof expected) return;
      if (Error.isPrototypeOf(expected) || expected === Error) {
        fail(error, expected, message, operator, "The error is expected to be an instance of \"" + expected.name + "\". Received \""
          + (error && error.constructor && error.constructor.name) + "\"");
      }
      if (expected.call({}, error) === true) return;
      fail(error, expected, message, operator, "The validation function is expected to return \"true\". Received false");
    }
    if (expected instanceof RegExp) {
      if (expected.test(String(error))) return;
      fail(error, expected, message, operator, "The input did not match the regular expression " + String(expected) + ". Input:\n\n" + show(String(error)) + "\n");
    }
    if (typeof expected === "object" && expected !== null) {
      for (const k of Object.keys(expected)) {
        const want = expected[k];
        const got = error === null || error === undefined ? undefined : error[k];
        const same = want instanceof RegExp && typeof got === "string" ? want.test(got) : util.isDeepStrictEqual(got, want);
        if (!same) {
          fail(error, expected, message, operator, "Expected values to be strictly deep-equal:\n" + k + ": " + show(got) + " !== " + show(want));
        }
      }
    }
  }

  const assert = make(false);
  assert.strict = make(true);
  assert.strict.strict = assert.strict;
  return assert;
})
