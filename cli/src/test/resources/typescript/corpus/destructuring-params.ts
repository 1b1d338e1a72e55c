// Destructured parameters with type annotations.
const f = ({ a, b }: { a: number; b: string }) => a + b;
const g = ([x, y]: [number, number]) => x * y;
const h = ({ p: { q } }: { p: { q: number } }, ...[r]: number[]) => q + (r ?? 0);
function k({ m = 1, n }: { m?: number; n: number } = { n: 0 }): number { return m + n; }
console.log(f({ a: 1, b: "x" }), g([3, 4]), h({ p: { q: 1 } }, 5), k(), k({ n: 2 }));
const [first, second]: [string, number] = ["s", 2];
const { one, two = 2 }: { one: number; two?: number } = { one: 1 };
console.log(first, second, one, two);
export default function () {}
