// Type predicates and assertion signatures.
function isNum(x: unknown): x is number { return typeof x === "number"; }
function assertStr(x: unknown): asserts x is string { if (typeof x !== "string") throw new Error("not a string"); }
function assertOk(x: unknown, msg?: string): asserts x { if (!x) throw new Error(msg ?? "falsy"); }
class Guard { isSelf(): this is Guard { return true; } }
const vals: unknown[] = [1, "a", 2];
console.log(vals.filter(isNum).length, new Guard().isSelf());
try { assertStr(5); } catch (e) { console.log((e as Error).message); }
try { assertOk(0, "zero"); } catch (e) { console.log((e as Error).message); }
export default function () {}
