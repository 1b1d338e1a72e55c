// Type arguments on calls and constructors, and comparisons that only look like them.
function wrap<T>(x: T): T[] { return [x]; }
const m = new Map<string, number>([["a", 1]]);
const s = new Set<number>();
s.add(2);
console.log(JSON.stringify(wrap<number>(1)), m.get("a"), s.size, JSON.stringify(wrap<Array<number>>([2])));
const a = 1, b = 2, c = 3, d = 4;
console.log(a < b, c > d, a < b && c > d, (a < b) === (c > d));
const f = (x: boolean, y: boolean) => [x, y];
console.log(JSON.stringify(f(a < b, c > d)));
console.log(a < b ? "lt" : "ge", b >> 1, b >>> 1, a << 3, b >= a);
const nested = new Map<string, Map<string, number>>();
nested.set("k", new Map<string, number>([["z", 26]]));
console.log(nested.get("k")!.get("z"));
class G<T> { static make<U>() { return new G<U>(); } }
console.log(G.make<number>() instanceof G);
export default function () {}
