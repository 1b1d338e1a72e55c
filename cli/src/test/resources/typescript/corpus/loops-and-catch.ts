// Types in loop heads and catch clauses.
const o: Record<string, number> = { a: 1, b: 2 };
let total = 0;
for (const [k, v] of Object.entries(o) as [string, number][]) total += v + k.length;
for (let i: number = 0; i < 3; i++) total += i;
for (const k in o as object) total += 10;
console.log(total);
try { throw new Error("caught"); } catch (e: unknown) { console.log((e as Error).message); }
try { throw 1; } catch (e: any) { console.log(e); } finally { console.log("finally"); }
label: for (const x of [1, 2] as const) { if (x === 2) break label; console.log("x", x); }
export default function () {}
