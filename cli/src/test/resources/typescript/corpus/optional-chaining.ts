// Optional chaining mixed with non-null assertions and type arguments.
type Tree = { left?: Tree; value: number; fn?: <T>(x: T) => T };
const t: Tree = { value: 1, left: { value: 2, fn: (x) => x } };
console.log(t.left?.value, t.left!.left?.value, t?.left!.value);
console.log(t.left?.fn?.<number>(5), t.fn?.<string>("x"));
const arr: number[] | undefined = [4];
console.log(arr?.[0], arr![0]!, (arr as number[])?.length);
export default function () {}
