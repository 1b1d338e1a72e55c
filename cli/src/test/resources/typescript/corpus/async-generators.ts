// Async functions and generators with types.
async function fetchAll<T>(xs: T[]): Promise<T[]> { return Promise.all(xs.map(async (x): Promise<T> => x)); }
function* count(n: number): Generator<number, void, unknown> { for (let i = 0; i < n; i++) yield i as number; }
async function* pages(): AsyncGenerator<string> { yield "p1"; yield "p2"; }
class Repo {
  async *items(): AsyncIterable<number> { yield 1; }
  *[Symbol.iterator](): Iterator<number> { yield 9; }
}
(async () => {
  console.log((await fetchAll<number>([1, 2])).join("+"));
  const collected: string[] = [];
  for await (const p of pages()) collected.push(p);
  console.log(collected.join(","), [...count(3)].join(","), [...new Repo()].join(","));
  const v = (await Promise.resolve(5)) as number;
  console.log(v);
})();
export default function () {}
