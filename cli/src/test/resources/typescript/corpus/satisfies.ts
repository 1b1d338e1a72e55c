// satisfies keeps the value and its inferred type.
type Colors = Record<string, [number, number, number] | string>;
const palette = { red: [255, 0, 0], green: "#0f0" } satisfies Colors;
console.log(palette.red[0], palette.green.toUpperCase());
const n = (5 satisfies number) + 1;
const fn = ((x: number) => x * 2) satisfies (x: number) => number;
console.log(n, fn(4));
const arr = [1, 2] satisfies number[]
console.log(arr.length);
export default function () {}
