// Object literal methods with type parameters and return types.
const api = {
  id<T>(x: T): T { return x; },
  async load(url: string): Promise<string> { return "loaded " + url; },
  *gen(n: number): Generator<number> { for (let i = 0; i < n; i++) yield i; },
  get size(): number { return 3; },
  set size(_v: number) {},
  ["computed" + 1](a: number): number { return a; },
  arrow: (x: number): number => x + 1,
  async *agen<T>(xs: T[]): AsyncGenerator<T> { for (const x of xs) yield x; },
};
console.log(api.id("i"), api.size, [...api.gen(3)].join(","), api.computed1(7), api.arrow(1));
api.load("u").then((v) => console.log(v));
export default function () {}
