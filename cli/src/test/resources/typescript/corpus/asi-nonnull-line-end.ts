// A non-null assertion at a line end: the next line's "(" or "[" continues it, as in tsc.
const fns: { [k: string]: ((n: number) => number) | undefined } = { double: (n) => n * 2 };
const r = fns.double!
(21);
console.log(r);
const arr: number[][] | undefined = [[1, 2], [3, 4]];
const x = arr!
[1];
console.log(JSON.stringify(x));
export default function () {}
