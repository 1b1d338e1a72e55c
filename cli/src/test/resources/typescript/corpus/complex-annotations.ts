// Annotations whose types contain arrows, objects, generics and parentheses.
let handler: (event: { type: string }, next: () => void) => Promise<void> | void = () => {};
let table: Record<string, Array<{ id: number; tags: readonly string[] }>> = { a: [{ id: 1, tags: ["x"] }] };
let union: (string | number)[] = [1, "a"];
let fnUnion: ((a: number) => string) | null = null;
let ctor: new () => object = Object;
let tuple: [a: number, b?: string] = [1];
let obj: { m(): void; n?: number; [k: string]: unknown } = { m() {} };
let cond: string extends infer X ? X : never = "c" as any;
console.log(typeof handler, table.a[0].tags[0], union.length, fnUnion, typeof ctor, tuple.length, typeof obj.m, cond);
function ret(): { a: number; b: (x: number) => number } { return { a: 1, b: (x) => x }; }
console.log(ret().b(ret().a));
export default function () {}
