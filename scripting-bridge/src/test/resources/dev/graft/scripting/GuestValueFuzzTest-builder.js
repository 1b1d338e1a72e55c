// Builds an arbitrary value from the fuzzer's ops and notes what it put in: `bad` when the
// value holds something that is not JSON (a function, symbol, BigInt, non-finite number, Map,
// Set, Promise, RegExp, Error, typed array, cycle, undefined or a hole in an array, more than
// the bridge's 65,536 characters); `throws` when serializing it calls a getter that throws;
// `unsure` when it may be refused (nesting near the limit, size near the limit). `ref` is what
// JavaScript's own JSON.stringify makes of the answer, for graft's answer to be compared with.
const NUMBERS = [0, -0, 1, -1, 0.1, 1.5e-7, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e21, 1.7976931348623157e308, 5e-324, 123456.789];
const LIMIT = 65536;
let last = null;

class Box {
  constructor(x) { this.x = x; this.n = 1; }
  get hidden() { return "not serialized: a getter on the prototype"; }
}

function build(ops, strs) {
  let at = 0;
  const next = () => (at < ops.length ? ops[at++] : 0);
  const str = () => (strs.length ? strs[next() % strs.length] : "");
  const state = { bad: false, throws: false, unsure: false, chars: 0, depth: 0, wrapped: 0 };
  const ancestors = [];
  const big = (n) => {
    const len = Math.min(n * 1000, 300000 - state.chars);
    state.chars += Math.max(len, 0);
    return "x".repeat(Math.max(len, 0));
  };

  function value(inArray) {
    state.depth++;
    try {
      return one(inArray);
    } finally {
      state.depth--;
    }
  }

  function one(inArray) {
    if (state.depth + state.wrapped > 900) state.unsure = true;
    if (at >= ops.length || state.depth > 60) return null;
    switch (next() % 30) {
      case 0: return null;
      case 1: return next() % 2 === 0;
      case 2: return NUMBERS[next() % NUMBERS.length];
      case 3: state.chars += 8; return str();
      case 4: state.bad = true; return [NaN, Infinity, -Infinity][next() % 3];
      case 5: state.bad = true; return function f() { return 1; };
      case 6: state.bad = true; return Symbol("s");
      case 7: state.bad = true; return BigInt(next());
      case 8: state.bad = true; return new Map([[1, 2]]);
      case 9: state.bad = true; return new Set([1]);
      case 10: return new Date(next() * 1e9);
      case 11: {
        const a = [];
        ancestors.push(a);
        for (let i = next() % 5; i > 0; i--) a.push(value(true));
        ancestors.pop();
        return a;
      }
      case 12: {
        const o = {};
        ancestors.push(o);
        for (let i = next() % 5; i > 0; i--) o[str() + "#" + i] = value(false);
        ancestors.pop();
        return o;
      }
      case 13: if (inArray) state.bad = true; return undefined;
      case 14: {
        const inner = value(inArray);
        // JSON.stringify calls toJSON once: an object it returns is taken as it is, and a
        // function among its own properties is refused by graft (JSON.stringify drops it).
        if (inner !== null && typeof inner === "object" && Object.prototype.hasOwnProperty.call(inner, "toJSON")) state.bad = true;
        return { toJSON() { return inner; } };
      }
      case 15: return new Box(value(false));
      case 16: { const o = Object.create(null); ancestors.push(o); o.a = value(false); ancestors.pop(); return o; }
      case 17:
        if (ancestors.length === 0) return 7;
        state.bad = true;
        return ancestors[next() % ancestors.length];
      case 18: return [new Number(NUMBERS[next() % NUMBERS.length]), new String(str()), new Boolean(next() % 2), new Number(NaN)][next() % 4];
      case 19: {
        const o = { before: 1 };
        Object.defineProperty(o, "g", { enumerable: true, get() { throw new Error("getter"); } });
        state.throws = true;
        return o;
      }
      case 20: state.bad = true; return new Uint8Array([1, 2]);
      case 21: state.bad = true; return new Error("e");
      case 22: state.bad = true; return /re/g;
      case 23: state.bad = true; return Promise.resolve(1);
      case 24: {
        const levels = next() * 8;
        state.wrapped += levels;
        // In an array when there is a level, or when this value is itself an array's element: with
        // neither, an undefined is a property's, dropped.
        let v = value(inArray || levels > 0);
        state.wrapped -= levels;
        for (let i = 0; i < levels; i++) v = [v];
        return v;
      }
      case 25: return big(next());
      case 26: return new String(big(next()));
      case 27: { const o = { [Symbol("k")]: 1, shown: str() }; Object.defineProperty(o, "hidden", { value: () => 1 }); return o; }
      case 28: { const a = [1]; a.length = 3; state.bad = true; return a; }
      default: { const o = { toJSON(key) { return "key:" + key; } }; return o; }
    }
  }

  const v = value(false);
  if (state.chars > LIMIT + 1000) state.bad = true;
  else if (state.chars > LIMIT - 20000) state.unsure = true;
  return { v, state };
}

export default function (pi) {
  pi.on("context", (event) => {
    const { v, state } = build(event.ops, event.strs);
    const answer = { v };
    let ref = null;
    try {
      ref = JSON.stringify(answer);
    } catch (e) {
      ref = null;
    }
    // Too long to come back itself: then only its length.
    const refLength = ref === null ? -1 : ref.length;
    if (refLength > 60000) ref = null;
    last = { bad: state.bad, throws: state.throws, unsure: state.unsure, ref, refLength };
    return answer;
  });
  pi.on("agent_end", () => last);
}
