// Arrow functions with return types, predicates and object-literal bodies.
const isString = (x: unknown): x is string => typeof x === "string";
const tuple = (a: number, b: string): [number, string] => [a, b];
const objRet = (): { a: number } => ({ a: 1 });
const fnRet = (): ((n: number) => number) => (n) => n + 1;
const noParens = async (x: number): Promise<number> => x * 3;
console.log(isString("s"), isString(1), JSON.stringify(tuple(1, "b")), objRet().a, fnRet()(4));
noParens(2).then((v) => console.log("async", v));
const withDefault = (a: number = 2, b?: number): number => a + (b ?? 10);
console.log(withDefault(), withDefault(1, 1));
export default function () {}
