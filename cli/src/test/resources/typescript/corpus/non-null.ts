// Non-null assertions and definite assignment.
const m = new Map<string, { v: number[] }>([["a", { v: [1, 2] }]]);
console.log(m.get("a")!.v![1], m.get("a")!["v"].length);
const maybe: ((x: number) => number) | undefined = (x) => x + 1;
console.log(maybe!(1));
let late!: number;
late = 4;
console.log(late);
class Holder { value!: string; other?: number; }
const h = new Holder();
console.log(Object.keys(h).join(","), "value" in h, "other" in h);
const chained = m.get("a")?.v!.length;
console.log(chained, (m.get("a"))!.v.length);
const bang = !m.get("zz")!;
console.log(bang);
export default function () {}
