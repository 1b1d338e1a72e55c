// "<" and ">" that tsc reads as comparisons, not type arguments.
const x = 5, y = 3, z = 2;
const r1 = x < y;
const r2 = (x < y, z > 1);
const r3 = x < y > false;
const g = (n: number) => n;
const r4 = g(x) < g(y) || g(z) > g(1);
let r5: string;
try { r5 = String((g as any)<y>(z)); } catch (e) { r5 = (e as Error).name; }
let r6: string;
try { r6 = String((x as any)<y>(z)); } catch (e) { r6 = (e as Error).name; }
console.log(r1, r2, r3, r4, r5, r6);
let w: Array<number>= [1, 2];
let v: Array<Array<number>>= [[3]];
console.log(w.length, v[0][0]);
export default function () {}
